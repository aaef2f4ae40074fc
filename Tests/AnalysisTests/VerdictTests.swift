import Foundation
import Testing
import Analysis
import Statistics
import Workloads

@Suite("Expectation verdicts")
struct VerdictTests {
    func verdicts(_ build: (inout SyntheticRun) -> Void) -> [ExpectationVerdict] {
        var s = SyntheticRun()
        build(&s)
        return RunAnalyzer().analyze(s.run).verdicts
    }

    @Test func linearTimeWithLinearCountersPasses() {
        let v = verdicts { s in
            s.define("blocks", variants: ["independent"], sizes: decadeSizes,
                     expectations: [.scaling(variant: "independent", metric: .time, claim: .linear),
                                    .scaling(variant: "independent", metric: .counter("pivots"), claim: .linear)])
            s.add(workload: "blocks", variant: "independent", sizes: decadeSizes, growth: .linear,
                  counters: { ["pivots": Double(5 * $0 + 2)] })
        }
        #expect(v.map(\.outcome) == [.pass, .pass], "\(v.map(\.reason))")
    }

    @Test func quadraticTimeFailsALinearClaim() {
        let v = verdicts { s in
            s.define("linked", variants: ["chain"], sizes: decadeSizes,
                     expectations: [.scaling(variant: "chain", metric: .time, claim: .linear)])
            s.add(workload: "linked", variant: "chain", sizes: decadeSizes, growth: .quadratic, perItem: 1e-12)
        }
        #expect(v[0].outcome == .fail, "\(v[0].reason)")
        #expect(v[0].reason.contains("O(n²)"))
        #expect(v[0].figures.contains { $0.label == "exponent" && $0.value > 1.5 })
    }

    @Test func superlinearTimeWithExactlyLinearCountersIsNeverCalledAFailure() {
        // The cache cliff: time grows as n log n, the engine's counted work stays exactly linear.
        let v = verdicts { s in
            s.define("toggle", variants: ["toggle"], sizes: decadeSizes,
                     expectations: [.scaling(variant: "toggle", metric: .time, claim: .linear)])
            s.add(workload: "toggle", variant: "toggle", sizes: decadeSizes, growth: .quadratic, perItem: 1e-12,
                  counters: { ["rows touched": Double(3 * $0)] })
        }
        #expect(v[0].outcome == .inconclusive, "\(v[0].reason)")
        #expect(v[0].reason.contains("machine"))
    }

    /// Cells whose first items are cheaper (the feed cell's rows touched:
    /// 41 per cell less 74) count linear work within 5 %: a time growing
    /// faster is the machine, not a failure; such counters never pass a
    /// claim on their own.
    @Test func nearlyLinearCountersKeepSteepTimeFromFailingButPassNothing() {
        let sizes = [10, 50, 100, 500]
        let steep = verdicts { s in
            s.define("feed", variants: ["cells"], sizes: sizes,
                     expectations: [.scaling(variant: "cells", metric: .time, claim: .linear)])
            s.add(workload: "feed", variant: "cells", sizes: sizes, growth: .quadratic, perItem: 1e-9,
                  counters: { ["rowsTouched": Double(41 * $0 - 74 + ($0 % 7))] })
        }
        #expect(steep[0].outcome == .inconclusive, "\(steep[0].reason)")
        #expect(steep[0].reason.contains("machine") && steep[0].reason.contains("within 5 %"), "\(steep[0].reason)")

        let noisy = verdicts { s in
            s.define("feed", variants: ["cells"], sizes: [1_000, 10_000, 100_000],
                     expectations: [.scaling(variant: "cells", metric: .time, claim: .linear)])
            s.add(workload: "feed", variant: "cells", sizes: [1_000, 10_000, 100_000], samples: 3, sigma: 1.5, growth: .linear,
                  counters: { ["rowsTouched": Double(41 * $0 - 7_400 + ($0 % 7))] })
        }
        #expect(noisy[0].outcome == .inconclusive, "\(noisy[0].reason)")
    }

