extension Migrations {
    /// Version 2: `layoutbench compare` results. One row per
    /// comparison in `comparisons`, one per cell (workload, variant, size) in
    /// `comparison_cells`. A side given as a worker binary has no commit.
    static let comparisonTables = Migration(version: 2, name: "comparisons", statements: [
        """
        CREATE TABLE comparisons (
            id               uuid PRIMARY KEY,
            started_at       timestamptz NOT NULL,
            finished_at      timestamptz,
            base_spec        text NOT NULL,
            base_commit      text,
            candidate_spec   text NOT NULL,
            candidate_commit text,
            threshold        double precision NOT NULL,
            exit_code        integer NOT NULL,
            rounds           integer NOT NULL,
            machine_id       bigint REFERENCES machines (id),
            command_line     text NOT NULL DEFAULT ''
        )
        """,
        """
        CREATE TABLE comparison_cells (
            comparison_id     uuid NOT NULL REFERENCES comparisons (id) ON DELETE CASCADE,
            workload          text NOT NULL,
            variant           text NOT NULL,
            size              integer NOT NULL,
            verdict           text NOT NULL,
            time_verdict      text NOT NULL,
            ratio             double precision,
            lower             double precision,
            upper             double precision,
            p                 double precision,
            adjusted_p        double precision,
            threshold         double precision NOT NULL,
            base_samples      integer NOT NULL,
            candidate_samples integer NOT NULL,
            counter_changes   jsonb NOT NULL DEFAULT '[]',
            base_digest       text,
            candidate_digest  text,
            failure           text,
            PRIMARY KEY (comparison_id, workload, variant, size)
        )
        """,
        "CREATE INDEX comparisons_started_idx ON comparisons (started_at DESC)",
    ])
}
