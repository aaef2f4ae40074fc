/// The runner's round-by-round sampling replayed on jobs already measured:
/// which cells today's stopping rules would have run again, and what the
/// suite would have said when they stopped. It lets a rule change be judged
/// on real recorded noise (`layoutbench bench compare-power`) instead of a
/// fresh hour-long campaign per idea.
///
/// Each side's values are its timing jobs in the order they ran, two a round
/// (A B B A). A cell the rules want to run again after its recorded rounds
/// are used up stops there and is counted in `outOfRecord`: the replay can
/// only stop cells earlier than the recording did, never sample them longer.
public struct SequentialReplay: Sendable {
    /// The suite as judged when the replay stopped.
    public var suite: SuiteComparison
    public var rounds: Int
    /// Timing jobs the replayed rounds took (four a cell-round).
    public var timingJobs: Int
    /// Cells the rules wanted to run again when the recording had no further round.
    public var outOfRecord: Int
    /// Recorded wall seconds of the replayed timing jobs (0 where none were recorded).
    public var seconds: Double

    /// Replays up to `maxRounds` rounds; `stopNoisyCells` applies `CellJudge.cannotDecide` as `compare` does.
    ///
    /// With a `timeBudget`, rounds after the policy's minimum are cut as
    /// `compare --time-budget` cuts them (`RoundBudget`), on a clock that
    /// starts at `startSeconds` (the recording's check jobs) and advances by
    /// the recorded wall seconds of each replayed round's four jobs, run as
    /// `schedule` ran them (the recording's). Cells without recorded job
    /// seconds cost nothing on that clock.
    public static func run(base: [CellKey: SideMeasurements], candidate: [CellKey: SideMeasurements],
                           policy: ComparisonPolicy, thresholds: [String: Double] = [:],
                           maxRounds: Int, stopNoisyCells: Bool = true,
                           timeBudget: Double? = nil, startSeconds: Double = 0,
                           schedule: RoundSchedule = .sequential) -> SequentialReplay {
        let keys = Set(base.keys).intersection(candidate.keys)
        let recorded = Dictionary(uniqueKeysWithValues: keys.map {
            ($0, min(base[$0]!.secondsPerIteration.count, candidate[$0]!.secondsPerIteration.count) / 2)
        })
        var used = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        var pending = keys, exhausted = Set<CellKey>()
        var rounds = 0, jobs = 0
        var clock = startSeconds
        var lastJobSeconds: [CellKey: Double] = [:]
        var suite = SuiteComparison(base: [:], candidate: [:], policy: policy)
        while !pending.isEmpty, rounds < maxRounds {
            if rounds >= policy.minimumRounds, let budget = timeBudget {
                let affordable = RoundBudget.affordable(Array(pending), suite: suite, jobSeconds: lastJobSeconds,
                                                        secondsLeft: budget - clock, schedule: schedule)
                pending.formIntersection(affordable)
                if pending.isEmpty { break }
            }
            rounds += 1
            for key in pending {
                guard used[key]! < recorded[key]! else { exhausted.insert(key); continue }
                used[key]! += 1
                jobs += 4
                let round = used[key]! - 1
                let b = base[key]!.jobSeconds, c = candidate[key]!.jobSeconds
                if b.count >= 2 * round + 2, c.count >= 2 * round + 2 {
                    clock += schedule.roundSeconds(base: (b[2 * round], b[2 * round + 1]),
                                                   candidate: (c[2 * round], c[2 * round + 1]))
                    lastJobSeconds[key] = b[2 * round + 1]   // A B B A: the round's last job is the base's
                }
            }
            func prefix(_ side: [CellKey: SideMeasurements]) -> [CellKey: SideMeasurements] {
                Dictionary(uniqueKeysWithValues: keys.map { key in
                    var m = side[key]!
                    m.secondsPerIteration = Array(m.secondsPerIteration.prefix(2 * used[key]!))
                    m.jobSeconds = Array(m.jobSeconds.prefix(2 * used[key]!))
                    return (key, m)
                })
            }
            suite = SuiteComparison(base: prefix(base), candidate: prefix(candidate), policy: policy, thresholds: thresholds)
            pending = Set(suite.cellsNeedingAnotherRound(maxRounds: stopNoisyCells ? maxRounds : nil)).subtracting(exhausted)
        }
        return SequentialReplay(suite: suite, rounds: rounds, timingJobs: jobs, outOfRecord: exhausted.count,
                                seconds: clock - startSeconds)
    }
}
