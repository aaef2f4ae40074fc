/// The analysis of one run: every number the reports show, computed once.
/// Deterministic: the same `RunData` and options give the same value.
public struct RunAnalysis: Sendable, Equatable, Codable {
    public var runID: String
    public var options: AnalysisOptions
    /// One per (workload, variant, size, engine) with at least one sample, sorted.
    public var cells: [CellStatistics]
    /// One per (workload, variant, engine), sorted.
    public var series: [SeriesScaling]
    /// Each variant against its workload's first variant, per size and engine.
    public var ratios: [VariantRatio]
    /// One per expectation of every workload, per engine that ran it.
    public var verdicts: [ExpectationVerdict]
    public var failures: [JobFailure]
    /// Things the reader should know that are not failures (jobs of unknown workloads…).
    public var notes: [String]

    public struct JobFailure: Sendable, Equatable, Codable {
        public var key: CellKey
        public var seed: UInt64
        public var reason: String
    }

    public func cells(of workload: String) -> [CellStatistics] { cells.filter { $0.key.workload == workload } }
    public func series(of workload: String) -> [SeriesScaling] { series.filter { $0.key.workload == workload } }
    public func verdicts(of workload: String) -> [ExpectationVerdict] { verdicts.filter { $0.workload == workload } }
    public func ratios(of workload: String) -> [VariantRatio] { ratios.filter { $0.workload == workload } }
    public func cell(_ key: CellKey) -> CellStatistics? { cells.first { $0.key == key } }

    /// How many verdicts have each outcome.
    public func count(_ outcome: ExpectationVerdict.Outcome) -> Int { verdicts.filter { $0.outcome == outcome }.count }
}

/// Knobs of the analysis; the defaults are what reports use.
public struct AnalysisOptions: Sendable, Equatable, Codable {
    /// Resamples for the per-cell median interval and the variant ratios.
    public var cellResamples: Int = 1_000
    /// Resamples for the interval on each series' exponent.
    public var exponentResamples: Int = 1_000
    /// Root seed; each cell and series derives its own from it and its key.
    public var seed: UInt64 = 0x5EED_1A70
    public init() {}
}
