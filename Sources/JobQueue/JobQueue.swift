import Foundation
import Postgres
import Randomness

/// A job queue kept in PostgreSQL: enqueue, claim with leases, heartbeat,
/// complete with fencing, fail with backoff, release, rescue.
///
/// States: `queued → running → done | failed`, and back to `queued` on
/// release, retryable failure (after backoff) or an expired lease (rescue).
/// Each claim raises the job's `attempt`; a result is accepted only in the
/// same transaction as the completion and only from the agent holding the
/// current attempt (fencing). The full protocol, the tables and how an agent
/// should drive the queue are in `Sources/JobQueue/README.md`.
///
/// One `JobQueue` works over one connection. Statements of concurrent
/// callers queue up on it, and `waitForWork` holds it while it waits, so an
/// agent uses two: one for claiming and completing, one for heartbeats.
///
/// Operations that are safe to repeat ride out a restarting server: on a
/// retryable error they reconnect (re-LISTENing) and run again, for up to
/// `settings.reconnectTimeoutSeconds`. `complete`, `fail` and `release`
/// recognise their own earlier commit when a connection broke during COMMIT.
/// `enqueue` is not repeated (a lost COMMIT could have succeeded).
///
/// Every method throws `JobQueueError` only.
public actor JobQueue {
    /// The connection this queue runs on (safe to log: `configuration.redacted`).
    public let connection: PostgresConnection
    public let settings: QueueSettings
    var random: any RandomNumberGenerator & Sendable
    private var isListening = false
    /// Whether the session limits on `connection` are in place (`retryingRepeatAware`).
    private var sessionConfigured = false
    /// Operations that succeeded only after reconnecting (for agents' logs and tests).
    public private(set) var recoveredOperations = 0

    /// Advisory lock key that lets one agent at a time rescue expired leases.
    static let rescueLockKey = 0x4C42_5155_4555_0002

    /// A queue over an open connection. `random` draws the backoff jitter;
    /// pass a `SplitMix64` in tests.
    public init(connection: PostgresConnection, settings: QueueSettings = .standard,
                random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.connection = connection
        self.settings = settings
        self.random = random
    }

    /// Connects, waiting out a server that is still starting (retryable
    /// errors) for up to `settings.reconnectTimeoutSeconds`.
    ///
    /// - Throws: `JobQueueError.database` or `.databaseUnavailable`.
    public static func connect(_ configuration: PostgresConfiguration, settings: QueueSettings = .standard) async throws -> JobQueue {
        let queue = JobQueue(connection: PostgresConnection(configuration: configuration), settings: settings)
        try await queue.retryingRepeatAware { _ in }
        return queue
    }

    /// Closes the connection.
    public func close() async { await connection.close() }

    // MARK: - Agents

    /// Records an agent and returns its id, which claims carry.
    /// `fingerprint` describes the machine (CPU, OS, toolchain) as JSON.
    ///
    /// - Throws: `JobQueueError`.
    public func register(name: String, machineClass: String, fingerprint: [String: String] = [:]) async throws -> AgentID {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(fingerprint), as: UTF8.self)
        return try await retrying { db in
            let row = try await db.execute("""
                INSERT INTO queue_agents (name, machine_class, fingerprint) VALUES ($1, $2, $3::jsonb) RETURNING id
                """, [.text(name), .text(machineClass), .text(json)])
            return try row[0].int("id")!
        }
    }

    /// Marks an agent as stopped (for the operator's view; claims are unaffected).
    ///
    /// - Throws: `JobQueueError`.
    public func markStopped(_ agent: AgentID) async throws {
        try await retrying { db in
            try await db.execute("UPDATE queue_agents SET stopped_at = now() WHERE id = $1", [.int(agent)])
        }
    }

    // MARK: - Enqueue and progress

    /// Enqueues `jobs` in one transaction (one COPY) and returns their ids in
    /// the same order, then wakes idle agents of the jobs' classes.
    ///
    /// - Throws: `JobQueueError.invalidJob` (nothing enqueued) or `.database`.
    @discardableResult
    public func enqueue(_ jobs: [NewJob]) async throws -> [JobID] {
        guard !jobs.isEmpty else { return [] }
        let rows = try EnqueueValidation.rows(for: jobs)
        let classes = Set(jobs.map(\.machineClass)).sorted()
        let channel = settings.channel
        do {
            return try await connection.transaction { db in
                let ids = try db.execute("""
                    SELECT nextval(pg_get_serial_sequence('queue_jobs', 'id')) AS id FROM generate_series(1, $1)
                    """, [.int(rows.count)]).map { try $0.int("id")! }
                let copied = zip(ids, rows).map { id, row in [PostgresValue.int(id)] + row }
                try db.copyIn(table: "queue_jobs", columns: ["id"] + EnqueueValidation.columns, rows: copied)
                for machineClass in classes { try db.notify(channel, payload: machineClass) }
                return ids
            }
        } catch let error as PostgresError {
            throw JobQueueError.database(error)
        }
    }

    /// Counts of a run's jobs by state.
    ///
    /// - Throws: `JobQueueError`.
    public func progress(runKey: String) async throws -> QueueProgress {
        try await retrying { db in
            let rows = try await db.execute("""
                SELECT state, count(*) AS jobs,
                       count(*) FILTER (WHERE state = 'queued' AND not_before > now()) AS backing_off
                FROM queue_jobs WHERE run_key = $1 GROUP BY state
                """, [.text(runKey)])
            var progress = QueueProgress()
            for row in rows {
                let count = try row.int("jobs") ?? 0
                switch try row.string("state") {
                case "queued": progress.queued = count; progress.backingOff = try row.int("backing_off") ?? 0
                case "running": progress.running = count
                case "done": progress.done = count
                case "cancelled": progress.cancelled = count
                default: progress.failed = count
                }
            }
            if progress.running > 0 {
                progress.streamedSamples = try await db.execute("""
                    SELECT count(*) AS samples FROM queue_jobs q JOIN queue_samples s ON s.job_id = q.id AND s.attempt = q.attempt
                    WHERE q.run_key = $1 AND q.state = 'running'
                    """, [.text(runKey)])[0].int("samples") ?? 0
            }
            return progress
        }
    }

    /// Jobs of `machineClass` not yet done or failed, over all runs: an
    /// agent that should stop when the queue drains waits for zero.
    ///
    /// - Throws: `JobQueueError`.
    public func outstanding(machineClass: String) async throws -> Int {
        try await retrying { db in
            try await db.execute("""
                SELECT count(*) AS jobs FROM queue_jobs WHERE machine_class = $1 AND state IN ('queued', 'running')
                """, [.text(machineClass)])[0].int("jobs") ?? 0
        }
    }

    // MARK: - Waiting

    /// Waits up to `timeout` for a NOTIFY saying work may be there. It is a
    /// hint: claim after it returns either way (polling is the fallback for
    /// lost notifications, backoff delays running out, and restarts). If the
    /// connection fails it sleeps out the timeout and reconnects next time.
    ///
    /// - Throws: `CancellationError` only.
    public func waitForWork(timeout: Duration) async throws -> WakeReason {
        do {
            if !isListening {
                let channel = settings.channel
                try await retrying { db in try await db.listen(channel) }
                isListening = true
            }
            guard try await connection.nextNotification(timeout: timeout) != nil else { return .timedOut }
            // Several wake-ups in a row need one claim only.
            while try await connection.nextNotification(timeout: .zero) != nil {}
            return .notified
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try await Task.sleep(for: timeout)
            return .timedOut
        }
    }

    // MARK: - Reconnecting

    /// Runs `operation`, reconnecting and running it again after retryable
    /// errors until `settings.reconnectTimeoutSeconds` have passed. The
    /// operation learns whether it is a repeat, so it can check whether its
    /// first run committed after all. Non-database errors pass through.
    @discardableResult
    func retryingRepeatAware<T: Sendable>(_ operation: (_ isRepeat: Bool) async throws -> T) async throws -> T {
        let started = ContinuousClock.now
        var pause = 0.05
        var isRepeat = false
        while true {
            do {
                if await !connection.isConnected { try await connection.reconnect() }
                if !sessionConfigured {
                    // A client stopped inside a transaction (an agent frozen,
                    // its machine paused) keeps its row locks, and `rescueExpired`
                    // skips locked rows: its job would never be rescued. The
                    // server ends such a session after a lease instead.
                    let millis = Int((settings.leaseSeconds * 1000).rounded(.up))
                    try await connection.keepSetting("idle_in_transaction_session_timeout", String(millis))
                    sessionConfigured = true
                }
                let value = try await operation(isRepeat)
                if isRepeat { recoveredOperations += 1 }
                return value
            } catch let error as PostgresError {
                guard error.isRetryable || error.isNotConnected else { throw JobQueueError.database(error) }
                let waited = (ContinuousClock.now - started) / .seconds(1)
                guard waited < settings.reconnectTimeoutSeconds else {
                    throw JobQueueError.databaseUnavailable(target: connection.configuration.redacted,
                                                            seconds: waited, lastError: error)
                }
                isRepeat = true
                await connection.close()
                try await Task.sleep(for: .seconds(pause))
                pause = min(pause * 2, 1)
            }
        }
    }

    /// `retrying` for operations that take the connection as their argument.
    @discardableResult
    func retrying<T: Sendable>(_ operation: (_ db: PostgresConnection) async throws -> T) async throws -> T {
        let connection = self.connection
        return try await retryingRepeatAware { _ in try await operation(connection) }
    }
}

extension PostgresError {
    var isNotConnected: Bool {
        if case .notConnected = self { return true }
        return false
    }
}
