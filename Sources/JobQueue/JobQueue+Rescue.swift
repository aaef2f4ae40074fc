import Postgres

/// What `rescueExpired()` did.
public struct RescueReport: Sendable, Hashable {
    /// False when another client held the rescue lock, so this call did nothing.
    public var ranRescue: Bool
    /// Jobs queued again (claimable at once).
    public var requeued: [JobID]
    /// Jobs that ran out of attempts and are now `failed`.
    public var failed: [JobID]

    public var isEmpty: Bool { requeued.isEmpty && failed.isEmpty }
}

extension JobQueue {
    /// Takes back jobs whose lease ran out (their agent died, hung or lost
    /// the database for longer than a lease). Each counts as a failure:
    /// with attempts left the job is queued again at once (the lease wait
    /// already served as the delay) and idle agents are woken; otherwise it
    /// becomes `failed` with the reason "lease expired". The old holder is
    /// fenced off, since the next claim raises the attempt.
    ///
    /// Any client may call it, as often as it likes: only the one that wins
    /// `pg_try_advisory_xact_lock` works, the others return at once, and rows
    /// locked by a completing agent are skipped (its completion wins).
    ///
    /// - Throws: `JobQueueError`.
    @discardableResult
    public func rescueExpired() async throws -> RescueReport {
        let batch = settings.rescueBatchSize
        let channel = settings.channel
        return try await retrying { db in
            try await db.transaction { db in
                let lock = try db.execute("SELECT pg_try_advisory_xact_lock($1) AS won", [.int(Self.rescueLockKey)])
                guard try lock[0].bool("won") == true else { return RescueReport(ranRescue: false, requeued: [], failed: []) }
                let rescued = try db.execute("""
                    WITH expired AS (
                        SELECT id, attempt, lease_owner FROM queue_jobs
                        WHERE state = 'running' AND lease_expires_at < now()
                        ORDER BY lease_expires_at LIMIT $1
                        FOR UPDATE SKIP LOCKED
                    ), changed AS (
                        UPDATE queue_jobs q
                        SET state = CASE WHEN q.failures + 1 < q.max_attempts THEN 'queued' ELSE 'failed' END,
                            failures = q.failures + 1, lease_owner = NULL, lease_expires_at = NULL, not_before = now(),
                            finished_at = CASE WHEN q.failures + 1 < q.max_attempts THEN NULL ELSE now() END,
                            last_error = 'lease expired: agent ' || e.lease_owner || ' stopped heartbeating during attempt ' || e.attempt
                        FROM expired e WHERE q.id = e.id
                        RETURNING q.id, q.attempt, q.state, q.machine_class
                    ), logged AS (
                        UPDATE queue_claims c SET outcome = 'expired', ended_at = now()
                        FROM changed WHERE c.job_id = changed.id AND c.attempt = changed.attempt
                    )
                    SELECT id, state, machine_class FROM changed ORDER BY id
                    """, [.int(batch)])
                var report = RescueReport(ranRescue: true, requeued: [], failed: [])
                var classes: Set<String> = []
                for row in rescued {
                    let id = try row.int("id")!
                    switch try row.string("state") {
                    case "queued":
                        report.requeued.append(id)
                        classes.insert(try row.string("machine_class")!)
                    case "failed": report.failed.append(id)
                    default: break // its run was cancelled: the trigger made it `cancelled`
                    }
                }
                for machineClass in classes.sorted() { try db.notify(channel, payload: machineClass) }
                return report
            }
        }
    }
}
