import Foundation
import Postgres
import WorkerProtocol

// Turning rows back into values. Missing or unreadable values are
// `ResultStoreError.corruptValue`, never a crash.
extension ResultStore {
    static func decode<T>(_ body: () throws -> T) throws(ResultStoreError) -> T {
        do {
            return try body()
        } catch let error as ResultStoreError {
            throw error
        } catch let error as PostgresError {
            throw .storage(operation: "read a stored value", underlying: error)
        } catch {
            throw .corruptValue(table: "?", column: "?", value: "\(error)")
        }
    }

    static func text(_ row: PostgresRow, _ column: String) throws -> String {
        guard let value = try row.string(column) else { throw ResultStoreError.corruptValue(table: "row", column: column, value: "NULL") }
        return value
    }

    static func int(_ row: PostgresRow, _ column: String) throws -> Int {
        guard let value = try row.int(column) else { throw ResultStoreError.corruptValue(table: "row", column: column, value: "NULL") }
        return value
    }

    static func uuid(_ row: PostgresRow, _ column: String) throws -> UUID {
        let value = try text(row, column)
        guard let id = UUID(uuidString: value) else { throw ResultStoreError.corruptValue(table: "row", column: column, value: value) }
        return id
    }

    static func enumValue<E: RawRepresentable>(_ type: E.Type, _ raw: String, table: String, column: String) throws -> E
    where E.RawValue == String {
        guard let value = E(rawValue: raw) else { throw ResultStoreError.corruptValue(table: table, column: column, value: raw) }
        return value
    }

    static func run(from row: PostgresRow) throws(ResultStoreError) -> StoredRun {
        try decode {
            StoredRun(
                id: try uuid(row, "id"),
                status: try enumValue(RunStatus.self, try text(row, "status"), table: "runs", column: "status"),
                startedAt: try row.date("started_at") ?? Date(timeIntervalSince1970: 0),
                finishedAt: try row.date("finished_at"),
                commandLine: try text(row, "command_line"),
                options: try JSONText.decode([String: String].self, try text(row, "options_text"), table: "runs", column: "options"),
                harnessVersion: try text(row, "harness_version"),
                reportPath: try row.string("report_path"),
                machine: MachineInfo(hostname: try text(row, "hostname"), cpuModel: try text(row, "cpu_model"),
                                     cores: try int(row, "cores"), memoryBytes: Int64(try int(row, "memory_bytes")),
                                     kernel: try text(row, "kernel"), os: try text(row, "os"),
                                     swiftVersion: try text(row, "swift_version")),
                jobCount: try int(row, "job_count"), failedJobCount: try int(row, "failed_count"))
        }
    }

    static func job(from row: PostgresRow, samples: [Sample], counters: [String: Double]) throws -> StoredJob {
        let seedText = try text(row, "seed_text")
        guard let seed = UInt64(seedText) else { throw ResultStoreError.corruptValue(table: "jobs", column: "seed", value: seedText) }
        let plan = PlannedJob(
            id: try uuid(row, "id"), runID: try uuid(row, "run_id"), ordinal: try int(row, "ordinal"),
            workload: try text(row, "workload"), workloadPath: try text(row, "workload_path"), variant: try text(row, "variant"),
            size: try int(row, "size"), seed: seed, engineLabel: try text(row, "engine_label"),
            parameters: try JSONText.parameters(from: try text(row, "parameters_text"), table: "jobs"),
            requestedSamples: try row.int("requested_samples"))
        let failure: JobFailureRecord? = try row.string("failure_kind").map { kind in
            JobFailureRecord(kind: kind, reason: try row.string("failure_reason") ?? "",
                             exitCode: try row.int("exit_code").map(Int32.init), signal: try row.int("signal").map(Int32.init))
        }
        let log = try row.string("log_text").map { try JSONText.decode([String].self, $0, table: "jobs", column: "log") } ?? []
        return StoredJob(
            plan: plan, status: try enumValue(JobStatus.self, try text(row, "status"), table: "jobs", column: "status"),
            engineID: try row.int("engine_id").map(Int64.init), failure: failure, stderrTail: try row.string("stderr_tail"),
            medianSeconds: try row.double("median_seconds"), measuredSamples: try row.int("measured_samples"),
            peakMemoryBytes: try row.int("peak_memory_bytes").map(Int64.init), log: log,
            startedAt: try row.date("started_at"), finishedAt: try row.date("finished_at"),
            samples: samples, counters: counters, digest: try row.string("digest"))
    }
}