    @Test func noisyTimeIsSettledByCounters() {
        // Three samples with σ 1.5: the exponent's interval straddles the
        // claim; the counter's exact fit settles it.
        let sizes = [1_000, 10_000, 100_000]
        let v = verdicts { s in
            s.define("feed", variants: ["cells"], sizes: sizes,
                     expectations: [.scaling(variant: "cells", metric: .time, claim: .linear)])
            s.add(workload: "feed", variant: "cells", sizes: sizes, samples: 3, sigma: 1.5, growth: .linear,
                  counters: { ["layouts": Double($0)] })
        }
        #expect(v[0].outcome == .pass, "\(v[0].reason)")
        #expect(v[0].reason.contains("counter"))
    }

    /// A counter with a content step between two sizes (self-sizing cells'
    /// fill-in: per cell flat from 2,500 on, higher than at 800) fits
    /// n log n within 5 % at an exponent just past linear's band: too thin
    /// to fail a claim the time leaves open. Growth that clears the band
    /// by more than 5 % can move it still fails it.
    @Test func aCountersContentStepDoesNotSettleAFailure() {
        let sizes = [25, 80, 250, 800, 2_500]
        let fillIn: [Int: Double] = [25: 21, 80: 21, 250: 160, 800: 493, 2_500: 1_854]
        func verdict(_ counter: @escaping (Int) -> Double) -> ExpectationVerdict {
            verdicts { s in
                s.define("cells", variants: ["own"], sizes: sizes,
                         expectations: [.scaling(variant: "own", metric: .time, claim: .linear)])
                s.add(workload: "cells", variant: "own", sizes: sizes, samples: 3, sigma: 1.5, growth: .linear,
                      counters: { ["fillIn": counter($0)] })
            }[0]
        }
        let step = verdict { fillIn[$0]! }
        #expect(step.outcome == .inconclusive, "\(step.reason)")
        let growth = verdict { pow(Double($0), 1.25) }
        #expect(growth.outcome == .fail && growth.reason.contains("counter fillIn"), "\(growth.reason)")
    }

    @Test func tooFewSizesAreInconclusive() {
        let v = verdicts { s in
            s.define("few", variants: ["a"], sizes: [100, 200],
                     expectations: [.scaling(variant: "a", metric: .time, claim: .linear)])
            s.add(workload: "few", variant: "a", sizes: [100, 200], sigma: 0.3, growth: .linear)
        }
        #expect(v[0].outcome == .inconclusive, "\(v[0].reason)")
    }

