import Foundation
import Postgres
import WorkerProtocol

// Read queries for reports and comparisons.
extension ResultStore {
    /// The newest runs first.
    ///
    /// - Throws: `ResultStoreError.storage`, `.corruptValue`.
    public func runs(limit: Int = 20) async throws(ResultStoreError) -> [StoredRun] {
        let rows = try await ResultStoreError.wrap("list runs") {
            try await connection.execute(Self.runSelect + " ORDER BY r.started_at DESC, r.id LIMIT $1", [.int(limit)])
        }
        var runs: [StoredRun] = []
        for row in rows { runs.append(try Self.run(from: row)) }
        return runs
    }

    /// The most recently started run, if any.
    ///
    /// - Throws: as `runs(limit:)`.
    public func latestRun() async throws(ResultStoreError) -> StoredRun? {
        try await runs(limit: 1).first
    }

    /// One run with its machine, engines, jobs (samples, counters, digests) and verdicts.
    ///
    /// - Throws: `ResultStoreError.runNotFound`, `.storage`, `.corruptValue`.
    public func runDetails(_ id: UUID) async throws(ResultStoreError) -> RunDetails {
        let key: [PostgresValue?] = [.text(id.uuidString)]
        let (runRows, jobRows, sampleRows, counterRows, engineRows, verdictRows) = try await ResultStoreError.wrap("read run \(id)") {
            (try await connection.execute(Self.runSelect + " WHERE r.id = $1", key),
             try await connection.execute("""
                SELECT j.*, j.seed::text AS seed_text, j.parameters::text AS parameters_text, j.log::text AS log_text, d.digest
                FROM jobs j LEFT JOIN digests d ON d.job_id = j.id WHERE j.run_id = $1 ORDER BY j.ordinal
                """, key),
             try await connection.execute("""
                SELECT s.* FROM samples s JOIN jobs j ON j.id = s.job_id WHERE j.run_id = $1
                ORDER BY s.job_id, s.warmup DESC, s.sample_index
                """, key),
             try await connection.execute("""
                SELECT c.* FROM counters c JOIN jobs j ON j.id = c.job_id WHERE j.run_id = $1
                """, key),
             try await connection.execute("""
                SELECT * FROM engines WHERE id IN (SELECT engine_id FROM jobs WHERE run_id = $1) ORDER BY id
                """, key),
             try await connection.execute("""
                SELECT *, details::text AS details_text FROM expectation_verdicts WHERE run_id = $1
                ORDER BY workload, expectation_index, engine_label
                """, key))
        }
        guard let runRow = runRows.first else { throw .runNotFound(id.uuidString) }
        return try Self.decode {
            var samples: [String: [Sample]] = [:]
            for row in sampleRows {
                samples[try Self.text(row, "job_id"), default: []].append(Sample(
                    index: try Self.int(row, "sample_index"), warmup: try row.bool("warmup") ?? false,
                    iterations: try Self.int(row, "iterations"), wallSeconds: try row.double("wall_seconds") ?? 0,
                    cpuSeconds: try row.double("cpu_seconds") ?? 0, allocations: try row.int("allocations").map(Int64.init),
                    allocatedBytes: try row.int("allocated_bytes").map(Int64.init)))
            }
            var counters: [String: [String: Double]] = [:]
            for row in counterRows {
                counters[try Self.text(row, "job_id"), default: [:]][try Self.text(row, "name")] = try row.double("value") ?? 0
            }
            let jobs = try jobRows.map { row in
                let jobKey = try Self.text(row, "id")
                return try Self.job(from: row, samples: samples[jobKey] ?? [], counters: counters[jobKey] ?? [:])
            }
            let engines = try engineRows.map { row in
                StoredEngine(id: Int64(try Self.int(row, "id")), info: EngineInfo(
                    identity: EngineIdentity(name: try Self.text(row, "name"), version: try Self.text(row, "version"),
                                             commit: try Self.text(row, "commit"), build: try Self.text(row, "build"),
                                             swiftVersion: try Self.text(row, "swift_version")),
                    binarySHA256: try Self.text(row, "binary_sha256"), binaryPath: try Self.text(row, "binary_path")))
            }
            let verdicts = try verdictRows.map { row in
                let status = try Self.text(row, "status")
                return ExpectationVerdict(
                    workload: try Self.text(row, "workload"), expectationIndex: try Self.int(row, "expectation_index"),
                    engineLabel: try Self.text(row, "engine_label"), description: try Self.text(row, "description"),
                    status: try Self.enumValue(VerdictStatus.self, status, table: "expectation_verdicts", column: "status"),
                    reason: try Self.text(row, "reason"), detailsJSON: try Self.text(row, "details_text"))
            }
            return RunDetails(run: try Self.run(from: runRow), engines: engines, jobs: jobs, verdicts: verdicts)
        }
    }

    /// Number of runs stored.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func runCount() async throws(ResultStoreError) -> Int {
        try await ResultStoreError.wrap("count runs") {
            try await connection.execute("SELECT count(*) AS n FROM runs").first?.int("n") ?? 0
        }
    }

    /// How many of the run's jobs are stored, and how many of those ended
    /// (succeeded or failed). Shards of one run store their own jobs; the run
    /// is whole when `ended` reaches the plan's size.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func jobProgress(runID: UUID) async throws(ResultStoreError) -> (stored: Int, ended: Int) {
        try await ResultStoreError.wrap("count jobs of run \(runID)") {
            let row = try await connection.execute(
                "SELECT count(*) AS stored, count(*) FILTER (WHERE status IN ('succeeded', 'failed')) AS ended FROM jobs WHERE run_id = $1",
                [.text(runID.uuidString)]).first
            return (try row?.int("stored") ?? 0, try row?.int("ended") ?? 0)
        }
    }

    /// Number of samples stored for the run (all jobs, warm-up included).
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func sampleCount(runID: UUID) async throws(ResultStoreError) -> Int {
        try await ResultStoreError.wrap("count samples of run \(runID)") {
            let rows = try await connection.execute(
                "SELECT count(*) AS n FROM samples s JOIN jobs j ON j.id = s.job_id WHERE j.run_id = $1", [.text(runID.uuidString)])
            return try rows.first?.int("n") ?? 0
        }
    }

    static let runSelect = """
        SELECT r.*, r.options::text AS options_text, m.hostname, m.cpu_model, m.cores, m.memory_bytes, m.kernel, m.os,
               m.swift_version,
               (SELECT count(*) FROM jobs j WHERE j.run_id = r.id) AS job_count,
               (SELECT count(*) FROM jobs j WHERE j.run_id = r.id AND j.status = 'failed') AS failed_count
        FROM runs r JOIN machines m ON m.id = r.machine_id
        """
}
