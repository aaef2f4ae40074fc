import Foundation
import ResultStore
import Synchronization
import WorkerProtocol

/// How jobs are run.
public struct RunSettings: Sendable {
    /// Seconds a job may take before its worker is stopped.
    public var timeout: Double
    /// Jobs at once; 1 (the default) keeps timings quiet.
    public var parallelism: Int
    public var terminateGrace: Double

    /// Longest `timeout` accepted: a day. Longer is a typo, and a
    /// non-finite value has no deadline at all.
    public static let maxTimeout = 86_400.0

    /// Why `seconds` is not a usable `--timeout`, or nil when it is.
    public static func timeoutProblem(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds > 0, seconds <= maxTimeout else {
            return "--timeout must be a number of seconds more than 0 and at most \(Int(maxTimeout)) (a day), not \(seconds)"
        }
        return nil
    }

    public init(timeout: Double = 600, parallelism: Int = 1, terminateGrace: Double = 2) {
        self.timeout = timeout; self.parallelism = max(1, parallelism); self.terminateGrace = terminateGrace
    }
}

/// Where one job's time went, for the overhead benchmark.
public struct JobTiming: Sendable {
    /// Spawn to hello (nil if the worker never said hello).
    public var handshake: Duration?
    /// Spawn to the worker's exit and the pipes' end.
    public var worker: Duration
    /// Spooling and storing the outcome.
    public var storage: Duration
    public var total: Duration { worker + storage }
}

/// What a run did.
public struct RunResult: Sendable {
    public var runID: UUID
    public var outcomes: [PlannedJob.ID: JobOutcome]
    public var timings: [PlannedJob.ID: JobTiming]
    public var spoolPath: String
    public var elapsed: Duration
    /// Cancelled before every job ran; the jobs not started stay `planned`.
    public var interrupted: Bool

    public var failedCount: Int { outcomes.values.filter { $0.failure != nil }.count }
}

/// Runs a planned run: each job in a fresh worker process, every sample
/// spooled as it arrives, every outcome spooled then stored, progress
/// reported as jobs start and finish. A failing job is recorded and the run
/// goes on. The caller ends the run with `link.finish(runID:status:)` once
/// it has stored what comes after the jobs (verdicts, the report's path).
public struct BenchmarkRun: Sendable {
    public var run: RunInfo
    public var jobs: [PlannedJob]
    /// Workload file text by path, sent with each job (see `WorkerRequests`).
    public var sources: [String: String]
    public var engines: [String: EngineChoice]
    public var settings: RunSettings
    public var link: StorageLink
    public var progress: any ProgressReporter
    public var cancellation: RunCancellation

    public init(run: RunInfo, jobs: [PlannedJob], sources: [String: String], engines: [EngineChoice],
                settings: RunSettings, link: StorageLink, progress: any ProgressReporter,
                cancellation: RunCancellation = RunCancellation()) {
        self.run = run; self.jobs = jobs; self.sources = sources; self.cancellation = cancellation
        self.engines = Dictionary(engines.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        self.settings = settings; self.link = link; self.progress = progress
    }

    /// Runs every job.
    ///
    /// - Throws: `HarnessError.engineNotUsable` (before any job runs) or
    ///   `SpoolError` (results could no longer be kept safely).
    public func execute() async throws -> RunResult {
        let started = ContinuousClock.now
        var hashes: [String: String] = [:]
        for engine in engines.values { hashes[engine.label] = try SHA256.hex(ofFile: engine.command.executable) }
        let hashesByLabel = hashes
        let requests = WorkerRequests(sources: sources)

        try await link.begin(run, jobs: jobs)
        progress.runStarted(total: jobs.count, parallelism: settings.parallelism)
        var outcomes: [PlannedJob.ID: JobOutcome] = [:]
        var timings: [PlannedJob.ID: JobTiming] = [:]
        try await withThrowingTaskGroup(of: (PlannedJob.ID, JobOutcome, JobTiming).self) { group in
            var next = 0
            func launch() {
                guard !cancellation.isCancelled else { return }
                let job = jobs[next]
                next += 1
                group.addTask { try await runOne(requests.request(for: job), of: job, binaryHash: hashesByLabel[job.engineLabel] ?? "") }
            }
            while next < min(settings.parallelism, jobs.count) { launch() }
            while let (id, outcome, timing) = try await group.next() {
                outcomes[id] = outcome
                timings[id] = timing
                if next < jobs.count { launch() }
            }
        }
        return RunResult(runID: run.id, outcomes: outcomes, timings: timings, spoolPath: link.spool.path,
                         elapsed: ContinuousClock.now - started, interrupted: outcomes.count < jobs.count)
    }

    private func runOne(_ request: JobRequest, of job: PlannedJob, binaryHash: String) async throws -> (PlannedJob.ID, JobOutcome, JobTiming) {
        progress.jobStarted(job)
        guard let engine = engines[job.engineLabel] else {
            throw HarnessError.noJobs(reason: "job \(job.ordinal) names engine \(job.engineLabel), which was not given")
        }
        let spool = link.spool
        let spoolFailure = Mutex<SpoolError?>(nil)
        var runner = WorkerRunner(timeout: settings.timeout, terminateGrace: settings.terminateGrace)
        let cancellation = cancellation
        runner.isCancelled = { cancellation.isCancelled }
        let spawned = ContinuousClock.now
        let result = await runner.run(request, command: engine.command) { sample in
            do throws(SpoolError) { try spool.append(.sample(jobID: job.id, sample: sample)) } catch {
                spoolFailure.withLock { $0 = $0 ?? error }
            }
        }
        let exited = ContinuousClock.now
        if let failure = spoolFailure.withLock({ $0 }) { throw failure }
        let outcome = JobOutcome(
            jobID: job.id,
            engine: result.hello.map { EngineInfo(identity: $0.engine, binarySHA256: binaryHash, binaryPath: engine.command.executable) },
            startedAt: result.startedAt, finishedAt: result.finishedAt, failure: result.failure?.record(),
            stderrTail: result.stderrTail.isEmpty ? nil : result.stderrTail, summary: result.summary, samples: result.samples)
        try await link.record(outcome)
        let timing = JobTiming(handshake: result.helloLatency, worker: exited - spawned, storage: ContinuousClock.now - exited)
        progress.jobFinished(job, outcome: outcome)
        return (job.id, outcome, timing)
    }
}
