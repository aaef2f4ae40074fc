import Comparison
import Foundation
import Harness
import WorkerProtocol

/// One cell of a comparison and the job that measures it on either side.
struct CompareCell: Sendable {
    var key: CellKey
    var request: JobRequest
}

/// What a finished comparison measured.
struct CompareOutcome: Sendable {
    var suite: SuiteComparison
    var base: [CellKey: SideMeasurements]
    var candidate: [CellKey: SideMeasurements]
    /// Rounds run (the first round runs every cell; later ones only undecided cells).
    var rounds: Int
    var jobsRun: Int
    var elapsed: Duration
    /// Wall seconds from the start to the end of the check jobs (what the time budget had spent before round 1).
    var checkSeconds: Double
    /// What settling did (`--settle`); nil when it was not asked for.
    var settle: ComparisonSettling?
}

/// Runs the same jobs for base and candidate on this machine and judges them.
///
/// Each round runs every still-undecided cell as A B B A (base, candidate,
/// candidate, base), one job per fresh worker process, so slow drift on the
/// machine (thermal, other users) lands on both sides alike; as a duet
/// (`RoundSchedule`), A runs with B and then B with A, one per core. After each round
/// a `SuiteComparison` judges everything so far, and cells whose time verdict
/// is still unknown (even if counters or digest already decided the verdict)
/// get another round, up to `maxRounds` (`cellsNeedingAnotherRound`).
///
/// The unit of replication is the job, not the sample: each timing job adds
/// the median of its measured samples' seconds per iteration. Samples from
/// one process share its memory layout and caches and differ from another
/// process's by several per cent; pooled as if independent they made A/A
/// comparisons of identical binaries come out "slower" with tiny p-values.
///
/// With a `timeBudget`, rounds after the first `policy.minimumRounds` (which
/// every cell needs for any time verdict) run only the undecided cells whose
/// four jobs still fit before it, those showing the most evidence of a
/// slowdown first: a pull request's check should end in bounded time, and a
/// regression is what it must not miss. Cells left out stay unknown, and the
/// log says how many.
///
/// Counters and digests come from a separate check job per cell and side,
/// all run before the first round (two at a time on two cores: they time
/// nothing), with a fixed iteration count (one sample, no warm-up,
/// no minimum sample time), so that a side's counters and digest are
/// settled before any timing starts. A job that fails marks its side of the
/// cell as failed and the cell is not run again.
struct CompareSession: Sendable {
    var cells: [CompareCell]
    var base: WorkerCommand
    var candidate: WorkerCommand
    var timeout: Double
    var maxRounds: Int
    /// Rounds every cell runs, decided or not, before the stopping rules and
    /// the time budget apply (`--min-rounds`). Raised to the cap, it records
    /// every cell's full run, on which `SequentialReplay` can replay the
    /// stopping rules and the budget exactly (`bench compare-power`).
    var minRounds = 0
    /// How a round's four jobs share the machine (`--schedule`).
    var schedule = CompareSession.defaultSchedule
    var policy: ComparisonPolicy
    /// Workload name → its own practical threshold (the workload file's `regression_threshold`).
    var thresholds: [String: Double]
    /// Seconds of measured samples a timing job aims at: a cell whose
    /// iteration is slow runs fewer samples per job (never fewer than one),
    /// since jobs, not samples, are what the test replicates.
    var sampleBudget: Double = CompareSession.defaultSampleBudget
    /// Seconds from the start of the session after which no further round
    /// beyond the minimum starts (nil: no limit). See the type's comment.
    var timeBudget: Double? = CompareSession.defaultTimeBudget
    /// Seconds of extra rounds for cells still unknown after the ordinary
    /// ones (`--settle-budget`); nil: no settling.
    var settleBudget: Double? = nil
    /// One line per event worth telling (round start, failures).
    var log: @Sendable (String) -> Void

