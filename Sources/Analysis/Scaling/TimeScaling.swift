import Foundation
import Statistics

/// How one series' time per iteration grows with N: three views of the same
/// samples, each from the Statistics module.
///
/// 1. Power law, `t ≈ c·n^k`: OLS of ln t on ln n over every sample, with a
///    percentile-bootstrap interval on k that resamples within each size
///    (``powerLawFit(sizes:times:resamples:confidence:seed:resampling:)``).
///    Overhead at small n pulls k below the class exponent, so k alone
///    does not name the class.
/// 2. Class, `t ≈ a + b·g(n)` with a, b ≥ 0 for each of O(1) … O(n³), fitted
///    on relative error with the intercept a — unlike Google Benchmark's
///    intercept-free `BigO` fit, fixed overhead does not make O(n) look like
///    O(log n) — and chosen by lack-of-fit χ² with likelihood-ratio margins
///    (``classifyComplexity(sizes:times:options:)``). Needs ≥ 4 sizes over
///    ≥ 1.5 decades and ≥ 2 samples per size.
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
/// **Which samples.** Each size's samples pass a Hampel filter before the
/// fits (Hampel, JASA 69(346), 1974; Leys et al., J. Exp. Soc. Psychol.
/// 49(4), 2013): on ln t, keep the values within
/// 3·1.4826·MAD (at least ±1 %) of the size's median. The classifier's
/// Hodges–Lehmann centre breaks down when more than 29 % of samples are
/// slowed; the median and MAD only at 50 %. Contention that reaches the
/// CPU clock too (a busy hyperthread sibling, a vCPU the hypervisor
/// shares) slows some samples several times over, which can bend a linear
/// kernel into O(n log n) (`CalibrationTests`); the filter leaves the
/// clean mode. Symmetric noise loses almost nothing
/// (±4.4σ). Only the growth fits are filtered: the cells keep every sample,
/// and Tukey's fences still flag the slow ones in the report.
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

    /// Above this median wall/CPU ratio the fits switch to CPU time.
    public static let contentionThreshold = 1.25

    public struct PowerLaw: Sendable, Equatable, Codable {
        public var exponent: Double
        public var lower: Double
        public var upper: Double
        /// c, the time at n = 1 on the fitted line.
        public var coefficient: Double
        public var rSquared: Double
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
    static func fit(samples: [Int: [Double]], cpuSamples: [Int: [Double]] = [:], resamples: Int, seed: UInt64) -> TimeScaling {
        let sizes = samples.keys.sorted()
        var ratios: [Double] = []
        for size in sizes {
            guard let cpu = cpuSamples[size], cpu.count == samples[size]!.count else { ratios = []; break }
            for (w, c) in zip(samples[size]!, cpu) where c > 0 && w > 0 { ratios.append(w / c) }
        }
        let contention = ratios.isEmpty ? nil : try? median(ratios)
        let clock: Clock = (contention ?? 1) > contentionThreshold ? .cpu : .wall
        let fitted = clock == .cpu ? cpuSamples : samples
        var n: [Double] = [], t: [Double] = []
        for size in sizes {
            for v in hampelFiltered(fitted[size]!) {
                n.append(Double(size)); t.append(v)
            }
        }
        var result = TimeScaling(
            clock: clock, contention: contention, sizes: sizes, medians: sizes.map { (try? median(samples[$0]!)) ?? .nan },
            sampleCounts: sizes.map { samples[$0]!.count },
            powerLaw: nil, classification: nil, onset: nil, unavailable: [:])
        do {
            let fit = try powerLawFit(sizes: n, times: t, resamples: resamples, seed: seed)
            result.powerLaw = PowerLaw(exponent: fit.exponent, lower: fit.exponentInterval.lower,
                                       upper: fit.exponentInterval.upper, coefficient: fit.coefficient,
                                       rSquared: fit.logLogFit.rSquared)
        } catch { result.unavailable["power law"] = "\(error)" }
        do {
            let c = try classifyComplexity(sizes: n, times: t)
            result.classification = Classification(
                complexity: ComplexityClassName(c.complexity), plausible: c.plausible.map(ComplexityClassName.init),
                isConclusive: c.isConclusive, fitsWell: c.fitsWell, logNoise: c.logNoiseStandardDeviation,
                intercept: c.chosenFit.intercept, coefficient: c.chosenFit.coefficient,
                chiSquared: c.fits.map(\.chiSquared), margin: c.margin)
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

    /// The positive, finite values whose ln lies within 3·1.4826·MAD (at
    /// least ln 1.01) of the median ln; all of them when fewer than 4.
    static func hampelFiltered(_ values: [Double]) -> [Double] {
        let clean = values.filter { $0 > 0 && $0.isFinite }
        guard clean.count >= 4 else { return clean }
        let logs = clean.map { log($0) }
        guard let centre = try? median(logs), let mad = try? medianAbsoluteDeviation(logs) else { return clean }
        let band = max(3 * madNormalConsistency * mad, log(1.01))
        return zip(clean, logs).filter { abs($0.1 - centre) <= band }.map(\.0)
    }

    /// True when the time alone shows growth faster than linear beyond
    /// reasonable doubt: the chosen class is above O(n), conclusively and
    /// with a good fit, no class ≤ O(n) is plausible, and the exponent's
    /// whole interval lies above 1 + `tolerance`. Noise, overhead or a
    /// single steep pair of sizes is not enough.
    public func conclusivelyBeyond(_ claim: ComplexityClassName, exponent claimExponent: Double,
                                   tolerance: Double) -> Bool {
        guard let c = classification, let p = powerLaw else { return false }
        return c.complexity > claim && c.isConclusive && c.fitsWell
            && !c.plausible.contains { $0 <= claim }
            && p.lower > claimExponent + tolerance
    }

    /// True when the time shows growth no faster than `claim`: the chosen
    /// class is at most `claim` and either the choice is conclusive or every
    /// plausible class is at most `claim` too. A failed lack-of-fit test does
    /// not veto this: with very quiet timings (σ < 1 %) a cache step of a few
    /// per cent fails it, yet no class above `claim` fits better.
    public func within(_ claim: ComplexityClassName) -> Bool {
        guard let c = classification else { return false }
        return c.complexity <= claim && (c.isConclusive || c.plausible.allSatisfy { $0 <= claim })
    }
}
