import Comparison
import Foundation
import Harness
import Report
import ResultStore

/// Where a comparison's results go: files (HTML page, JSON, Markdown, the
/// GitHub step summary) and the results database.
enum ComparisonFiles {
    /// Writes `index.html` and `comparison.json` into `directory`; returns
    /// the page's path. A comparison written into the project's `Reports/`
    /// (the default) links to the index of runs, which is written again to
    /// list it.
    ///
    /// - Throws: `CompareError.cannotWrite`.
    static func writePage(_ suite: SuiteComparison, header: ComparisonHeader, to directory: URL,
                          reports: URL = DatabaseLocator.projectRoot().appendingPathComponent("Reports")) throws(CompareError) -> String {
        let page = directory.appendingPathComponent("index.html")
        let inReports = directory.standardizedFileURL.deletingLastPathComponent().path == reports.standardizedFileURL.path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(ComparisonPage.render(suite, header: header, linksToRuns: inReports).utf8).write(to: page, options: .atomic)
            try ComparisonExports.json(suite, header: header).write(to: directory.appendingPathComponent("comparison.json"), options: .atomic)
            if inReports { try Report.writeIndex(reports: reports) }
        } catch {
            throw .cannotWrite(path: directory.path, reason: "\(error.localizedDescription)")
        }
        return page.path
    }

    /// - Throws: `CompareError.cannotWrite`.
    static func write(_ text: String, to path: String) throws(CompareError) {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error.localizedDescription)")
        }
    }

    /// Appends to `$GITHUB_STEP_SUMMARY`; a failure is reported, not fatal (the Markdown file has it).
    static func append(_ text: String, to path: String, log: (String) -> Void) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else {
            log("could not append to $GITHUB_STEP_SUMMARY (\(path))")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        handle.write(Data(text.utf8))
    }

    /// Stores the comparison through the same database options as `run`.
    /// Returns false (after saying why) when the database is unavailable:
    /// the comparison's files still hold everything.
    static func store(_ suite: SuiteComparison, header: ComparisonHeader, started: Date, commandLine: [String],
                      database: DatabaseOptions, log: (String) -> Void) async -> Bool {
        let record = ComparisonRecord(id: header.id, startedAt: started, finishedAt: Date(), baseSpec: header.baseSpec,
                                      baseCommit: header.baseCommit, candidateSpec: header.candidateSpec,
                                      candidateCommit: header.candidateCommit, threshold: header.threshold,
                                      exitCode: Int(header.exitCode(suite)), rounds: header.rounds,
                                      commandLine: commandLine.joined(separator: " "))
        do {
            let store = try await database.openStore()
            try await store.recordComparison(record, cells: suite.cells.map(ComparisonExports.record), machine: MachineProbe.current())
            return true
        } catch {
            log("results database unavailable: " + ErrorRenderer.render(error).replacingOccurrences(of: "\n", with: " "))
            return false
        }
    }
}

/// What can stop `compare` besides a side that does not build (`EngineBuildError`)
/// and the harness's own errors (unknown workload, bad filters).
enum CompareError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason) — choose another place with --out DIR or --markdown FILE, or check the directory's permissions"
        }
    }
}
