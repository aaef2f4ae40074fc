import Analysis
import Foundation

/// What the history keeps of one run: each cell's median with its interval
/// and counters, each expectation's outcome, and the engines' commits. Small
/// on purpose — `Reports/history/` reads one per run, a year of nightly runs
/// at a time — and written beside the run's report as `history.json`.
public struct HistoryRecord: Sendable, Codable, Equatable {
    public struct Cell: Sendable, Codable, Equatable {
        /// Variant, size, engine label.
        public var v: String
        public var n: Int
        public var e: String
        /// Median seconds per iteration and its interval.
        public var m: Double
        public var lo: Double
        public var hi: Double
        /// Counter medians per iteration.
        public var c: [String: Double]

        public init(v: String, n: Int, e: String, m: Double, lo: Double, hi: Double, c: [String: Double]) {
            self.v = v; self.n = n; self.e = e; self.m = m; self.lo = lo; self.hi = hi; self.c = c
        }
    }

    public struct Verdict: Sendable, Codable, Equatable {
        public var index: Int
        public var engine: String
        public var claim: String
        public var outcome: String

        public init(index: Int, engine: String, claim: String, outcome: String) {
            self.index = index; self.engine = engine; self.claim = claim; self.outcome = outcome
        }
    }

    public var run: String
    public var startedAt: Date
    /// Engine label → commit (or "unknown").
    public var commits: [String: String]
    /// Workload → its cells and verdicts.
    public var cells: [String: [Cell]]
    public var verdicts: [String: [Verdict]]
    /// Workload → title, for the pages' headings.
    public var titles: [String: String]

    public init(run: String, startedAt: Date, commits: [String: String], cells: [String: [Cell]],
                verdicts: [String: [Verdict]], titles: [String: String]) {
        self.run = run; self.startedAt = startedAt; self.commits = commits; self.cells = cells
        self.verdicts = verdicts; self.titles = titles
    }

    public init(run: RunData, analysis: RunAnalysis) {
        self.run = run.id
        startedAt = run.startedAt
        commits = Dictionary(run.engines.map { ($0.name, $0.identity.commit) }) { a, _ in a }
        var cells: [String: [Cell]] = [:]
        for c in analysis.cells where c.sampleCount > 0 {
            cells[c.key.workload, default: []].append(Cell(v: c.key.variant, n: c.key.size, e: c.key.engine, m: c.median,
                                                           lo: c.medianLower, hi: c.medianUpper, c: c.counters))
        }
        self.cells = cells
        var verdicts: [String: [Verdict]] = [:]
        for v in analysis.verdicts {
            verdicts[v.workload, default: []].append(Verdict(index: v.index, engine: v.engine, claim: v.claimText, outcome: v.outcome.rawValue))
        }
        self.verdicts = verdicts
        titles = Dictionary(run.workloads.map { ($0.name, $0.title) }) { a, _ in a }
    }

    /// The commit the run measured: its one engine's, or the first label's.
    public var commit: String { commits.keys.sorted().first.flatMap { commits[$0] } ?? "unknown" }
}

/// `Reports/<run-id>/history.json`.
public struct HistoryRecordExport: ReportRenderer {
    public init() {}
    public var fileName: String { "history.json" }
    public var location: ReportLocation { .runDirectory }

    public func render(_ input: ReportInput) -> String {
        String(decoding: HistoryRecord.encode(HistoryRecord(run: input.run, analysis: input.analysis)), as: UTF8.self)
    }
}

extension HistoryRecord {
    /// The record as `history.json` holds it.
    public static func encode(_ record: HistoryRecord) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(record)) ?? Data("{}".utf8)
    }

    /// Every readable `history.json` under `reports`, oldest first (then by id).
    public static func load(from reports: URL) -> [HistoryRecord] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
        // Reading is most of the cost at a thousand runs: one file per core at a time.
        let slots = UnsafeMutableBufferPointer<HistoryRecord?>.allocate(capacity: folders.count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: folders.count) { i in
            let path = reports.appendingPathComponent(folders[i]).appendingPathComponent("history.json").path
            guard let data = FileManager.default.contents(atPath: path) else { return }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            shared[i] = try? decoder.decode(HistoryRecord.self, from: data)
        }
        return slots.compactMap { $0 }.sorted { ($0.startedAt, $0.run) < ($1.startedAt, $1.run) }
    }
}

