import Postgres

/// Writes a job's results inside the completing transaction. It runs on the
/// connection's own queue with nothing else interleaved (the wrapper's
/// transactions are synchronous on purpose), so it takes the connection
/// `isolated` and calls `execute` or `copyIn` without `await`. Whatever it
/// writes commits together with the completion, or not at all.
public typealias ResultWriter = @Sendable (_ db: isolated PostgresConnection, _ claim: Claim) throws -> Void

extension JobQueue {
    /// Marks the claim's jobs done and stores their results, all in one
    /// transaction, but only while `claim` is still current (fencing): the
    /// jobs must be running under this agent with the claimed attempt.
    ///
    /// Order inside the transaction: the fencing UPDATE first (it locks the
    /// job rows, so a concurrent rescue waits or skips them), then one
    /// `queue_results` row per job (unique per job and attempt, holding
    /// `summaries[id]` as JSON when given), the claim log, then `writer`.
    ///
    /// - Throws: `JobQueueError.fenced` when the claim is no longer this
    ///   agent's (nothing is written, `writer` is not called); whatever
    ///   `writer` throws (everything rolls back; the jobs stay running until
    ///   `fail` or lease expiry); `.database`, `.databaseUnavailable`.
    public func complete(_ claim: Claim, summaries: [JobID: String] = [:],
                         writer: ResultWriter? = nil) async throws {
        try await finish(claim, outcome: "done") { db, fence in
            try db.execute("""
                UPDATE queue_jobs q SET state = 'done', lease_owner = NULL, lease_expires_at = NULL,
                                        finished_at = now(), last_error = NULL
                FROM \(fence.table) WHERE \(fence.condition) RETURNING q.id
                """, fence.parameters)
        } afterFencing: { db in
            try db.execute("""
                INSERT INTO queue_results (job_id, attempt, agent_id, summary)
                SELECT r.id, r.attempt, $1, r.summary::jsonb
                FROM unnest($2::bigint[], $3::integer[], $4::text[]) AS r (id, attempt, summary)
                """, [.int(claim.agent), .text(ArrayParameter.ints(claim.jobIDs)),
                      .text(ArrayParameter.ints(claim.jobs.map(\.attempt))),
                      .text(ArrayParameter.texts(claim.jobs.map { summaries[$0.id] }))])
            try writer?(db, claim)
            // The writer has taken what it wanted of the staged samples; rows of
            // earlier, fenced attempts go too.
            try db.execute("DELETE FROM queue_samples WHERE job_id = ANY($1::bigint[])", [.text(ArrayParameter.ints(claim.jobIDs))])
        }
    }

    /// Records that the claim's attempt failed with `reason`. When
    /// `retryable` and every job of the claim has attempts left, the jobs go
    /// back to `queued`, claimable after `settings.backoff`'s delay for their
    /// failure count (drawn with this queue's random generator); otherwise
    /// they become `failed`, keeping `reason` in `last_error`. A pair fails
    /// or retries as a whole.
    ///
    /// - Throws: `JobQueueError.fenced` (the claim is no longer this
    ///   agent's; nothing changed), `.database`, `.databaseUnavailable`.
    @discardableResult
    public func fail(_ claim: Claim, reason: String, retryable: Bool) async throws -> [FailureOutcome] {
        let retry = retryable && claim.jobs.allSatisfy { $0.failures + 1 < $0.maxAttempts }
        let delays = claim.jobs.map { job in retry ? settings.backoff.delay(afterFailures: job.failures + 1, using: &random) : 0 }
        let reason = String(reason.prefix(4000))
        try await finish(claim, outcome: retry ? "retry" : "failed") { db, fence in
            try db.execute("""
                UPDATE queue_jobs q
                SET state = CASE WHEN $\(fence.nextIndex)::boolean THEN 'queued' ELSE 'failed' END,
                    failures = q.failures + 1, lease_owner = NULL, lease_expires_at = NULL,
                    not_before = CASE WHEN $\(fence.nextIndex)::boolean
                                      THEN now() + d.delay * interval '1 second' ELSE q.not_before END,
                    finished_at = CASE WHEN $\(fence.nextIndex)::boolean THEN NULL ELSE now() END,
                    last_error = $\(fence.nextIndex + 1)
                FROM \(fence.table), unnest($\(fence.nextIndex + 2)::bigint[], $\(fence.nextIndex + 3)::float8[]) AS d (id, delay)
                WHERE \(fence.condition) AND d.id = q.id
                RETURNING q.id
                """, fence.parameters + [.bool(retry), .text(reason), .text(ArrayParameter.ints(claim.jobIDs)),
                                         .text(ArrayParameter.doubles(delays))])
        } afterFencing: { db in try Self.dropStagedSamples(of: claim, on: db) }
        return zip(claim.jobs, delays).map { job, delay in
            retry ? .retryScheduled(job: job.id, delaySeconds: delay) : .failed(job: job.id)
        }
    }