    /// How many times `maxRounds` a cell may run while settling: the interval
    /// of a ratio narrows with the square root of its rounds, so four times
    /// the rounds halves it, enough for a cell just across the threshold.
    static let settleRoundFactor = 4

    func run() async -> CompareOutcome {
        let started = ContinuousClock.now
        var base: [CellKey: SideMeasurements] = [:]
        var candidate: [CellKey: SideMeasurements] = [:]
        for cell in cells { base[cell.key] = SideMeasurements(); candidate[cell.key] = SideMeasurements() }
        var rounds = 0, jobs = 0
        // Check jobs time nothing, so they run side by side before any timing job starts.
        log("checks: \(cells.count * 2) jobs (counters and digests), \(checkConcurrency) at a time")
        var iterationSeconds: [CellKey: Double] = [:]
        for (key, side, result) in await runChecks() {
            jobs += 1
            if let t = result.summary?.medianSeconds { iterationSeconds[key] = max(iterationSeconds[key] ?? 0, t) }
            if side == .base { Self.absorbCheck(result, into: &base[key, default: SideMeasurements()]) }
            else { Self.absorbCheck(result, into: &candidate[key, default: SideMeasurements()]) }
            if let failure = result.failure { log("\(side.rawValue) worker failed on \(key): \(failure)") }
        }
        var suite = SuiteComparison(base: base, candidate: candidate, policy: policy, thresholds: thresholds)
        var pending = cells.map { cell in
            var cell = cell
            cell.request.samples = samples(requested: cell.request.samples, iterationSeconds: iterationSeconds[cell.key])
            return cell
        }
        let trimmed = zip(cells, pending).filter { $0.request.samples != $1.request.samples }.count
        if trimmed > 0 { log("\(trimmed) cell\(trimmed == 1 ? "" : "s") run fewer samples per timing job: their iterations are too slow to fit --sample-budget \(sampleBudget) s") }
        let planned = pending
        let checkSeconds = (ContinuousClock.now - started).inSeconds
        // The ordinary rounds, then (with --settle) the settling rounds: the
        // same loop under a higher round cap and a budget of their own.
        var cap = maxRounds, budget = timeBudget, budgetStart = started
        var settleStart: (rounds: Int, undecided: [CellKey], at: ContinuousClock.Instant)? = nil
        var settleStop = "every cell decided"
        phases: while true {
            while !pending.isEmpty, rounds < cap {
                if rounds >= max(policy.minimumRounds, minRounds), let budget {
                    let left = budget - (ContinuousClock.now - budgetStart).inSeconds
                    // Each cell's latest timing job: A B B A ends with the base's.
                    let latest = base.compactMapValues(\.jobSeconds.last)
                    let affordable = RoundBudget.affordable(pending.map(\.key), suite: suite, jobSeconds: latest, secondsLeft: left,
                                                            schedule: schedule)
                    let fitting = pending.filter { affordable.contains($0.key) }
                    if fitting.count < pending.count {
                        let option = settleStart == nil ? "--time-budget" : "--settle-budget"
                        log("time budget (\(option) \(Self.format(budget)) s, \(Self.format(max(0, left))) s left): "
                            + "\(pending.count - fitting.count) of \(pending.count) undecided cells not run again, left unknown")
                        if settleStart != nil { settleStop = "the budget of \(Self.format(budget)) s is spent (--settle-budget)" }
                    }
                    pending = fitting
                    if pending.isEmpty { break }
                }
                rounds += 1
                log("round \(rounds): \(pending.count) cell\(pending.count == 1 ? "" : "s"), \(pending.count * 4) jobs (\(schedule.label)) · "
                    + progress(pending: pending, base: base, checkSeconds: checkSeconds, rounds: rounds, cap: cap,
                               budget: budget.map { $0 + (budgetStart - started).inSeconds }, started: started))
                for cell in RunOrder.shuffled(pending, round: rounds) {
                    for step in schedule.steps {
                        // A side that already failed is not run again (its cell is an error).
                        if base[cell.key]?.failure != nil || candidate[cell.key]?.failure != nil { break }
                        for (side, result, wall) in await runTogether(cell, step) {
                            jobs += 1
                            if side == .base { Self.absorb(result, seconds: wall, into: &base[cell.key, default: SideMeasurements()]) }
                            else { Self.absorb(result, seconds: wall, into: &candidate[cell.key, default: SideMeasurements()]) }
                            if let failure = result.failure {
                                log("\(side.rawValue) worker failed on \(cell.key): \(failure)")
                            }
                        }
                    }
                }
                suite = SuiteComparison(base: base, candidate: candidate, policy: policy, thresholds: thresholds)
                // Time still unknown, whatever the counters and digest say: a
                // candidate that does more work should also be shown slower if it is.
                let undecided = Set(suite.cellsNeedingAnotherRound(maxRounds: cap))
                if rounds >= minRounds { logStops(suite, pending: pending, next: undecided, cap: cap) }
                pending = rounds < minRounds
                    ? planned.filter { base[$0.key]?.failure == nil && candidate[$0.key]?.failure == nil }
                    : planned.filter { undecided.contains($0.key) }
            }
            if !pending.isEmpty {
                let option = settleStart == nil ? "--max-rounds" : "--max-rounds × \(Self.settleRoundFactor) while settling"
                log("\(pending.count) cell\(pending.count == 1 ? " is" : "s are") still undecided after \(rounds) round\(rounds == 1 ? "" : "s") (\(option))")
                if settleStart != nil { settleStop = "the round cap (\(cap) rounds) is reached" }
            }
            guard settleStart == nil, let settleBudget else { break phases }
            // Undecided: unknown, not failed, and not in a workload already
            // slower over its pooled cells (that verdict is decided).
            let unknown = suite.cellsNeedingAnotherRound()
            guard !unknown.isEmpty else { settleStart = (rounds, [], .now); break phases }
            cap = maxRounds * Self.settleRoundFactor
            budget = settleBudget
            budgetStart = .now
            settleStart = (rounds, unknown, budgetStart)
            let next = Set(suite.cellsNeedingAnotherRound(maxRounds: cap))
            pending = planned.filter { next.contains($0.key) }
            log("settling (--settle): \(unknown.count) undecided cell\(unknown.count == 1 ? "" : "s"); \(pending.count) can still be "
                + "decided within \(cap) rounds and get more, for at most \(Self.format(settleBudget)) s (--settle-budget)")
            if pending.isEmpty { settleStop = "the undecided cells are too noisy to decide within \(cap) rounds" }
        }
        let settling = settleStart.map { start in
            let open = Set(suite.cells.filter { $0.time == .unknown }.map(\.key))
            let settled = start.undecided.filter { !open.contains($0) }
            return ComparisonSettling(undecided: start.undecided, settled: settled, rounds: rounds - start.rounds,
                                      seconds: (ContinuousClock.now - start.at).inSeconds, budget: settleBudget ?? 0,
                                      stop: settled.count == start.undecided.count ? "every cell decided" : settleStop)
        }
        if let settling, !settling.undecided.isEmpty { log(settling.summary) }
        return CompareOutcome(suite: suite, base: base, candidate: candidate, rounds: rounds, jobsRun: jobs,
                              elapsed: ContinuousClock.now - started, checkSeconds: checkSeconds, settle: settling)
    }