    /// Three sizes cannot tell an intercept from a steeper class, so a
    /// linear law with a large fixed cost passes on them only when the top
    /// of the curve is within on its own; a fourth size lets the class fit
    /// vouch for it.
    @Test func threeSizesPassOnlyOnTheTopOfTheCurve() {
        func verdict(_ sizes: [Int], sigma: Double) -> ExpectationVerdict {
            verdicts { s in
                s.define("fixed", variants: ["a"], sizes: sizes,
                         expectations: [.scaling(variant: "a", metric: .time, claim: .linear)])
                s.add(workload: "fixed", variant: "a", sizes: sizes, sigma: sigma, growth: .linear, overhead: 1e-5)
            }[0]
        }
        let noisy = verdict([100, 1_000, 10_000], sigma: 0.15)
        #expect(noisy.outcome == .inconclusive, "\(noisy.reason)")
        #expect(noisy.reason.contains("3 sizes cannot tell O(n) with an intercept from a steeper class")
                && noisy.reason.contains("a size beyond n = 10,000 would settle it"), "\(noisy.reason)")
        let quiet = verdict([100, 1_000, 10_000], sigma: 0.01)
        #expect(quiet.outcome == .pass, "\(quiet.reason)")
        let four = verdict([100, 464, 2_154, 10_000], sigma: 0.15)
        #expect(four.outcome == .pass, "\(four.reason)")
    }

    @Test func ratioClaims() {
        let sizes = [100, 1_000, 10_000]
        let v = verdicts { s in
            s.define("churn", variants: ["churn", "grouped"], sizes: sizes, expectations: [
                .ratio(cheaper: "grouped", than: "churn", factor: 2, metric: .time, size: nil),
                .ratio(cheaper: "grouped", than: "churn", factor: 20, metric: .time, size: nil),
                .ratio(cheaper: "grouped", than: "churn", factor: 3, metric: .counter("constraints"), size: 1_000),
            ])
            s.add(workload: "churn", variant: "churn", sizes: sizes, growth: .linear, perItem: 1e-6,
                  counters: { ["constraints": Double(10 * $0)] })
            s.add(workload: "churn", variant: "grouped", sizes: sizes, growth: .linear, perItem: 1e-7,
                  counters: { ["constraints": Double(2 * $0)] })
        }
        #expect(v.map(\.outcome) == [.pass, .fail, .pass], "\(v.map(\.reason))")
    }

    @Test func aFailedRatioNamesItsWorstSizeAndHowManyFailed() {
        let sizes = [10, 100, 1_000]
        let v = verdicts { s in
            s.define("w", variants: ["a", "b"], sizes: sizes, expectations: [
                .ratio(cheaper: "a", than: "b", factor: 4, metric: .counter("work"), size: nil),
                .ratio(cheaper: "a", than: "b", factor: 4, metric: .counter("work"), size: 100),
            ])
            s.add(workload: "w", variant: "a", sizes: sizes, growth: .linear,
                  counters: { ["work": $0 == 10 ? 20 : $0 == 100 ? 30 : 50] })
            s.add(workload: "w", variant: "b", sizes: sizes, growth: .linear, counters: { _ in ["work": 100] })
        }
        #expect(v.map(\.outcome) == [.fail, .fail], "\(v.map(\.reason))")
        // Ratios 0.2, 0.3 and 0.5 against a claimed 0.25: the worst (n = 1000) leads.
        #expect(v[0].reason.hasPrefix("a/b = 0.500× at n = 1000"), "\(v[0].reason)")
        #expect(v[0].reason.contains("a costs more than ¼ of b"), "\(v[0].reason)")
        #expect(v[0].reason.hasSuffix("more at 2 of 3 sizes (least 0.300× at n = 100)"), "\(v[0].reason)")
        #expect(v[1].reason.hasPrefix("a/b = 0.300× at n = 100") && !v[1].reason.contains("of 1 sizes"), "\(v[1].reason)")
    }

    /// An open verdict names the size whose interval leaves it open, not
    /// the size with the highest ratio (a tight 0.45× at n = 10 and a noisy
    /// 0.40× at n = 100 against a claimed 0.5×: n = 100 decides).
    @Test func anInconclusiveRatioNamesTheSizeThatLeavesItOpen() {
        let v = verdicts { s in
            s.define("w", variants: ["a", "b"], sizes: [10, 100], expectations: [
                .ratio(cheaper: "a", than: "b", factor: 2, metric: .time, size: nil),
            ])
            s.add(workload: "w", variant: "b", sizes: [10, 100], sigma: 0.001, growth: .linear, perItem: 1e-6, overhead: 0)
            s.add(workload: "w", variant: "a", sizes: [10], sigma: 0.001, growth: .linear, perItem: 0.45e-6, overhead: 0)
            s.add(workload: "w", variant: "a", sizes: [100], sigma: 0.6, growth: .linear, perItem: 0.40e-6, overhead: 0)
        }
        #expect(v[0].outcome == .inconclusive, "\(v[0].reason)")
        #expect(v[0].reason.hasPrefix("a/b = ") && v[0].reason.contains("at n = 100: the interval reaches past"), "\(v[0].reason)")
        #expect(v[0].reason.hasSuffix("(the highest ratio is 0.450× at n = 10)"), "\(v[0].reason)")
    }

    @Test func counterBoundsAndDigests() {
        let sizes = [10, 100, 1_000]
        let v = verdicts { s in
            s.define("text", variants: ["override", "measured"], sizes: sizes, expectations: [
                .counter(variant: "override", counter: "text measurements", bound: .equals(0)),
                .counter(variant: "measured", counter: "text measurements", bound: .atMost(500)),
                .counter(variant: nil, counter: "no such counter", bound: .atMost(1)),
                .sameDigest(variants: ["override", "measured"]),
            ])
            s.add(workload: "text", variant: "override", sizes: sizes, growth: .linear,
                  counters: { _ in ["text measurements": 0] })
            s.add(workload: "text", variant: "measured", sizes: sizes, growth: .linear,
                  counters: { ["text measurements": Double($0)] }, digest: { $0 == 1_000 ? "other" : "d\($0)" })
        }
        #expect(v.map(\.outcome) == [.pass, .fail, .inconclusive, .fail], "\(v.map(\.reason))")
        #expect(v[1].reason.contains("n = 1000"))
        #expect(v[3].reason.contains("n = 1000"))
    }

    @Test func missingAndFailedVariantsAreInconclusiveWithTheReason() {
        let v = verdicts { s in
            s.define("w", variants: ["a", "b"], sizes: [10, 100, 1000], expectations: [
                .scaling(variant: "b", metric: .time, claim: .linear),
                .scaling(variant: "c", metric: .time, claim: .linear),
            ])
            s.add(workload: "w", variant: "a", sizes: [10, 100, 1000], growth: .linear)
            s.add(workload: "w", variant: "b", sizes: [10, 100, 1000], growth: .linear, failed: [10, 100, 1000])
        }
        #expect(v.map(\.outcome) == [.inconclusive, .inconclusive])
        #expect(v[0].reason.contains("unsatisfiable"))
        #expect(v[1].reason.contains("no job"))
    }

    @Test func analysisIsDeterministic() {
        var s = SyntheticRun()
        s.define("blocks", variants: ["a", "b"], sizes: decadeSizes,
                 expectations: [.scaling(variant: "a", metric: .time, claim: .linear)])
        s.add(workload: "blocks", variant: "a", sizes: decadeSizes, sigma: 0.2, growth: .linear)
        s.add(workload: "blocks", variant: "b", sizes: decadeSizes, sigma: 0.2, growth: .linearithmic)
        let run = s.run
        #expect(RunAnalyzer().analyze(run) == RunAnalyzer().analyze(run))
    }
}

