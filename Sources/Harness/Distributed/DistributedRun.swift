import Foundation
import JobQueue
import Postgres
import ResultStore
import WorkerProtocol

/// `layoutbench run --distributed`, minus the command line: the run and its
/// planned jobs go into the ResultStore (status `planned`), the same jobs go
/// into the job queue for agents to claim, and `follow` waits for them.
///
/// Each queue job carries data only: the engine's name, the worker request
/// with the workload file's text inline (agents need no checkout), and the
/// `jobs` row id its results go to (`QueuePayload.resultKey`). Agents write
/// the outcome into that row inside the queue's fenced `complete`, so each
/// job is recorded once, by the attempt that held the lease.
public struct DistributedRun: Sendable {
    public var run: RunInfo
    public var jobs: [PlannedJob]
    /// Workload file text by path, sent inline with each job.
    public var sources: [String: String]
    /// Only agents of this class (or every agent, for `MachineClass.any`) take the jobs.
    public var machineClass: String
    /// Jobs with the same pair key (both sides of a comparison) are claimed
    /// and run by one agent. Nil for independent jobs.
    public var pairKey: @Sendable (PlannedJob) -> String?
    /// Attempts per job, counting failures and expired leases.
    public var maxAttempts: Int
    /// Engine label → commit, for engines the agents build themselves at a
    /// revision (from remotes each agent allows). Other labels name workers
    /// in the agents' configuration.
    public var revisions: [String: String]

    public init(run: RunInfo, jobs: [PlannedJob], sources: [String: String], machineClass: String,
                pairKey: @escaping @Sendable (PlannedJob) -> String? = { _ in nil }, maxAttempts: Int = 3,
                revisions: [String: String] = [:]) {
        self.run = run; self.jobs = jobs; self.sources = sources; self.machineClass = machineClass
        self.pairKey = pairKey; self.maxAttempts = maxAttempts; self.revisions = revisions
    }

    /// The queue jobs for the plan, in plan order.
    public func queueJobs() -> [NewJob] {
        let requests = WorkerRequests(sources: sources)
        return jobs.map { job in
            let request = requests.request(for: job)
            return NewJob(runKey: run.id.uuidString.lowercased(), machineClass: machineClass,
                          payload: QueuePayload(engine: job.engineLabel, request: request, resultKey: job.id.uuidString,
                                                revision: revisions[job.engineLabel]),
                          pairKey: pairKey(job), maxAttempts: maxAttempts)
        }
    }

    /// Stores the run and its plan, then enqueues every job in one
    /// transaction. Returns the queue's job ids in plan order.
    ///
    /// - Throws: `ResultStoreError`, `JobQueueError` (nothing is enqueued
    ///   unless the run is stored first).
    @discardableResult
    public func enqueue(store: ResultStore, queue: JobQueue) async throws -> [JobID] {
        try await store.beginRun(run, jobs: jobs)
        return try await queue.enqueue(queueJobs())
    }

    /// Polls the run's progress every `interval` until every job is done,
    /// failed or cancelled, calling `onChange` whenever the counts change. Returns the
    /// final counts.
    ///
    /// - Throws: `JobQueueError`, `CancellationError`.
    public static func follow(runID: UUID, queue: JobQueue, interval: Duration = .milliseconds(500),
                              onChange: @Sendable (QueueProgress) -> Void = { _ in }) async throws -> QueueProgress {
        var last: QueueProgress?
        while true {
            let progress = try await queue.progress(runKey: runID.uuidString.lowercased())
            if progress != last { onChange(progress); last = progress }
            if progress.isFinished { return progress }
            try await Task.sleep(for: interval)
        }
    }

    /// Gives every job the queue gave up on (`failed`: out of attempts, an
    /// engine no agent has, an undecodable payload) or cancelled (kind
    /// `cancelled`) a failed outcome in the store with the queue's reason, so the run's `jobs` rows all end
    /// `succeeded` or `failed` as after a local run. Returns how many it
    /// recorded now (a repeat records none).
    ///
    /// - Throws: `JobQueueError`, `ResultStoreError`.
    @discardableResult
    public static func recordQueueFailures(runID: UUID, queue: JobQueue, store: ResultStore) async throws -> Int {
        let rows: PostgresResult
        do {
            rows = try await queue.connection.execute("""
                SELECT payload->>'resultKey' AS result_key, state, last_error, attempt FROM queue_jobs
                WHERE run_key = $1 AND state IN ('failed', 'cancelled') ORDER BY id
                """, [.text(runID.uuidString.lowercased())])
        } catch let error as PostgresError {
            throw JobQueueError.database(error)
        }
        var recorded = 0
        for row in rows {
            guard let key = try row.string("result_key"), let jobID = UUID(uuidString: key) else { continue }
            let cancelled = try row.string("state") == "cancelled"
            let reason = try row.string("last_error") ?? (cancelled ? "the run was cancelled" : "the queue gave up on the job")
            let attempts = try row.int("attempt") ?? 0
            let now = Date()
            let failure = cancelled ? JobFailureRecord(kind: "cancelled", reason: "\(reason) (after \(attempts) attempt(s))")
                : JobFailureRecord(kind: "queue", reason: "after \(attempts) attempt(s): \(reason)")
            let outcome = JobOutcome(jobID: jobID, engine: nil, startedAt: now, finishedAt: now, failure: failure,
                                     stderrTail: nil, summary: nil, samples: [])
            if try await store.recordOutcome(outcome) { recorded += 1 }
        }
        return recorded
    }
}
