import Comparison
import Foundation
import Testing

/// When the runner stops sampling a cell, and the replay of those rules on recorded jobs.
@Suite struct StoppingRuleTests {
    /// Recorded A B B A rounds with these log shifts: base jobs 1 ms, candidate jobs 1 ms × e^d.
    static func recorded(_ shifts: [Double]) -> (SideMeasurements, SideMeasurements) {
        (SideMeasurements(secondsPerIteration: Array(repeating: 1e-3, count: 2 * shifts.count), digest: "d"),
         SideMeasurements(secondsPerIteration: shifts.flatMap { [1e-3 * exp($0), 1e-3 * exp($0)] }, digest: "d"))
    }

    static func cell(_ shifts: [Double]) -> CellComparison {
        let (a, b) = recorded(shifts)
        return SuiteComparison(base: [key("w", "v"): a], candidate: [key("w", "v"): b]).cells[0]
    }

    static func key(_ workload: String, _ variant: String) -> CellKey { CellKey(workload: workload, variant: variant, size: 10) }

    /// ±30 % round to round: even six rounds could not tell 5 % from nothing.
    /// Modest noise, a large apparent shift, or too few rounds yet: keep sampling.
    @Test func onlyACellTooNoisyForTheCapStops() {
        let policy = ComparisonPolicy()
        let noisy = Self.cell([0.3, -0.3, 0.0])
        #expect(noisy.time == .unknown && CellJudge.cannotDecide(noisy, maxRounds: 6, policy: policy))
        #expect(!CellJudge.cannotDecide(noisy, maxRounds: 200, policy: policy), "two hundred rounds could narrow it")
        let modest = Self.cell([0.06, -0.03, 0.0])
        #expect(modest.time == .unknown && !CellJudge.cannotDecide(modest, maxRounds: 6, policy: policy))
        let apparent = Self.cell([0.9, 0.1, 0.5])
        #expect(apparent.time == .unknown && !CellJudge.cannotDecide(apparent, maxRounds: 6, policy: policy))
        let early = Self.cell([0.3, -0.3])
        #expect(early.time == .unknown && !CellJudge.cannotDecide(early, maxRounds: 6, policy: policy))
    }

    /// A quiet cell is *same* after two rounds; a hopelessly noisy one stops
    /// after the third with today's rules, and samples to the cap without them.
    @Test func replayStopsCellsAsTheRunnerWould() {
        let (qa, qb) = Self.recorded([0.001, -0.001, 0.0005, 0, 0, 0])
        let (na, nb) = Self.recorded([0.3, -0.3, 0.0, 0.3, -0.3, 0.0])
        let base = [Self.key("w", "quiet"): qa, Self.key("w", "noisy"): na]
        let candidate = [Self.key("w", "quiet"): qb, Self.key("w", "noisy"): nb]
        let alone = ComparisonPolicy(noisyCells: .alone)
        let stopping = SequentialReplay.run(base: base, candidate: candidate, policy: alone, maxRounds: 6)
        #expect(stopping.rounds == 3 && stopping.timingJobs == 4 * (2 + 3) && stopping.outOfRecord == 0)
        #expect(stopping.suite.cells.map(\.time) == [.unknown, .same])
        let capped = SequentialReplay.run(base: base, candidate: candidate, policy: alone, maxRounds: 6, stopNoisyCells: false)
        #expect(capped.rounds == 6 && capped.timingJobs == 4 * (2 + 6))
        // Rules that want more rounds than were recorded stop where the recording does.
        let longer = SequentialReplay.run(base: base, candidate: candidate, policy: alone, maxRounds: 9, stopNoisyCells: false)
        #expect(longer.timingJobs == 4 * (2 + 6) && longer.outOfRecord == 1)
    }

    /// By default a cell too noisy to decide alone keeps sampling while its
    /// workload's pooled test is undecided (its rounds still narrow the
    /// pool), and stops once the pool is decided or when it has no pool.
    @Test func aNoisyCellKeepsSamplingWhileItsWorkloadsPoolIsUndecided() {
        let (ma, mb) = Self.recorded([0.06, 0.02, 0.04, 0.05, 0.03, 0.04])
        let (na, nb) = Self.recorded([0.3, -0.3, 0.0, 0.3, -0.3, 0.0])
        let base = [Self.key("w", "modest"): ma, Self.key("w", "noisy"): na]
        let candidate = [Self.key("w", "modest"): mb, Self.key("w", "noisy"): nb]
        let three = SuiteComparison(base: base.mapValues { $0.prefix(rounds: 3) }, candidate: candidate.mapValues { $0.prefix(rounds: 3) })
        let noisy = three.cells.first { $0.key.variant == "noisy" }!
        #expect(CellJudge.cannotDecide(noisy, maxRounds: 6, policy: ComparisonPolicy()))
        // Its workload's pool is unknown: the noisy cell goes on (alone, it would stop).
        #expect(three.shift(of: "w")?.time == .unknown)
        #expect(Set(three.cellsNeedingAnotherRound(maxRounds: 6)) == [Self.key("w", "modest"), Self.key("w", "noisy")])
        let alone = SuiteComparison(base: base.mapValues { $0.prefix(rounds: 3) }, candidate: candidate.mapValues { $0.prefix(rounds: 3) },
                                    policy: ComparisonPolicy(noisyCells: .alone))
        #expect(alone.cellsNeedingAnotherRound(maxRounds: 6) == [Self.key("w", "modest")])
        // Alone in its workload (no pool), the same cell stops.
        let single = SuiteComparison(base: [Self.key("n", "noisy"): na.prefix(rounds: 3)],
                                     candidate: [Self.key("n", "noisy"): nb.prefix(rounds: 3)])
        #expect(single.cells[0].time == .unknown && single.cellsNeedingAnotherRound(maxRounds: 6).isEmpty)
    }

