import UntrustedText
import WorkerProtocol

extension WorkerRunResult {
    /// Every string the worker sent, cleaned (`UntrustedText`); numbers
    /// are checked by the protocol session instead.
    func cleaned() -> WorkerRunResult {
        var result = self
        if var hello = result.hello {
            hello.engine = hello.engine.cleaned()
            result.hello = hello
        }
        if var summary = result.summary {
            summary.workload = UntrustedText.clean(summary.workload)
            summary.variant = UntrustedText.clean(summary.variant)
            summary.digest = UntrustedText.clean(summary.digest)
            summary.log = summary.log.prefix(200).map { UntrustedText.clean($0, limit: UntrustedText.messageLimit) }
            var counters: [String: Double] = [:]
            for (name, value) in summary.counters.prefix(1_000) { counters[UntrustedText.clean(name, limit: 200)] = value }
            summary.counters = counters
            result.summary = summary
        }
        if let failure = result.failure { result.failure = failure.cleaned() }
        result.stderrTail = UntrustedText.clean(result.stderrTail, limit: UntrustedText.messageLimit, multiline: true)
        return result
    }
}

extension EngineIdentity {
    func cleaned() -> EngineIdentity {
        EngineIdentity(name: UntrustedText.clean(name, limit: 200), version: UntrustedText.clean(version, limit: 200),
                       commit: UntrustedText.clean(commit, limit: 200), build: UntrustedText.clean(build, limit: 200),
                       swiftVersion: UntrustedText.clean(swiftVersion, limit: 200))
    }
}

extension JobFailure {
    func cleaned() -> JobFailure {
        switch self {
        case let .workerError(kind, message, code):
            .workerError(kind: kind, message: UntrustedText.clean(message, limit: UntrustedText.messageLimit), exitCode: code)
        case let .protocolViolation(detail):
            .protocolViolation(UntrustedText.clean(detail, limit: UntrustedText.messageLimit))
        case let .launchFailed(executable, reason):
            .launchFailed(executable: UntrustedText.clean(executable), reason: UntrustedText.clean(reason))
        default:
            self
        }
    }
}
