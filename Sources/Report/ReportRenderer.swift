import Analysis
import Foundation

/// What every renderer reads: one run, its analysis, and the list of all
/// runs (for the index page and the run page's navigation).
public struct ReportInput: Sendable {
    public var run: RunData
    public var analysis: RunAnalysis
    public var allRuns: [RunSummaryRow]
    /// The comparisons reported beside the runs, newest first (for the index page).
    public var comparisons: [ComparisonSummaryRow] = []
    /// When the report was generated (shown in footers; fixed in tests).
    public var generatedAt: Date

    public init(run: RunData, analysis: RunAnalysis, allRuns: [RunSummaryRow], generatedAt: Date = Date()) {
        self.run = run; self.analysis = analysis; self.allRuns = allRuns; self.generatedAt = generatedAt
    }
}

/// The one seam every output format implements (criterion.rs's `Report`
/// trait in miniature): HTML pages, JSON, CSV, Markdown and the terminal
/// table are each a renderer in its own file, fed the same ``ReportInput``.
public protocol ReportRenderer: Sendable {
    /// Where the output goes: a path relative to ``location``.
    var fileName: String { get }
    var location: ReportLocation { get }
    /// The file's whole contents. Pure: no I/O, no clock, no randomness.
    func render(_ input: ReportInput) -> String
    /// Every file the renderer writes, paths relative to ``location`` (a
    /// renderer of several pages lists them all; the default is
    /// `fileName` with `render`'s text). Pure, as `render`.
    func files(_ input: ReportInput) -> [RenderedFile]
}

extension ReportRenderer {
    public func files(_ input: ReportInput) -> [RenderedFile] { [RenderedFile(path: fileName, text: render(input))] }
}

/// One file a renderer writes: a relative path of plain folder and file
/// names, and its contents.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    public var text: String
    public init(path: String, text: String) { self.path = path; self.text = text }
}

/// Which directory a renderer writes into.
public enum ReportLocation: Sendable {
    /// `Reports/<run-id>/`.
    case runDirectory
    /// `Reports/` itself (the index of runs).
    case reportsRoot
}

/// One line of the index of runs. Built from a run's analysis with
/// ``init(run:analysis:)``; the integration step stores or recomputes one per
/// past run (cheap: ids, dates and verdict counts only).
public struct RunSummaryRow: Sendable, Codable, Equatable {
    public var id: String
    public var startedAt: Date
    public var finishedAt: Date?
    public var label: String
    public var hostname: String
    public var engines: [String]
    public var workloads: Int
    public var samples: Int
    public var pass: Int
    public var fail: Int
    public var inconclusive: Int
    public var failedJobs: Int
    /// `running`, `finished` or `interrupted`; absent in older summaries.
    public var status: String?
    /// Jobs planned, and those of them that never ran; absent in older summaries.
    public var jobsPlanned: Int?
    public var jobsUnfinished: Int?
    /// Each engine's commit, aligned with `engines`; absent in older summaries.
    public var engineCommits: [String]?

    public init(id: String, startedAt: Date, finishedAt: Date?, label: String, hostname: String, engines: [String],
                workloads: Int, samples: Int, pass: Int, fail: Int, inconclusive: Int, failedJobs: Int) {
        self.id = id; self.startedAt = startedAt; self.finishedAt = finishedAt; self.label = label
        self.hostname = hostname; self.engines = engines; self.workloads = workloads; self.samples = samples
        self.pass = pass; self.fail = fail; self.inconclusive = inconclusive; self.failedJobs = failedJobs
    }

    public init(run: RunData, analysis: RunAnalysis) {
        self.init(id: run.id, startedAt: run.startedAt, finishedAt: run.finishedAt, label: run.label,
                  hostname: run.machine.hostname, engines: run.engines.map(\.name), workloads: run.workloads.count,
                  samples: run.sampleCount, pass: analysis.count(.pass), fail: analysis.count(.fail),
                  inconclusive: analysis.count(.inconclusive), failedJobs: analysis.failures.count)
        status = run.status?.rawValue
        jobsPlanned = run.jobs.count
        jobsUnfinished = run.unfinishedJobs
        engineCommits = run.engines.map(\.identity.commit)
    }

    /// Seconds from start to finish, when the run finished.
    public var durationSeconds: Double? { finishedAt.map { $0.timeIntervalSince(startedAt) } }
}