    /// Runs one timing job per side in `sides` at the same time and returns
    /// each with its own wall seconds, in the order given (a duet's base
    /// first when it was listed first, so each side's jobs stay in run order).
    private func runTogether(_ cell: CompareCell, _ sides: [Side]) async -> [(Side, WorkerRunResult, Double)] {
        await withTaskGroup(of: (Int, WorkerRunResult, Double).self) { group in
            for (i, side) in sides.enumerated() {
                group.addTask {
                    let start = ContinuousClock.now
                    let result = await runJob(cell, side: side)
                    return (i, result, (ContinuousClock.now - start).inSeconds)
                }
            }
            var out = [(Side, WorkerRunResult, Double)?](repeating: nil, count: sides.count)
            for await (i, result, wall) in group { out[i] = (sides[i], result, wall) }
            return out.compactMap { $0 }
        }
    }

    /// `1:05 elapsed, this round about 0:40, ETA at most 6:10`: the round's
    /// price from each cell's latest timing job (before any, from the check
    /// jobs, which run a cell once per side two at a time), and the most
    /// that can follow: every remaining round at that price, cut by the time budget.
    private func progress(pending: [CompareCell], base: [CellKey: SideMeasurements], checkSeconds: Double,
                          rounds: Int, cap: Int, budget timeBudget: Double?, started: ContinuousClock.Instant) -> String {
        let elapsed = (ContinuousClock.now - started).inSeconds
        let perCheckJob = checkSeconds * Double(checkConcurrency) / Double(max(1, cells.count * 2))
        let round = pending.reduce(0.0) { total, cell in
            total + schedule.roundCost(jobSeconds: base[cell.key]?.jobSeconds.last ?? perCheckJob)
        }
        var most = round * Double(cap - rounds + 1)
        if let timeBudget, rounds > max(policy.minimumRounds, minRounds) { most = min(most, max(round, timeBudget - elapsed)) }
        return "\(Clock.format(elapsed)) elapsed, this round about \(Clock.format(round)), ETA at most \(Clock.format(most))"
    }

