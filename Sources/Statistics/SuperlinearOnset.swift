#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Where does growth turn super-linear? Local log–log slopes between
// consecutive sizes:
//
//     kⱼ = (ln cⱼ₊₁ − ln cⱼ) / (ln nⱼ₊₁ − ln nⱼ)
//
// with cⱼ = exp(HL(ln t)) the Hodges–Lehmann centre at size nⱼ, exactly as
// in the classifier. A fixed overhead makes kⱼ < 1 at small n even for
// linear code; kⱼ rises towards the class exponent as n grows (2 for n²,
// 1 + 1/ln n for n log n).
//
// Uncertainty uses the classifier's noise model rather than a bootstrap
// (which, with 5–10 runs per size, underestimates the spread of a centre
// and makes it lumpy): Var(ln cⱼ) ≈ σ̂²·hⱼ/mⱼ with σ̂² the pooled
// within-size variance of ln t (ν degrees of freedom, runs beyond the
// outer Tukey fences left out) and hⱼ the Hodges–Lehmann variance factor,
// so
//
//     SE(kⱼ) = σ̂ · √(hⱼ/mⱼ + hⱼ₊₁/mⱼ₊₁) / (ln nⱼ₊₁ − ln nⱼ)
//     interval  kⱼ ± t_ν(1 − α′/2) · SE(kⱼ),   α′ = α/(J − 1)
//
// The Bonferroni level α′ covers all J − 1 slopes at once, so a process
// whose true local slopes never exceed the threshold shows an interval
// entirely above it with probability at most α/2. The onset is the lower
// size of the first pair whose interval lies entirely above the threshold
// (default 1.1: a margin over 1 so that a small systematic drift does not
// count; n log n's slope 1 + 1/ln n exceeds it below n ≈ 22 000).

/// The log–log slope between two consecutive sizes.
public struct LocalSlope: Sendable, Equatable {
    public let lowerSize: Double
    public let upperSize: Double
    /// Slope estimate and its multiplicity-adjusted interval.
    public let interval: ConfidenceInterval

    public var slope: Double { interval.estimate }
}

/// Local slopes and the first size after which growth is significantly
/// faster than n^threshold.
public struct SuperlinearOnset: Sendable, Equatable {
    /// One slope per consecutive pair of sizes, ascending.
    public let slopes: [LocalSlope]
    /// The slope the intervals are compared with (default 1.1).
    public let threshold: Double
    /// The first pair whose whole interval exceeds `threshold`, if any.
    public let onset: LocalSlope?

    /// The size after which growth is super-linear, or `nil` if it never
    /// significantly is.
    public var onsetSize: Double? { onset?.lowerSize }
}

/// Finds where log–log growth first significantly exceeds `threshold`;
/// see the file header. Deterministic: no resampling.
///
/// - Parameters:
///   - sizes: n of each observation (≥ 1); at least 3 distinct sizes.
///   - times: t of each observation (> 0), paired with `sizes`; ≥ 2 per size.
///   - threshold: slope that counts as super-linear (default 1.1).
///   - confidence: family-wise coverage of the intervals, e.g. 0.95.
/// - Throws: `.lengthMismatch`, `.nonFiniteValue`, `.nonPositiveValue`,
///   `.sizeBelowOne`, `.tooFewSizes`, `.tooFewSamplesPerSize`,
///   `.invalidConfidence`, `.invalidOption` for a non-finite threshold.
public func superlinearOnset(
    sizes: [Double],
    times: [Double],
    threshold: Double = 1.1,
    confidence: Double = 0.95
) throws(StatisticsError) -> SuperlinearOnset {
    guard threshold.isFinite else { throw .invalidOption(name: "threshold", value: threshold) }
    try requireConfidence(confidence)
    let groups = try SizeGroups(sizes: sizes, times: times)
    guard groups.count >= 3 else { throw .tooFewSizes(needed: 3, got: groups.count) }
    try groups.requireReplicates(2)

    let pairs = groups.count - 1
    let logSizes = groups.sizes.map { log($0) }
    var scratch: [Double] = []
    let centres = groups.logTimes.map { uncheckedHodgesLehmann($0, scratch: &scratch) }
    let centreVariances = groups.logTimes.map { hodgesLehmannVarianceFactor($0.count) / Double($0.count) }
    let (pureVariance, pureDF) = groups.pooledLogVariance(fenced: false)
    let sigma = max(pureVariance, 1e-14).squareRoot()
    let adjustedAlpha = (1 - confidence) / Double(pairs)
    let critical = studentTTwoSidedCritical(adjustedAlpha, Double(pureDF))

    var slopes: [LocalSlope] = []
    for p in 0..<pairs {
        let run = logSizes[p + 1] - logSizes[p]
        let slope = (centres[p + 1] - centres[p]) / run
        let standardError = sigma * (centreVariances[p] + centreVariances[p + 1]).squareRoot() / run
        slopes.append(LocalSlope(
            lowerSize: groups.sizes[p], upperSize: groups.sizes[p + 1],
            interval: ConfidenceInterval(estimate: slope,
                                         lower: slope - critical * standardError,
                                         upper: slope + critical * standardError,
                                         confidence: 1 - adjustedAlpha)))
    }
    return SuperlinearOnset(slopes: slopes, threshold: threshold,
                            onset: slopes.first { $0.interval.lower > threshold })
}
