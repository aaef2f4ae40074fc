// Location and spread of one sample.
//
// Mean and variance use the two-pass algorithm with a correction term
// (Chan, Golub & LeVeque, "Algorithms for computing the sample variance",
// The American Statistician 37(3), 1983, eq. 1.7), which is exact for
// constant data and loses far less precision than the textbook
// Σx² − n·x̄² form when the values sit far from zero (timings in ns do).

/// Arithmetic mean, `x̄ = (1/n) Σ xᵢ`.
///
/// Computed in two passes: a first estimate `m = Σx/n`, then the correction
/// `m + Σ(xᵢ − m)/n`, which removes most of the rounding error of the sum.
///
/// - Throws: `StatisticsError.emptySample` or `.nonFiniteValue`.
public func mean(_ x: [Double]) throws(StatisticsError) -> Double {
    try requireFinite(x)
    return uncheckedMean(x)
}

/// Unbiased sample variance, `s² = Σ(xᵢ − x̄)² / (n − 1)` (Bessel's correction).
///
/// Uses the corrected two-pass formula
/// `s² = (Σ(xᵢ − x̄)² − (Σ(xᵢ − x̄))²/n) / (n − 1)`
/// (Chan, Golub & LeVeque 1983).
///
/// - Throws: `.emptySample`, `.nonFiniteValue`, or `.tooFewValues` when
///   `n < 2` (one value has no spread to estimate).
public func variance(_ x: [Double]) throws(StatisticsError) -> Double {
    try requireFinite(x, minimumCount: 2)
    return uncheckedVariance(x)
}

/// Sample standard deviation, `s = √s²` with `s²` from ``variance(_:)``.
///
/// - Throws: as ``variance(_:)``.
public func standardDeviation(_ x: [Double]) throws(StatisticsError) -> Double {
    try variance(x).squareRoot()
}

/// The smallest value.
///
/// - Throws: `.emptySample` or `.nonFiniteValue`.
public func minimum(_ x: [Double]) throws(StatisticsError) -> Double {
    try requireFinite(x)
    return x.min()!
}

/// The largest value.
///
/// - Throws: `.emptySample` or `.nonFiniteValue`.
public func maximum(_ x: [Double]) throws(StatisticsError) -> Double {
    try requireFinite(x)
    return x.max()!
}

/// Everything a report usually prints about one sample, computed in one go
/// (one sort, shared by the order statistics).
public struct Summary: Sendable, Equatable {
    public let count: Int
    public let mean: Double
    /// Sample variance with Bessel's correction; `nil` for a single value.
    public let variance: Double?
    /// `√variance`; `nil` for a single value.
    public let standardDeviation: Double?
    public let minimum: Double
    /// First quartile, Hyndman–Fan type 7.
    public let lowerQuartile: Double
    public let median: Double
    /// Third quartile, Hyndman–Fan type 7.
    public let upperQuartile: Double
    public let maximum: Double
    /// Raw median absolute deviation, `median |xᵢ − median(x)|`.
    public let medianAbsoluteDeviation: Double

    /// MAD × 1.4826: estimates σ when the data are normal.
    public var scaledMedianAbsoluteDeviation: Double {
        medianAbsoluteDeviation * madNormalConsistency
    }

    /// Summarises `sample`.
    ///
    /// - Throws: `.emptySample` or `.nonFiniteValue`.
    public init(of sample: [Double]) throws(StatisticsError) {
        try requireFinite(sample)
        let sorted = sample.sorted()
        count = sample.count
        mean = uncheckedMean(sample)
        if sample.count >= 2 {
            let v = uncheckedVariance(sample)
            variance = v
            standardDeviation = v.squareRoot()
        } else {
            variance = nil
            standardDeviation = nil
        }
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        lowerQuartile = sortedQuantile(sorted, 0.25)
        median = sortedQuantile(sorted, 0.5)
        upperQuartile = sortedQuantile(sorted, 0.75)
        medianAbsoluteDeviation = sortedMedianAbsoluteDeviation(sorted, median: median)
    }
}

// MARK: - Unchecked kernels (callers have validated the input)

func uncheckedMean(_ x: [Double]) -> Double {
    let n = Double(x.count)
    var sum = 0.0
    for v in x { sum += v }
    let first = sum / n
    var correction = 0.0
    for v in x { correction += v - first }
    return first + correction / n
}

func uncheckedVariance(_ x: [Double]) -> Double {
    let n = Double(x.count)
    let m = uncheckedMean(x)
    var squares = 0.0
    var plain = 0.0
    for v in x {
        let d = v - m
        squares += d * d
        plain += d
    }
    // The correction term is ≤ squares by Cauchy–Schwarz, so this is ≥ 0 up
    // to rounding; clamp the rounding away.
    return max(0, (squares - plain * plain / n) / (n - 1))
}
