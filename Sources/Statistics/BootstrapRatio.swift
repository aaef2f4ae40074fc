// Two-sample bootstrap of a ratio, for "is the candidate slower than the
// base?". Base and candidate are independent, so each is resampled on its
// own (Efron & Tibshirani 1993, §8.3, the two-sample problem):
//
//     ρ̂ = s(candidate) / s(base),   ρ*_b = s(candidate*_b) / s(base*_b)
//
// and the interval is read from ρ* as in `bootstrap` (percentile by
// default; BCa with the two-sample jackknife acceleration). "Slower by more
// than 5 %" is then `interval.lower > 1.05`; "not slower by more than 5 %"
// is `interval.upper < 1.05`; anything else is inconclusive at this
// sample size.

/// Bootstrap confidence interval for `statistic(candidate) / statistic(base)`,
/// e.g. the ratio of medians (B/A). Values above 1 mean the candidate's
/// statistic is larger (for timings: slower).
///
/// - Parameters:
///   - base: measurements of version A (at least 2, finite).
///   - candidate: measurements of version B (at least 2, finite).
///   - statistic: e.g. `median`; must be non-zero on every resample of `base`.
///   - resamples, confidence, seed, method: as in ``bootstrap(_:statistic:resamples:confidence:seed:method:)``.
/// - Throws: input errors, anything `statistic` throws, or
///   `.nonFiniteStatistic` when a ratio is not finite (zero denominator).
public func bootstrapRatio(
    base: [Double],
    candidate: [Double],
    statistic: SampleStatistic,
    resamples: Int = 10_000,
    confidence: Double = 0.95,
    seed: UInt64,
    method: BootstrapMethod = .percentile
) throws(StatisticsError) -> BootstrapEstimate {
    try requireFinite(base, minimumCount: 2)
    try requireFinite(candidate, minimumCount: 2)
    try requireResamples(resamples)
    try requireConfidence(confidence)

    let estimate = try finite(statistic(candidate) / statistic(base))
    var generator = Xoshiro256StarStar(seed: seed)
    var baseBuffer = [Double](repeating: 0, count: base.count)
    var candidateBuffer = [Double](repeating: 0, count: candidate.count)
    var replicates = [Double]()
    replicates.reserveCapacity(resamples)
    for _ in 0..<resamples {
        resample(base, into: &baseBuffer, using: &generator)
        resample(candidate, into: &candidateBuffer, using: &generator)
        replicates.append(try finite(statistic(candidateBuffer) / statistic(baseBuffer)))
    }

    var acceleration = 0.0
    if method == .bcaJackknife {
        // Leave one base value out: the ratio's denominator changes.
        let candidateValue = try statistic(candidate)
        let baseValue = try statistic(base)
        var baseJack: [Double] = []
        for v in try jackknife(base, statistic) { baseJack.append(try finite(candidateValue / v)) }
        var candidateJack: [Double] = []
        for v in try jackknife(candidate, statistic) { candidateJack.append(try finite(v / baseValue)) }
        acceleration = jackknifeAcceleration([baseJack, candidateJack])
    }
    return try makeEstimate(estimate: estimate, replicates: replicates,
                            confidence: confidence, method: method,
                            acceleration: acceleration)
}
