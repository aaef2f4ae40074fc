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
    /// The job asked for; with it, samples and the summary are checked
    /// against it (`MessageValidation`).
    let request: JobRequest?

    init(request: JobRequest? = nil) { self.request = request }

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
            if let problem = MessageValidation.problem(in: sample, expectedIndex: samples.count) {
                violation = problem
                return nil
            }
            samples.append(sample)
            return sample
        case let .summary(received):
            guard hello != nil else { violation = "the summary came before hello"; return nil }
            if let request, let problem = MessageValidation.problem(
                in: received, request: request, samples: samples, workloadNames: Self.workloadNames(of: request)) {
                violation = problem
                return nil
            }
            summary = received
        case let .error(failure):
            // An error without hello is still the worker's own account of
            // what went wrong (say, a workload that failed to load): keep it.
            workerError = failure
        }
        return nil
    }

    /// A workload loaded from `x.yaml` is named `x` (the loader insists).
    static func workloadNames(of request: JobRequest) -> Set<String> {
        let file = request.workloadPath.split(separator: "/").last.map(String.init) ?? ""
        guard file.hasSuffix(".yaml") else { return [] }
        return [String(file.dropLast(5))]
    }
}
