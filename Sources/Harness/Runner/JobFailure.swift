import ResultStore
import WorkerProtocol

/// Why a job failed. The run records it and goes on with the next job.
public enum JobFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The worker could not be started at all.
    case launchFailed(executable: String, reason: String)
    /// It ran past the per-job timeout and was stopped (`killed`: SIGTERM was not enough).
    case timedOut(seconds: Double, killed: Bool)
    /// It was ended by a signal it did not ask for (a crash).
    case signalled(signal: Int32)
    /// It exited with a non-zero code without reporting an error message.
    case exitCode(Int32)
    /// It reported a typed failure (`error` message); `exitCode` is how it then exited.
    case workerError(kind: WorkerFailure.Kind, message: String, exitCode: Int32?)
    /// It printed something that is not the protocol: garbage, a wrong
    /// version, no hello, messages out of order.
    case protocolViolation(String)
    /// It exited 0 without sending its summary.
    case missingSummary
    /// The run was cancelled (Ctrl-C) while it ran, and it was stopped.
    case interrupted

    /// Stable keyword stored in `jobs.failure_kind`.
    public var kind: String {
        switch self {
        case .launchFailed: "launch"
        case .timedOut: "timeout"
        case .signalled: "signal"
        case .exitCode: "exit_code"
        case .workerError: "worker_error"
        case .protocolViolation: "protocol"
        case .missingSummary: "missing_summary"
        case .interrupted: "interrupted"
        }
    }

    public var description: String {
        switch self {
        case let .launchFailed(executable, reason):
            "could not start \(executable): \(reason); check the path given to --engine and that it is executable"
        case let .timedOut(seconds, killed):
            "no result within the \(Self.format(seconds)) s timeout; stopped with SIGTERM\(killed ? ", then SIGKILL" : "") (raise it with --timeout)"
        case let .signalled(signal):
            "crashed: killed by signal \(signal) (\(Self.signalName(signal))); see the stderr tail"
        case let .exitCode(code):
            "exited with code \(code) without reporting an error; see the stderr tail"
        case let .workerError(kind, message, code):
            "worker reported a \(kind.rawValue) error\(code.map { " (exit \($0))" } ?? ""): \(message)"
        case let .protocolViolation(detail):
            "broke the worker protocol: \(detail)"
        case .missingSummary:
            "exited 0 without sending a summary; a worker must end with a summary or an error line"
        case .interrupted:
            "stopped because the run was interrupted; run it again to measure it"
        }
    }

    /// The form the store keeps.
    public func record() -> JobFailureRecord {
        switch self {
        case let .signalled(signal): JobFailureRecord(kind: kind, reason: description, signal: signal)
        case let .exitCode(code): JobFailureRecord(kind: kind, reason: description, exitCode: code)
        case let .workerError(_, _, code): JobFailureRecord(kind: kind, reason: description, exitCode: code)
        default: JobFailureRecord(kind: kind, reason: description)
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGTRAP: "SIGTRAP"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
