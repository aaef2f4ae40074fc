import Postgres

/// Checks a batch of new jobs and turns them into COPY rows.
enum EnqueueValidation {
    /// Columns of `queue_jobs` that `rows(for:)` fills, after `id`.
    static let columns = ["run_key", "pair_key", "machine_class", "payload", "max_attempts"]

    /// One COPY row per job, or the first problem found. Members of a pair
    /// must agree on run, machine class and attempts, since they are
    /// claimed, retried and failed together.
    ///
    /// - Throws: `JobQueueError.invalidJob`.
    static func rows(for jobs: [NewJob]) throws(JobQueueError) -> [[PostgresValue?]] {
        var pairs: [String: (index: Int, job: NewJob)] = [:]
        var rows: [[PostgresValue?]] = []
        rows.reserveCapacity(jobs.count)
        for (index, job) in jobs.enumerated() {
            guard !job.machineClass.isEmpty else { throw .invalidJob(index: index, reason: "its machine class is empty") }
            guard job.maxAttempts >= 1 else {
                throw .invalidJob(index: index, reason: "maxAttempts is \(job.maxAttempts); it must be at least 1")
            }
            if let pairKey = job.pairKey {
                if let (first, other) = pairs[pairKey],
                   other.runKey != job.runKey || other.machineClass != job.machineClass || other.maxAttempts != job.maxAttempts {
                    throw .invalidJob(index: index, reason: "it shares pair key \"\(pairKey)\" with job \(first) "
                        + "but differs in run, machine class or maxAttempts; both sides of a pair must agree")
                }
                if pairs[pairKey] == nil { pairs[pairKey] = (index, job) }
            }
            let payload: String
            do {
                payload = try job.payload.jsonText()
            } catch {
                throw .invalidJob(index: index, reason: "its payload cannot be encoded as JSON (\(error))")
            }
            rows.append([.text(job.runKey), job.pairKey.map(PostgresValue.text), .text(job.machineClass),
                         .text(payload), .int(job.maxAttempts)])
        }
        return rows
    }
}
