import Foundation
import Statistics

/// How one series' time per iteration grows with N: three views of the same
/// samples, each from the Statistics module.
///
/// 1. Power law, `t ≈ c·n^k`: least squares of ln t on ln n, each size
///    weighing the same whatever its number of samples, with a
///    percentile-bootstrap interval on k that resamples the jobs of each
///    size and the samples within each job, and simultaneous intervals on
///    the slope between consecutive sizes
///    (``powerLawFit(sizes:times:resamples:confidence:seed:resampling:jobs:)``).
///    Overhead at small n pulls k below the class exponent, so k alone
///    does not name the class.
/// 2. Class, `t ≈ a + b·g(n)` with a, b ≥ 0 for each of O(1) … O(n³), fitted
///    on relative error with the intercept a — unlike Google Benchmark's
///    intercept-free `BigO` fit, fixed overhead does not make O(n) look like
///    O(log n) — and chosen by lack-of-fit χ² with likelihood-ratio margins
///    (``classifyComplexity(sizes:times:options:)``). Needs ≥ 3 sizes over
///    ≥ 1.5 decades and ≥ 2 samples per size. When every size was measured
///    by two or more jobs, the classifier sees one value per job (the
///    geometric mean of its samples): a process-wide slowdown is shared by
///    a job's samples, so only the spread between jobs is the noise a
///    lack-of-fit test must compare the curve's misfit with.
/// 3. Onset: local slopes between consecutive sizes with Bonferroni
///    intervals; the first whose interval lies above 1.1
///    (``superlinearOnset(sizes:times:threshold:confidence:)``).
///
/// Each view may be missing, with the Statistics error's message as the
/// reason (too few sizes, one sample per size…).
///
/// **Which clock.** Wall time by default. But on a shared machine wall
/// time measures the scheduler: when the series' median wall/CPU ratio
/// exceeds ``contentionThreshold`` (1.25 — the process held a core for less
/// than 80 % of its samples' wall time; single-threaded code on an idle
/// core shows 1.00–1.05) the fits use CPU time, which a time slice spent
/// on another process does not inflate, and ``clock`` says so: under load,
/// wall time per item of a fixed loop jumps between levels sample by
/// sample while its CPU time holds.
///
/// **Which samples.** Each size's samples pass a wide Hampel filter
/// before the fits (Hampel, JASA 69(346), 1974; Leys et al., J. Exp. Soc.
/// Psychol. 49(4), 2013): in groups of at least ``hampelMinimumGroup``
/// samples, on ln t, keep the values within 5·1.4826·MAD, and at least
/// ln 1.5, of the size's median. Contention that reaches the CPU clock too
/// (a busy hyperthread sibling, a vCPU the hypervisor shares) slows some
/// samples several times over; such a sample lies far beyond the band, so
/// the fits keep the clean mode. A narrower band drops clean log-normal
/// samples in small groups, because the MAD of a few values is itself noisy,
/// and the exponent's interval would then cover the truth less often than it
/// claims. Only the growth fits are filtered: the
/// cells keep every sample, and Tukey's fences still flag the slow ones in
/// the report.
public struct TimeScaling: Sendable, Equatable, Codable {
    /// The clock the three views were fitted on.
    public var clock: Clock
    /// Median over the series' samples of wall / CPU time (1 = never preempted); `nil` without CPU times.
    public var contention: Double?
    public var sizes: [Int]
    /// Median (wall) seconds per iteration at each size.
    public var medians: [Double]
    public var sampleCounts: [Int]

    public var powerLaw: PowerLaw?
    public var classification: Classification?
    public var onset: Onset?
    /// Why a view is missing, by view name ("power law", "class", "onset").
    public var unavailable: [String: String]

    public enum Clock: String, Sendable, Equatable, Codable { case wall, cpu }

    /// The classifier also reads three-size sweeps: with one degree of
    /// freedom left per two-parameter class it can still say that a class
    /// does not fit, which is what a verdict needs from it.
    static let classifierOptions: ComplexityOptions = {
        var o = ComplexityOptions()
        o.minimumSizes = 3
        return o
    }()

    /// Above this median wall/CPU ratio the fits switch to CPU time.
    public static let contentionThreshold = 1.25

