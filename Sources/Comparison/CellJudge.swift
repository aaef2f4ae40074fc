import Foundation
import Statistics

/// How cells are judged. The defaults aim at the CI target: a true 5 %
/// slowdown flagged in ≥ 95 % of comparisons and ≤ 1 % false alarms.
public struct ComparisonPolicy: Sendable, Equatable {
    /// Relative change that matters in practice (0.05 = 5 %); a workload file may override it.
    public var threshold: Double
    /// Confidence of the interval on the ratio.
    public var confidence: Double
    /// False discovery rate across the suite (Benjamini–Hochberg).
    public var falseDiscoveryRate: Double
    /// Fewer A B B A rounds than this: the time verdict stays unknown.
    public var minimumRounds: Int
    /// From this many rounds on, a cell that more rounds cannot decide stops
    /// sampling (`CellJudge.cannotDecide`); before it, one noisy round can
    /// make any cell look hopeless.
    public var futilityRounds: Int
    /// How a workload's cells are weighed when pooled (`WorkloadShift`).
    /// Inverse variance by default: with equal weights the noisiest cells
    /// swamp the pool and hide a slowdown the others share
    /// (`layoutbench bench compare-power` replays recordings either way).
    public var poolWeighting: PoolWeighting
    /// How cells and pooled workloads are adjusted (`FalseDiscoveryFamilies`).
    public var families: FalseDiscoveryFamilies
    /// When a cell too noisy to decide on its own stops sampling (`NoisyCellRule`).
    public var noisyCells: NoisyCellRule
    /// Whether a workload already *slower* over its pooled cells stops
    /// sampling. Off: stopping at the first round where a pool looks slower
    /// is optional stopping, and noise that later rounds would have averaged
    /// away stays a regression, which raises false alarms on unchanged
    /// workloads (`bench compare-power --settle-slower` replays the rule).
    public var settleSlowerWorkloads = false

    public init(threshold: Double = 0.05, confidence: Double = 0.95, falseDiscoveryRate: Double = 0.01, minimumRounds: Int = 2,
                futilityRounds: Int = 3, poolWeighting: PoolWeighting = .inverseVariance,
                families: FalseDiscoveryFamilies = .hierarchical, noisyCells: NoisyCellRule = .whenPoolDecided) {
        self.threshold = threshold; self.confidence = confidence
        self.falseDiscoveryRate = falseDiscoveryRate; self.minimumRounds = minimumRounds
        self.futilityRounds = futilityRounds; self.poolWeighting = poolWeighting
        self.families = families; self.noisyCells = noisyCells
    }
}

/// When a cell that the round cap cannot decide on its own (`CellJudge.cannotDecide`) stops sampling.
public enum NoisyCellRule: String, Sendable, Equatable, CaseIterable {
    /// As soon as the cell alone looks hopeless.
    case alone
    /// Only once its workload's pooled test is decided (or the workload has
    /// no pool): until then its rounds still narrow the pool, which is what
    /// finds a slowdown the whole workload shares.
    case whenPoolDecided = "pool"
}

/// How the suite's p-values are adjusted for multiple testing.
///
/// A PR's question is "which workloads got slower", then "which of their
/// cells". One workload slowed by 5 % shows in its pooled test, but in one
/// Benjamini–Hochberg family with every cell the smallest p-value is
/// multiplied by the number of tests (every cell and workload of the
/// suite), so a small workload's clear pooled p-value is adjusted past the
/// rate and missed.
public enum FalseDiscoveryFamilies: String, Sendable, Equatable, CaseIterable {
    /// Cells and pooled workloads adjusted together in one family.
    case joint
    /// Workloads first, then cells within the workloads found (Benjamini &
    /// Bogomolov, "Selective inference on multiple families of hypotheses",
    /// JRSS B 76(1), 2014). Each workload's p-value is the Bonferroni
    /// combination of its pooled test and the Simes test of its cells,
    /// 2·min(p_pooled, p_Simes), valid when none of its cells changed;
    /// Benjamini–Hochberg over the workloads at the rate selects R of m.
    /// Within a selected workload its cells are adjusted by
    /// Benjamini–Hochberg at rate·R/m, which keeps the false-discovery rate
    /// over workloads, and the average over selected workloads of their
    /// cells', at the rate. A cell of an unselected workload is never flagged.
    case hierarchical
}

/// Judges one cell's time, counters and digest. The suite-level step
/// (`SuiteComparison`) estimates the variance prior from all cells first and
/// then applies Benjamini–Hochberg to the p-values.
///
/// Time: each A B B A round gives one paired difference,
/// dᵣ = ½·ln(B₁·B₂ / A₁·A₂) of the round's per-job medians, so drift slower
/// than a round cancels. Across rounds the mean d̄ is tested by a moderated
/// paired t test whose variance borrows strength from every cell of the
/// suite (`moderatedPairedShift`). With r = exp(d̄), its interval [lo, hi]
/// and the practical threshold t:
/// - slower:  the shift is significant (p after BH < FDR) and r ≥ 1 + t/2
///            (so a real t-sized slowdown, estimated near 1 + t, is flagged,
///            while a tiny but significant drift is not);
/// - faster:  symmetric, r ≤ 1/(1 + t/2);
/// - same:    the interval lies inside [1/(1 + t), 1 + t] — any change is below t;
/// - unknown: otherwise; the runner takes another round.
public enum CellJudge {
    /// ln(candidate/base) of each complete A B B A round. A side's values are
    /// its timing jobs in the order they ran, two a round.
    public static func roundShifts(base: [Double], candidate: [Double]) -> [Double] {
        let rounds = min(base.count, candidate.count) / 2
        return (0..<rounds).compactMap { r in
            let a = base[2 * r] * base[2 * r + 1], b = candidate[2 * r] * candidate[2 * r + 1]
            guard a > 0, b > 0, a.isFinite, b.isFinite else { return nil }
            return 0.5 * log(b / a)
        }
    }

