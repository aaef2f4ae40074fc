import Statistics

/// What one side (base or candidate) measured for one cell
/// (workload, variant, size): plain data gathered from the jobs of that side.
public struct SideMeasurements: Sendable, Equatable {
    /// Wall seconds per iteration, one value per timing job (the median of its samples), in the order the jobs ran.
    public var secondsPerIteration: [Double]
    /// Deterministic engine counters per iteration (identical across rounds for one seed).
    public var counters: [String: Double]
    /// Digest of the final layout, nil when no job of this side finished.
    public var digest: String?
    /// Why a job of this side failed, if one did.
    public var failure: String?
    /// Each timing job's wall seconds (process start to exit), aligned with
    /// `secondsPerIteration`; empty when not recorded. A replay of the time
    /// budget (`SequentialReplay`) charges rounds by them.
    public var jobSeconds: [Double]

    public init(secondsPerIteration: [Double] = [], counters: [String: Double] = [:], digest: String? = nil, failure: String? = nil,
                jobSeconds: [Double] = []) {
        self.secondsPerIteration = secondsPerIteration; self.counters = counters; self.digest = digest; self.failure = failure
        self.jobSeconds = jobSeconds
    }
}

/// Identifies a cell of the comparison grid.
public struct CellKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var workload: String
    public var variant: String
    public var size: Int
    public init(workload: String, variant: String, size: Int) { self.workload = workload; self.variant = variant; self.size = size }
    public static func < (a: CellKey, b: CellKey) -> Bool {
        (a.workload, a.variant, a.size) < (b.workload, b.variant, b.size)
    }
    public var description: String { "\(workload)/\(variant)/\(size)" }
}

/// Which side of a comparison.
public enum Side: String, Sendable, Codable { case base, candidate }

/// A counter whose per-iteration value differs between the sides.
public struct CounterChange: Sendable, Equatable {
    public var name: String
    public var base: Double?
    public var candidate: Double?
    /// candidate − base (a missing side counts as 0).
    public var delta: Double { (candidate ?? 0) - (base ?? 0) }
    /// candidate / base, nil when base is 0 or missing.
    public var ratio: Double? {
        guard let b = base, b != 0 else { return nil }
        return (candidate ?? 0) / b
    }
}

/// The time judgement for one cell.
public enum TimeVerdict: String, Sendable, Equatable {
    case faster, slower, same
    /// The interval straddles the threshold: more samples are needed.
    case unknown
}

/// The verdict for one cell, most severe reason first.
public enum CellVerdict: String, Sendable, Equatable, Comparable {
    /// A job failed on one side: the comparison cannot be made (exit 2).
    case error
    /// The layouts differ: reported as a behaviour change, never as a speed-up.
    case behaviourChanged = "behaviour changed"
    case slower
    /// Counters went up: more work even if time is inside the noise.
    case moreWork = "more work"
    case unknown
    case faster
    case lessWork = "less work"
    case same

    /// Severity rank: lower is worse.
    var rank: Int {
        switch self {
        case .error: 0; case .behaviourChanged: 1; case .slower: 2; case .moreWork: 3
        case .unknown: 4; case .faster: 5; case .lessWork: 6; case .same: 7
        }
    }
    public static func < (a: CellVerdict, b: CellVerdict) -> Bool { a.rank < b.rank }

    /// Whether this verdict fails a pull request.
    public var isRegression: Bool { self == .slower || self == .moreWork || self == .behaviourChanged }
}

/// The full judgement of one cell, with the numbers behind it.
public struct CellComparison: Sendable, Equatable {
    public var key: CellKey
    public var verdict: CellVerdict
    public var time: TimeVerdict
    /// Candidate over base: exp of the mean round shift (`CellJudge`), and its
    /// interval from the moderated paired t test; nil before `minimumRounds` rounds.
    public var ratio: Double?
    public var ratioLower: Double?
    public var ratioUpper: Double?
    /// One-sided p-values of that test for "candidate slower" and "candidate faster", and the
    /// adjusted value of the smaller one (doubled): workloads first, then cells
    /// within them (`FalseDiscoveryFamilies`); compared with the false-discovery rate.
    public var pSlower: Double?
    public var pFaster: Double?
    public var adjustedP: Double?
    /// The moderated test behind `ratio` and `pSlower`, for pooling a workload's cells.
    public var shift: PairedShift?
    public var threshold: Double
    public var baseSamples: Int
    public var candidateSamples: Int
    /// Each timing job's median seconds per iteration, in the order the jobs ran (two a round).
    public var baseSeconds: [Double] = []
    public var candidateSeconds: [Double] = []
    /// Each timing job's wall seconds, aligned with `baseSeconds` / `candidateSeconds` (empty when not recorded).
    public var baseJobSeconds: [Double] = []
    public var candidateJobSeconds: [Double] = []
    public var counterChanges: [CounterChange]
    public var baseDigest: String?
    public var candidateDigest: String?
    /// Which side failed and why, for `.error`.
    public var failureSide: Side?
    public var failureReason: String?

    /// The two-sided p-value before adjustment (the smaller one-sided one, doubled); nil before a time test.
    public var p: Double? {
        guard let s = pSlower, let f = pFaster else { return nil }
        return min(1, 2 * min(s, f))
    }

    public var digestChanged: Bool {
        if let b = baseDigest, let c = candidateDigest { return b != c }
        return false
    }
}
