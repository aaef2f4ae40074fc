#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Power-law fit of time against size on log–log axes:
//
//     t ≈ c · n^k   ⇔   ln t = ln c + k · ln n
//
// fitted by OLS over every (n, t) observation. Multiplicative noise on t is
// additive on ln t, so OLS on logs weighs relative errors equally. k is the
// empirical growth exponent (≈ 1 linear, ≈ 2 quadratic); an intercept in t
// (fixed overhead) bends the curve and pulls k below the asymptotic class
// exponent — use the complexity classifier to name the class.
//
// The interval on k is a percentile bootstrap (Efron & Tibshirani 1993,
// ch. 9 on regression):
// - `.withinSize` (default) resamples the timings inside each size group,
//   keeping the design — which sizes, how many runs each — fixed as the
//   experimenter chose it. It needs ≥ 2 runs per size, and makes no
//   assumption that the log-log relation is a straight line or that the
//   noise is the same at every size.
// - `.residuals` resamples the log-space residuals of the fit and adds them
//   back to the fitted line (E&T §9.5), inflating them by √(m/(m−2)) so
//   their mean square is the unbiased σ̂² (a simpler cousin of the
//   leverage-adjusted residuals in Davison & Hinkley 1997, ch. 6). It works
//   with one run per size but assumes the straight line is right and the
//   noise homoscedastic in ln t.

/// How ``powerLawFit(sizes:times:resamples:confidence:seed:resampling:)`` bootstraps the exponent.
public enum PowerLawResampling: Sendable, Hashable {
    /// Resample the times inside each size group (needs ≥ 2 per size).
    case withinSize
    /// Resample residuals of the log–log line.
    case residuals
}

/// t ≈ coefficient · n^exponent, with a bootstrap interval on the exponent.
public struct PowerLawFit: Sendable, Equatable {
    /// k, the slope on log–log axes.
    public var exponent: Double { exponentInterval.estimate }
    /// c = e^(intercept of the log–log line), the time at n = 1.
    public let coefficient: Double
    /// Percentile bootstrap interval on k.
    public let exponentInterval: ConfidenceInterval
    /// The OLS fit of ln t on ln n, with its analytic standard errors.
    public let logLogFit: LinearFit
    public let resampling: PowerLawResampling

    /// c · n^k.
    public func predict(_ n: Double) -> Double { coefficient * pow(n, exponent) }
}

/// Fits t ≈ c·n^k; see the file header.
///
/// - Parameters:
///   - sizes: n for each observation (≥ 1), at least two distinct values.
///   - times: t for each observation (> 0), paired with `sizes`.
///   - resamples: bootstrap resamples for the interval on k.
///   - confidence: two-sided coverage, e.g. 0.95.
///   - seed: fixes the bootstrap.
///   - resampling: `.withinSize` (default) or `.residuals`.
/// - Throws: `.lengthMismatch`, `.nonFiniteValue`, `.nonPositiveValue`,
///   `.sizeBelowOne`, `.tooFewSizes` (< 2 distinct), `.tooFewValues`
///   (< 3 observations), `.tooFewSamplesPerSize` for `.withinSize`,
///   `.invalidConfidence`, `.invalidResampleCount`.
public func powerLawFit(
    sizes: [Double],
    times: [Double],
    resamples: Int = 2_000,
    confidence: Double = 0.95,
    seed: UInt64,
    resampling: PowerLawResampling = .withinSize
) throws(StatisticsError) -> PowerLawFit {
    let groups = try SizeGroups(sizes: sizes, times: times)
    guard groups.count >= 2 else { throw .tooFewSizes(needed: 2, got: groups.count) }
    guard groups.observationCount >= 3 else {
        throw .tooFewValues(needed: 3, got: groups.observationCount)
    }
    try requireResamples(resamples)
    try requireConfidence(confidence)
    if resampling == .withinSize { try groups.requireReplicates(2) }

    // Flatten in group order so x and y line up for every resample.
    var x: [Double] = []
    var y: [Double] = []
    for (size, group) in zip(groups.sizes, groups.logTimes) {
        for v in group {
            x.append(log(size))
            y.append(v)
        }
    }
    let ones = [Double](repeating: 1, count: x.count)
    let fit = try weightedLine(x, y, ones, pointCount: x.count)

    // In every replicate x is fixed, so the OLS slope is a dot product:
    // b* = Σ (xᵢ − x̄) y*ᵢ / Sxx (the ȳ* term vanishes because Σ (xᵢ − x̄) = 0).
    // One pass, no allocation: the bootstrap is most of a report's analysis time.
    let xBar = x.reduce(0, +) / Double(x.count)
    var sxx = 0.0
    for v in x { sxx += (v - xBar) * (v - xBar) }
    let slopeWeights = x.map { ($0 - xBar) / sxx }
    func slope(_ y: [Double]) -> Double {
        var b = 0.0
        for i in y.indices { b += slopeWeights[i] * y[i] }
        return b
    }

    var generator = Xoshiro256StarStar(seed: seed)
    var replicates: [Double] = []
    replicates.reserveCapacity(resamples)
    var yStar = y
    switch resampling {
    case .withinSize:
        for _ in 0..<resamples {
            var offset = 0
            for group in groups.logTimes {
                for k in 0..<group.count {
                    yStar[offset + k] = group[generator.uniformIndex(below: group.count)]
                }
                offset += group.count
            }
            replicates.append(slope(yStar))
        }
    case .residuals:
        let m = Double(x.count)
        let inflation = (m / (m - 2)).squareRoot()
        let fitted = x.map { fit.predict($0) }
        let residuals = zip(y, fitted).map { ($0 - $1) * inflation }
        for _ in 0..<resamples {
            for i in yStar.indices {
                yStar[i] = fitted[i] + residuals[generator.uniformIndex(below: residuals.count)]
            }
            replicates.append(slope(yStar))
        }
    }
    let estimate = try makeEstimate(estimate: fit.slope, replicates: replicates,
                                    confidence: confidence, method: .percentile,
                                    acceleration: 0)
    return PowerLawFit(coefficient: exp(fit.intercept),
                       exponentInterval: estimate.interval,
                       logLogFit: fit,
                       resampling: resampling)
}