    /// Time, counters and digest before multiple-testing correction; `adjustedP` is filled by the suite.
    public static func judge(_ key: CellKey, base: SideMeasurements, candidate: SideMeasurements,
                             policy: ComparisonPolicy, threshold: Double? = nil, prior: VariancePrior? = nil) -> CellComparison {
        let t = threshold ?? policy.threshold
        var c = CellComparison(key: key, verdict: .unknown, time: .unknown, threshold: t,
                               baseSamples: base.secondsPerIteration.count,
                               candidateSamples: candidate.secondsPerIteration.count,
                               counterChanges: counterChanges(base.counters, candidate.counters),
                               baseDigest: base.digest, candidateDigest: candidate.digest)
        c.baseSeconds = base.secondsPerIteration
        c.candidateSeconds = candidate.secondsPerIteration
        c.baseJobSeconds = base.jobSeconds
        c.candidateJobSeconds = candidate.jobSeconds
        if let reason = base.failure { c.failureSide = .base; c.failureReason = reason }
        else if let reason = candidate.failure { c.failureSide = .candidate; c.failureReason = reason }

        let shifts = roundShifts(base: base.secondsPerIteration, candidate: candidate.secondsPerIteration)
        if shifts.count >= policy.minimumRounds,
           let test = moderatedPairedShift(shifts, prior: prior, confidence: policy.confidence) {
            c.ratio = exp(test.mean)
            c.ratioLower = exp(test.lower)
            c.ratioUpper = exp(test.upper)
            c.pSlower = test.pGreater
            c.pFaster = test.pLess
            c.shift = test
        }
        return c
    }

    /// Counters both sides report whose values differ exactly. A counter one
    /// side does not report (an engine from before it was counted) is not
    /// compared: a new counter is not new work.
    static func counterChanges(_ base: [String: Double], _ candidate: [String: Double]) -> [CounterChange] {
        Set(base.keys).intersection(candidate.keys).sorted().compactMap { name in
            let b = base[name], c = candidate[name]
            return b == c ? nil : CounterChange(name: name, base: b, candidate: c)
        }
    }

    /// Final verdict once the suite has adjusted the p-value.
    static func decide(_ c: inout CellComparison, policy: ComparisonPolicy) {
        c.time = timeVerdict(c, policy: policy)
        if c.failureSide != nil { c.verdict = .error; return }
        if c.digestChanged { c.verdict = .behaviourChanged; return }
        if c.time == .slower { c.verdict = .slower; return }
        let work = c.counterChanges.reduce(0.0) { $0 + $1.delta }
        if c.counterChanges.contains(where: { $0.delta > 0 }) && work >= 0 { c.verdict = .moreWork; return }
        switch c.time {
        case .unknown: c.verdict = .unknown
        case .faster: c.verdict = .faster
        case .same, .slower: c.verdict = c.counterChanges.isEmpty ? .same : .lessWork
        }
    }

    static func timeVerdict(_ c: CellComparison, policy: ComparisonPolicy) -> TimeVerdict {
        guard let r = c.ratio, let lo = c.ratioLower, let hi = c.ratioUpper else { return .unknown }
        return timeVerdict(ratio: r, lower: lo, upper: hi, adjustedP: c.adjustedP, threshold: c.threshold, policy: policy)
    }

    /// Whether rounds up to `maxRounds` in all could not decide this cell's
    /// time even if its noise stayed as measured: the interval projected to
    /// `maxRounds` rounds would still be wider than the threshold band
    /// (so never *same*) and would still hold no change (so never *slower*
    /// or *faster* at the present mean). Such a cell ends *unknown* anyway;
    /// its rounds are better spent elsewhere. A cell with a large apparent
    /// shift keeps sampling.
    public static func cannotDecide(_ c: CellComparison, maxRounds: Int, policy: ComparisonPolicy) -> Bool {
        guard c.time == .unknown, let s = c.shift, s.count >= policy.futilityRounds, s.count < maxRounds else { return false }
        let half = s.projectedHalfWidth(rounds: maxRounds, confidence: policy.confidence)
        return half > log(1 + c.threshold) && abs(s.mean) < half
    }

    /// The time rules above, for a cell or a workload's pooled cells.
    static func timeVerdict(ratio r: Double, lower lo: Double, upper hi: Double, adjustedP: Double?,
                            threshold t: Double, policy: ComparisonPolicy) -> TimeVerdict {
        let significant = (adjustedP ?? 1) < policy.falseDiscoveryRate
        if significant, lo > 1, r >= 1 + t / 2 { return .slower }
        if significant, hi < 1, r <= 1 / (1 + t / 2) { return .faster }
        if lo >= 1 / (1 + t), hi <= 1 + t { return .same }
        return .unknown
    }
}
