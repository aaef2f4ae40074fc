import Statistics

/// How cells are judged. The defaults aim at the CI target: a true 5 %
/// slowdown flagged in ≥ 95 % of comparisons and ≤ 1 % false alarms.
public struct ComparisonPolicy: Sendable, Equatable {
    /// Relative change that matters in practice (0.05 = 5 %); a workload file may override it.
    public var threshold: Double
    /// Confidence of the bootstrap interval on the ratio of medians.
    public var confidence: Double
    public var resamples: Int
    /// False discovery rate across the suite (Benjamini–Hochberg).
    public var falseDiscoveryRate: Double
    /// Fewer samples than this per side: the time verdict stays unknown.
    public var minimumSamples: Int
    public var seed: UInt64

    public init(threshold: Double = 0.05, confidence: Double = 0.99, resamples: Int = 2_000,
                falseDiscoveryRate: Double = 0.01, minimumSamples: Int = 5, seed: UInt64 = 0x5EED) {
        self.threshold = threshold; self.confidence = confidence; self.resamples = resamples
        self.falseDiscoveryRate = falseDiscoveryRate; self.minimumSamples = minimumSamples; self.seed = seed
    }
}

/// Judges one cell's time, counters and digest. The suite-level step
/// (`SuiteComparison`) then applies Benjamini–Hochberg to the p-values.
///
/// Time rule, on r = median(candidate) / median(base) with bootstrap interval [lo, hi]
/// and practical threshold t:
/// - slower:  the difference is significant (p after BH < FDR) and r ≥ 1 + t/2
///            (so a real t-sized slowdown, estimated near 1 + t, is flagged,
///            while a tiny but significant drift is not);
/// - faster:  symmetric, r ≤ 1/(1 + t/2);
/// - same:    the interval lies inside [1/(1 + t), 1 + t] — any change is below t;
/// - unknown: otherwise; the runner takes more samples.
public enum CellJudge {
    /// Time, counters and digest before multiple-testing correction; `adjustedP` is filled by the suite.
    public static func judge(_ key: CellKey, base: SideMeasurements, candidate: SideMeasurements,
                             policy: ComparisonPolicy, threshold: Double? = nil) -> CellComparison {
        let t = threshold ?? policy.threshold
        var c = CellComparison(key: key, verdict: .unknown, time: .unknown, threshold: t,
                               baseSamples: base.secondsPerIteration.count,
                               candidateSamples: candidate.secondsPerIteration.count,
                               counterChanges: counterChanges(base.counters, candidate.counters),
                               baseDigest: base.digest, candidateDigest: candidate.digest)
        if let reason = base.failure { c.failureSide = .base; c.failureReason = reason }
        else if let reason = candidate.failure { c.failureSide = .candidate; c.failureReason = reason }

        let a = base.secondsPerIteration, b = candidate.secondsPerIteration
        if a.count >= policy.minimumSamples, b.count >= policy.minimumSamples,
           let est = try? bootstrapRatio(base: a, candidate: b, statistic: { x throws(StatisticsError) in try median(x) },
                                         resamples: policy.resamples, confidence: policy.confidence,
                                         seed: policy.seed ^ UInt64(truncatingIfNeeded: key.hashValueStable)) {
            c.ratio = est.estimate
            c.ratioLower = est.interval.lower
            c.ratioUpper = est.interval.upper
            c.pSlower = try? mannWhitneyU(b, a, alternative: .greater).pValue
            c.pFaster = try? mannWhitneyU(b, a, alternative: .less).pValue
        }
        return c
    }

    /// Counters present on either side whose values differ exactly.
    static func counterChanges(_ base: [String: Double], _ candidate: [String: Double]) -> [CounterChange] {
        Set(base.keys).union(candidate.keys).sorted().compactMap { name in
            let b = base[name], c = candidate[name]
            return (b ?? 0) == (c ?? 0) ? nil : CounterChange(name: name, base: b, candidate: c)
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
        let t = c.threshold
        let significant = (c.adjustedP ?? 1) < policy.falseDiscoveryRate
        if significant, lo > 1, r >= 1 + t / 2 { return .slower }
        if significant, hi < 1, r <= 1 / (1 + t / 2) { return .faster }
        if lo >= 1 / (1 + t), hi <= 1 + t { return .same }
        return .unknown
    }
}

extension CellKey {
    /// A hash that does not change between processes (Swift's `hashValue` is seeded per process),
    /// so a comparison's bootstrap is reproducible.
    var hashValueStable: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(workload)\u{1F}\(variant)\u{1F}\(size)".utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }
}