@Suite("Contended wall time")
struct ContentionTests {
    /// Wall time that jumps between 1×, 2.5× and 4× (another process holding
    /// the core) on linear work: the fit moves to CPU time and says so.
    @Test func fitsMoveToCPUTimeAndSaySo() {
        var s = SyntheticRun()
        s.define("w", variants: ["v"], sizes: decadeSizes, expectations: [.scaling(variant: "v", metric: .time, claim: .linear)])
        s.add(workload: "w", variant: "v", sizes: decadeSizes, samples: 9, sigma: 0.02, growth: .linear)
        let levels = [1.0, 2.5, 4.0]
        for j in s.jobs.indices {
            for i in s.jobs[j].samples.indices {
                // CPU time is the clean time; wall time is stretched by a level that depends on the size's position.
                let clean = s.jobs[j].samples[i].wallSeconds
                s.jobs[j].samples[i].cpuSeconds = clean
                s.jobs[j].samples[i].wallSeconds = clean * levels[(i + (j % 2 == 0 ? 0 : 2) + (j > 4 ? 1 : 0)) % 3] * (j >= 5 ? 1.6 : 1)
            }
        }
        let a = RunAnalyzer().analyze(s.run)
        #expect(a.series[0].time.clock == .cpu)
        #expect(a.series[0].time.classification?.complexity == .linear)
        #expect(a.verdicts[0].outcome == .pass, "\(a.verdicts[0].reason)")
        #expect(a.verdicts[0].reason.contains("CPU time"))
    }
}
