import Foundation

/// One comparison in the index of runs, read back from the
/// `comparison.json` that `layoutbench compare` writes beside its page.
public struct ComparisonSummaryRow: Sendable, Equatable {
    /// The comparison's folder under `Reports/`.
    public var folder: String
    public var id: String
    public var base: String
    public var candidate: String
    public var baseCommit: String?
    public var candidateCommit: String?
    /// `compare`'s exit code: 0 no regression, 1 regression, 2 error, 3 undecided.
    public var exitCode: Int
    public var cells: Int
    public var slowerCells: Int
    public var undecidedCells: Int
    public var rounds: Int
    public var seconds: Double
    /// When the comparison was written (its file's date).
    public var writtenAt: Date

    /// The outcome in words, as the command's headline has it.
    public var outcome: String {
        switch exitCode {
        case 0: "no regression"
        case 1: "regression"
        case 3: "undecided"
        default: "error"
        }
    }

    private struct File: Decodable {
        struct Side: Decodable { var spec: String; var commit: String? }
        struct Cell: Decodable { var verdict: String }
        var id: String
        var base, candidate: Side
        var exitCode: Int
        var rounds: Int
        var seconds: Double
        var cells: [Cell]
    }

    /// The comparison in `folder`'s `comparison.json`, or nil when there is none or it does not decode.
    static func read(_ folder: URL) -> ComparisonSummaryRow? {
        let url = folder.appendingPathComponent("comparison.json")
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else { return nil }
        let date = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
        return ComparisonSummaryRow(folder: folder.lastPathComponent, id: file.id, base: file.base.spec, candidate: file.candidate.spec,
                                    baseCommit: file.base.commit, candidateCommit: file.candidate.commit, exitCode: file.exitCode,
                                    cells: file.cells.count, slowerCells: file.cells.filter { $0.verdict == "slower" }.count,
                                    undecidedCells: file.cells.filter { $0.verdict == "unknown" }.count,
                                    rounds: file.rounds, seconds: file.seconds, writtenAt: date)
    }
}

extension Report {
    /// The comparisons written under `dir` (one folder each, holding
    /// `comparison.json`), newest first; folders without one are skipped.
    public static func existingComparisons(in dir: URL) -> [ComparisonSummaryRow] {
        let entries = (try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? []
        return entries.compactMap(ComparisonSummaryRow.read).sorted { ($0.writtenAt, $0.folder) > ($1.writtenAt, $1.folder) }
    }

    /// Writes `dir/index.html` again from the runs and comparisons already
    /// reported there (after a comparison, so the index lists it).
    public static func writeIndex(reports dir: URL, generatedAt: Date = Date()) throws(ReportError) {
        let page = HTMLIndexPage().render(runs: existingRuns(in: dir), comparisons: existingComparisons(in: dir), generatedAt: generatedAt)
        try createDirectory(dir)
        let url = dir.appendingPathComponent("index.html")
        do { try Data(page.utf8).write(to: url, options: .atomic) }
        catch { throw .cannotWrite(path: url.path, reason: "\(error.localizedDescription)") }
    }
}
