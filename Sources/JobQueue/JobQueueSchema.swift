import Postgres

/// One step of the queue's schema. `statements` run in order inside one
/// transaction (the wrapper sends one statement per call, so a migration is
/// a list rather than one script).
public struct QueueMigration: Sendable, Hashable {
    public let version: Int
    public let name: String
    public let statements: [String]
}

/// The queue's tables, all prefixed `queue_`, and their migrations.
///
/// `migrations` is ordered by version so that another migrator (the
/// ResultStore's) can apply them among its own; `migrate(_:)` applies them
/// alone, recording each version in `queue_schema_migrations`. Never edit a
/// published migration: add a new version.
public enum JobQueueSchema {
    /// Key of the session-independent advisory lock that serialises
    /// migrators (any fixed 64-bit number no other code uses).
    static let migrationLockKey = 0x4C42_5155_4555_0001 // "LBQUEU" + 1
    static let ledger = "queue_schema_migrations"

    public static let migrations: [QueueMigration] = [
        QueueMigration(version: 1, name: "jobs, results, agents, claim log", statements: [
            """
            CREATE TABLE queue_agents (
                id bigserial PRIMARY KEY,
                name text NOT NULL,
                machine_class text NOT NULL,
                fingerprint jsonb NOT NULL DEFAULT '{}',
                started_at timestamptz NOT NULL DEFAULT now(),
                last_heartbeat_at timestamptz NOT NULL DEFAULT now(),
                stopped_at timestamptz
            )
            """,
            """
            CREATE TABLE queue_jobs (
                id bigserial PRIMARY KEY,
                run_key text NOT NULL,
                pair_key text,
                machine_class text NOT NULL CHECK (machine_class <> ''),
                payload jsonb NOT NULL,
                state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
                attempt integer NOT NULL DEFAULT 0,
                failures integer NOT NULL DEFAULT 0,
                max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
                lease_owner bigint REFERENCES queue_agents (id),
                lease_expires_at timestamptz,
                not_before timestamptz NOT NULL DEFAULT now(),
                last_error text,
                created_at timestamptz NOT NULL DEFAULT now(),
                claimed_at timestamptz,
                finished_at timestamptz,
                CHECK ((state = 'running') = (lease_owner IS NOT NULL AND lease_expires_at IS NOT NULL))
            )
            """,
            // What claim() scans: queued jobs of one class, oldest first.
            "CREATE INDEX queue_jobs_claimable ON queue_jobs (machine_class, id) WHERE state = 'queued'",
            // What rescueExpired() scans.
            "CREATE INDEX queue_jobs_leases ON queue_jobs (lease_expires_at) WHERE state = 'running'",
            "CREATE INDEX queue_jobs_pairs ON queue_jobs (pair_key) WHERE pair_key IS NOT NULL",
            "CREATE INDEX queue_jobs_runs ON queue_jobs (run_key, state)",
            """
            CREATE TABLE queue_results (
                job_id bigint NOT NULL REFERENCES queue_jobs (id) ON DELETE CASCADE,
                attempt integer NOT NULL,
                agent_id bigint NOT NULL REFERENCES queue_agents (id),
                summary jsonb,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (job_id, attempt)
            )
            """,
            // Results are accepted for one attempt per job only.
            "CREATE UNIQUE INDEX queue_results_one_per_job ON queue_results (job_id)",
            """
            CREATE TABLE queue_claims (
                job_id bigint NOT NULL REFERENCES queue_jobs (id) ON DELETE CASCADE,
                attempt integer NOT NULL,
                agent_id bigint NOT NULL REFERENCES queue_agents (id),
                claimed_at timestamptz NOT NULL DEFAULT now(),
                ended_at timestamptz,
                outcome text CHECK (outcome IN ('done', 'retry', 'failed', 'released', 'expired')),
                PRIMARY KEY (job_id, attempt)
            )
            """,
        ]),
        QueueMigration(version: 2, name: "streamed samples, cancelled runs", statements: [
            // Samples an agent writes while its job runs, keyed by the claim's
            // attempt. `stream` inserts only while the attempt holds the lease;
            // `complete` hands the completing attempt's rows to its writer and
            // deletes the job's rows, so rows of a fenced attempt never count.
            """
            CREATE TABLE queue_samples (
                job_id bigint NOT NULL REFERENCES queue_jobs (id) ON DELETE CASCADE,
                attempt integer NOT NULL,
                \(StreamedSamples.columnDefinitions),
                written_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (job_id, attempt, sample_index)
            )
            """,
            "ALTER TABLE queue_jobs DROP CONSTRAINT queue_jobs_state_check",
            """
            ALTER TABLE queue_jobs ADD CONSTRAINT queue_jobs_state_check
                CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled'))
            """,
            """
            CREATE TABLE queue_cancelled_runs (
                run_key text PRIMARY KEY,
                reason text NOT NULL,
                cancelled_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            // Every way back to `queued` (release, a retryable failure, rescue)
            // ends in `cancelled` instead once the job's run is cancelled, so
            // a cancelled run finishes even when its running jobs come back.
            """
            CREATE FUNCTION queue_keep_cancelled_runs_cancelled() RETURNS trigger LANGUAGE plpgsql AS $body$
            BEGIN
                IF EXISTS (SELECT 1 FROM queue_cancelled_runs c WHERE c.run_key = NEW.run_key) THEN
                    NEW.state := 'cancelled';
                    NEW.finished_at := now();
                END IF;
                RETURN NEW;
            END
            $body$
            """,
            """
            CREATE TRIGGER queue_jobs_stay_cancelled BEFORE UPDATE OF state ON queue_jobs
            FOR EACH ROW WHEN (NEW.state = 'queued' AND OLD.state <> 'queued')
            EXECUTE FUNCTION queue_keep_cancelled_runs_cancelled()
            """,
        ]),
    ]

    /// The newest version `migrations` defines.
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the queue's tables up to `latestVersion`. Safe to run from
    /// many processes at once and again at every start: a transaction-level
    /// advisory lock serialises migrators, and versions already recorded in
    /// `queue_schema_migrations` are skipped. Returns the versions applied now.
    ///
    /// - Throws: `PostgresError` (a failed migration leaves no trace: it and
    ///   its ledger row roll back together).
    @discardableResult
    public static func migrate(_ connection: PostgresConnection) async throws -> [Int] {
        let migrations = self.migrations
        return try await connection.transaction { db in
            try db.execute("SELECT pg_advisory_xact_lock($1)", [.int(migrationLockKey)])
            try db.execute("""
                CREATE TABLE IF NOT EXISTS \(ledger) (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let applied = Set(try db.execute("SELECT version FROM \(ledger)").compactMap { try $0.int("version") })
            var appliedNow: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try db.execute(statement) }
                try db.execute("INSERT INTO \(ledger) (version, name) VALUES ($1, $2)",
                               [.int(migration.version), .text(migration.name)])
                appliedNow.append(migration.version)
            }
            return appliedNow
        }
    }

    /// The versions recorded in `queue_schema_migrations` (empty before the first `migrate`).
    ///
    /// - Throws: `PostgresError`.
    public static func appliedVersions(_ connection: PostgresConnection) async throws -> [Int] {
        let exists = try await connection.execute("SELECT to_regclass($1) IS NOT NULL AS present", [.text(ledger)])
        guard try exists.first?.bool("present") == true else { return [] }
        return try await connection.execute("SELECT version FROM \(ledger) ORDER BY version").compactMap { try $0.int("version") }
    }
}
