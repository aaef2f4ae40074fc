import Testing
import Foundation
import Statistics
@testable import Comparison

/// The targets of a comparison, on synthetic suites shaped like the default
/// one: 165 cells in 18 workloads, each cell with its own job-to-job noise
/// (log-uniform between 0.5 % and 4 %), and now and then a job slowed by a
/// burst of load on the machine (2 % of jobs, +10 … +50 %). Rounds are added
/// as the compare session adds them: every cell runs two rounds, then cells
/// whose time is still unknown run another, up to six.
private struct SyntheticSuite {
    var rng: Xoshiro256StarStar
    var noise: [Double]
    var slowdown: [Double]
    let keys: [CellKey]

    init(seed: UInt64, slowedWorkload: Int? = nil, slowdown factor: Double = 1.05) {
        rng = Xoshiro256StarStar(seed: seed)
        keys = (0..<165).map { CellKey(workload: "w\($0 % 18)", variant: "v\($0 / 18)", size: 10) }
        noise = []
        for _ in keys { noise.append(0.005 * pow(8, Double.random(in: 0..<1, using: &rng))) }
        slowdown = keys.map { $0.workload == slowedWorkload.map { "w\($0)" } ? factor : 1 }
    }

    mutating func job(_ cell: Int, candidate: Bool) -> Double {
        var t = 1e-3 * exp(noise[cell] * rng.standardNormal()) * (candidate ? slowdown[cell] : 1)
        if Double.random(in: 0..<1, using: &rng) < 0.02 { t *= 1 + Double.random(in: 0.1..<0.5, using: &rng) }
        return t
    }

    mutating func compare(maxRounds: Int = 6) -> SuiteComparison {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        for key in keys { base[key] = SideMeasurements(counters: ["c": 1], digest: "d"); candidate[key] = base[key] }
        var pending = Array(keys.indices)
        var suite = SuiteComparison(base: base, candidate: candidate)
        for round in 1...maxRounds where !pending.isEmpty {
            for i in pending {
                for isCandidate in [false, true, true, false] {
                    let t = job(i, candidate: isCandidate)
                    if isCandidate { candidate[keys[i]]!.secondsPerIteration.append(t) }
                    else { base[keys[i]]!.secondsPerIteration.append(t) }
                }
            }
            guard round >= 2 else { continue }
            suite = SuiteComparison(base: base, candidate: candidate)
            let undecided = Set(suite.cells.filter { $0.time == .unknown }.map(\.key))
            pending = pending.filter { undecided.contains(keys[$0]) }
        }
        return suite
    }
}

@Suite struct ComparisonPowerTests {
    @Test func identicalEnginesRaiseAFalseAlarmInAtMostOnePercentOfSuites() {
        var alarms = 0, unknown = 0, cells = 0
        for seed in 1...100 {
            var s = SyntheticSuite(seed: UInt64(seed))
            let result = s.compare()
            if result.hasRegression { alarms += 1 }
            unknown += result.cells.filter { $0.verdict == .unknown }.count
            cells += result.cells.count
        }
        #expect(alarms <= 1)
        // Most cells are settled as the same within the six rounds.
        #expect(Double(unknown) < 0.25 * Double(cells), "\(unknown) of \(cells) cells unknown")
    }

    @Test func aFivePercentSlowdownOfOneWorkloadIsFlaggedInAtLeast95PercentOfSuites() {
        var flagged = 0, otherAlarms = 0
        for seed in 1...100 {
            var s = SyntheticSuite(seed: UInt64(1_000 + seed), slowedWorkload: seed % 18)
            let result = s.compare()
            let verdicts = Dictionary(uniqueKeysWithValues: result.workloads.map { ($0.name, $0.verdict) })
            if verdicts["w\(seed % 18)"] == .slower { flagged += 1 }
            otherAlarms += result.workloads.filter { $0.name != "w\(seed % 18)" && $0.verdict.isRegression }.count
        }
        #expect(flagged >= 95, "flagged in \(flagged) of 100 suites")
        // False alarms per workload: at most 1 % of the 1,700 unchanged workloads compared.
        #expect(otherAlarms <= 17, "\(otherAlarms) unchanged workloads flagged")
    }
}
