import Testing
import Foundation
import Statistics
@testable import Comparison

/// Synthetic timings: `scale` × (1 + noise) with Gaussian noise of relative size `cv`.
private func timings(_ n: Int, scale: Double, cv: Double, rng: inout Xoshiro256StarStar) -> [Double] {
    (0..<n).map { _ in
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &rng), u2 = Double.random(in: 0..<1, using: &rng)
        let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        return scale * max(0.5, 1 + cv * z)
    }
}

private func suite(cells: Int, slowdown: Double, cv: Double, samples: Int, seed: UInt64,
                   baseCounters: [String: Double] = ["pivots": 10], candidateCounters: [String: Double] = ["pivots": 10],
                   candidateDigest: String = "d") -> SuiteComparison {
    var rng = Xoshiro256StarStar(seed: seed)
    var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
    for i in 0..<cells {
        let key = CellKey(workload: "w\(i % 4)", variant: "v", size: 10 * (i + 1))
        let s = 1e-4 * Double(i + 1)
        base[key] = SideMeasurements(secondsPerIteration: timings(samples, scale: s, cv: cv, rng: &rng), counters: baseCounters, digest: "d")
        candidate[key] = SideMeasurements(secondsPerIteration: timings(samples, scale: s * slowdown, cv: cv, rng: &rng),
                                          counters: candidateCounters, digest: candidateDigest)
    }
    return SuiteComparison(base: base, candidate: candidate, policy: ComparisonPolicy())
}

@Suite struct ComparisonTests {
    @Test func sameDistributionRaisesFalseAlarmInFewerThanOnePercentOfSuites() {
        var alarms = 0
        for seed in 1...100 where suite(cells: 12, slowdown: 1, cv: 0.04, samples: 15, seed: UInt64(seed)).hasRegression {
            alarms += 1
        }
        #expect(alarms <= 1)
    }

    @Test func fivePercentSlowdownIsFlaggedAtModerateNoise() {
        var detected = 0, cellsSeen = 0
        for seed in 1...40 {
            let s = suite(cells: 5, slowdown: 1.05, cv: 0.02, samples: 15, seed: UInt64(seed))
            for c in s.cells { cellsSeen += 1; if c.verdict == .slower { detected += 1 } }
            #expect(s.exitCode == 1)
        }
        #expect(Double(detected) >= 0.95 * Double(cellsSeen))
    }

    @Test func smallerChangeThanThresholdIsSameWhenPrecise() {
        let s = suite(cells: 4, slowdown: 1.01, cv: 0.01, samples: 30, seed: 7)
        #expect(s.cells.allSatisfy { $0.verdict == .same }, "\(s.cells.map(\.verdict))")
        #expect(s.exitCode == 0)
    }

    @Test func noisyCellsStayUnknownForMoreSamples() {
        let s = suite(cells: 3, slowdown: 1.0, cv: 0.3, samples: 6, seed: 3)
        #expect(s.undecided.count == 3)
        #expect(s.exitCode == 0)
    }

    @Test func fasterIsReportedAsFaster() {
        let s = suite(cells: 3, slowdown: 0.8, cv: 0.02, samples: 15, seed: 11)
        #expect(s.cells.allSatisfy { $0.verdict == .faster })
        #expect(s.exitCode == 0)
    }

    @Test func moreCounterWorkIsARegressionEvenInsideTheNoise() throws {
        let s = suite(cells: 2, slowdown: 1, cv: 0.02, samples: 15, seed: 5,
                      baseCounters: ["pivots": 10, "rows": 4], candidateCounters: ["pivots": 11, "rows": 4])
        #expect(s.cells.allSatisfy { $0.verdict == .moreWork })
        let change = try #require(s.cells.first?.counterChanges.first)
        #expect(change.name == "pivots" && change.delta == 1 && change.ratio == 1.1)
        #expect(s.exitCode == 1)
    }

    @Test func lessCounterWorkIsNotARegression() {
        let s = suite(cells: 2, slowdown: 1, cv: 0.01, samples: 20, seed: 5,
                      baseCounters: ["pivots": 10], candidateCounters: ["pivots": 9])
        #expect(s.cells.allSatisfy { $0.verdict == .lessWork }, "\(s.cells.map(\.verdict))")
        #expect(s.exitCode == 0)
    }

    @Test func aDifferentLayoutIsBehaviourChangedNeverASpeedUp() {
        let s = suite(cells: 2, slowdown: 0.5, cv: 0.02, samples: 15, seed: 9, candidateDigest: "other")
        #expect(s.cells.allSatisfy { $0.verdict == .behaviourChanged && $0.time == .faster })
        #expect(s.exitCode == 1)
    }

    @Test func aFailedSideIsAnErrorNamingTheSide() {
        let key = CellKey(workload: "churn", variant: "grouped", size: 10)
        let s = SuiteComparison(base: [key: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], digest: "d")],
                                candidate: [key: SideMeasurements(failure: "worker crashed: signal 11")])
        #expect(s.cells[0].verdict == .error)
        #expect(s.cells[0].failureSide == .candidate)
        #expect(s.cells[0].failureReason == "worker crashed: signal 11")
        #expect(s.exitCode == 2)
    }

    @Test func workloadVerdictIsItsWorstCell() {
        let a = CellKey(workload: "w", variant: "x", size: 1), b = CellKey(workload: "w", variant: "y", size: 1)
        let base = [a: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["c": 1], digest: "d"),
                    b: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["c": 1], digest: "d")]
        let cand = [a: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["c": 1], digest: "d"),
                    b: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["c": 2], digest: "d")]
        let s = SuiteComparison(base: base, candidate: cand)
        #expect(s.workloads.count == 1 && s.workloads[0].verdict == .moreWork)
    }

    @Test func judgementIsReproducible() {
        let one = suite(cells: 6, slowdown: 1.03, cv: 0.05, samples: 10, seed: 42)
        let two = suite(cells: 6, slowdown: 1.03, cv: 0.05, samples: 10, seed: 42)
        #expect(one == two)
    }
}

@Suite struct ComparisonMarkdownTests {
    @Test func summaryLeadsWithTheVerdictAndNamesMovedCounters() {
        let k = CellKey(workload: "churn", variant: "grouped", size: 100)
        let s = SuiteComparison(base: [k: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["pivots": 10], digest: "a")],
                                candidate: [k: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["pivots": 12], digest: "a")])
        let text = ComparisonMarkdown.render(s, base: "main", candidate: "feature|x")
        #expect(text.contains("❌ **Regression**"))
        #expect(text.contains("| churn/grouped/100 | ❌ more work |"))
        #expect(text.contains("pivots 10 → 12"))
        #expect(text.contains("feature\\|x"))
    }

    @Test func userStringsCannotInjectMarkup() {
        let k = CellKey(workload: "<img src=x onerror=alert(1)>", variant: "a|b", size: 1)
        let s = SuiteComparison(base: [k: SideMeasurements(failure: "boom")], candidate: [k: SideMeasurements(digest: "d")])
        let text = ComparisonMarkdown.render(s, base: "b", candidate: "c")
        #expect(!text.contains("<img"))
        #expect(text.contains("&lt;img src=x onerror=alert(1)&gt;/a\\|b/1"))
        #expect(text.contains("⚠️ **Comparison failed**"))
    }

    @Test func percentages() {
        #expect(ComparisonMarkdown.percent(1.052) == "+5.2 %")
        #expect(ComparisonMarkdown.percent(0.9) == "-10.0 %")
    }
}
