import WorkerProtocol

/// Follows one worker's stdout through the protocol's order: hello first,
/// then samples, then exactly one summary or error, then nothing.
///
/// The first line that breaks the order or does not decode ends the
/// session with a violation; later lines are ignored.
struct ProtocolSession: Sendable {
    private(set) var hello: Hello?
    private(set) var samples: [Sample] = []
    private(set) var summary: JobSummary?
    private(set) var workerError: WorkerFailure?
    private(set) var violation: String?

    /// Whether the final message (summary or error) has arrived.
    var isComplete: Bool { summary != nil || workerError != nil }

    /// Feeds one line (without its newline). Returns the sample it carried,
    /// if it was a valid sample, so callers can stream it onwards.
    mutating func consume(_ line: Substring) -> Sample? {
        guard violation == nil else { return nil }
        if line.allSatisfy(\.isWhitespace) { return nil }
        let message: WorkerMessage
        do {
            message = try ProtocolCoding.decodeMessage(line)
        } catch {
            violation = error.description
            return nil
        }
        if isComplete {
            violation = "a line came after the final summary/error: \(line.prefix(120))"
            return nil
        }
        switch message {
        case let .hello(received):
            if hello != nil { violation = "a second hello"; return nil }
            guard received.protocolVersion == WorkerProtocol.version else {
                violation = ProtocolError.versionMismatch(expected: WorkerProtocol.version, got: received.protocolVersion).description
                return nil
            }
            hello = received
        case let .sample(sample):
            guard hello != nil else { violation = "a sample came before hello"; return nil }
            samples.append(sample)
            return sample
        case let .summary(received):
            guard hello != nil else { violation = "the summary came before hello"; return nil }
            summary = received
        case let .error(failure):
            // An error without hello is still the worker's own account of
            // what went wrong (say, a workload that failed to load): keep it.
            workerError = failure
        }
        return nil
    }
}
