import Analysis
import Foundation

/// Writes a run's report: every renderer's file under `Reports/<run-id>/`,
/// and the index of runs at `Reports/index.html`.
///
///     Reports/index.html                 every run, newest first
///     Reports/<run-id>/index.html        the run's summary (verdicts, failed jobs, workloads)
///     Reports/<run-id>/workloads/<id>.html one page per workload (charts, tables; see `PageAnchors`)
///     Reports/<run-id>/analysis.json     cells, fits, ratios and verdicts
///     Reports/<run-id>/samples.csv       one row per sample
///     Reports/<run-id>/cells.csv         one row per cell
///     Reports/<run-id>/summary.md        the verdicts in Markdown
///     Reports/<run-id>/history.json      what the history keeps of the run (read back by `HistoryPages`)
///     Reports/<run-id>/run-summary.json  the run's line in the index (read back by `existingRuns(in:)`)
public enum Report {
    /// The renderers `write` uses by default, in writing order.
    public static let standardRenderers: [any ReportRenderer] = [
        HTMLRunPage(), JSONExport(), SampleCSVExport(), CellCSVExport(), MarkdownSummary(), HistoryRecordExport(), RunSummaryExport(),
        HTMLIndexPage(),
    ]

    /// What `write` produced.
    public struct Written: Sendable {
        /// `<dir>/<run-id>/index.html`.
        public var runPage: URL
        /// `<dir>/index.html`.
        public var index: URL
        /// Every file written, in order.
        public var files: [URL]
    }

    /// Renders and writes the report of `run`.
    ///
    /// - Parameters:
    ///   - run: the run's data.
    ///   - analysis: `RunAnalyzer().analyze(run)`.
    ///   - allRuns: one row per run for the index page; the current run is
    ///     added (or replaced) from `run` and `analysis`.
    ///   - dir: the reports root, normally `Reports/`; created if missing.
    /// - Throws: ``ReportError/unsafeRunID(_:)`` for an id that is not a
    ///   plain folder name, ``ReportError/cannotWrite(path:reason:)`` when
    ///   the file system refuses.
    @discardableResult
    public static func write(run: RunData, analysis: RunAnalysis, allRuns: [RunSummaryRow], to dir: URL,
                             renderers: [any ReportRenderer] = standardRenderers,
                             generatedAt: Date = Date()) throws(ReportError) -> Written {
        try ReportError.checkRunID(run.id)
        var rows = allRuns.filter { $0.id != run.id }
        rows.append(RunSummaryRow(run: run, analysis: analysis))
        rows.sort { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
        var input = ReportInput(run: run, analysis: analysis, allRuns: rows, generatedAt: generatedAt)
        input.comparisons = existingComparisons(in: dir)
        let runDir = dir.appendingPathComponent(run.id, isDirectory: true)
        try createDirectory(runDir)
        var files: [URL] = []
        for r in renderers {
            let base = r.location == .runDirectory ? runDir : dir
            for file in r.files(input) {
                let url = base.appendingPathComponent(file.path)
                try createDirectory(url.deletingLastPathComponent())
                do { try Data(file.text.utf8).write(to: url, options: .atomic) }
                catch { throw .cannotWrite(path: url.path, reason: "\(error.localizedDescription)") }
                files.append(url)
            }
        }
        return Written(runPage: runDir.appendingPathComponent("index.html"),
                       index: dir.appendingPathComponent("index.html"), files: files)
    }

    /// Renders the plain-text verdict table `layoutbench run` prints at its end.
    public static func terminalSummary(run: RunData, analysis: RunAnalysis, width: Int = 100) -> String {
        TerminalVerdictTable(width: width).render(ReportInput(run: run, analysis: analysis, allRuns: []))
    }

    static func createDirectory(_ url: URL) throws(ReportError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        catch { throw .cannotWrite(path: url.path, reason: "\(error.localizedDescription)") }
    }
}

/// Why a report could not be written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The run id would not be a single, plain folder name.
    case unsafeRunID(String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .unsafeRunID(let id):
            "run id '\(sanitizeForTerminal(id))' cannot name a report folder — use letters, digits, '.', '_' and '-' only (not '.' or '..'); the store's ids already are"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason) — check that the directory is writable, or pass --out DIR"
        }
    }

    /// Letters, digits, `.`, `_`, `-`; not empty, `.` or `..`; at most 128 characters.
    static func checkRunID(_ id: String) throws(ReportError) {
        let allowed = id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
        guard allowed, !id.isEmpty, id != ".", id != "..", id.count <= 128 else { throw .unsafeRunID(id) }
    }
}
