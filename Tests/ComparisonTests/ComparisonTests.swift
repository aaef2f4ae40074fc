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
    /// The target is per workload (≤ 1 % false alarms); cells and pooled
    /// workloads share one false-discovery budget, so whole suites stay near it too.
    @Test func sameDistributionRaisesFalseAlarmsInFewerThanOnePercentOfWorkloads() {
        var workloadAlarms = 0, suiteAlarms = 0, workloads = 0
        for seed in 1...100 {
            let s = suite(cells: 12, slowdown: 1, cv: 0.04, samples: 15, seed: UInt64(seed))
            workloads += s.workloads.count
            workloadAlarms += s.workloads.filter { $0.verdict.isRegression }.count
            if s.hasRegression { suiteAlarms += 1 }
        }
        #expect(workloads == 400)
        #expect(Double(workloadAlarms) <= 0.01 * Double(workloads), "\(workloadAlarms) of \(workloads) workloads")
        #expect(suiteAlarms <= 2, "\(suiteAlarms) of 100 suites")
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
        #expect(s.outcome == .undecided && s.exitCode == 3)
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

    /// Cells whose A B B A rounds have log shifts `mean` ± `spread`, then `mean`: 2 rounds of `spread` noise around a known shift.
    private static func shiftedCells(_ workload: String, count: Int, mean: Double, spread: Double,
                                     into base: inout [CellKey: SideMeasurements], _ candidate: inout [CellKey: SideMeasurements]) {
        for i in 0..<count {
            let key = CellKey(workload: workload, variant: "v\(i)", size: 10)
            let shifts = i % 2 == 0 ? [mean + spread, mean - spread, mean] : [mean - spread, mean + spread, mean]
            base[key] = SideMeasurements(secondsPerIteration: Array(repeating: 1e-3, count: 6), digest: "d")
            candidate[key] = SideMeasurements(secondsPerIteration: shifts.flatMap { [1e-3 * exp($0), 1e-3 * exp($0)] }, digest: "d")
        }
    }

    /// A 5 % slowdown every cell shares but none shows against its own noise
    /// (each cell's interval straddles the threshold): the workload's cells
    /// pooled are slower, and so is the workload and the comparison.
    @Test func aSharedSlowdownInsideEachCellsNoiseIsFoundByPooling() throws {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        Self.shiftedCells("slowed", count: 12, mean: log(1.05), spread: 0.06, into: &base, &candidate)
        Self.shiftedCells("steady", count: 12, mean: 0, spread: 0.06, into: &base, &candidate)
        let s = SuiteComparison(base: base, candidate: candidate)
        #expect(s.cells.allSatisfy { $0.verdict == .unknown }, "\(s.cells.map(\.verdict))")
        let slowed = try #require(s.shift(of: "slowed")), steady = try #require(s.shift(of: "steady"))
        #expect(slowed.cells == 12 && abs(slowed.ratio - 1.05) < 1e-9 && slowed.lower > 1 && slowed.time == .slower)
        #expect(abs(steady.ratio - 1) < 1e-9 && steady.time != .slower && steady.time != .faster)
        #expect(s.workloads.map(\.verdict) == [.slower, .unknown])
        #expect(s.hasRegression && s.exitCode == 1)
        // Every undecided cell samples on: a pool that looks slower after a
        // few rounds may be noise that later rounds average away.
        #expect(Set(s.cellsNeedingAnotherRound()) == Set(s.cells.map(\.key)))
        // Settling slower workloads (the earlier rule) stops the slowed one's cells.
        var settling = ComparisonPolicy()
        settling.settleSlowerWorkloads = true
        let settled = SuiteComparison(base: base, candidate: candidate, policy: settling)
        #expect(Set(settled.cellsNeedingAnotherRound()) == Set(s.cells.map(\.key).filter { $0.workload == "steady" }))
        let markdown = ComparisonMarkdown.render(s, base: "a", candidate: "b")
        #expect(markdown.contains("| slowed | ") && markdown.contains("+5.0 % [") && markdown.contains("over 12 cells"), "\(markdown)")
    }

    /// One small workload (three cells) slowed 5 % among 18 steady ones of 11
    /// cells: its pooled p-value is below rate/(2·19), what one workload of
    /// 19 needs, but one family with all 201 cells would have multiplied it by
    /// about 220 and missed it (the replays of recorded A/A runs missed
    /// exactly such workloads). Judged workloads first, it is found, and
    /// nothing else is flagged.
    @Test func oneSlowedSmallWorkloadIsFoundWhenWorkloadsAreTheirOwnFamily() throws {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        Self.shiftedCells("slowed", count: 3, mean: log(1.05), spread: 0.029, into: &base, &candidate)
        for w in 0..<18 { Self.shiftedCells("steady\(w)", count: 11, mean: 0, spread: 0.029, into: &base, &candidate) }
        let joint = SuiteComparison(base: base, candidate: candidate, policy: ComparisonPolicy(families: .joint))
        let split = SuiteComparison(base: base, candidate: candidate, policy: ComparisonPolicy(families: .hierarchical))
        let p = try #require(split.shift(of: "slowed")).p
        #expect(2 * 19 * p < 0.01 && 222 * p > 0.01, "pooled p \(p)")
        #expect(try #require(joint.shift(of: "slowed")).time != .slower)
        #expect(try #require(split.shift(of: "slowed")).time == .slower)
        #expect(split.workloads.filter { $0.verdict.isRegression }.map(\.name) == ["slowed"])
        // The workload's adjusted p-value: its pooled p doubled (Bonferroni with
        // its cells' Simes p), times the 19 workloads (Benjamini–Hochberg, rank 1).
        #expect(abs(try #require(split.shift(of: "slowed")?.adjustedP) - 2 * 19 * p) < 1e-12)
    }

    /// The two steps by hand: workload w1 is found through one very small cell
    /// p-value (Simes), w2 is not; w1's cells are then adjusted within w1 at
    /// rate·R/m (R = 1 of m = 2), and w2's cells can never be flagged.
    @Test func cellsAreAdjustedWithinTheWorkloadsFound() throws {
        let cells = [("w1", 1e-6), ("w1", 0.5), ("w1", 0.5), ("w2", 0.3), ("w2", 0.4)]
        let adjusted = SuiteComparison.adjust(cells: cells.map { (workload: $0.0, p: $0.1) },
                                              workloads: [(workload: "w1", p: 0.2), (workload: "w2", p: 0.5)],
                                              policy: ComparisonPolicy())
        #expect(SuiteComparison.simesP([1e-6, 0.5, 0.5]) == 3e-6 && SuiteComparison.simesP([0.3, 0.4]) == 0.4)
        let w1 = try #require(adjusted.workloads[0]), w2 = try #require(adjusted.workloads[1])
        #expect(abs(w1 - 2 * 2 * 3e-6) < 1e-15)   // 2·min(0.2, 3e-6), then BH over two workloads at rank 1
        #expect(abs(w2 - 0.8) < 1e-12)            // 2·min(0.5, 0.4), rank 2 of 2
        let found = try #require(adjusted.cells[0])
        #expect(abs(found - 1.2e-5) < 1e-15)      // within w1: 3·1e-6, times m/R = 2; not below w1's own
        #expect(adjusted.cells[1] == 1 && adjusted.cells[2] == 1)
        #expect(adjusted.cells[3]! >= 0.8 && adjusted.cells[4]! >= 0.8)
    }

    /// The same noise without the shift, and a workload of one cell (nothing to pool), raise nothing.
    @Test func poolingNeedsTwoCellsAndFindsNothingWithoutAShift() {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        Self.shiftedCells("steady", count: 12, mean: 0, spread: 0.06, into: &base, &candidate)
        Self.shiftedCells("single", count: 1, mean: log(1.05), spread: 0.06, into: &base, &candidate)
        let s = SuiteComparison(base: base, candidate: candidate)
        #expect(s.shift(of: "single") == nil && s.shift(of: "steady") != nil)
        #expect(!s.hasRegression && s.exitCode == 3)   // no alarm; the noisy cells left undecided say so
    }

    /// The per-job medians (µs) of `batch-updates/batch/10000` from a recorded
    /// A/A run (same worker both sides), where the sixth candidate job ran
    /// 66 % slow. Among quiet cells whose rounds agree to about 1 %, the
    /// suite's prior once made that one job a +8.9 % "slower" cell and the
    /// run exit 1; the cell is now too scattered to borrow the prior, stays
    /// unknown for more rounds, and the run raises no alarm.
    @Test func oneSlowJobInAnAAComparisonIsNoAlarm() throws {
        let recordedBase = [35.12, 35.43, 34.62, 36.01, 35.46, 35.77, 36.66, 35.61].map { $0 * 1e-6 }
        let recordedCandidate = [36.83, 35.03, 36.94, 39.22, 35.58, 59.18, 35.78, 36.06].map { $0 * 1e-6 }
        let outlier = CellKey(workload: "batch-updates", variant: "batch", size: 10_000)
        var base = [outlier: SideMeasurements(secondsPerIteration: recordedBase, digest: "d")]
        var candidate = [outlier: SideMeasurements(secondsPerIteration: recordedCandidate, digest: "d")]
        Self.shiftedCells("batch-updates", count: 12, mean: 0, spread: 0.01, into: &base, &candidate)
        Self.shiftedCells("steady", count: 12, mean: 0, spread: 0.01, into: &base, &candidate)
        let s = SuiteComparison(base: base, candidate: candidate)
        let cell = try #require(s.cells.first { $0.key == outlier })
        #expect(cell.shift?.isHypervariable == true && cell.verdict == .unknown, "\(cell)")
        #expect(abs(try #require(cell.ratio) - 1.089) < 0.001)   // the outlier still moves the estimate; it no longer convinces
        #expect(!s.hasRegression && s.outcome == .undecided && s.exitCode == 3)   // no alarm, and not green either
        #expect(s.cellsNeedingAnotherRound().contains(outlier))
    }

    @Test func judgementIsReproducible() {
        let one = suite(cells: 6, slowdown: 1.03, cv: 0.05, samples: 10, seed: 42)
        let two = suite(cells: 6, slowdown: 1.03, cv: 0.05, samples: 10, seed: 42)
        #expect(one == two)
    }
}

@Suite struct CounterChangeTests {
    /// A counter only the candidate reports (counted since the base was
    /// built) is not more work; one both report and that went up is.
    @Test func aCounterOneSideDoesNotReportIsNotCompared() {
        let k = CellKey(workload: "churn", variant: "grouped", size: 100)
        func judged(_ candidate: [String: Double]) -> CellComparison {
            SuiteComparison(base: [k: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: ["pivots": 10], digest: "a")],
                            candidate: [k: SideMeasurements(secondsPerIteration: [1, 1, 1, 1, 1], counters: candidate, digest: "a")]).cells[0]
        }
        let newCounter = judged(["pivots": 10, "fillIn": 40])
        #expect(newCounter.counterChanges.isEmpty && newCounter.verdict == .same, "\(newCounter)")
        let moreWork = judged(["pivots": 11, "fillIn": 40])
        #expect(moreWork.counterChanges.map(\.name) == ["pivots"] && moreWork.verdict == .moreWork)
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