    static func format(_ seconds: Double) -> String { String(format: "%g", (seconds * 10).rounded() / 10) }

    /// Default ``timeBudget``: nine minutes, so the default suite between two
    /// built engines, reports included, ends within the ten minutes a CI check can wait.
    static let defaultTimeBudget = 540.0

    /// Default `maxRounds`: a lower cap leaves part of the time budget unused
    /// while small workloads slowed by the threshold stay unknown; duet
    /// rounds are short enough for 16 to fit the budget. `bench
    /// compare-power --max-rounds N` replays a full recording under any cap.
    static let defaultMaxRounds = 16

    /// Default ``schedule``: duets. Their rounds are cheaper and less spread
    /// than sequential ones, so more cells are decided within the budget
    /// (`bench compare-power` on recordings of each schedule shows it).
    static let defaultSchedule = RoundSchedule.duet

    /// Says which cells this round's judgement stopped although their time is
    /// still unknown, and why (only those stopped now: a long suite would
    /// repeat the names every round).
    private func logStops(_ suite: SuiteComparison, pending: [CompareCell], next: Set<CellKey>, cap: Int) {
        let slowWorkloads = policy.settleSlowerWorkloads
            ? Set(suite.workloadShifts.filter { $0.time == .slower }.map(\.workload)) : []
        let ran = Set(pending.map(\.key))
        let stopped = suite.cells.filter { c in
            c.time == .unknown && c.failureSide == nil && !next.contains(c.key) && ran.contains(c.key)
        }
        let bySlow = stopped.filter { slowWorkloads.contains($0.key.workload) }
        let byNoise = stopped.filter { !slowWorkloads.contains($0.key.workload) }
        if !bySlow.isEmpty {
            let names = Set(bySlow.map(\.key.workload)).sorted().joined(separator: ", ")
            log("\(bySlow.count) undecided cell\(bySlow.count == 1 ? "" : "s") not run again: already slower over the workload's pooled cells (\(names))")
        }
        if !byNoise.isEmpty {
            log("\(byNoise.count) undecided cell\(byNoise.count == 1 ? "" : "s") not run again: too noisy for \(cap) rounds to decide, left unknown")
        }
    }

