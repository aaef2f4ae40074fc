// The non-parametric bootstrap of one sample (Efron 1979; Efron &
// Tibshirani, "An Introduction to the Bootstrap", Chapman & Hall 1993).
//
// Draw B resamples x*₁…x*_B of size n from x with replacement, compute
// θ*_b = s(x*_b), and read the interval from the distribution of θ*:
//
//   percentile:  [θ*_(α/2), θ*_(1−α/2)]                     (E&T §13.3)
//   BCa:         [θ*_(α₁),  θ*_(α₂)],  αᵢ = Φ(ẑ₀ + (ẑ₀+zᵢ)/(1 − â(ẑ₀+zᵢ)))
//                ẑ₀ = Φ⁻¹((#{θ* < θ̂} + ½#{θ* = θ̂}) / B)
//                â  = Σ Uᵢ³ / (6 (Σ Uᵢ²)^{3/2}),  Uᵢ = θ̄₍.₎ − θ₍ᵢ₎ (jackknife)
//                                                          (E&T §14.3)
//
// Quantiles of θ* use Hyndman–Fan type 7. Percentile is the default: the
// module's main statistic is the median, whose bootstrap distribution is
// lumpy (it only takes values of order statistics) so ẑ₀ is unstable, and
// the percentile interval is what criterion.rs reports. BCa is there for
// smooth statistics. A seed fixes every draw, so the same call always
// returns the same interval.

/// A statistic of one sample, e.g. ``median(_:)`` or ``mean(_:)``.
public typealias SampleStatistic = ([Double]) throws(StatisticsError) -> Double

/// Bootstrap confidence interval for `statistic` of `sample`.
///
/// - Parameters:
///   - sample: the measurements (finite, at least 2).
///   - statistic: any function of a sample, e.g. `median`.
///   - resamples: number of bootstrap resamples B (≥ 1; 1000–10 000 is usual).
///   - confidence: two-sided coverage in (0, 1), e.g. 0.95.
///   - seed: seeds ``Xoshiro256StarStar``; same seed, same answer.
///   - method: ``BootstrapMethod/percentile`` (default) or `.bcaJackknife`.
/// - Throws: input errors (`.tooFewValues`, `.nonFiniteValue`,
///   `.invalidConfidence`, `.invalidResampleCount`), anything `statistic`
///   throws, or `.nonFiniteStatistic` if it returns NaN or ±∞.
public func bootstrap(
    _ sample: [Double],
    statistic: SampleStatistic,
    resamples: Int = 10_000,
    confidence: Double = 0.95,
    seed: UInt64,
    method: BootstrapMethod = .percentile
) throws(StatisticsError) -> BootstrapEstimate {
    try requireFinite(sample, minimumCount: 2)
    try requireResamples(resamples)
    try requireConfidence(confidence)

    let estimate = try finite(statistic(sample))
    var generator = Xoshiro256StarStar(seed: seed)
    var buffer = [Double](repeating: 0, count: sample.count)
    var replicates = [Double]()
    replicates.reserveCapacity(resamples)
    for _ in 0..<resamples {
        resample(sample, into: &buffer, using: &generator)
        replicates.append(try finite(statistic(buffer)))
    }

    let acceleration: Double
    switch method {
    case .percentile:
        acceleration = 0
    case .bcaJackknife:
        acceleration = jackknifeAcceleration([try jackknife(sample, statistic)])
    }
    return try makeEstimate(estimate: estimate, replicates: replicates,
                            confidence: confidence, method: method,
                            acceleration: acceleration)
}

// MARK: - Shared machinery (also used by the two-sample bootstrap)

@inline(__always)
func finite(_ value: Double) throws(StatisticsError) -> Double {
    guard value.isFinite else { throw .nonFiniteStatistic(value) }
    return value
}

/// Leave-one-out values θ₍ᵢ₎ = s(x without xᵢ).
func jackknife(_ sample: [Double], _ statistic: SampleStatistic) throws(StatisticsError) -> [Double] {
    var values = [Double]()
    values.reserveCapacity(sample.count)
    var reduced = sample
    reduced.removeLast()
    // `reduced` holds every value but index i; swap the left-out value through.
    for i in stride(from: sample.count - 1, through: 0, by: -1) {
        if i < sample.count - 1 { reduced[i] = sample[i + 1] }
        values.append(try finite(statistic(reduced)))
    }
    return values.reversed()
}

/// â from the jackknife values of one or more independent samples. With
/// empirical influence values approximated by the jackknife,
/// lₖᵢ = (nₖ − 1)(θ̄ₖ − θ₍ᵢ₎ₖ) (Davison & Hinkley, "Bootstrap Methods and
/// their Application", 1997, ch. 2 and 5):
///
///     â = Σₖ Σᵢ lₖᵢ³/nₖ³ / (6 (Σₖ Σᵢ lₖᵢ²/nₖ²)^{3/2})
///
/// For one sample this is exactly E&T (14.15), Σ Uᵢ³ / (6 (Σ Uᵢ²)^{3/2}).
func jackknifeAcceleration(_ groups: [[Double]]) -> Double {
    var cubes = 0.0
    var squares = 0.0
    for values in groups {
        let n = Double(values.count)
        let average = uncheckedMean(values)
        for v in values {
            let influence = (n - 1) * (average - v) / n
            cubes += influence * influence * influence
            squares += influence * influence
        }
    }
    guard squares > 0 else { return 0 }
    let a = cubes / (6 * (squares * squares.squareRoot()))
    return a.isFinite ? a : 0
}

func makeEstimate(
    estimate: Double, replicates unsorted: [Double], confidence: Double,
    method: BootstrapMethod, acceleration: Double
) throws(StatisticsError) -> BootstrapEstimate {
    let replicates = unsorted.sorted()
    let alpha = 1 - confidence
    var lowerLevel = alpha / 2
    var upperLevel = 1 - alpha / 2
    if method == .bcaJackknife {
        var below = 0.0
        for r in replicates {
            if r < estimate { below += 1 } else if r == estimate { below += 0.5 } else { break }
        }
        let b = Double(replicates.count)
        // Keep ẑ₀ finite when every replicate falls on one side.
        let proportion = min(max(below / b, 0.5 / b), 1 - 0.5 / b)
        let z0 = uncheckedNormalQuantile(proportion)
        func adjusted(_ level: Double) -> Double {
            let z = uncheckedNormalQuantile(level)
            let shifted = z0 + z
            let denominator = 1 - acceleration * shifted
            // A non-positive denominator means â is so large the correction
            // breaks down; fall back to the end of the distribution.
            guard denominator > 0 else { return level < 0.5 ? 0 : 1 }
            return normalCDF(z0 + shifted / denominator)
        }
        lowerLevel = adjusted(alpha / 2)
        upperLevel = adjusted(1 - alpha / 2)
    }
    let interval = ConfidenceInterval(
        estimate: estimate,
        lower: sortedQuantile(replicates, lowerLevel),
        upper: sortedQuantile(replicates, upperLevel),
        confidence: confidence)
    let standardError = replicates.count >= 2 ? uncheckedVariance(replicates).squareRoot() : 0
    return BootstrapEstimate(interval: interval, method: method,
                             standardError: standardError, replicates: replicates)
}
