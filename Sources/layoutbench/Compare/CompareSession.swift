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
}

/// Runs the same jobs for base and candidate on this machine and judges them.
///
/// Each round runs every still-undecided cell as A B B A (base, candidate,
/// candidate, base), one job per fresh worker process, so slow drift on the
/// machine (thermal, other users) lands on both sides alike. Per-iteration
/// times of the measured samples are pooled per cell and side across rounds;
/// after each round a `SuiteComparison` judges everything pooled so far, and
/// cells whose time verdict is still unknown get another round, up to
/// `maxRounds`. Counters and digests come from each job's summary; a job
/// that fails marks its side of the cell as failed and the cell is not run again.
struct CompareSession: Sendable {
    var cells: [CompareCell]
    var base: WorkerCommand
    var candidate: WorkerCommand
    var timeout: Double
    var maxRounds: Int
    var policy: ComparisonPolicy
    /// Workload name → its own practical threshold (the workload file's `regression_threshold`).
    var thresholds: [String: Double]
    /// One line per event worth telling (round start, failures).
    var log: @Sendable (String) -> Void

    func run() async -> CompareOutcome {
        let started = ContinuousClock.now
        var base: [CellKey: SideMeasurements] = [:]
        var candidate: [CellKey: SideMeasurements] = [:]
        for cell in cells { base[cell.key] = SideMeasurements(); candidate[cell.key] = SideMeasurements() }
        var pending = cells
        var rounds = 0, jobs = 0
        var suite = SuiteComparison(base: base, candidate: candidate, policy: policy, thresholds: thresholds)
        while !pending.isEmpty, rounds < maxRounds {
            rounds += 1
            log("round \(rounds): \(pending.count) cell\(pending.count == 1 ? "" : "s"), \(pending.count * 4) jobs (A B B A)")
            for cell in pending {
                for side in [Side.base, .candidate, .candidate, .base] {
                    // A side that already failed is not run again (its cell is an error).
                    if base[cell.key]?.failure != nil || candidate[cell.key]?.failure != nil { break }
                    let result = await runJob(cell, side: side)
                    jobs += 1
                    if side == .base { Self.absorb(result, into: &base[cell.key, default: SideMeasurements()]) }
                    else { Self.absorb(result, into: &candidate[cell.key, default: SideMeasurements()]) }
                    if let failure = result.failure {
                        log("\(side.rawValue) worker failed on \(cell.key): \(failure)")
                    }
                }
            }
            suite = SuiteComparison(base: base, candidate: candidate, policy: policy, thresholds: thresholds)
            let undecided = Set(suite.undecided)
            pending = cells.filter { undecided.contains($0.key) }
        }
        if !pending.isEmpty {
            log("\(pending.count) cell\(pending.count == 1 ? " is" : "s are") still undecided after \(rounds) round\(rounds == 1 ? "" : "s") (--max-rounds)")
        }
        return CompareOutcome(suite: suite, base: base, candidate: candidate, rounds: rounds, jobsRun: jobs,
                              elapsed: ContinuousClock.now - started)
    }

    private func runJob(_ cell: CompareCell, side: Side) async -> WorkerRunResult {
        let runner = WorkerRunner(timeout: timeout)
        return await runner.run(cell.request, command: side == .base ? base : candidate)
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

    /// Adds one job's measured samples, counters and digest to a side of a cell.
    ///
    /// Counters and digests are deterministic for a seed, so the first job's
    /// are kept; a later job that disagrees with the first means the engine
    /// is not deterministic, which is reported as a failure of that side
    /// rather than silently averaged away.
    static func absorb(_ result: WorkerRunResult, into side: inout SideMeasurements) {
        if let failure = result.failure {
            let said = workerWords(result.stderrTail)
            side.failure = side.failure ?? failure.description + (said.isEmpty ? "" : " — the worker said: " + said)
            return
        }
        side.secondsPerIteration += result.samples.filter { !$0.warmup }.map(\.secondsPerIteration)
        guard let summary = result.summary else { return }
        if let digest = side.digest, digest != summary.digest {
            side.failure = side.failure ?? "the layout digest differs between two runs of the same job (\(digest) then \(summary.digest)): the engine is not deterministic"
        } else if side.digest != nil, side.counters != summary.counters {
            side.failure = side.failure ?? "the counters differ between two runs of the same job: the engine is not deterministic"
        }
        if side.digest == nil {
            side.digest = summary.digest
            side.counters = summary.counters
        }
    }
}
