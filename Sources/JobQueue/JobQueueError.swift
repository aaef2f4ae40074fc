import Postgres

/// Everything the queue itself can report; database failures arrive as
/// `.database` with the wrapper's error inside. Each message says what to
/// do next. None contains a password: connections are shown redacted.
public enum JobQueueError: Error, Sendable, CustomStringConvertible {
    /// The claim is no longer this agent's: its lease expired and the job was
    /// rescued (and perhaps claimed again, with a higher attempt), or it was
    /// already completed, failed or released. Nothing was written.
    case fenced(jobs: [JobID], attempt: Int, agent: AgentID)
    /// A job to enqueue is malformed.
    case invalidJob(index: Int, reason: String)
    /// A claimed job's payload is not a `QueuePayload`.
    case undecodablePayload(job: JobID, reason: String)
    /// A settings value is out of range.
    case invalidSettings(reason: String)
    /// The database kept failing retryably (server down, restarting) for
    /// longer than `QueueSettings.reconnectTimeout`.
    case databaseUnavailable(target: String, seconds: Double, lastError: PostgresError)
    /// The database rejected a statement, or a non-retryable connection error.
    case database(PostgresError)

    public var description: String {
        switch self {
        case let .fenced(jobs, attempt, agent):
            return "Agent \(agent) no longer holds attempt \(attempt) of job(s) \(jobs.map(String.init).joined(separator: ", ")): "
                + "its lease expired and another agent took over, or the job already finished. "
                + "Its results were discarded; drop the work and claim again (heartbeat more often than the lease length if this repeats)."
        case let .invalidJob(index, reason):
            return "Job \(index) cannot be enqueued: \(reason). Nothing was enqueued; fix the job and enqueue the batch again."
        case let .undecodablePayload(job, reason):
            return "Job \(job)'s payload is not a QueuePayload (\(reason)). Fail it as not retryable; "
                + "the enqueuer and the agent are probably built from different revisions."
        case let .invalidSettings(reason):
            return "Invalid queue settings: \(reason)."
        case let .databaseUnavailable(target, seconds, lastError):
            return "PostgreSQL at \(target) stayed unreachable for \(Int(seconds)) s (last error: \(lastError)). "
                + "Check that the server is running, then start the agent again; its unfinished jobs are rescued when their leases expire."
        case let .database(error):
            return error.description
        }
    }
}
