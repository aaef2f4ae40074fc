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
// fitted by least squares on ln t with every size weighed equally (each
// observation by 1/mⱼ, mⱼ the runs at its size): the slope of the size
// means. Multiplicative noise on t is additive on ln t, so least squares on
// logs weighs relative errors equally. Weighing sizes, not runs, keeps the
// estimand the curve's own slope over the sweep whatever the design: a run
// that adds jobs at the top sizes (settling, or fewer samples where an
// iteration is slow) would otherwise tilt a bent curve's slope towards its
// steep end, away from the slope a claim's band is stated in. k is the
// empirical growth exponent (≈ 1 linear, ≈ 2 quadratic); an intercept in t
// (fixed overhead) bends the curve and pulls k below the asymptotic class
// exponent — use the complexity classifier to name the class.
//
// The interval on k is a percentile bootstrap (Efron & Tibshirani 1993,
// ch. 9 on regression):
// - `.withinSize` (default) keeps the design — which sizes, how many runs
//   each — fixed as the experimenter chose it and resamples what varies
//   inside a size, level by level (Davison & Hinkley 1997, §3.8, two-stage
//   sampling): the jobs (worker processes) of the size when it has ≥ 2,
//   then the samples inside each drawn job. A process-wide slowdown (a
//   warm or cold machine, a layout of the heap) is shared by a job's
//   samples, so only the spread between jobs measures it. Each replicate's
//   size mean is pulled back towards the observed mean by √(g/(g−1)), g
//   the number of units resampled at the outer level: the bootstrap
//   variance of a mean of g units is (g−1)/g of the unbiased one, which
//   at g = 2…10 makes a nominal 95 % interval cover 70–93 %. The slope of
//   each replicate is the least-squares slope of its size means, each size
//   weighing 1, so a replicate that drew one job twice does not change the
//   design. The rescaling fixes the variance but
//   not the tails: a mean of three jobs is Student-t with 2 degrees of
//   freedom, not normal. So each end of the percentile interval is moved
//   away from the estimate by t_ν(1 − α/2)/z(1 − α/2), ν = Σⱼ (gⱼ − 1) the
//   degrees of freedom of the outer level (the small-sample correction of
//   the bootstrap-t idea, E&T §12.5, applied to the percentile spread): 1.05
//   for ten samples at three sizes, 2.2 for two jobs at two sizes. It
//   needs ≥ 2 runs per size and assumes nothing about the shape of the
//   log-log curve or the noise.
// - `.residuals` resamples the log-space residuals of the fit and adds them
//   back to the fitted line (E&T §9.5), inflating them by √(m/(m−2)) so
//   their mean square is the unbiased σ̂² (a simpler cousin of the
//   leverage-adjusted residuals in Davison & Hinkley 1997, ch. 6). It works
//   with one run per size but assumes the straight line is right and the
//   noise homoscedastic in ln t.

/// How ``powerLawFit(sizes:times:resamples:confidence:seed:resampling:)`` bootstraps the exponent.
public enum PowerLawResampling: Sendable, Hashable {
    /// Resample the jobs of each size, then the times inside each job (needs ≥ 2 runs per size).
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
    /// The same bootstrap at `passConfidence` (0.999 by default), as the
    /// estimate ± z·(bootstrap standard error), widened like the 95 % one: a
    /// claim passes on the exponent only when this wider interval is
    /// within its band, while the 95 % one failing it is enough to fail.
    /// A pass is the stronger statement (nothing more will be measured),
    /// and a law just past the band must not pass on a narrow draw.
    public let passInterval: ConfidenceInterval
    /// The fit of ln t on ln n (sizes weighed equally), with its analytic standard errors.
    public let logLogFit: LinearFit
    public let resampling: PowerLawResampling
    /// With `.withinSize`: the slope between each pair of consecutive sizes,
    /// (ȳⱼ₊₁ − ȳⱼ)/(ln nⱼ₊₁ − ln nⱼ) ± t·(bootstrap standard error) from the same replicates, each at the
    /// Bonferroni level 1 − α/(J − 1) so that all of them hold at once
    /// with `localConfidence`. Empty with `.residuals`.
    public let localSlopes: [LocalSlope]
    /// With `.withinSize` and ≥ 2 sizes: the least-squares slope of the
    /// size means over the upper half of the sweep on log axes (every size
    /// with ln n at or above the midpoint of ln n_min and ln n_max; the
    /// last two sizes when fewer lie there), with a `localConfidence`
    /// interval from the same replicates. An intercept weighs least there,
    /// so it is the curve's own top; on sweeps with several sizes in that
    /// half it spans more of ln n than the last pair and is steadier.
    public let topSlope: LocalSlope?

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
///   - localConfidence: simultaneous coverage of the local slopes, e.g. 0.999.
///   - passConfidence: coverage of `passInterval`, e.g. 0.999.
///   - jobs: the job (worker process) of each observation, paired with
///     `sizes`; `nil` treats every observation as its own job.
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
    resampling: PowerLawResampling = .withinSize,
    localConfidence: Double = 0.999,
    passConfidence: Double = 0.999,
    jobs: [Int]? = nil
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
    // Each size weighs 1 in all: 1/mⱼ per observation.
    var w: [Double] = []
    for group in groups.logTimes { w += repeatElement(1 / Double(group.count), count: group.count) }
    let fit = try weightedLine(x, y, w, pointCount: x.count)

