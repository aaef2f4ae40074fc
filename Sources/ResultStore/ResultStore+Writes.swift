import Foundation
import JobQueue
import Postgres
import WorkerProtocol

// Writes the harness makes during a run. Each one can be repeated (the
// spool replays them after a failure) and leaves the same rows as once.
extension ResultStore {
    /// Stores the run (with its machine) and its planned jobs, status `planned`.
    /// Rows that already exist are left as they are.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func beginRun(_ run: RunInfo, jobs: [PlannedJob]) async throws(ResultStoreError) {
        let machineID = try await machineID(for: run.machine)
        try await ResultStoreError.wrap("store run \(run.id)") {
            try await connection.transaction { db in
                try db.execute("""
                    INSERT INTO runs (id, machine_id, status, started_at, command_line, options, harness_version)
                    VALUES ($1, $2, 'running', $3, $4, $5::jsonb, $6)
                    ON CONFLICT (id) DO NOTHING
                    """, [.text(run.id.uuidString), .int(Int(machineID)), .timestamp(run.startedAt), .text(run.commandLine),
                          .text(JSONText.encode(run.options)), .text(run.harnessVersion)])
                for job in jobs {
                    try db.execute("""
                        INSERT INTO jobs (id, run_id, ordinal, workload, workload_path, variant, size, seed,
                                          engine_label, parameters, requested_samples, status)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9, $10::jsonb, $11, 'planned')
                        ON CONFLICT (id) DO NOTHING
                        """, [.text(job.id.uuidString), .text(job.runID.uuidString), .int(job.ordinal), .text(job.workload),
                              .text(job.workloadPath), .text(job.variant), .int(job.size), .text(String(job.seed)),
                              .text(job.engineLabel), .text(JSONText.parameters(job.parameters)),
                              job.requestedSamples.map { .int($0) }])
                }
            }
        }
    }

    /// Stores how a job ended: its row, its samples (by COPY), counters and
    /// digest, in one transaction. Returns false, storing nothing, when the
    /// job already has its outcome (a replay).
    ///
    /// - Throws: `ResultStoreError.storage`, e.g. for a job `beginRun` never stored.
    @discardableResult
    public func recordOutcome(_ outcome: JobOutcome) async throws(ResultStoreError) -> Bool {
        let engineID: Int64? = if let engine = outcome.engine { try await engineID(for: engine) } else { nil }
        return try await ResultStoreError.wrap("store the outcome of job \(outcome.jobID)") {
            try await connection.transaction { db in try Self.writeOutcome(outcome, engineID: engineID, on: db) }
        }
    }

    static let sampleColumns = ["job_id"] + StreamedSamples.columnNames

    static func outcomeParameters(_ outcome: JobOutcome, engineID: Int64?) -> [PostgresValue?] {
        let summary = outcome.summary
        return [
            .text(outcome.jobID.uuidString), .text(outcome.status.rawValue), engineID.map { .int(Int($0)) },
            outcome.failure.map { .text($0.kind) }, outcome.failure.map { .text($0.reason) },
            outcome.failure?.exitCode.map { .int(Int($0)) }, outcome.failure?.signal.map { .int(Int($0)) },
            outcome.stderrTail.map { .text($0) }, summary.map { .double($0.medianSeconds) }, summary.map { .int($0.samples) },
            summary?.peakMemoryBytes.map { .int(Int($0)) }, summary.map { .text(JSONText.encode($0.log)) },
            .timestamp(outcome.startedAt), .timestamp(outcome.finishedAt),
        ]
    }

    /// Marks the run finished or interrupted (only a run still `running`).
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func finishRun(_ id: UUID, status: RunStatus, at date: Date = Date()) async throws(ResultStoreError) {
        try await ResultStoreError.wrap("finish run \(id)") {
            try await connection.execute("UPDATE runs SET status = $2, finished_at = $3 WHERE id = $1 AND status = 'running'",
                                         [.text(id.uuidString), .text(status.rawValue), .timestamp(date)])
        }
    }

    /// Stores expectation verdicts, replacing earlier verdicts with the same key.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func recordVerdicts(_ verdicts: [ExpectationVerdict], runID: UUID) async throws(ResultStoreError) {
        try await ResultStoreError.wrap("store expectation verdicts of run \(runID)") {
            try await connection.transaction { db in
                for verdict in verdicts {
                    try db.execute("""
                        INSERT INTO expectation_verdicts (run_id, workload, expectation_index, engine_label, description,
                                                          status, reason, details)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
                        ON CONFLICT (run_id, workload, expectation_index, engine_label) DO UPDATE
                        SET description = EXCLUDED.description, status = EXCLUDED.status,
                            reason = EXCLUDED.reason, details = EXCLUDED.details
                        """, [.text(runID.uuidString), .text(verdict.workload), .int(verdict.expectationIndex),
                              .text(verdict.engineLabel), .text(verdict.description), .text(verdict.status.rawValue),
                              .text(verdict.reason), .text(verdict.detailsJSON)])
                }
            }
        }
    }

    /// Deletes a run with its jobs, samples, counters, digests and verdicts.
    /// Returns whether the run existed.
    ///
    /// - Throws: `ResultStoreError.storage`.
    @discardableResult
    public func deleteRun(_ id: UUID) async throws(ResultStoreError) -> Bool {
        try await ResultStoreError.wrap("delete run \(id)") {
            try await connection.transaction { db in
                let key: [PostgresValue?] = [.text(id.uuidString)]
                // samples has no foreign key (see Migrations), so it goes first by hand.
                try db.execute("DELETE FROM samples WHERE job_id IN (SELECT id FROM jobs WHERE run_id = $1)", key)
                return try db.execute("DELETE FROM runs WHERE id = $1", key).affectedRows > 0
            }
        }
    }

    /// Records where the run's report was written.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func setReportPath(_ path: String, runID: UUID) async throws(ResultStoreError) {
        try await ResultStoreError.wrap("store the report path of run \(runID)") {
            try await connection.execute("UPDATE runs SET report_path = $2 WHERE id = $1", [.text(runID.uuidString), .text(path)])
        }
    }

    /// The machine's id, inserting it on first sight.
    func machineID(for machine: MachineInfo) async throws(ResultStoreError) -> Int64 {
        if let known = machineIDs[machine.fingerprint] { return known }
        let id = try await ResultStoreError.wrap("store machine \(machine.hostname)") {
            let rows = try await connection.execute("""
                INSERT INTO machines (fingerprint, hostname, cpu_model, cores, memory_bytes, kernel, os, swift_version)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                ON CONFLICT (fingerprint) DO UPDATE SET last_seen = now()
                RETURNING id
                """, [.text(machine.fingerprint), .text(machine.hostname), .text(machine.cpuModel), .int(machine.cores),
                      .int(Int(machine.memoryBytes)), .text(machine.kernel), .text(machine.os), .text(machine.swiftVersion)])
            return Int64(try rows.first?.int("id") ?? 0)
        }
        machineIDs[machine.fingerprint] = id
        return id
    }

    /// The engine build's id, inserting it on first sight.
    func engineID(for engine: EngineInfo) async throws(ResultStoreError) -> Int64 {
        if let known = engineIDs[engine] { return known }
        let identity = engine.identity
        let id = try await ResultStoreError.wrap("store engine \(identity.name) \(identity.version)") {
            try await Self.writeEngine(engine, on: connection)
        }
        engineIDs[engine] = id
        return id
    }
}