    /// Under a time budget the next round runs the cells looking slowest
    /// first, then the cheapest, as many as their four jobs fit.
    @Test func aTimeBudgetKeepsTheSlowestLookingCellsThatFit() {
        // One cell per workload, so each cell's evidence is its own (no pool).
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        let shifts: [String: [Double]] = ["slowish": [0.04, 0.08], "flat": [0.03, -0.03], "fastish": [-0.05, -0.02]]
        for (name, d) in shifts { (base[Self.key(name, name)], candidate[Self.key(name, name)]) = Self.recorded(d) }
        let suite = SuiteComparison(base: base, candidate: candidate)
        let keys = ["fastish", "flat", "slowish"].map { Self.key($0, $0) }
        let seconds = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0.5) })   // 2 s a cell-round
        #expect(RoundBudget.affordable(keys, suite: suite, jobSeconds: seconds, secondsLeft: 100) == Set(keys))
        #expect(RoundBudget.affordable(keys, suite: suite, jobSeconds: seconds, secondsLeft: 4.5) == [Self.key("slowish", "slowish"), Self.key("flat", "flat")])
        #expect(RoundBudget.affordable(keys, suite: suite, jobSeconds: seconds, secondsLeft: 2) == [Self.key("slowish", "slowish")])
        #expect(RoundBudget.affordable(keys, suite: suite, jobSeconds: seconds, secondsLeft: 1.9).isEmpty)
        // A dear cell that does not fit leaves room for a cheaper one after it.
        var dear = seconds; dear[Self.key("slowish", "slowish")] = 10
        #expect(RoundBudget.affordable(keys, suite: suite, jobSeconds: dear, secondsLeft: 4.5) == [Self.key("flat", "flat"), Self.key("fastish", "fastish")])
    }

    /// The replay charges each round the recorded seconds of its four jobs
    /// and cuts rounds after the second as `compare --time-budget` does: two
    /// undecided cells, budget for one more cell-round, and the one looking
    /// slower gets it.
    @Test func replayChargesRecordedJobSecondsAgainstTheTimeBudget() {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        let shifts: [String: [Double]] = ["slowish": [0.04, 0.08, 0.05, 0.07, 0.06, 0.06], "flat": [0.03, -0.03, 0.02, -0.02, 0.01, -0.01]]
        for (name, d) in shifts {
            var (a, b) = Self.recorded(d)
            a.jobSeconds = Array(repeating: 0.5, count: 2 * d.count)   // 2 s a cell-round
            b.jobSeconds = a.jobSeconds
            (base[Self.key(name, name)], candidate[Self.key(name, name)]) = (a, b)
        }
        let unlimited = SequentialReplay.run(base: base, candidate: candidate, policy: ComparisonPolicy(), maxRounds: 6)
        #expect(unlimited.rounds > 3 && unlimited.suite.cells.allSatisfy { $0.baseSamples > 6 }, "both undecided after three rounds")
        // Check jobs took 1 s; two full rounds reach 9 s; 2.5 s are left for round three: one cell-round.
        let limited = SequentialReplay.run(base: base, candidate: candidate, policy: ComparisonPolicy(), maxRounds: 6,
                                           timeBudget: 11.5, startSeconds: 1)
        #expect(limited.rounds == 3 && limited.timingJobs == 4 * 5 && limited.seconds == 10)
        let samples = Dictionary(uniqueKeysWithValues: limited.suite.cells.map { ($0.key.workload, $0.baseSamples) })
        #expect(samples == ["slowish": 6, "flat": 4])
        // Without recorded job seconds, rounds cost nothing on the replay's clock.
        let untimed = base.mapValues { m in var m = m; m.jobSeconds = []; return m }
        let free = SequentialReplay.run(base: untimed, candidate: candidate, policy: ComparisonPolicy(), maxRounds: 6,
                                        timeBudget: 11.5, startSeconds: 1)
        #expect(free.seconds == 0 && free.timingJobs == unlimited.timingJobs)
    }

    /// A duet round costs its two pairs' longer jobs, not all four jobs: the
    /// replay's clock and the budget's estimate both follow the recording's schedule.
    @Test func duetRoundsCostTheirPairsLongerJobs() {
        #expect(RoundSchedule.sequential.roundSeconds(base: (1, 2), candidate: (3, 4)) == 10)
        #expect(RoundSchedule.duet.roundSeconds(base: (1, 2), candidate: (3, 4)) == 3 + 4)   // (A₁ ∥ B₁), then (B₂ ∥ A₂)
        #expect(RoundSchedule.duet.roundSeconds(base: (5, 2), candidate: (3, 1)) == 5 + 2)
        #expect(RoundSchedule.sequential.roundCost(jobSeconds: 0.5) == 2 && RoundSchedule.duet.roundCost(jobSeconds: 0.5) == 1)
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        let shifts: [String: [Double]] = ["slowish": [0.04, 0.08, 0.05, 0.07, 0.06, 0.06], "flat": [0.03, -0.03, 0.02, -0.02, 0.01, -0.01]]
        for (name, d) in shifts {
            var (a, b) = Self.recorded(d)
            a.jobSeconds = Array(repeating: 0.5, count: 2 * d.count)
            b.jobSeconds = Array(repeating: 0.25, count: 2 * d.count)   // a duet round: 0.5 + 0.5 = 1 s
            (base[Self.key(name, name)], candidate[Self.key(name, name)]) = (a, b)
        }
        // Check jobs 1 s; rounds one and two 2 s each (two cells); 1 s left: one more cell-round of 1 s.
        let duet = SequentialReplay.run(base: base, candidate: candidate, policy: ComparisonPolicy(), maxRounds: 6,
                                        timeBudget: 6, startSeconds: 1, schedule: .duet)
        #expect(duet.rounds == 3 && duet.timingJobs == 4 * 5 && duet.seconds == 5, "\(duet.rounds) \(duet.timingJobs) \(duet.seconds)")
        // The same jobs run one at a time cost 1.5 s a cell-round: two rounds take 6 s and no third fits.
        let sequential = SequentialReplay.run(base: base, candidate: candidate, policy: ComparisonPolicy(), maxRounds: 6,
                                              timeBudget: 7.5, startSeconds: 1)
        #expect(sequential.rounds == 2 && sequential.seconds == 6, "\(sequential.rounds) \(sequential.seconds)")
    }

    /// Evidence is pooled per workload: two cells that are each only a little
    /// slow, but together clearly so, go before a single cell that looks
    /// slower on its own in a workload whose pool shows little.
    @Test func aTimeBudgetGoesFirstToTheWorkloadWhosePoolLooksSlowest() throws {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        let shifts: [CellKey: [Double]] = [
            Self.key("shared", "a1"): [0.02, 0.04], Self.key("shared", "a2"): [0.04, 0.02],
            Self.key("single", "b1"): [0.045, 0.065], Self.key("single", "b2"): [-0.2, 0.2],
        ]
        for (key, d) in shifts { (base[key], candidate[key]) = Self.recorded(d) }
        let suite = SuiteComparison(base: base, candidate: candidate)
        let p = Dictionary(uniqueKeysWithValues: suite.cells.map { ($0.key, try! #require($0.pSlower)) })
        #expect(p[Self.key("single", "b1")]! < p[Self.key("shared", "a1")]!, "\(p)")   // alone, b1 looks slowest
        let pooledShared = try #require(suite.shift(of: "shared")).pSlower
        let pooledSingle = try #require(suite.shift(of: "single")).pSlower
        #expect(pooledShared < p[Self.key("single", "b1")]! && pooledShared < pooledSingle, "\(pooledShared) \(pooledSingle) \(p)")
        let seconds = Dictionary(uniqueKeysWithValues: shifts.keys.map { ($0, 0.5) })
        #expect(RoundBudget.affordable(Array(shifts.keys), suite: suite, jobSeconds: seconds, secondsLeft: 4.5)
                == [Self.key("shared", "a1"), Self.key("shared", "a2")])
    }
}

/// A round's run order: every cell once, shuffled so a workload's cells are
/// not back to back, the same for the same round.
@Suite struct RunOrderTests {
    @Test func aRoundRunsEveryCellOnceInAReproducibleShuffledOrder() {
        let cells = (0..<19).flatMap { w in (0..<11).map { "w\(w)/c\($0)" } }
        let first = RunOrder.shuffled(cells, round: 1)
        #expect(first.sorted() == cells.sorted())
        #expect(first == RunOrder.shuffled(cells, round: 1))
        #expect(first != RunOrder.shuffled(cells, round: 2))
        // Listed in order, 198 of the 208 neighbours share a workload; shuffled, about one in nineteen do.
        let adjacent = zip(first, first.dropFirst()).filter { $0.split(separator: "/")[0] == $1.split(separator: "/")[0] }.count
        #expect(adjacent < 40, "\(adjacent) neighbours of the same workload")
    }
}

extension SideMeasurements {
    /// The first `rounds` rounds (two timing jobs each).
    func prefix(rounds: Int) -> SideMeasurements {
        var m = self
        m.secondsPerIteration = Array(secondsPerIteration.prefix(2 * rounds))
        return m
    }
}