    // In every replicate x is fixed, so the slope is a dot product:
    // b* = Σ wᵢ (xᵢ − x̄) y*ᵢ / Sxx (the ȳ* term vanishes because Σ wᵢ (xᵢ − x̄) = 0).
    // One pass, no allocation: the bootstrap is most of a report's analysis time.
    let logSizes = groups.sizes.map { log($0) }
    let (xBar, sxx) = centring(logSizes)
    let slopeWeights = x.indices.map { w[$0] * (x[$0] - xBar) / sxx }
    func slope(_ y: [Double]) -> Double {
        var b = 0.0
        for i in y.indices { b += slopeWeights[i] * y[i] }
        return b
    }

    var generator = Xoshiro256StarStar(seed: seed)
    var replicates: [Double] = []
    replicates.reserveCapacity(resamples)
    var localReplicates: [[Double]] = []
    var topReplicates: [Double] = []
    let top = TopHalf(logSizes)
    switch resampling {
    case .withinSize:
        if let jobs, jobs.count != sizes.count { throw .lengthMismatch(first: sizes.count, second: jobs.count) }
        let design = JobDesign(sizes: sizes, times: times, jobs: jobs, groups: groups)
        // Slope of the size means, each size weighing 1: b = Σⱼ (xⱼ − x̄) ȳⱼ / Sxx.
        let meanWeights = logSizes.map { ($0 - xBar) / sxx }
        let steps = (0..<(groups.count - 1)).map { log(groups.sizes[$0 + 1]) - log(groups.sizes[$0]) }
        localReplicates = Array(repeating: [], count: steps.count)
        var means = [Double](repeating: 0, count: groups.count)
        for _ in 0..<resamples {
            var b = 0.0
            for j in design.units.indices {
                means[j] = design.resampledMean(j, using: &generator)
                b += meanWeights[j] * means[j]
            }
            replicates.append(b)
            for j in steps.indices { localReplicates[j].append((means[j + 1] - means[j]) / steps[j]) }
            topReplicates.append(top.slope(of: means))
        }
    case .residuals:
        var yStar = y
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
    var interval = estimate.interval
    try requireConfidence(passConfidence)
    // At 99.9 % a percentile of a thousand replicates is the extreme one;
    // the bootstrap standard error is steadier there (as for the local slopes).
    let slopeError = uncheckedVariance(replicates).squareRoot()
    let z = uncheckedNormalQuantile(1 - (1 - passConfidence) / 2)
    var passInterval = ConfidenceInterval(estimate: fit.slope, lower: fit.slope - z * slopeError,
                                          upper: fit.slope + z * slopeError, confidence: passConfidence)
    var outerDegrees: [Int] = []
    if resampling == .withinSize {
        outerDegrees = JobDesign(sizes: sizes, times: times, jobs: jobs, groups: groups).units.map { $0.count - 1 }
        interval = studentWidened(interval, degrees: outerDegrees.reduce(0, +))
        passInterval = studentWidened(passInterval, degrees: outerDegrees.reduce(0, +))
    }
    var localSlopes: [LocalSlope] = []
    var topSlope: LocalSlope?
    if !localReplicates.isEmpty {
        let design = JobDesign(sizes: sizes, times: times, jobs: jobs, groups: groups)
        try requireConfidence(localConfidence)
        // At a Bonferroni level such as 1 − 0.001/4 a percentile would be
        // the extreme replicate; the bootstrap standard error with Student's
        // t at the outer level's degrees of freedom is steadier there.
        let alpha = (1 - localConfidence) / Double(localReplicates.count)
        for j in localReplicates.indices {
            let k = (design.means[j + 1] - design.means[j]) / (log(groups.sizes[j + 1]) - log(groups.sizes[j]))
            let se = uncheckedVariance(localReplicates[j]).squareRoot()
            let t = studentTTwoSidedCritical(alpha, Double(max(outerDegrees[j] + outerDegrees[j + 1], 1)))
            localSlopes.append(LocalSlope(lowerSize: groups.sizes[j], upperSize: groups.sizes[j + 1],
                                          interval: ConfidenceInterval(estimate: k, lower: k - t * se, upper: k + t * se,
                                                                       confidence: 1 - alpha)))
        }
        // One interval, at the level each pair's simultaneous ones hold together.
        let k = top.slope(of: design.means)
        let se = uncheckedVariance(topReplicates).squareRoot()
        let degrees = top.indices.map { outerDegrees[$0] }.reduce(0, +)
        let t = studentTTwoSidedCritical(1 - localConfidence, Double(max(degrees, 1)))
        topSlope = LocalSlope(lowerSize: groups.sizes[top.indices.first!], upperSize: groups.sizes[top.indices.last!],
                              interval: ConfidenceInterval(estimate: k, lower: k - t * se, upper: k + t * se,
                                                           confidence: localConfidence))
    }
    return PowerLawFit(coefficient: exp(fit.intercept),
                       exponentInterval: interval,
                       passInterval: passInterval,
                       logLogFit: fit,
                       resampling: resampling,
                       localSlopes: localSlopes,
                       topSlope: topSlope)
}

/// The sizes of the sweep's upper half on log axes (see
/// ``PowerLawFit/topSlope``) and the weights that turn their means into
/// the least-squares slope, each size weighing 1.
struct TopHalf {
    let indices: Range<Int>
    let weights: [Double]