    /// Check jobs at once: at most one per core, so they finish in about the time of one side's.
    var checkConcurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Every cell's check job on both sides, `checkConcurrency` at a time, in cell order.
    private func runChecks() async -> [(CellKey, Side, WorkerRunResult)] {
        let work = cells.flatMap { cell in [(cell, Side.base), (cell, Side.candidate)] }
        return await withTaskGroup(of: (Int, WorkerRunResult).self) { group in
            var results = [WorkerRunResult?](repeating: nil, count: work.count)
            var next = 0
            func start() {
                guard next < work.count else { return }
                let i = next, (cell, side) = work[i]
                next += 1
                group.addTask { (i, await self.runJob(cell, side: side, check: true)) }
            }
            for _ in 0..<checkConcurrency { start() }
            while let (i, result) = await group.next() {
                results[i] = result
                start()
            }
            return zip(work, results).map { ($0.0.key, $0.1, $1!) }
        }
    }

    /// Measured samples per timing job unless `--samples` says otherwise. The
    /// job's median is one value of the comparison and jobs vary more from
    /// one another than samples within a job, so a few short samples per job
    /// and more jobs beat many samples in fewer jobs.
    static let defaultSamples = 3

    /// Default ``sampleBudget``: three samples of an iteration up to 50 ms.
    static let defaultSampleBudget = 0.15

    /// Samples per timing job for a cell whose iteration took `iterationSeconds`
    /// in its check job (the slower side's): as many as fit the budget, at
    /// most `requested`, at least one. Both sides run the same number.
    func samples(requested: Int?, iterationSeconds: Double?) -> Int? {
        guard let t = iterationSeconds, t > 0, sampleBudget > 0 else { return requested }
        let wanted = requested ?? CompareSession.defaultSamples
        return max(1, min(wanted, Int(sampleBudget / t)))
    }

    /// A timing job (no warm-up iterations: the worker's counted step and
    /// calibration samples already run the step before measuring), or
    /// (`check`) the same job with a fixed iteration count for counters and digest.
    private func runJob(_ cell: CompareCell, side: Side, check: Bool = false) async -> WorkerRunResult {
        var request = cell.request
        request.warmupIterations = 0
        if check { request.samples = 1; request.minSampleSeconds = 0 }
        let runner = WorkerRunner(timeout: timeout)
        return await runner.run(request, command: side == .base ? base : candidate)
    }

    /// The worker's last line on stderr, before any crash backtrace
    /// (Swift's backtracer prints pages of addresses that say nothing here).
    static func workerWords(_ stderr: String) -> String {
        var lines: [Substring] = []
        for line in stderr.split(separator: "\n") {
            if line.contains("💣") || line.contains("Program crashed") || line.hasPrefix("Thread ") || line.hasPrefix("*** ") { break }
            lines.append(line)
        }
        return lines.last.map(String.init) ?? ""
    }

    /// Adds a timing job's median seconds per iteration, and its wall `seconds`, to a side of a cell.
    static func absorb(_ result: WorkerRunResult, seconds: Double, into side: inout SideMeasurements) {
        if let failure = result.failure {
            side.failure = side.failure ?? failureText(failure, result)
            return
        }
        let measured = result.samples.filter { !$0.warmup }.map(\.secondsPerIteration).sorted()
        guard !measured.isEmpty else { return }
        let mid = measured.count / 2
        side.secondsPerIteration.append(measured.count % 2 == 1 ? measured[mid] : (measured[mid - 1] + measured[mid]) / 2)
        side.jobSeconds.append(seconds)
    }

    /// Takes counters and digest from a check job (fixed iteration count, so deterministic for a seed).
    static func absorbCheck(_ result: WorkerRunResult, into side: inout SideMeasurements) {
        if let failure = result.failure {
            side.failure = side.failure ?? failureText(failure, result)
            return
        }
        guard let summary = result.summary else { return }
        side.digest = summary.digest
        side.counters = summary.counters
    }

    static func failureText(_ failure: JobFailure, _ result: WorkerRunResult) -> String {
        let said = workerWords(result.stderrTail)
        return failure.description + (said.isEmpty ? "" : " — the worker said: " + said)
    }
}
