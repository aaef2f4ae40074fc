import Foundation
import WorkerProtocol

/// A job's row id in `queue_jobs`.
public typealias JobID = Int
/// An agent's row id in `queue_agents`.
public typealias AgentID = Int

/// Where a job is in its life (see the module README for the transitions).
public enum JobState: String, Sendable, Hashable, CaseIterable, Codable {
    /// `cancelled`: its run was cancelled (`cancel(runKey:)`) before an agent finished it.
    case queued, running, done, failed, cancelled
}

/// What an agent runs: which engine build, and the worker's job. Data only:
/// a payload never carries a command line or URL for the agent to execute;
/// the agent maps `engine` to a worker it already has.
public struct QueuePayload: Codable, Sendable, Equatable {
    public var engine: String
    public var request: JobRequest
    /// Where the enqueuer wants the results: for `layoutbench run
    /// --distributed`, the ResultStore `jobs` row id. Opaque to the queue.
    public var resultKey: String?
    /// The engine's commit (40 hex digits) when the job wants a build of
    /// the engine at a revision: the agent builds it from a remote its own
    /// configuration allows, or refuses the job. Nil: `engine` names a
    /// worker the agent is configured with.
    public var revision: String?

    public init(engine: String, request: JobRequest, resultKey: String? = nil, revision: String? = nil) {
        self.engine = engine
        self.request = request
        self.resultKey = resultKey
        self.revision = revision
    }

    /// The payload as the JSON text stored in `queue_jobs.payload`.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// A job to enqueue.
public struct NewJob: Sendable, Equatable {
    /// The run this job belongs to, opaque to the queue (the ResultStore's run id as text).
    public var runKey: String
    /// Only agents of this class take the job.
    public var machineClass: String
    public var payload: QueuePayload
    /// Jobs sharing a pair key (both sides of a comparison) are claimed
    /// together by one agent and succeed, fail or retry together. Enqueue
    /// all members in the same `enqueue` call, with the same run and class.
    public var pairKey: String?
    /// Runs allowed in all, counting failures and expired leases; at least 1.
    public var maxAttempts: Int

    public init(runKey: String, machineClass: String, payload: QueuePayload, pairKey: String? = nil, maxAttempts: Int = 3) {
        self.runKey = runKey
        self.machineClass = machineClass
        self.payload = payload
        self.pairKey = pairKey
        self.maxAttempts = maxAttempts
    }
}

/// One job inside a claim, as it was when claimed.
public struct ClaimedJob: Sendable, Hashable {
    public let id: JobID
    /// The fencing token: results are accepted only for this attempt.
    public let attempt: Int
    public let runKey: String
    public let pairKey: String?
    public let machineClass: String
    /// The payload's JSON text; `payload()` decodes it.
    public let payloadJSON: String
    /// Attempts that already ended in failure or an expired lease.
    public let failures: Int
    public let maxAttempts: Int

    /// The decoded payload.
    ///
    /// - Throws: `JobQueueError.undecodablePayload`.
    public func payload() throws(JobQueueError) -> QueuePayload {
        do {
            return try JSONDecoder().decode(QueuePayload.self, from: Data(payloadJSON.utf8))
        } catch {
            throw .undecodablePayload(job: id, reason: "\(error)")
        }
    }
}

/// What one agent holds: a single job, or every member of a pair. Pass it
/// back to `heartbeat`, `complete`, `fail` or `release`.
public struct Claim: Sendable, Hashable {
    public let agent: AgentID
    /// Sorted by id; more than one only for a pair.
    public let jobs: [ClaimedJob]
    /// The pair key shared by the jobs, nil for a single job.
    public var pairKey: String? { jobs.first?.pairKey }
    public var jobIDs: [JobID] { jobs.map(\.id) }
}

/// Counts of a run's jobs by state.
public struct QueueProgress: Sendable, Hashable, CustomStringConvertible {
    public var queued = 0
    /// Queued jobs still waiting out a retry backoff.
    public var backingOff = 0
    public var running = 0
    public var done = 0
    public var failed = 0
    /// Jobs of a cancelled run that no agent finished.
    public var cancelled = 0
    /// Samples the running jobs' current attempts have streamed so far.
    public var streamedSamples = 0

    public init() {}

    public var total: Int { queued + running + done + failed + cancelled }
    /// Whether every job has reached `done`, `failed` or `cancelled`.
    public var isFinished: Bool { queued == 0 && running == 0 }

    public var description: String {
        let streaming = running > 0 ? ", \(streamedSamples) sample(s) streamed by the running jobs" : ""
        let cancelledText = cancelled > 0 ? "\(cancelled) cancelled, " : ""
        return "\(done) done, \(failed) failed, \(cancelledText)\(running) running, \(queued) queued (\(backingOff) backing off) "
            + "of \(total)\(streaming)"
    }
}

/// What `cancel(runKey:)` did.
public struct CancelReport: Sendable, Hashable {
    /// Queued jobs now `cancelled`.
    public var cancelled: Int
    /// Jobs still running: they finish (or, released or failed, become `cancelled`).
    public var running: Int
    /// False when the run was already cancelled before this call.
    public var newlyCancelled: Bool

    public init(cancelled: Int, running: Int, newlyCancelled: Bool) {
        self.cancelled = cancelled; self.running = running; self.newlyCancelled = newlyCancelled
    }
}

/// What `fail` did with one job.
public enum FailureOutcome: Sendable, Hashable {
    /// Queued again, claimable after `delaySeconds`.
    case retryScheduled(job: JobID, delaySeconds: Double)
    /// Out of attempts, or not retryable: now `failed` with the reason.
    case failed(job: JobID)
}

/// Why `waitForWork` returned.
public enum WakeReason: Sendable, Hashable {
    /// A NOTIFY came: work was enqueued, released or rescued (a hint only).
    case notified
    /// The timeout passed without one: poll anyway.
    case timedOut
}