    /// Gives the claim back untouched (an agent shutting down on SIGTERM):
    /// the jobs are queued again, claimable at once by anyone, and idle
    /// agents are woken. The attempt is not counted as a failure.
    /// Returns false if the claim was no longer this agent's anyway.
    ///
    /// - Throws: `JobQueueError.database`, `.databaseUnavailable`.
    @discardableResult
    public func release(_ claim: Claim) async throws -> Bool {
        let channel = settings.channel
        do {
            try await finish(claim, outcome: "released") { db, fence in
                try db.execute("""
                    UPDATE queue_jobs q SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, not_before = now()
                    FROM \(fence.table) WHERE \(fence.condition) RETURNING q.id
                    """, fence.parameters)
            } afterFencing: { db in
                let machineClass = claim.jobs.first?.machineClass ?? ""
                try Self.dropStagedSamples(of: claim, on: db)
                try db.notify(channel, payload: machineClass)
            }
            return true
        } catch JobQueueError.fenced {
            return false
        }
    }

    /// Deletes the samples the claim's attempt streamed: it ended without results.
    static func dropStagedSamples(of claim: Claim, on db: isolated PostgresConnection) throws {
        try db.execute("""
            DELETE FROM queue_samples s USING unnest($1::bigint[], $2::integer[]) AS f (id, attempt)
            WHERE s.job_id = f.id AND s.attempt = f.attempt
            """, [.text(ArrayParameter.ints(claim.jobIDs)), .text(ArrayParameter.ints(claim.jobs.map(\.attempt)))])
    }

    /// The shared shape of complete, fail and release: in one transaction,
    /// run `transition` (an UPDATE restricted by `fence` that returns the
    /// ids it changed), demand that it changed every job of the claim, log
    /// the outcome in `queue_claims`, then run `afterFencing`.
    ///
    /// After a lost connection the operation runs again; if it is then
    /// fenced, the claim log tells whether the first run committed with this
    /// very outcome, in which case there is nothing left to do.
    private func finish(_ claim: Claim, outcome: String,
                        transition: @escaping @Sendable (isolated PostgresConnection, Fence) throws -> PostgresResult,
                        afterFencing: @escaping @Sendable (isolated PostgresConnection) throws -> Void) async throws {
        let fence = Fence(claim)
        let connection = self.connection
        try await retryingRepeatAware { isRepeat in
            do {
                try await connection.transaction { db in
                    let changed = try transition(db, fence)
                    guard changed.count == claim.jobs.count else {
                        throw JobQueueError.fenced(jobs: claim.jobIDs, attempt: claim.jobs.first?.attempt ?? 0, agent: claim.agent)
                    }
                    try db.execute("""
                        UPDATE queue_claims c SET outcome = $\(fence.nextIndex), ended_at = now()
                        FROM \(fence.table) WHERE c.job_id = f.id AND c.attempt = f.attempt
                        """, fence.parameters + [.text(outcome)])
                    try afterFencing(db)
                }
            } catch JobQueueError.fenced where isRepeat {
                let logged = try await connection.execute("""
                    SELECT count(*) AS jobs FROM queue_claims c, \(fence.table)
                    WHERE c.job_id = f.id AND c.attempt = f.attempt AND c.agent_id = $1 AND c.outcome = $\(fence.nextIndex)
                    """, fence.parameters + [.text(outcome)])
                guard try logged[0].int("jobs") == claim.jobs.count else { throw JobQueueError.fenced(
                    jobs: claim.jobIDs, attempt: claim.jobs.first?.attempt ?? 0, agent: claim.agent) }
            }
        }
    }
}

/// The fencing condition for one claim: SQL text that joins `queue_jobs q`
/// to the claimed (id, attempt) pairs `f` and keeps rows still running under
/// the claiming agent. It binds $1 … $3; further parameters start at
/// `nextIndex`.
struct Fence: Sendable {
    let parameters: [PostgresValue?]
    let table = "unnest($2::bigint[], $3::integer[]) AS f (id, attempt)"
    let condition = "q.id = f.id AND q.attempt = f.attempt AND q.lease_owner = $1 AND q.state = 'running'"
    let nextIndex = 4

    init(_ claim: Claim) {
        parameters = [.int(claim.agent), .text(ArrayParameter.ints(claim.jobIDs)),
                      .text(ArrayParameter.ints(claim.jobs.map(\.attempt)))]
    }
}