    public struct PowerLaw: Sendable, Equatable, Codable {
        public var exponent: Double
        public var lower: Double
        public var upper: Double
        /// c, the time at n = 1 on the fitted line.
        public var coefficient: Double
        public var rSquared: Double
        /// Slopes between consecutive sizes of the size means, with
        /// simultaneous (Bonferroni) 99.9 % intervals from the same bootstrap:
        /// one pair alone can fail a claim, and `run --settle` looks again
        /// after every round, so its error rate must be held over all pairs
        /// and rounds, far below that of the whole-sweep exponent.
        public var localSlopes: [Onset.LocalSlope]?
        /// The slope over the sweep's upper half on log axes, with a 99.9 %
        /// interval (``PowerLawFit/topSlope``): where an intercept weighs
        /// least, the curve's own growth shows.
        public var topSlope: Onset.LocalSlope?
        /// The upper end of the 99.9 % interval, which a pass needs within
        /// the claim's band (``PowerLawFit/passInterval``).
        public var passUpper: Double
    }

    public struct Classification: Sendable, Equatable, Codable {
        public var complexity: ComplexityClassName
        /// Classes within their χ² margin of the best, ascending.
        public var plausible: [ComplexityClassName]
        public var isConclusive: Bool
        public var fitsWell: Bool
        /// Run-to-run noise: σ̂ of ln t within a size (0.1 ≈ 10 %).
        public var logNoise: Double
        /// a and b of the chosen class (seconds, seconds per unit of g(n)).
        public var intercept: Double
        public var coefficient: Double
        /// χ² of each class by `ComplexityClass.rawValue` (smaller fits better).
        public var chiSquared: [Double]
        public var margin: Double
        /// Lack-of-fit p-value of each class by `ComplexityClass.rawValue`
        /// (below 0.001: the class does not fit).
        public var lackOfFit: [Double]?

        /// True when `complexity` or a class below it passes the lack-of-fit test.
        public func admits(_ complexity: ComplexityClassName) -> Bool { bestFitting(upTo: complexity) != nil }

        /// The class up to `complexity` with the smallest χ² among those that fit.
        public func bestFitting(upTo complexity: ComplexityClassName) -> ComplexityClassName? {
            ComplexityClassName.allCases.filter { c in
                c <= complexity && (lackOfFit.map { $0[c.complexityClass.rawValue] >= Self.poorFit } ?? (c == self.complexity && fitsWell))
            }.min { chiSquared[$0.complexityClass.rawValue] < chiSquared[$1.complexityClass.rawValue] }
        }

        /// The class above `complexity` that fits better than every class
        /// up to it by more than half the χ² margin (the classifier's own
        /// threshold for calling a choice close), if any.
        public func steeperFit(than complexity: ComplexityClassName) -> ComplexityClassName? {
            let low = bestFitting(upTo: complexity).map { chiSquared[$0.complexityClass.rawValue] } ?? .infinity
            return ComplexityClassName.allCases.filter { $0 > complexity && chiSquared[$0.complexityClass.rawValue] < low - margin / 2 }
                .min { chiSquared[$0.complexityClass.rawValue] < chiSquared[$1.complexityClass.rawValue] }
        }

        /// The lack-of-fit p-value below which a class does not fit.
        public static let poorFit = ComplexityOptions().poorFitPValue
    }

    public struct Onset: Sendable, Equatable, Codable {
        public var slopes: [LocalSlope]
        /// Lower size of the first pair significantly steeper than n^1.1, if any.
        public var onsetSize: Int?
        public struct LocalSlope: Sendable, Equatable, Codable {
            public var from: Int
            public var to: Int
            public var slope: Double
            public var lower: Double
            public var upper: Double
        }
    }

