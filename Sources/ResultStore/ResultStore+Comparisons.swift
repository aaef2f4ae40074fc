import Foundation
import Postgres

/// One `layoutbench compare` as stored in `comparisons`. Plain data: the
/// store knows nothing of how cells are judged (the Comparison module does).
public struct ComparisonRecord: Sendable, Equatable {
    public var id: UUID
    public var startedAt: Date
    public var finishedAt: Date?
    /// What the user gave (a revision or a worker path) and, for a revision, its full commit.
    public var baseSpec: String
    public var baseCommit: String?
    public var candidateSpec: String
    public var candidateCommit: String?
    public var threshold: Double
    public var exitCode: Int
    public var rounds: Int
    public var commandLine: String

    public init(id: UUID, startedAt: Date, finishedAt: Date?, baseSpec: String, baseCommit: String?, candidateSpec: String,
                candidateCommit: String?, threshold: Double, exitCode: Int, rounds: Int, commandLine: String) {
        self.id = id; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.baseSpec = baseSpec; self.baseCommit = baseCommit; self.candidateSpec = candidateSpec
        self.candidateCommit = candidateCommit; self.threshold = threshold; self.exitCode = exitCode
        self.rounds = rounds; self.commandLine = commandLine
    }
}

/// One judged cell as stored in `comparison_cells`.
public struct ComparisonCellRecord: Sendable, Equatable {
    public var workload: String
    public var variant: String
    public var size: Int
    public var verdict: String
    public var timeVerdict: String
    public var ratio: Double?
    public var lower: Double?
    public var upper: Double?
    /// The two-sided p-value before and after Benjamini–Hochberg.
    public var p: Double?
    public var adjustedP: Double?
    public var threshold: Double
    public var baseSamples: Int
    public var candidateSamples: Int
    /// JSON array of `{"name", "base", "candidate"}` objects.
    public var counterChangesJSON: String
    public var baseDigest: String?
    public var candidateDigest: String?
    /// "base: …" or "candidate: …" when a job of that side failed.
    public var failure: String?

    public init(workload: String, variant: String, size: Int, verdict: String, timeVerdict: String, ratio: Double?,
                lower: Double?, upper: Double?, p: Double?, adjustedP: Double?, threshold: Double, baseSamples: Int,
                candidateSamples: Int, counterChangesJSON: String, baseDigest: String?, candidateDigest: String?, failure: String?) {
        self.workload = workload; self.variant = variant; self.size = size; self.verdict = verdict; self.timeVerdict = timeVerdict
        self.ratio = ratio; self.lower = lower; self.upper = upper; self.p = p; self.adjustedP = adjustedP
        self.threshold = threshold; self.baseSamples = baseSamples; self.candidateSamples = candidateSamples
        self.counterChangesJSON = counterChangesJSON; self.baseDigest = baseDigest; self.candidateDigest = candidateDigest
        self.failure = failure
    }
}

