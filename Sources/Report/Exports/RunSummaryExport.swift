import Analysis
import Foundation

/// `run-summary.json`: the run's line in the index of runs
/// (``RunSummaryRow``), so the next report can list every earlier run from
/// the `Reports/` folder alone (``Report/existingRuns(in:)``), without the store.
public struct RunSummaryExport: ReportRenderer {
    public init() {}
    public static let fileName = "run-summary.json"
    public var fileName: String { Self.fileName }
    public var location: ReportLocation { .runDirectory }

    public func render(_ input: ReportInput) -> String {
        let row = input.allRuns.first { $0.id == input.run.id } ?? RunSummaryRow(run: input.run, analysis: input.analysis)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(row) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension Report {
    /// The runs already reported under `dir`: one row per `<dir>/<id>/run-summary.json`
    /// that decodes, newest first. Unreadable folders are skipped (they are
    /// not runs, or were written by an older version); pass the result as
    /// `allRuns` to ``write(run:analysis:allRuns:to:renderers:generatedAt:)``.
    public static func existingRuns(in dir: URL) -> [RunSummaryRow] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entries = (try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? []
        let rows = entries.compactMap { folder -> RunSummaryRow? in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(RunSummaryExport.fileName)) else { return nil }
            return try? decoder.decode(RunSummaryRow.self, from: data)
        }
        return rows.sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
    }
}
