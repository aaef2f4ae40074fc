/// Timing and naming shared by every queue client. Enqueuers and agents of
/// one queue should agree on `channel`; the rest may differ per agent.
public struct QueueSettings: Sendable, Hashable {
    /// How long a claim lasts without a heartbeat. Agents heartbeat every
    /// third of it; a dead agent's jobs are rescued this long after its last
    /// heartbeat.
    public var leaseSeconds: Double
    /// Delay before a failed job's next attempt.
    public var backoff: RetryBackoff
    /// The NOTIFY channel that wakes idle agents.
    public var channel: String
    /// How long an operation keeps reconnecting through retryable errors
    /// (a restarting server) before giving up with `databaseUnavailable`.
    public var reconnectTimeoutSeconds: Double
    /// Most expired leases one `rescueExpired()` call handles.
    public var rescueBatchSize: Int

    /// - Throws: `JobQueueError.invalidSettings`.
    public init(leaseSeconds: Double = 60, backoff: RetryBackoff? = nil, channel: String = "layoutbench_queue",
                reconnectTimeoutSeconds: Double = 60, rescueBatchSize: Int = 500) throws(JobQueueError) {
        guard leaseSeconds >= 0.1, leaseSeconds.isFinite else {
            throw .invalidSettings(reason: "the lease must last at least 0.1 s, not \(leaseSeconds) s")
        }
        guard !channel.isEmpty, channel.utf8.count < 64 else {
            throw .invalidSettings(reason: "the NOTIFY channel must be 1 to 63 bytes long")
        }
        guard reconnectTimeoutSeconds >= 0, rescueBatchSize >= 1 else {
            throw .invalidSettings(reason: "reconnectTimeoutSeconds must be ≥ 0 and rescueBatchSize ≥ 1")
        }
        self.leaseSeconds = leaseSeconds
        if let backoff { self.backoff = backoff } else { self.backoff = try RetryBackoff() }
        self.channel = channel
        self.reconnectTimeoutSeconds = reconnectTimeoutSeconds
        self.rescueBatchSize = rescueBatchSize
    }

    /// The defaults: 60 s leases, 2 s … 300 s backoff with half jitter.
    public static var standard: QueueSettings { try! QueueSettings() }

    /// How often an agent should heartbeat: a third of the lease, so two
    /// heartbeats may be lost before the lease runs out.
    public var heartbeatIntervalSeconds: Double { leaseSeconds / 3 }
}

/// Array parameters in PostgreSQL's text form (`{1,2,3}`), so that a batch
/// travels as one bound value: `… = ANY($1::bigint[])`, `unnest($1::text[])`.
enum ArrayParameter {
    static func ints(_ values: [Int]) -> String { "{" + values.map(String.init).joined(separator: ",") + "}" }

    static func doubles(_ values: [Double]) -> String { "{" + values.map { "\($0)" }.joined(separator: ",") + "}" }

    static func bools(_ values: [Bool]) -> String { "{" + values.map { $0 ? "t" : "f" }.joined(separator: ",") + "}" }

    /// Elements are double-quoted with `\` and `"` escaped; nil is NULL.
    static func texts(_ values: [String?]) -> String {
        let elements = values.map { value -> String in
            guard let value else { return "NULL" }
            return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + elements.joined(separator: ",") + "}"
    }
}

