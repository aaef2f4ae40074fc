import Postgres
import WorkerProtocol

// Streaming: an agent writes a job's samples into `queue_samples` while the
// worker produces them, keyed by (job, attempt, sample index). The rows are
// accepted only while that attempt holds the lease, and they become results
// only inside `complete`, whose writer moves the completing attempt's rows
// (`StreamedSamples.stageRemaining` then its own INSERT … SELECT) before the
// queue deletes every staged row of the job. Rows of a fenced attempt are
// thus rejected when they arrive late and never moved when they came early.
extension JobQueue {
    /// Writes `samples` of `job` (one of `claim`'s jobs) while it runs. A
    /// repeat of a sample already written is ignored, so a batch may be sent
    /// again after a lost connection.
    ///
    /// - Throws: `JobQueueError.fenced` when the claim is no longer current
    ///   (nothing written: the job was rescued, released, or finished by
    ///   another attempt); `.database`, `.databaseUnavailable`.
    public func stream(_ samples: [Sample], job: JobID, of claim: Claim) async throws {
        guard !samples.isEmpty, let claimed = claim.jobs.first(where: { $0.id == job }) else { return }
        let agent = claim.agent
        try await retrying { db in
            try await db.transaction { db in
                // FOR SHARE: a rescue or completion of this row waits for this
                // insert, so no row is written for an attempt already fenced off.
                let current = try db.execute("""
                    SELECT 1 FROM queue_jobs WHERE id = $1 AND attempt = $2 AND lease_owner = $3 AND state = 'running' FOR SHARE
                    """, [.int(job), .int(claimed.attempt), .int(agent)])
                guard !current.isEmpty else {
                    throw JobQueueError.fenced(jobs: [job], attempt: claimed.attempt, agent: agent)
                }
                try StreamedSamples.insert(samples, job: job, attempt: claimed.attempt, on: db)
            }
        }
    }

    /// Cancels a run: its queued jobs become `cancelled` at once, and jobs
    /// running now finish as usual, except that any way back to `queued`
    /// (release, a retryable failure, an expired lease) ends in `cancelled`
    /// too (a trigger keeps them there). Repeating it is harmless.
    ///
    /// - Throws: `JobQueueError`.
    @discardableResult
    public func cancel(runKey: String, reason: String = "the run was cancelled") async throws -> CancelReport {
        try await retrying { db in
            try await db.transaction { db in
                let inserted = try db.execute("""
                    INSERT INTO queue_cancelled_runs (run_key, reason) VALUES ($1, $2) ON CONFLICT (run_key) DO NOTHING RETURNING run_key
                    """, [.text(runKey), .text(String(reason.prefix(4000)))])
                let cancelled = try db.execute("""
                    UPDATE queue_jobs SET state = 'cancelled', finished_at = now(), last_error = $2
                    WHERE run_key = $1 AND state = 'queued' RETURNING id
                    """, [.text(runKey), .text(String(reason.prefix(4000)))])
                let running = try db.execute("SELECT count(*) AS jobs FROM queue_jobs WHERE run_key = $1 AND state = 'running'",
                                             [.text(runKey)])
                return CancelReport(cancelled: cancelled.count, running: try running[0].int("jobs") ?? 0,
                                    newlyCancelled: !inserted.isEmpty)
            }
        }
    }

    /// Whether `cancel(runKey:)` was called for the run.
    ///
    /// - Throws: `JobQueueError`.
    public func isCancelled(runKey: String) async throws -> Bool {
        try await retrying { db in
            try await !db.execute("SELECT 1 FROM queue_cancelled_runs WHERE run_key = $1", [.text(runKey)]).isEmpty
        }
    }
}

/// The staged samples of a claim, for a `ResultWriter` inside `complete`.
public enum StreamedSamples {
    /// The columns that carry a sample, in `Sample`'s order, with their
    /// types. `queue_samples` stages samples in them and the store's
    /// `samples` keeps them, so both tables declare them from here (released
    /// migrations read this too: change it only together with a new one).
    public static let columnDefinitions = """
        sample_index integer NOT NULL,
        warmup boolean NOT NULL,
        iterations bigint NOT NULL,
        wall_seconds double precision NOT NULL,
        cpu_seconds double precision NOT NULL,
        allocations bigint,
        allocated_bytes bigint
        """

    /// The names of `columnDefinitions`, in order.
    public static let columnNames = columnDefinitions.split(separator: "\n").map { String($0.prefix { $0 != " " }) }

    /// `columnNames`, comma-separated, for INSERT and SELECT lists.
    public static let columns = columnNames.joined(separator: ", ")

    /// Stages whichever of `samples` the stream has not written yet (a batch
    /// lost with a connection, the ones after the last flush), so that the
    /// attempt's rows are complete. Call it in the completing transaction,
    /// where the fencing UPDATE has already locked the job.
    ///
    /// - Throws: `PostgresError`.
    public static func stageRemaining(_ samples: [Sample], job: ClaimedJob, on db: isolated PostgresConnection) throws {
        try insert(samples, job: job.id, attempt: job.attempt, on: db)
    }

    /// How many samples the attempt has staged.
    ///
    /// - Throws: `PostgresError`.
    public static func count(job: ClaimedJob, on db: isolated PostgresConnection) throws -> Int {
        try db.execute("SELECT count(*) AS samples FROM queue_samples WHERE job_id = $1 AND attempt = $2",
                       [.int(job.id), .int(job.attempt)])[0].int("samples") ?? 0
    }

    static func insert(_ samples: [Sample], job: JobID, attempt: Int, on db: isolated PostgresConnection) throws {
        guard !samples.isEmpty else { return }
        try db.execute("""
            INSERT INTO queue_samples (job_id, attempt, \(columns))
            SELECT $1, $2, s.* FROM unnest($3::integer[], $4::boolean[], $5::bigint[], $6::float8[], $7::float8[],
                                           $8::bigint[], $9::bigint[]) AS s
            ON CONFLICT (job_id, attempt, sample_index) DO NOTHING
            """, [.int(job), .int(attempt), .text(ArrayParameter.ints(samples.map(\.index))),
                  .text(ArrayParameter.bools(samples.map(\.warmup))), .text(ArrayParameter.ints(samples.map(\.iterations))),
                  .text(ArrayParameter.doubles(samples.map(\.wallSeconds))), .text(ArrayParameter.doubles(samples.map(\.cpuSeconds))),
                  .text(ArrayParameter.texts(samples.map { $0.allocations.map(String.init) })),
                  .text(ArrayParameter.texts(samples.map { $0.allocatedBytes.map(String.init) }))])
    }
}