extension ResultStore {
    /// Stores a comparison and its cells in one transaction; storing the
    /// same id again replaces its cells (so a retry leaves one copy).
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func recordComparison(_ comparison: ComparisonRecord, cells: [ComparisonCellRecord],
                                 machine: MachineInfo?) async throws(ResultStoreError) {
        let machineID: Int64? = if let machine { try await machineID(for: machine) } else { nil }
        try await ResultStoreError.wrap("store comparison \(comparison.id)") {
            try await connection.transaction { db in
                let id = comparison.id.uuidString
                try db.execute("""
                    INSERT INTO comparisons (id, started_at, finished_at, base_spec, base_commit, candidate_spec,
                                             candidate_commit, threshold, exit_code, rounds, machine_id, command_line)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
                    ON CONFLICT (id) DO UPDATE SET finished_at = EXCLUDED.finished_at, exit_code = EXCLUDED.exit_code,
                                                   rounds = EXCLUDED.rounds
                    """, [.text(id), .timestamp(comparison.startedAt), comparison.finishedAt.map { .timestamp($0) },
                          .text(comparison.baseSpec), comparison.baseCommit.map { .text($0) }, .text(comparison.candidateSpec),
                          comparison.candidateCommit.map { .text($0) }, .double(comparison.threshold), .int(comparison.exitCode),
                          .int(comparison.rounds), machineID.map { .int(Int($0)) }, .text(comparison.commandLine)])
                try db.execute("DELETE FROM comparison_cells WHERE comparison_id = $1", [.text(id)])
                for cell in cells {
                    try db.execute("""
                        INSERT INTO comparison_cells (comparison_id, workload, variant, size, verdict, time_verdict, ratio, lower,
                                                      upper, p, adjusted_p, threshold, base_samples, candidate_samples,
                                                      counter_changes, base_digest, candidate_digest, failure)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18)
                        """, [.text(id), .text(cell.workload), .text(cell.variant), .int(cell.size), .text(cell.verdict),
                              .text(cell.timeVerdict), cell.ratio.map { .double($0) }, cell.lower.map { .double($0) },
                              cell.upper.map { .double($0) }, cell.p.map { .double($0) }, cell.adjustedP.map { .double($0) },
                              .double(cell.threshold), .int(cell.baseSamples), .int(cell.candidateSamples),
                              .text(cell.counterChangesJSON), cell.baseDigest.map { .text($0) },
                              cell.candidateDigest.map { .text($0) }, cell.failure.map { .text($0) }])
                }
            }
        }
    }

    /// Stored comparisons, newest first (id, sides, exit code; cells via `comparisonCells`).
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func comparisons() async throws(ResultStoreError) -> [ComparisonRecord] {
        try await ResultStoreError.wrap("read comparisons") {
            try await connection.execute("""
                SELECT id::text AS id, started_at, finished_at, base_spec, base_commit, candidate_spec, candidate_commit,
                       threshold, exit_code, rounds, command_line
                FROM comparisons ORDER BY started_at DESC
                """).map { row in
                ComparisonRecord(id: UUID(uuidString: try row.string("id") ?? "") ?? UUID(),
                                 startedAt: try row.date("started_at") ?? Date(), finishedAt: try row.date("finished_at"),
                                 baseSpec: try row.string("base_spec") ?? "", baseCommit: try row.string("base_commit"),
                                 candidateSpec: try row.string("candidate_spec") ?? "",
                                 candidateCommit: try row.string("candidate_commit"), threshold: try row.double("threshold") ?? 0,
                                 exitCode: try row.int("exit_code") ?? 0, rounds: try row.int("rounds") ?? 0,
                                 commandLine: try row.string("command_line") ?? "")
            }
        }
    }

    /// The cells of one comparison, by workload, variant and size.
    ///
    /// - Throws: `ResultStoreError.storage`.
    public func comparisonCells(_ id: UUID) async throws(ResultStoreError) -> [ComparisonCellRecord] {
        try await ResultStoreError.wrap("read the cells of comparison \(id)") {
            try await connection.execute("""
                SELECT workload, variant, size, verdict, time_verdict, ratio, lower, upper, p, adjusted_p, threshold,
                       base_samples, candidate_samples, counter_changes::text AS counter_changes, base_digest,
                       candidate_digest, failure
                FROM comparison_cells WHERE comparison_id = $1 ORDER BY workload, variant, size
                """, [.text(id.uuidString)]).map { row in
                ComparisonCellRecord(workload: try row.string("workload") ?? "", variant: try row.string("variant") ?? "",
                                     size: try row.int("size") ?? 0, verdict: try row.string("verdict") ?? "",
                                     timeVerdict: try row.string("time_verdict") ?? "", ratio: try row.double("ratio"),
                                     lower: try row.double("lower"), upper: try row.double("upper"), p: try row.double("p"),
                                     adjustedP: try row.double("adjusted_p"), threshold: try row.double("threshold") ?? 0,
                                     baseSamples: try row.int("base_samples") ?? 0,
                                     candidateSamples: try row.int("candidate_samples") ?? 0,
                                     counterChangesJSON: try row.string("counter_changes") ?? "[]",
                                     baseDigest: try row.string("base_digest"), candidateDigest: try row.string("candidate_digest"),
                                     failure: try row.string("failure"))
            }
        }
    }
}
