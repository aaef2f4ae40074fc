import ArgumentParser
import Comparison
import Foundation
import Statistics

extension BenchCommand {
    /// `layoutbench bench compare-power --from DIR`: what an A/A comparison's
    /// real noise says about the targets. The A/A run itself is the false-alarm
    /// trial; then, one workload at a time, its cells' candidate jobs are made
    /// `--slowdown` slower (every job × the factor, the rounds and noise as they
    /// were measured) and the whole suite is judged again: is that workload
    /// flagged slower, and does any other workload raise an alarm? Each cell
    /// keeps the rounds the A/A run gave it; a real slowdown would have earned
    /// undecided cells more rounds, so that detection rate is a lower bound.
    /// The round-by-round replay (`SequentialReplay`) applies the stopping
    /// rules and, from the recorded job seconds, the time budget; on a
    /// recording made with `compare --min-rounds N --max-rounds N
    /// --time-budget 0` no cell runs out of recorded rounds, so it replays
    /// what `compare` would have done.
    struct ComparePower: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare-power",
            abstract: "Detection and false-alarm rates of `compare` from an A/A comparison's own measurements.")
        @Option(help: ArgumentHelp("An A/A comparison: its output directory or comparison.json.", valueName: "path"))
        var from: String
        @Option(help: "The slowdown to inject, as a factor.") var slowdown = 1.05
        @Option(help: "Practical threshold (as `compare --threshold`).") var threshold = 0.05
        @Option(help: "Most rounds, as `compare --max-rounds`, for the round-by-round replays.") var maxRounds = CompareSession.defaultMaxRounds
        @Option(help: "Seconds, as `compare --time-budget`, for the round-by-round replays, charged with the recorded job seconds (0: no limit).")
        var timeBudget = CompareSession.defaultTimeBudget
        @Option(help: "Rounds before a cell too noisy to decide may stop (the policy's futilityRounds).") var futilityRounds = ComparisonPolicy().futilityRounds
        @Option(help: "How a workload's cells are weighed when pooled: equal or inverse-variance.") var poolWeighting = ComparisonPolicy().poolWeighting.rawValue
        @Option(help: "Benjamini–Hochberg families: joint (cells and workloads in one family) or hierarchical (workloads, then cells within those found).")
        var families = ComparisonPolicy().families.rawValue
        @Option(help: "When a cell too noisy to decide alone stops: alone (at once) or pool (once its workload's pool is decided).")
        var noisyCells = ComparisonPolicy().noisyCells.rawValue
        @Option(help: "Whether a workload already slower over its pooled cells stops sampling (yes or no).")
        var settleSlower = ComparisonPolicy().settleSlowerWorkloads ? "yes" : "no"

        func run() throws {
            var url = URL(fileURLWithPath: from)
            if url.pathExtension != "json" { url.appendPathComponent("comparison.json") }
            let file = try JSONDecoder().decode(ComparisonExports.FileJSON.self, from: Data(contentsOf: url))
            var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
            for c in file.cells where c.failure == nil {
                let key = CellKey(workload: c.workload, variant: c.variant, size: c.size)
                base[key] = SideMeasurements(secondsPerIteration: c.baseSeconds, digest: "same", jobSeconds: c.baseJobSeconds ?? [])
                candidate[key] = SideMeasurements(secondsPerIteration: c.candidateSeconds, digest: "same",
                                                  jobSeconds: c.candidateJobSeconds ?? [])
            }
            // The budget needs every job's wall seconds and when round 1 began; older recordings lack them.
            let timed = file.checkSeconds != nil && file.cells.allSatisfy { $0.failure != nil || $0.baseJobSeconds != nil }
            let budget: Double? = timeBudget > 0 && timed ? timeBudget : nil
            let start = file.checkSeconds ?? 0
            guard let schedule = RoundSchedule(rawValue: file.schedule ?? RoundSchedule.sequential.rawValue) else {
                throw ValidationError("\(url.path) says its rounds ran as \"\(file.schedule ?? "")\"; this build knows \(RoundSchedule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let weighting = PoolWeighting(rawValue: poolWeighting) else {
                throw ValidationError("--pool-weighting must be one of: \(PoolWeighting.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let families = FalseDiscoveryFamilies(rawValue: families) else {
                throw ValidationError("--families must be one of: \(FalseDiscoveryFamilies.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let noisyRule = NoisyCellRule(rawValue: noisyCells) else {
                throw ValidationError("--noisy-cells must be one of: \(NoisyCellRule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var policy = ComparisonPolicy(threshold: threshold, futilityRounds: futilityRounds, poolWeighting: weighting,
                                          families: families, noisyCells: noisyRule)
            guard ["yes", "no"].contains(settleSlower) else { throw ValidationError("--settle-slower must be yes or no, not \"\(settleSlower)\"") }
            policy.settleSlowerWorkloads = settleSlower == "yes"
            let aa = SuiteComparison(base: base, candidate: candidate, policy: policy)
            let workloads = Set(base.keys.map(\.workload)).sorted()
            let count = { (v: CellVerdict) in aa.cells.filter { $0.verdict == v }.count }
            print("A/A \(url.path): \(aa.cells.count) cells in \(workloads.count) workloads; "
                  + "\(count(.same)) same, \(count(.unknown)) unknown, \(count(.slower)) slower, \(count(.faster)) faster")
            let alarms = aa.workloads.filter { $0.verdict != .same && $0.verdict != .unknown }
            print("  as judged now, workloads not same or unknown (\(alarms.count) of \(workloads.count)): "
                  + (alarms.isEmpty ? "none" : alarms.map { "\($0.name) \($0.verdict.rawValue)" }.joined(separator: ", ")))
            if aa.hasRegression {
                print("  (not an A/A comparison: it already flags a regression, so the slowdowns injected below come on top of it)")
            }
            if let p = aa.prior {
                print(String(format: "variance prior: ν₀ = %.1f, s₀ = %.2f %% per round", p.degreesOfFreedom, 100 * p.variance.squareRoot()))
            }
            let recordedJobs = file.cells.reduce(0) { $0 + $1.baseSeconds.count + $1.candidateSeconds.count }
            if let minRounds = file.minRounds, let recordedMax = file.maxRounds {
                print("recorded with --min-rounds \(minRounds) --max-rounds \(recordedMax) --schedule \(schedule.rawValue)"
                      + (file.timeBudget.map { ", --time-budget \(Int($0)) s" } ?? ", no time budget")
                      + (file.checkSeconds.map { String(format: "; check jobs took %.0f s", $0) } ?? ""))
            }
            print("replayed round by round (SequentialReplay), stopping as `compare` does, --max-rounds \(maxRounds), "
                  + (budget.map { "--time-budget \(Int($0)) s on the recorded job seconds:" }
                     ?? (timeBudget > 0 ? "no time budget (the recording has no job seconds):" : "no time budget:")))
            for noisy in [true, false] {
                let r = SequentialReplay.run(base: base, candidate: candidate, policy: policy, maxRounds: maxRounds, stopNoisyCells: noisy,
                                             timeBudget: budget, startSeconds: start, schedule: schedule)
                let n = { (v: CellVerdict) in r.suite.cells.filter { $0.verdict == v }.count }
                let slowWorkloads = r.suite.workloads.filter { $0.verdict == .slower }.count
                print(String(format: "  %@: %d rounds, %d timing jobs of %d recorded (%.0f %%); cells: %d same, %d unknown, %d slower, %d faster; workloads slower: %d of %d",
                             noisy ? "noisy cells stop (today's rule)" : "noisy cells sample to the cap",
                             r.rounds, r.timingJobs, recordedJobs, 100 * Double(r.timingJobs) / Double(max(1, recordedJobs)),
                             n(.same), n(.unknown), n(.slower), n(.faster), slowWorkloads, workloads.count)
                      + (timed ? String(format: "; %.0f s with the check jobs", start + r.seconds) : "")
                      + (r.outOfRecord > 0 ? "; \(r.outOfRecord) cells wanted rounds the recording lacks" : ""))
            }
            var detected = 0, otherAlarms = 0, detectedReplayed = 0, otherAlarmsReplayed = 0, outOfRecord = 0
            for w in workloads {
                var slowed = candidate
                for key in slowed.keys where key.workload == w {
                    slowed[key]!.secondsPerIteration = slowed[key]!.secondsPerIteration.map { $0 * slowdown }
                }
                let suite = SuiteComparison(base: base, candidate: slowed, policy: policy)
                let verdicts = Dictionary(uniqueKeysWithValues: suite.workloads.map { ($0.name, $0.verdict) })
                let cells = suite.cells.filter { $0.key.workload == w }
                let flagged = cells.filter { $0.verdict == .slower }.count
                if verdicts[w] == .slower { detected += 1 }
                let others = suite.workloads.filter { $0.name != w && $0.verdict.isRegression }.map(\.name)
                otherAlarms += others.count
                // The same slowdown with today's stopping rules applied round by round.
                let replay = SequentialReplay.run(base: base, candidate: slowed, policy: policy, maxRounds: maxRounds,
                                                  timeBudget: budget, startSeconds: start, schedule: schedule)
                outOfRecord += replay.outOfRecord
                let replayed = replay.suite.workloads.first { $0.name == w }?.verdict
                if replayed == .slower { detectedReplayed += 1 }
                let othersReplayed = replay.suite.workloads.filter { $0.name != w && $0.verdict.isRegression }.map(\.name)
                otherAlarmsReplayed += othersReplayed.count
                let pooled = suite.shift(of: w).map { String(format: "; pooled ×%.3f [%.3f, %.3f], p %.2g, adjusted %.2g", $0.ratio, $0.lower, $0.upper, $0.p, $0.adjustedP ?? 1) } ?? ""
                print("  \(w): \(verdicts[w]?.rawValue ?? "?") (\(flagged) of \(cells.count) cells slower)" + pooled
                      + "; round by round: \(replayed?.rawValue ?? "?") after \(replay.rounds) rounds, \(replay.timingJobs) jobs"
                      + (timed ? String(format: ", %.0f s with the check jobs", start + replay.seconds) : "")
                      + (replay.outOfRecord > 0 ? " (\(replay.outOfRecord) cells out of recorded rounds)" : "")
                      + (others.isEmpty ? "" : "; false alarms: \(others.joined(separator: ", "))")
                      + (othersReplayed.isEmpty ? "" : "; round by round, false alarms: \(othersReplayed.joined(separator: ", "))"))
            }
            print(String(format: "round by round with today's stopping rules%@: detected %d of %d workloads slowed ×%.3f (%.0f %%); false alarms: %d of %d unchanged workloads; %@",
                         budget == nil ? "" : " and time budget", detectedReplayed, workloads.count, slowdown,
                         100 * Double(detectedReplayed) / Double(max(1, workloads.count)),
                         otherAlarmsReplayed, workloads.count * (workloads.count - 1),
                         outOfRecord == 0 ? "exact: no cell wanted a round the recording lacks"
                                          : "a lower bound: \(outOfRecord) cells wanted rounds the recording lacks"))
            print(String(format: "detected %d of %d workloads slowed ×%.3f (%.0f %%); false alarms: %d of %d unchanged workloads, A/A %@",
                         detected, workloads.count, slowdown, 100 * Double(detected) / Double(max(1, workloads.count)),
                         otherAlarms, workloads.count * (workloads.count - 1), aa.hasRegression ? "flagged a regression" : "clean"))
        }
    }
}
