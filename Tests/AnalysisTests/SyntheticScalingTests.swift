import Testing
import Analysis
import Statistics

/// The analysis's scaling fit (faster half of each size, intercepts,
/// exact counters) on synthetic timings of every class, with symmetric
/// 10 % log-normal noise and overhead from half to twice the variable cost
/// at the smallest size: the faster-half rule must not bend any class.
@Suite("Scaling fits on synthetic data of each class")
struct SyntheticScalingTests {
    @Test(arguments: ComplexityClass.allCases)
    func eachClassIsRecovered(complexity: ComplexityClass) {
        let sizes = [100, 200, 500, 1_000, 2_000, 5_000, 10_000]
        var correct = 0
        var seen: [String] = []
        for seed in 0..<20 {
            var s = SyntheticRun()
            s.rng = Xoshiro256StarStar(seed: UInt64(1_000 + seed))
            let ratio = 0.5 + 1.5 * s.rng.unitInterval()
            let perItem = 1e-6 / max(complexity.growth(10_000), 1)
            let overhead = complexity == .constant ? 1e-6 : ratio * perItem * complexity.growth(100)
            s.define("w", variants: ["v"], sizes: sizes, expectations: [])
            s.add(workload: "w", variant: "v", sizes: sizes, samples: 10, sigma: 0.10,
                  growth: complexity, perItem: complexity == .constant ? 0 : perItem, overhead: overhead,
                  counters: { ["work": complexity == .constant ? 5 : 3 + 2 * complexity.growth(Double($0))] })
            let series = RunAnalyzer().analyze(s.run).series[0]
            let label = series.time.classification?.complexity
            seen.append(label?.rawValue ?? "none")
            if label == ComplexityClassName(complexity) { correct += 1 }
            // The counter is exact whatever the noise.
            #expect(series.counter("work")?.complexity == ComplexityClassName(complexity))
            #expect(series.counter("work")?.isExact == true)
        }
        #expect(correct >= 19, "\(complexity): \(correct)/20, \(seen)")
    }

    @Test func linearWorkIsNeverCalledSuperlinear() {
        // 20 % noise and one slow run in ten: still never super-linear.
        for seed in 0..<20 {
            var s = SyntheticRun()
            s.rng = Xoshiro256StarStar(seed: UInt64(5_000 + seed))
            s.define("w", variants: ["v"], sizes: decadeSizes, expectations: [.scaling(variant: "v", metric: .time, claim: .linear)])
            s.add(workload: "w", variant: "v", sizes: decadeSizes, samples: 10, sigma: 0.2, growth: .linear)
            for i in s.jobs.indices { s.jobs[i].samples[3].wallSeconds *= 3 }
            let a = RunAnalyzer().analyze(s.run)
            #expect(a.series[0].growth.kind != .superlinear, "\(a.series[0].growth.reason)")
            #expect(a.verdicts[0].outcome != .fail, "\(a.verdicts[0].reason)")
        }
    }
}
