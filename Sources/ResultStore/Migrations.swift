import JobQueue

/// One step of the schema. Statements run in order inside one transaction,
/// together with the row in `schema_migrations` that records the step.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    /// One statement each (the wrapper sends one statement per call).
    public let statements: [String]
}

/// The store's schema, oldest step first. Append new steps; never edit a
/// released one (databases already migrated would not see the change).
///
/// Scripts rely on `jobs` (one row per job) and `samples` (one row per
/// sample, with `job_id`). Run and job ids are UUIDs made by the harness, so
/// the spool can name them before the database has seen them and replaying
/// it is idempotent. The job queue's `queue_*` tables are the queue's own:
/// `JobQueueSchema` migrates them, with its own ledger, after these steps.
public enum Migrations {
    public static let all: [Migration] = [initialSchema, comparisonTables]

    /// Queue steps that some databases also record in `schema_migrations`
    /// (as version + 100). The queue's own ledger is the one that counts for
    /// them, so the store's version leaves them out.
    static let queueStepsInTheStoresLedger: Set<Int> = [101, 102]

    /// The newest version this build knows.
    public static var latestVersion: Int { all.map(\.version).max() ?? 0 }

    static let initialSchema = Migration(version: 1, name: "initial schema", statements: [
        """
        CREATE TABLE machines (
            id            bigserial PRIMARY KEY,
            fingerprint   text NOT NULL UNIQUE,
            hostname      text NOT NULL,
            cpu_model     text NOT NULL,
            cores         integer NOT NULL,
            memory_bytes  bigint NOT NULL,
            kernel        text NOT NULL,
            os            text NOT NULL,
            swift_version text NOT NULL,
            first_seen    timestamptz NOT NULL DEFAULT now(),
            last_seen     timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE engines (
            id            bigserial PRIMARY KEY,
            name          text NOT NULL,
            version       text NOT NULL,
            commit        text NOT NULL,
            build         text NOT NULL,
            swift_version text NOT NULL,
            binary_sha256 text NOT NULL,
            binary_path   text NOT NULL,
            first_seen    timestamptz NOT NULL DEFAULT now(),
            UNIQUE (name, version, commit, build, swift_version, binary_sha256)
        )
        """,
        """
        CREATE TABLE runs (
            id              uuid PRIMARY KEY,
            machine_id      bigint NOT NULL REFERENCES machines (id),
            status          text NOT NULL CHECK (status IN ('running', 'finished', 'interrupted')),
            started_at      timestamptz NOT NULL,
            finished_at     timestamptz,
            command_line    text NOT NULL,
            options         jsonb NOT NULL DEFAULT '{}',
            harness_version text NOT NULL,
            report_path     text
        )
        """,
        """
        CREATE TABLE jobs (
            id                uuid PRIMARY KEY,
            run_id            uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            ordinal           integer NOT NULL,
            workload          text NOT NULL,
            workload_path     text NOT NULL,
            variant           text NOT NULL,
            size              integer NOT NULL,
            seed              numeric(20, 0) NOT NULL,
            engine_label      text NOT NULL,
            engine_id         bigint REFERENCES engines (id),
            parameters        jsonb NOT NULL DEFAULT '{}',
            requested_samples integer,
            status            text NOT NULL CHECK (status IN ('planned', 'running', 'succeeded', 'failed')),
            failure_kind      text,
            failure_reason    text,
            exit_code         integer,
            signal            integer,
            stderr_tail       text,
            median_seconds    double precision,
            measured_samples  integer,
            peak_memory_bytes bigint,
            log               jsonb,
            started_at        timestamptz,
            finished_at       timestamptz,
            UNIQUE (run_id, ordinal)
        )
        """,
        // No foreign key and no primary key: a per-row foreign-key check and
        // a three-column unique index make a COPY of many samples several
        // times slower (`layoutbench bench store`). Integrity comes from the store
        // instead: a job's samples are written only in the transaction that
        // finishes the job, and only while it is unfinished, so they are
        // never orphaned or duplicated; `deleteRun` removes them explicitly.
        """
        CREATE TABLE samples (
            job_id uuid NOT NULL,
            \(StreamedSamples.columnDefinitions)
        )
        """,
        "CREATE INDEX samples_job_idx ON samples (job_id)",
        """
        CREATE TABLE counters (
            job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
            name   text NOT NULL,
            value  double precision NOT NULL,
            PRIMARY KEY (job_id, name)
        )
        """,
        """
        CREATE TABLE digests (
            job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
            digest text NOT NULL
        )
        """,
        """
        CREATE TABLE expectation_verdicts (
            run_id            uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            workload          text NOT NULL,
            expectation_index integer NOT NULL,
            engine_label      text NOT NULL DEFAULT '',
            description       text NOT NULL,
            status            text NOT NULL CHECK (status IN ('pass', 'fail', 'inconclusive')),
            reason            text NOT NULL,
            details           jsonb NOT NULL DEFAULT '{}',
            PRIMARY KEY (run_id, workload, expectation_index, engine_label)
        )
        """,
        "CREATE INDEX jobs_run_idx ON jobs (run_id, ordinal)",
        "CREATE INDEX jobs_workload_idx ON jobs (workload, variant, size)",
        "CREATE INDEX runs_started_idx ON runs (started_at DESC)",
    ])
}
