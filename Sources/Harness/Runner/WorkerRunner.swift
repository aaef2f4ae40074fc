import Foundation
import WorkerProtocol

/// How to start a worker: the executable, its arguments, extra environment.
public struct WorkerCommand: Sendable, Equatable {
    public var executable: String
    public var arguments: [String]
    /// Added to (and overriding) the harness's own environment.
    public var environment: [String: String]

    public init(executable: String, arguments: [String] = ["--protocol"], environment: [String: String] = [:]) {
        self.executable = executable; self.arguments = arguments; self.environment = environment
    }
}

/// What one worker process produced.
public struct WorkerRunResult: Sendable {
    public var hello: Hello?
    /// Every sample received, in order, even when the job then failed.
    public var samples: [Sample]
    public var summary: JobSummary?
    /// nil when the job succeeded.
    public var failure: JobFailure?
    /// The last lines of the worker's stderr.
    public var stderrTail: String
    public var startedAt: Date
    public var finishedAt: Date
    /// From spawning the process to its hello line (the handshake).
    public var helloLatency: Duration?
}

/// Runs one job in a fresh worker process (Foundation `Process`).
///
/// The request goes to the worker's stdin as one JSON line; stdout is read
/// as it comes and decoded line by line (`ProtocolSession`), stderr keeps
/// its tail. A worker past `timeout` gets SIGTERM, and SIGKILL after
/// `terminateGrace`; so does one that prints a line that breaks the
/// protocol, since nothing it says afterwards can be trusted. Every ending
/// becomes a `WorkerRunResult`; nothing here throws.
public struct WorkerRunner: Sendable {
    public var timeout: Double
    public var terminateGrace: Double
    /// After the process has gone, how long to wait for its pipes to close
    /// (a grandchild may still hold them).
    public var drainGrace: Double = 1
    /// Polled while a worker runs; once true the worker is stopped like a
    /// timed-out one and the job fails as `interrupted`.
    public var isCancelled: @Sendable () -> Bool = { false }

    public init(timeout: Double = 600, terminateGrace: Double = 2) {
        self.timeout = timeout; self.terminateGrace = terminateGrace
    }

    /// Runs `request` with `command`; `onSample` sees each sample as it
    /// arrives (on the runner's thread).
    public func run(_ request: JobRequest, command: WorkerCommand,
                    onSample: @escaping @Sendable (Sample) -> Void = { _ in }) async -> WorkerRunResult {
        await withCheckedContinuation { continuation in
            // A thread of its own: the loop blocks in poll(2) for the whole job.
            RunnerThreads.shared.run {
                continuation.resume(returning: runBlocking(request, command: command, onSample: onSample))
            }
        }
    }

    func runBlocking(_ request: JobRequest, command: WorkerCommand, onSample: (Sample) -> Void) -> WorkerRunResult {
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        if !command.environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(command.environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        // Close-on-exec, so that workers started at the same moment (--jobs)
        // never inherit each other's pipes, which would delay end-of-file
        // until the other worker exits. The child's copies on 0, 1 and 2 are
        // made by dup2, which clears the flag.
        for pipe in [input, output, errors] {
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return WorkerRunResult(hello: nil, samples: [], summary: nil,
                                   failure: .launchFailed(executable: command.executable, reason: error.localizedDescription),
                                   stderrTail: "", startedAt: startedAt, finishedAt: Date(), helloLatency: nil)
        }
        let pid = process.processIdentifier
        let requestLine = ((try? ProtocolCoding.encodeLine(request)) ?? "{}") + "\n"
        Self.writeAll(input.fileHandleForWriting.fileDescriptor, Array(requestLine.utf8))
        try? input.fileHandleForWriting.close()

        var session = ProtocolSession()
        var lines = LineBuffer()
        var tail = TailBuffer()
        var helloLatency: Duration?
        var stopRequested: ContinuousClock.Instant?
        var timedOut = false, killed = false, interrupted = false
        var exitSeen: ContinuousClock.Instant?
        let deadline = start + .milliseconds(Int64(timeout * 1000))
        let streams = StreamPair(output: output.fileHandleForReading.fileDescriptor,
                                 errors: errors.fileHandleForReading.fileDescriptor)

        func stop(_ now: ContinuousClock.Instant) {
            guard stopRequested == nil else { return }
            stopRequested = now
            kill(pid, SIGTERM)
        }

        // Until the pipes are closed and the process is gone: a worker that
        // closes its stdout and lingers is still held to the timeout.
        while streams.anyOpen || ProcessLiveness.isAlive(pid) {
            let now = clock.now
            let untilDeadline = deadline > now ? deadline - now : .zero
            let waitMilliseconds = Int32(min(100, max(1, untilDeadline.components.seconds * 1000
                                                       + untilDeadline.components.attoseconds / 1_000_000_000_000_000)))
            streams.poll(milliseconds: waitMilliseconds) { stream, bytes in
                switch stream {
                case .output:
                    for line in lines.append(bytes) {
                        let hadHello = session.hello != nil
                        if let sample = session.consume(line) { onSample(sample) }
                        if !hadHello, session.hello != nil { helloLatency = clock.now - start }
                    }
                case .errors:
                    tail.append(bytes)
                }
            }
            let after = clock.now
            if session.violation != nil { stop(after) }
            if !interrupted, isCancelled() {
                interrupted = true
                stop(after)
            }
            let alive = ProcessLiveness.isAlive(pid)
            if after >= deadline, !timedOut, alive {
                timedOut = true
                stop(after)
            }
            if let requested = stopRequested, !killed, after - requested > .milliseconds(Int64(terminateGrace * 1000)),
               alive {
                kill(pid, SIGKILL)
                killed = true
            }
            if !alive {
                let exited = exitSeen ?? after
                exitSeen = exited
                if after - exited > .milliseconds(Int64(drainGrace * 1000)) { break }
            }
        }
        if let last = lines.finish(), let sample = session.consume(last) { onSample(sample) }
        process.waitUntilExit()
        streams.close()

        let failure = interrupted && stopRequested != nil && !session.isComplete ? .interrupted
            : Self.classify(session: session, timedOut: timedOut, killed: killed, timeout: timeout,
                            reason: process.terminationReason, status: process.terminationStatus)
        return WorkerRunResult(hello: session.hello, samples: session.samples, summary: failure == nil ? session.summary : nil,
                               failure: failure, stderrTail: tail.text(), startedAt: startedAt, finishedAt: Date(),
                               helloLatency: helloLatency)
    }

    /// The failure an ending amounts to, most telling first: a timeout
    /// explains a kill, a protocol break explains a stop, the worker's own
    /// error explains its exit code.
    static func classify(session: ProtocolSession, timedOut: Bool, killed: Bool, timeout: Double,
                         reason: Process.TerminationReason, status: Int32) -> JobFailure? {
        if timedOut { return .timedOut(seconds: timeout, killed: killed) }
        if let violation = session.violation { return .protocolViolation(violation) }
        if let error = session.workerError {
            return .workerError(kind: error.kind, message: error.message, exitCode: reason == .exit ? status : nil)
        }
        if reason == .uncaughtSignal { return .signalled(signal: status) }
        if status != 0 { return .exitCode(status) }
        if session.hello == nil { return .protocolViolation("the worker exited without saying hello") }
        if session.summary == nil { return .missingSummary }
        return nil
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            // EPIPE: the worker exited without reading; its exit tells why.
            if written <= 0 { return }
            offset += written
        }
    }
}