    init(_ logSizes: [Double]) {
        let middle = (logSizes.first! + logSizes.last!) / 2
        // The tolerance keeps a size at the exact log midpoint (1,000 of 100…10,000) in the top half.
        let first = min(logSizes.firstIndex { $0 >= middle - 1e-9 } ?? logSizes.count - 2, logSizes.count - 2)
        indices = first..<logSizes.count
        let x = indices.map { logSizes[$0] }
        let (xBar, sxx) = centring(x)
        weights = x.map { ($0 - xBar) / sxx }
    }

    /// The least-squares slope of `means` (one per size of the whole sweep) over the half.
    func slope(of means: [Double]) -> Double {
        var b = 0.0
        for (j, w) in zip(indices, weights) { b += w * means[j] }
        return b
    }
}

/// x̄ and Sxx = Σ (x − x̄)², each point weighing 1: (xⱼ − x̄)/Sxx weighs yⱼ
/// in the least-squares slope of y on x.
func centring(_ x: [Double]) -> (mean: Double, sxx: Double) {
    let xBar = x.reduce(0, +) / Double(x.count)
    var sxx = 0.0
    for v in x { sxx += (v - xBar) * (v - xBar) }
    return (xBar, sxx)
}

/// `interval` with each end moved away from the estimate by t_ν/z at its
/// confidence (see the file header).
func studentWidened(_ interval: ConfidenceInterval, degrees: Int) -> ConfidenceInterval {
    let alpha = 1 - interval.confidence
    let factor = studentTTwoSidedCritical(alpha, Double(max(degrees, 1))) / uncheckedNormalQuantile(1 - alpha / 2)
    return ConfidenceInterval(estimate: interval.estimate,
                              lower: interval.estimate - factor * (interval.estimate - interval.lower),
                              upper: interval.estimate + factor * (interval.upper - interval.estimate),
                              confidence: interval.confidence)
}

/// The two levels of one sweep's data: at each size, the log-times of each
/// job. Resampling draws jobs, then samples within each drawn job.
struct JobDesign {
    /// units[j][u]: ln t of job u at size j (one job per observation when
    /// jobs are unknown or a size has a single job — then the samples are the units).
    var units: [[[Double]]]
    /// ȳⱼ, the observed mean ln t at size j.
    var means: [Double]

    init(sizes: [Double], times: [Double], jobs: [Int]?, groups: SizeGroups) {
        var bySize: [Double: [Int: [Double]]] = [:]
        for i in sizes.indices {
            bySize[sizes[i], default: [:]][jobs?[i] ?? i, default: []].append(log(times[i]))
        }
        units = groups.sizes.map { size in
            let byJob = bySize[size]!
            // A size measured by one job: its samples are what varies.
            if byJob.count == 1 { return byJob.values.first!.map { [$0] } }
            return byJob.keys.sorted().map { byJob[$0]! }
        }
        means = groups.logTimes.map { $0.reduce(0, +) / Double($0.count) }
    }

    /// One bootstrap mean of size j: draw its units with replacement, then
    /// the samples inside each drawn unit; the observation-weighted mean is
    /// pulled back towards ȳⱼ by √(g/(g−1)) (see the file header).
    func resampledMean(_ j: Int, using generator: inout Xoshiro256StarStar) -> Double {
        let group = units[j]
        let g = group.count
        var sum = 0.0, count = 0
        for _ in 0..<g {
            let unit = group[generator.uniformIndex(below: g)]
            for _ in 0..<unit.count { sum += unit[generator.uniformIndex(below: unit.count)] }
            count += unit.count
        }
        let scale = g > 1 ? (Double(g) / Double(g - 1)).squareRoot() : 1
        return means[j] + scale * (sum / Double(count) - means[j])
    }
}
