import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Synthetic timing experiments for the growth-analysis tests.

/// A timing experiment following `complexity`:
/// t = (a + b·g(n)) · e^(σZ), b = 1, a = ratio · g(n_min) (ratio drawn from
/// `interceptRatio`), `runs` runs per size. With `spikeRate` > 0 a run is,
/// with that probability, slowed by a factor from 1.5 to 3 (a preemption).
/// O(1) data are t = e^(σZ).
struct TimingScenario: Sendable, CustomStringConvertible {
    var name: String
    var sizes: [Double]
    var runs: Int
    var sigma: Double
    var interceptRatio: ClosedRange<Double> = 0.5...2
    var spikeRate: Double = 0

    var description: String { name }

    func generate(_ complexity: ComplexityClass, using rng: inout Xoshiro256StarStar) -> TimingData {
        let ratio = interceptRatio.lowerBound + (interceptRatio.upperBound - interceptRatio.lowerBound) * rng.unitInterval()
        let a = complexity == .constant ? 1 : ratio * complexity.growth(sizes[0])
        let b = complexity == .constant ? 0 : 1.0
        var n: [Double] = []
        var t: [Double] = []
        for size in sizes {
            for _ in 0..<runs {
                var time = (a + b * complexity.growth(size)) * exp(sigma * rng.standardNormal())
                if spikeRate > 0, rng.unitInterval() < spikeRate {
                    time *= 1.5 + 1.5 * rng.unitInterval()
                }
                n.append(size)
                t.append(time)
            }
        }
        return TimingData(sizes: n, times: t, intercept: a, coefficient: b, complexity: complexity)
    }
}

/// One synthetic experiment and the truth behind it.
struct TimingData {
    var sizes: [Double]
    var times: [Double]
    var intercept: Double
    var coefficient: Double
    var complexity: ComplexityClass

    /// The noise-free time at n.
    func trueTime(_ n: Double) -> Double { intercept + coefficient * complexity.growth(n) }
}

/// The noise settings the accuracy tests assert on: noise a shared 2-core
/// machine actually shows (5–15 % run to run, now and then a preempted run),
/// overheads from half to twice the variable cost at the smallest size.
let accuracyScenarios: [TimingScenario] = [
    TimingScenario(name: "1k…100k, 9 sizes × 10 runs, σ = 10 %",
                   sizes: logSpacedSizes(from: 3, to: 5, count: 9), runs: 10, sigma: 0.10),
    TimingScenario(name: "10…1000, 9 sizes × 5 runs, σ = 15 %",
                   sizes: logSpacedSizes(from: 1, to: 3, count: 9), runs: 5, sigma: 0.15),
    TimingScenario(name: "1k…100k, 13 sizes × 15 runs, σ = 15 %",
                   sizes: logSpacedSizes(from: 3, to: 5, count: 13), runs: 15, sigma: 0.15),
    TimingScenario(name: "1k…100k, 13 sizes × 10 runs, σ = 10 %, 5 % spikes ×1.5–3",
                   sizes: logSpacedSizes(from: 3, to: 5, count: 13), runs: 10, sigma: 0.10, spikeRate: 0.05),
]
