import Foundation
import WorkerProtocol

/// The worker's side of the protocol (`--protocol`): hello, read one job
/// line, samples as they are taken, then summary or error. Only protocol
/// lines go to stdout; anything for humans goes to stderr.
public struct ProtocolSession {
    private let output: FileHandle
    private let input: FileHandle

    public init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        self.input = input; self.output = output
    }

    /// Runs the session and returns the exit code.
    public func run() -> WorkerExitCode {
        write(.hello(Hello(engine: .current(), pid: ProcessInfo.processInfo.processIdentifier)))
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            return fail(WorkerFailure(kind: .badJob, message: "no job on stdin — the harness must write one JobRequest JSON line"))
        }
        let job: JobRequest
        do { job = try ProtocolCoding.decodeJob(Substring(line)) } catch {
            return fail(WorkerFailure(kind: .badJob, message: error.description))
        }
        do {
            let summary = try JobRunner(job: job).run { write(.sample($0)) }
            write(.summary(summary))
            return .success
        } catch {
            return fail(error)
        }
    }

    private func fail(_ failure: WorkerFailure) -> WorkerExitCode {
        write(.error(failure))
        return failure.exitCode
    }

    private func write(_ message: WorkerMessage) {
        // Encoding our own message types cannot fail; a failure here is a bug worth a loud line.
        let line = (try? ProtocolCoding.encodeLine(message)) ?? #"{"type":"error","kind":"engine","message":"could not encode a message","log":[]}"#
        output.write(Data((line + "\n").utf8))
    }
}
