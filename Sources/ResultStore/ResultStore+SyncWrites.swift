import Foundation
import Postgres
import WorkerProtocol

// The outcome write as plain synchronous statements on a connection that is
// already inside a transaction. `recordOutcome` wraps it in a transaction of
// its own; a distributed agent calls it from the job queue's `complete`
// writer, so the outcome commits together with the queue's fencing UPDATE
// (results are accepted only from the attempt that holds the lease) or not
// at all.
extension ResultStore {
    /// Stores how a job ended: its `jobs` row, its samples (by COPY),
    /// counters and digest. Returns false, storing nothing, when the job
    /// already has its outcome. Run it inside a transaction.
    ///
    /// - Throws: `PostgresError`, e.g. SQLSTATE 23503 for a job never planned
    ///   in this database (store its run with `beginRun` first).
    @discardableResult
    public static func writeOutcome(_ outcome: JobOutcome, engineID: Int64?, on db: isolated PostgresConnection) throws -> Bool {
        let updated = try db.execute("""
            UPDATE jobs SET status = $2, engine_id = $3, failure_kind = $4, failure_reason = $5, exit_code = $6,
                   signal = $7, stderr_tail = $8, median_seconds = $9, measured_samples = $10,
                   peak_memory_bytes = $11, log = $12::jsonb, started_at = $13, finished_at = $14
            WHERE id = $1 AND status IN ('planned', 'running')
            """, outcomeParameters(outcome, engineID: engineID))
        if updated.affectedRows == 0 {
            let exists = try db.execute("SELECT 1 FROM jobs WHERE id = $1", [.text(outcome.jobID.uuidString)])
            if exists.isEmpty {
                throw PostgresError.queryFailed(sqlState: "23503", message: "job \(outcome.jobID) was never planned in this database",
                                                detail: nil, hint: "store its run with beginRun first", sql: "UPDATE jobs")
            }
            return false
        }
        let job = outcome.jobID.uuidString
        try db.copyIn(table: "samples", columns: sampleColumns, rows: outcome.samples.lazy.map { sample in
            [.text(job), .int(sample.index), .bool(sample.warmup), .int(sample.iterations),
             .double(sample.wallSeconds), .double(sample.cpuSeconds),
             sample.allocations.map { .int(Int($0)) }, sample.allocatedBytes.map { .int(Int($0)) }]
        })
        if let summary = outcome.summary {
            if !summary.counters.isEmpty {
                try db.copyIn(table: "counters", columns: ["job_id", "name", "value"],
                              rows: summary.counters.sorted { $0.key < $1.key }.map { [.text(job), .text($0.key), .double($0.value)] })
            }
            try db.execute("INSERT INTO digests (job_id, digest) VALUES ($1, $2)", [.text(job), .text(summary.digest)])
        }
        return true
    }

    /// The engine build's id in `engines`, inserting it on first sight, on a
    /// connection inside a transaction (the agent's writer).
    ///
    /// - Throws: `PostgresError`.
    public static func writeEngine(_ engine: EngineInfo, on db: isolated PostgresConnection) throws -> Int64 {
        let identity = engine.identity
        let rows = try db.execute("""
            INSERT INTO engines (name, version, commit, build, swift_version, binary_sha256, binary_path)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (name, version, commit, build, swift_version, binary_sha256)
            DO UPDATE SET binary_path = EXCLUDED.binary_path
            RETURNING id
            """, [.text(identity.name), .text(identity.version), .text(identity.commit), .text(identity.build),
                  .text(identity.swiftVersion), .text(engine.binarySHA256), .text(engine.binaryPath)])
        return Int64(try rows.first?.int("id") ?? 0)
    }
}
