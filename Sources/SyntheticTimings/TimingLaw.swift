import Foundation
import Randomness

/// A known growth law t(n) = A + C·g(n), for checking the analysis's
/// verdicts against the truth.
///
/// A is set as a fraction of t at the smallest size of the sweep
/// (``intercept``: 0.05 means fixed overhead is 5 % of t(n₀)); C scales so
/// that t(n₀) is ``base`` seconds. Noise is log-normal: every sample is
/// t(n)·exp(σ_s·Z) and every job (worker process) multiplies all its
/// samples by exp(σ_p·Z′), the process-wide slowdown a real machine adds.
public struct TimingLaw: Sendable, Hashable, Codable {
    public var growth: Growth
    /// A / t(n₀).
    public var intercept: Double
    /// t(n₀) in seconds.
    public var base: Double

    public init(growth: Growth, intercept: Double, base: Double = 1e-4) {
        self.growth = growth; self.intercept = intercept; self.base = base
    }

    /// The growth shapes: the analysis's classes and the awkward ones
    /// between them.
    public enum Growth: String, Sendable, Hashable, Codable, CaseIterable {
        case constant, log, linear, nLogN = "n-log-n", n1_5 = "n-sqrt-n", nLog2N = "n-log2-n", knee, quadratic

        /// g(n). The knee is linear up to n = 1,000, then quadratic
        /// (continuous: n²/1,000 beyond).
        public func g(_ n: Double) -> Double {
            switch self {
            case .constant: 1
            case .log: Foundation.log(n)
            case .linear: n
            case .nLogN: n * Foundation.log(n)
            case .n1_5: n * n.squareRoot()
            case .nLog2N: n * Foundation.log(n) * Foundation.log(n)
            case .knee: n <= Self.kneeSize ? n : n * n / Self.kneeSize
            case .quadratic: n * n
            }
        }

        public static let kneeSize = 1_000.0

        /// Position among the claimable classes (constant 0, log 1,
        /// linear 2, n log n 3, quadratic 4): a class claim of rank c holds
        /// for the laws of rank ≤ c. The knee ranks as quadratic.
        public var rank: Double {
            switch self {
            case .constant: 0
            case .log: 1
            case .linear: 2
            case .nLogN: 3
            case .n1_5: 3.5
            case .nLog2N: 3.25
            case .knee, .quadratic: 4
            }
        }
    }

    /// The noiseless time at `n` for a sweep starting at `smallest`.
    public func time(_ n: Double, smallest: Double) -> Double {
        let g0 = max(growth.g(smallest), .leastNormalMagnitude)
        let a = intercept * base
        let c = (1 - intercept) * base / g0
        return growth == .constant ? base : a + c * growth.g(n)
    }

    /// The least-squares slope of ln t(n) on ln n over `sizes` (each size
    /// weighted by its share of the samples): the slope a perfect fit of
    /// the analysis's power law would find.
    public func trueSlope(sizes: [Int]) -> Double {
        let x = sizes.map { Foundation.log(Double($0)) }
        let y = sizes.map { Foundation.log(time(Double($0), smallest: Double(sizes.min()!))) }
        let xBar = x.reduce(0, +) / Double(x.count), yBar = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0, sxx = 0.0
        for i in x.indices { sxy += (x[i] - xBar) * (y[i] - yBar); sxx += (x[i] - xBar) * (x[i] - xBar) }
        return sxy / sxx
    }
}

/// Seeded log-normal noise for one job: the same (seed, size, job) gives
/// the same samples in every process, so a synthetic worker's output is
/// reproducible and a test can know it in advance.
public struct SyntheticNoise: Sendable, Hashable, Codable {
    /// σ of ln t between samples of a job.
    public var sample: Double
    /// σ of ln t between jobs (processes) at a size.
    public var process: Double
    public var seed: UInt64

    public init(sample: Double, process: Double = 0, seed: UInt64) {
        self.sample = sample; self.process = process; self.seed = seed
    }

    /// Seconds per iteration of `count` samples of job `job` at size `n`.
    public func samples(_ law: TimingLaw, n: Int, smallest: Int, job: Int, count: Int) -> [Double] {
        var rng = SplitMix64(seed: seed ^ (UInt64(n) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(job &+ 1) &* 0xD1B5_4A32_D192_ED03))
        let t = law.time(Double(n), smallest: Double(smallest))
        let shift = process * Self.standardNormal(&rng)
        return (0..<count).map { _ in t * exp(shift + sample * Self.standardNormal(&rng)) }
    }

    /// Box–Muller on two uniform draws in (0, 1].
    static func standardNormal(_ rng: inout SplitMix64) -> Double {
        let u1 = (Double(rng.next() >> 11) + 1) / 9_007_199_254_740_992
        let u2 = Double(rng.next() >> 11) / 9_007_199_254_740_992
        return (-2 * Foundation.log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
