import Postgres

extension JobQueue {
    /// Claims up to `limit` jobs of `machineClass` that are queued and past
    /// their backoff, oldest first, for `agent`. A job with a pair key comes
    /// with every other member of its pair, in one `Claim`, or not at all.
    /// Each claimed job's attempt goes up by one (its fencing token), its
    /// lease runs `settings.leaseSeconds` from now, and the claim is logged
    /// in `queue_claims`.
    ///
    /// Rows are taken with `FOR UPDATE SKIP LOCKED`, so concurrent claimers
    /// never wait for or take each other's jobs. A claim whose COMMIT was lost
    /// with the connection is simply retried; the orphaned lease expires and
    /// is rescued.
    ///
    /// - Throws: `JobQueueError`.
    public func claim(agent: AgentID, machineClass: String, limit: Int = 1) async throws -> [Claim] {
        guard limit >= 1 else { return [] }
        let lease = settings.leaseSeconds
        return try await retrying { db in
            try await db.transaction { db in
                let candidates = try db.execute("""
                    SELECT id, pair_key FROM queue_jobs
                    WHERE state = 'queued' AND machine_class = $1 AND not_before <= now()
                    ORDER BY id LIMIT $2
                    FOR UPDATE SKIP LOCKED
                    """, [.text(machineClass), .int(limit)])
                var ids: [Int] = []
                var pairKeys: Set<String> = []
                for row in candidates {
                    if let pairKey = try row.string("pair_key") { pairKeys.insert(pairKey) } else { ids.append(try row.int("id")!) }
                }
                if !pairKeys.isEmpty { ids += try Self.lockWholePairs(pairKeys, machineClass: machineClass, on: db) }
                guard !ids.isEmpty else { return [] }
                let claimed = try db.execute("""
                    WITH claimed AS (
                        UPDATE queue_jobs
                        SET state = 'running', attempt = attempt + 1, lease_owner = $2,
                            lease_expires_at = now() + $3 * interval '1 second', claimed_at = now()
                        WHERE id = ANY($1::bigint[])
                        RETURNING id, attempt, run_key, pair_key, machine_class, payload::text AS payload, failures, max_attempts
                    ), logged AS (
                        INSERT INTO queue_claims (job_id, attempt, agent_id) SELECT id, attempt, $2 FROM claimed
                    )
                    SELECT * FROM claimed ORDER BY id
                    """, [.text(ArrayParameter.ints(ids)), .int(agent), .double(lease)])
                return try Self.group(claimed, agent: agent)
            }
        }
    }

    /// Locks every member of the given pairs whose members are all queued
    /// and lockable now, and returns their ids; a pair with a member that is
    /// locked or running elsewhere is left for later.
    private static func lockWholePairs(_ pairKeys: Set<String>, machineClass: String,
                                       on db: isolated PostgresConnection) throws -> [Int] {
        let keys = ArrayParameter.texts(pairKeys.sorted())
        let locked = try db.execute("""
            SELECT id, pair_key FROM queue_jobs
            WHERE pair_key = ANY($1::text[]) AND machine_class = $2 AND state = 'queued'
            ORDER BY id
            FOR UPDATE SKIP LOCKED
            """, [.text(keys), .text(machineClass)])
        let open = try db.execute("""
            SELECT pair_key, count(*) AS members FROM queue_jobs
            WHERE pair_key = ANY($1::text[]) AND state IN ('queued', 'running')
            GROUP BY pair_key
            """, [.text(keys)])
        var needed: [String: Int] = [:]
        for row in open { needed[try row.string("pair_key")!] = try row.int("members")! }
        var byPair: [String: [Int]] = [:]
        for row in locked { byPair[try row.string("pair_key")!, default: []].append(try row.int("id")!) }
        // Rows of incomplete pairs stay locked until COMMIT but are not
        // updated, so they remain queued for whoever comes next.
        return byPair.filter { needed[$0.key] == $0.value.count }.values.flatMap { $0 }
    }

    /// Turns claimed rows into one claim per single job or per pair.
    private static func group(_ rows: PostgresResult, agent: AgentID) throws -> [Claim] {
        var claims: [Claim] = []
        var pairIndex: [String: Int] = [:]
        var pairJobs: [[ClaimedJob]] = []
        for row in rows {
            let job = ClaimedJob(id: try row.int("id")!, attempt: try row.int("attempt")!, runKey: try row.string("run_key")!,
                                 pairKey: try row.string("pair_key"), machineClass: try row.string("machine_class")!,
                                 payloadJSON: try row.string("payload")!, failures: try row.int("failures")!,
                                 maxAttempts: try row.int("max_attempts")!)
            guard let pairKey = job.pairKey else {
                claims.append(Claim(agent: agent, jobs: [job]))
                continue
            }
            if let index = pairIndex[pairKey] {
                pairJobs[index].append(job)
            } else {
                pairIndex[pairKey] = pairJobs.count
                pairJobs.append([job])
            }
        }
        return claims + pairJobs.map { Claim(agent: agent, jobs: $0) }
    }

    /// Extends the leases of `claims` by `settings.leaseSeconds` from now and
    /// records the agent's heartbeat. Returns the ids of jobs whose lease is
    /// lost (rescued, or finished elsewhere): stop working on those, their
    /// results would be fenced off. A lease that expired but was not yet
    /// rescued is still extended: fencing is by attempt, not by clock.
    ///
    /// - Throws: `JobQueueError`.
    @discardableResult
    public func heartbeat(agent: AgentID, claims: [Claim]) async throws -> Set<JobID> {
        let jobs = claims.flatMap(\.jobs)
        let lease = settings.leaseSeconds
        return try await retrying { db in
            try await db.execute("UPDATE queue_agents SET last_heartbeat_at = now() WHERE id = $1", [.int(agent)])
            guard !jobs.isEmpty else { return [] }
            let extended = try await db.execute("""
                UPDATE queue_jobs q SET lease_expires_at = now() + $4 * interval '1 second'
                FROM unnest($2::bigint[], $3::integer[]) AS held (id, attempt)
                WHERE q.id = held.id AND q.attempt = held.attempt AND q.lease_owner = $1 AND q.state = 'running'
                RETURNING q.id
                """, [.int(agent), .text(ArrayParameter.ints(jobs.map(\.id))),
                      .text(ArrayParameter.ints(jobs.map(\.attempt))), .double(lease)])
            let kept = Set(try extended.map { try $0.int("id")! })
            return Set(jobs.map(\.id)).subtracting(kept)
        }
    }
}