    /// Fits all three views to the cells of one series.
    ///
    /// - Parameters:
    ///   - samples: size → seconds per iteration of every sample at that size.
    ///   - resamples: bootstrap resamples for the exponent's interval.
    ///   - seed: fixes the bootstrap.
    ///   - cpuSamples: the same samples' CPU seconds per iteration (same order), or empty.
    ///   - jobs: the job (worker process) of each sample (same order), or empty
    ///     when each size was measured by one job.
    static func fit(samples: [Int: [Double]], cpuSamples: [Int: [Double]] = [:], jobs: [Int: [Int]] = [:],
                    resamples: Int, seed: UInt64) -> TimeScaling {
        let sizes = samples.keys.sorted()
        var ratios: [Double] = []
        for size in sizes {
            guard let cpu = cpuSamples[size], cpu.count == samples[size]!.count else { ratios = []; break }
            for (w, c) in zip(samples[size]!, cpu) where c > 0 && w > 0 { ratios.append(w / c) }
        }
        let contention = ratios.isEmpty ? nil : try? median(ratios)
        let clock: Clock = (contention ?? 1) > contentionThreshold ? .cpu : .wall
        let fitted = clock == .cpu ? cpuSamples : samples
        var n: [Double] = [], t: [Double] = [], job: [Int] = []
        for size in sizes {
            let values = fitted[size]!
            let owners = jobs[size].flatMap { $0.count == values.count ? $0 : nil } ?? Array(repeating: 0, count: values.count)
            for i in hampelKept(values) {
                n.append(Double(size)); t.append(values[i]); job.append(size &* 1_000 &+ owners[i])
            }
        }
        var result = TimeScaling(
            clock: clock, contention: contention, sizes: sizes, medians: sizes.map { (try? median(samples[$0]!)) ?? .nan },
            sampleCounts: sizes.map { samples[$0]!.count },
            powerLaw: nil, classification: nil, onset: nil, unavailable: [:])
        do {
            let fit = try powerLawFit(sizes: n, times: t, resamples: resamples, seed: seed, jobs: job)
            result.powerLaw = PowerLaw(exponent: fit.exponent, lower: fit.exponentInterval.lower,
                                       upper: fit.exponentInterval.upper, coefficient: fit.coefficient,
                                       rSquared: fit.logLogFit.rSquared,
                                       localSlopes: fit.localSlopes.map {
                                           .init(from: Int($0.lowerSize), to: Int($0.upperSize), slope: $0.slope,
                                                 lower: $0.interval.lower, upper: $0.interval.upper)
                                       },
                                       topSlope: fit.topSlope.map {
                                           .init(from: Int($0.lowerSize), to: Int($0.upperSize), slope: $0.slope,
                                                 lower: $0.interval.lower, upper: $0.interval.upper)
                                       },
                                       passUpper: fit.passInterval.upper)
        } catch { result.unavailable["power law"] = "\(error)" }
        do {
            let (cn, ct) = Self.perJobIfReplicated(n: n, t: t, jobs: job)
            let c = try classifyComplexity(sizes: cn, times: ct, options: Self.classifierOptions)
            result.classification = Classification(
                complexity: ComplexityClassName(c.complexity), plausible: c.plausible.map(ComplexityClassName.init),
                isConclusive: c.isConclusive, fitsWell: c.fitsWell, logNoise: c.logNoiseStandardDeviation,
                intercept: c.chosenFit.intercept, coefficient: c.chosenFit.coefficient,
                chiSquared: c.fits.map(\.chiSquared), margin: c.margin, lackOfFit: c.fits.map(\.lackOfFitPValue))
        } catch { result.unavailable["class"] = "\(error)" }
        do {
            let o = try superlinearOnset(sizes: n, times: t)
            result.onset = Onset(
                slopes: o.slopes.map {
                    .init(from: Int($0.lowerSize), to: Int($0.upperSize), slope: $0.slope,
                          lower: $0.interval.lower, upper: $0.interval.upper)
                },
                onsetSize: o.onsetSize.map { Int($0) })
        } catch { result.unavailable["onset"] = "\(error)" }
        return result
    }

    /// One (n, geometric mean) per job when every size has ≥ 2 jobs; the samples otherwise.
    static func perJobIfReplicated(n: [Double], t: [Double], jobs: [Int]) -> ([Double], [Double]) {
        var logs: [Int: (size: Double, sum: Double, count: Int)] = [:]
        for i in n.indices { logs[jobs[i], default: (n[i], 0, 0)].sum += log(t[i]); logs[jobs[i]]!.count += 1 }
        var perSize: [Double: Int] = [:]
        for v in logs.values { perSize[v.size, default: 0] += 1 }
        guard perSize.values.allSatisfy({ $0 >= 2 }) else { return (n, t) }
        let keys = logs.keys.sorted()
        return (keys.map { logs[$0]!.size }, keys.map { exp(logs[$0]!.sum / Double(logs[$0]!.count)) })
    }

    /// Smallest size group the Hampel filter touches.
    static let hampelMinimumGroup = 8

    /// Indices of the positive, finite values whose ln lies within
    /// 5·1.4826·MAD (at least ln 1.5) of the median ln; all of them in
    /// groups smaller than ``hampelMinimumGroup``.
    static func hampelKept(_ values: [Double]) -> [Int] {
        let clean = values.indices.filter { values[$0] > 0 && values[$0].isFinite }
        guard clean.count >= hampelMinimumGroup else { return clean }
        let logs = clean.map { log(values[$0]) }
        guard let centre = try? median(logs), let mad = try? medianAbsoluteDeviation(logs) else { return clean }
        let band = max(5 * madNormalConsistency * mad, log(1.5))
        return zip(clean, logs).filter { abs($0.1 - centre) <= band }.map(\.0)
    }
}
