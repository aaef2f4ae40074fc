// A fast percentile bootstrap of the median, for reports over many cells.
//
// The generic `bootstrap(_:statistic: median, …)` sorts every resample:
// O(B · n log n). But the median of a resample only depends on which order
// statistics were drawn. With ranks rᵢ of the sample (sorted x₍₀₎ ≤ … ≤
// x₍ₙ₋₁₎, ties broken by position), a resample drawing indices i₁…iₙ has
//
//     median(x_{i₁}, …, x_{iₙ}) = type-7 median of x₍r_{i₁}₎, …, x₍r_{iₙ}₎
//
// and since x₍·₎ is non-decreasing in the rank, the k-th smallest value is
// x at the k-th smallest drawn rank. Counting ranks in an n-slot histogram
// finds the k-th smallest rank in O(n). Draws come from the same generator
// in the same order as `bootstrap`, so for the same seed the replicates —
// and therefore the interval — are identical to
// `bootstrap(sample, statistic: median, resamples: B, seed: s)`; only the
// cost changes, from O(B · n log n) to O(B · n).

/// Percentile bootstrap interval for the median of `sample`; identical to
/// `bootstrap(sample, statistic: median, resamples:, confidence:, seed:)`
/// (see the file header) but O(B·n) instead of O(B·n log n).
///
/// - Parameters:
///   - sample: the measurements (finite, at least 2).
///   - resamples: number of bootstrap resamples B (≥ 1).
///   - confidence: two-sided coverage in (0, 1), e.g. 0.95.
///   - seed: seeds ``Xoshiro256StarStar``; same seed, same answer.
/// - Throws: `.tooFewValues`, `.nonFiniteValue`, `.invalidConfidence`,
///   `.invalidResampleCount`.
public func bootstrapMedian(
    _ sample: [Double],
    resamples: Int = 10_000,
    confidence: Double = 0.95,
    seed: UInt64
) throws(StatisticsError) -> BootstrapEstimate {
    try requireConfidence(confidence)
    let replicates = try medianBootstrapReplicates(sample, resamples: resamples, seed: seed)
    return try percentileBootstrapEstimate(estimate: sortedQuantile(sample.sorted(), 0.5),
                                           replicates: replicates, confidence: confidence)
}

/// The B bootstrap replicates of the median of `sample`, in draw order (not
/// sorted) — the replicates ``bootstrapMedian(_:resamples:confidence:seed:)``
/// reads its interval from. Two independent samples' replicates, divided
/// index by index, are replicates of the ratio of their medians: the
/// two-sample bootstrap of Efron & Tibshirani (1993, §8.3) without drawing
/// again.
///
/// - Throws: `.tooFewValues`, `.nonFiniteValue`, `.invalidResampleCount`.
public func medianBootstrapReplicates(_ sample: [Double], resamples: Int, seed: UInt64) throws(StatisticsError) -> [Double] {
    try requireFinite(sample, minimumCount: 2)
    try requireResamples(resamples)
    var ranked = RankedSample(sample)
    var generator = Xoshiro256StarStar(seed: seed)
    var replicates = [Double]()
    replicates.reserveCapacity(resamples)
    for _ in 0..<resamples {
        replicates.append(ranked.resampledMedian(using: &generator))
    }
    return replicates
}

/// The percentile interval (Efron & Tibshirani 1993, §13.3) read from
/// bootstrap `replicates` of a statistic whose value on the data is `estimate`.
///
/// - Throws: `.emptySample` or `.nonFiniteValue` for bad replicates,
///   `.invalidConfidence`.
public func percentileBootstrapEstimate(estimate: Double, replicates: [Double], confidence: Double = 0.95) throws(StatisticsError) -> BootstrapEstimate {
    try requireFinite(replicates)
    try requireConfidence(confidence)
    return try makeEstimate(estimate: try finite(estimate), replicates: replicates,
                            confidence: confidence, method: .percentile, acceleration: 0)
}

/// Percentile bootstrap interval for `median(candidate) / median(base)`;
/// identical to `bootstrapRatio(base:candidate:statistic: median, …)` for
/// the same seed (base drawn first, then candidate, as there), in O(B·n).
///
/// - Throws: input errors as ``bootstrapMedian(_:resamples:confidence:seed:)``,
///   or `.nonFiniteStatistic` when a resampled base median is 0.
public func bootstrapMedianRatio(
    base: [Double],
    candidate: [Double],
    resamples: Int = 10_000,
    confidence: Double = 0.95,
    seed: UInt64
) throws(StatisticsError) -> BootstrapEstimate {
    try requireFinite(base, minimumCount: 2)
    try requireFinite(candidate, minimumCount: 2)
    try requireResamples(resamples)
    try requireConfidence(confidence)

    var rankedBase = RankedSample(base)
    var rankedCandidate = RankedSample(candidate)
    let estimate = try finite(rankedCandidate.median / rankedBase.median)
    var generator = Xoshiro256StarStar(seed: seed)
    var replicates = [Double]()
    replicates.reserveCapacity(resamples)
    for _ in 0..<resamples {
        let b = rankedBase.resampledMedian(using: &generator)
        let c = rankedCandidate.resampledMedian(using: &generator)
        replicates.append(try finite(c / b))
    }
    return try makeEstimate(estimate: estimate, replicates: replicates,
                            confidence: confidence, method: .percentile, acceleration: 0)
}

/// A sample with its order statistics and the rank of each value, plus a
/// histogram buffer for drawing resampled medians in O(n).
struct RankedSample {
    let sorted: [Double]
    let rank: [Int]
    let median: Double
    private var counts: [Int]

    init(_ sample: [Double]) {
        let order = sample.indices.sorted { (sample[$0], $0) < (sample[$1], $1) }
        sorted = order.map { sample[$0] }
        var rank = [Int](repeating: 0, count: sample.count)
        for (r, i) in order.enumerated() { rank[i] = r }
        self.rank = rank
        median = sortedQuantile(sorted, 0.5)
        counts = [Int](repeating: 0, count: sample.count)
    }

    /// The type-7 median of one resample, drawing `n` indices from
    /// `generator` exactly as `resample(_:into:using:)` does.
    mutating func resampledMedian(using generator: inout Xoshiro256StarStar) -> Double {
        let n = sorted.count
        // Type-7 median: the mean of the values at 0-based positions
        // ⌊(n−1)/2⌋ and ⌊n/2⌋ (the same position when n is odd).
        let lowPosition = (n - 1) / 2
        let highPosition = n / 2
        var low = -1
        var high = -1
        // Unchecked buffers: this loop is most of a report's analysis time,
        // and every index is < n by construction.
        // A local copy keeps the generator's state in registers (an inout
        // captured by the closures would be reloaded and stored every draw).
        var local = generator
        defer { generator = local }
        rank.withUnsafeBufferPointer { rank in
            counts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                for _ in 0..<n { counts[rank[local.uniformIndex(below: n)]] += 1 }
                var seen = 0
                for r in 0..<n where counts[r] > 0 {
                    seen += counts[r]
                    if low < 0, seen > lowPosition { low = r }
                    if seen > highPosition { high = r; break }
                }
            }
        }
        let lowValue = sorted[low], highValue = sorted[high]
        // The same convex combination `sortedQuantile` forms at p = 0.5.
        return lowValue + (n % 2 == 0 ? 0.5 : 0) * (highValue - lowValue)
    }
}
