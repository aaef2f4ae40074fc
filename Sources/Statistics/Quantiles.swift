// Order statistics: quantiles, the median and the median absolute deviation.
//
// Quantiles follow Hyndman & Fan, "Sample quantiles in statistical
// packages", The American Statistician 50(4), 1996, definition 7 — the
// default of R, NumPy and criterion.rs. For sorted values x₀ ≤ … ≤ xₙ₋₁
// (0-based) and level p ∈ [0, 1]:
//
//     h = (n − 1)·p,  Q(p) = x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋)
//
// Q is continuous and non-decreasing in p, Q(0) = min, Q(1) = max.

/// The constant that makes the MAD a consistent estimator of σ for normal
/// data: `1 / Φ⁻¹(3/4) ≈ 1.4826` (Rousseeuw & Croux, JASA 88(424), 1993).
public let madNormalConsistency = 1.4826

/// The `p`-quantile of `x`, Hyndman–Fan type 7 (see the file header).
///
/// - Parameters:
///   - x: the sample, in any order.
///   - p: the level in `0...1` (0.5 is the median).
/// - Throws: `.emptySample`, `.nonFiniteValue`, `.probabilityOutOfRange`.
public func quantile(_ x: [Double], _ p: Double) throws(StatisticsError) -> Double {
    try requireFinite(x)
    guard p >= 0, p <= 1 else { throw .probabilityOutOfRange(p) }
    return sortedQuantile(x.sorted(), p)
}

/// Several quantiles of `x` at once, sorting only once.
///
/// - Parameter levels: levels in `0...1`, in any order; the result matches.
/// - Throws: as ``quantile(_:_:)``.
public func quantiles(_ x: [Double], _ levels: [Double]) throws(StatisticsError) -> [Double] {
    try requireFinite(x)
    for p in levels where !(p >= 0 && p <= 1) { throw .probabilityOutOfRange(p) }
    let sorted = x.sorted()
    return levels.map { sortedQuantile(sorted, $0) }
}

/// Percentiles of `x`: ``quantiles(_:_:)`` at `percent / 100`.
///
/// - Parameter percents: values in `0...100`.
/// - Throws: as ``quantile(_:_:)``; `.probabilityOutOfRange` carries the
///   offending level divided by 100.
public func percentiles(_ x: [Double], _ percents: [Double]) throws(StatisticsError) -> [Double] {
    try quantiles(x, percents.map { $0 / 100 })
}

/// The median: the type-7 quantile at 0.5, i.e. the middle value, or the
/// mean of the two middle values when `n` is even.
///
/// - Throws: `.emptySample` or `.nonFiniteValue`.
public func median(_ x: [Double]) throws(StatisticsError) -> Double {
    try requireFinite(x)
    return sortedQuantile(x.sorted(), 0.5)
}

/// Median absolute deviation, `MAD = median(|xᵢ − median(x)|)`
/// (Hampel, JASA 69(346), 1974).
///
/// - Parameter scaled: when `true`, multiply by ``madNormalConsistency``
///   (1.4826) so the result estimates σ for normal data.
/// - Throws: `.emptySample` or `.nonFiniteValue`.
public func medianAbsoluteDeviation(_ x: [Double], scaled: Bool = false) throws(StatisticsError) -> Double {
    try requireFinite(x)
    let sorted = x.sorted()
    let mad = sortedMedianAbsoluteDeviation(sorted, median: sortedQuantile(sorted, 0.5))
    return scaled ? mad * madNormalConsistency : mad
}

// MARK: - Kernels on sorted, validated input

func sortedQuantile(_ sorted: [Double], _ p: Double) -> Double {
    let n = sorted.count
    if n == 1 { return sorted[0] }
    let h = Double(n - 1) * p
    let lower = min(Int(h), n - 1)
    let upper = min(lower + 1, n - 1)
    let fraction = h - Double(lower)
    // Written as a convex combination so Q(p) never leaves [x⌊h⌋, x⌊h⌋₊₁].
    return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
}

func sortedMedianAbsoluteDeviation(_ sorted: [Double], median m: Double) -> Double {
    var deviations = sorted.map { abs($0 - m) }
    deviations.sort()
    return sortedQuantile(deviations, 0.5)
}

/// Median of a buffer the caller no longer needs in order; sorts it in place.
func medianInPlace(_ x: inout [Double]) -> Double {
    x.sort()
    return sortedQuantile(x, 0.5)
}
