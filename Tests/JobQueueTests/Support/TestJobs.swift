import JobQueue
import Postgres
import WorkerProtocol

/// Trivial jobs the test agent knows: variant "sleep" (size = ms), "spin"
/// (size = iterations), "fail", "fail-once".
enum TestJobs {
    static func job(_ variant: String = "sleep", size: Int = 0, run: String = "run-1", machineClass: String = "test",
                    pair: String? = nil, maxAttempts: Int = 3) -> NewJob {
        job(index: 0, variant: variant, size: size, run: run, machineClass: machineClass, pair: pair, maxAttempts: maxAttempts)
    }

    /// `index` becomes the request's seed, so jobs can be told apart.
    static func job(index: Int, variant: String = "sleep", size: Int = 0, run: String = "run-1", machineClass: String = "test",
                    pair: String? = nil, maxAttempts: Int = 3) -> NewJob {
        NewJob(runKey: run, machineClass: machineClass,
               payload: QueuePayload(engine: "test-engine",
                                     request: JobRequest(workloadPath: "queue-tests", variant: variant, size: size,
                                                         seed: UInt64(index))),
               pairKey: pair, maxAttempts: maxAttempts)
    }

    static func settings(lease: Double = 60, backoffBase: Double = 0.2, backoffCap: Double = 0.5,
                         jitter: Double = 0.5) throws -> QueueSettings {
        try QueueSettings(leaseSeconds: lease, backoff: RetryBackoff(baseSeconds: backoffBase, capSeconds: backoffCap, jitter: jitter),
                          reconnectTimeoutSeconds: 5)
    }
}

extension PostgresConnection {
    /// Ends every running lease now, by the database's clock, which is the
    /// clock rescue reads: a test decides when a lease lapses, so a stalled
    /// machine cannot make it lapse early or late.
    func expireLeases() throws {
        try execute("UPDATE queue_jobs SET lease_expires_at = now() - interval '1 second' WHERE state = 'running'")
    }

    /// Seconds from now until the job's lease ends, by the database's clock.
    func leaseRemaining(job: Int) throws -> Double {
        try execute("SELECT extract(epoch FROM lease_expires_at - now())::float8 AS left FROM queue_jobs WHERE id = $1",
                    [.int(job)]).first?.double("left") ?? -.infinity
    }

    /// The first column of the first row as an integer.
    func count(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> Int {
        try execute(sql, parameters).first?.int(at: 0) ?? 0
    }
}
