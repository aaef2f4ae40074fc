import Foundation
import ProcessGroups
import WorkerProtocol

/// How to start a worker: the executable, its arguments, extra environment.
public struct WorkerCommand: Sendable, Equatable {
    public var executable: String
    public var arguments: [String]
    /// Added to the allow-listed part of the harness's environment
    /// (`ChildEnvironment`); secret-looking names are dropped even here.
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

/// Runs one job in a fresh worker process, in a process group of its own (`ProcessGroup`).
///
/// The request goes to the worker's stdin as one JSON line; stdout is read
/// as it comes and decoded line by line (`ProtocolSession`), stderr keeps
/// its tail. A worker past `timeout` gets SIGTERM, and SIGKILL after
/// `terminateGrace`, sent to its whole process group; so does one that prints a line that breaks the
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
        // Close-on-exec, so that workers started at the same moment (--jobs)
        // never inherit each other's pipes, which would delay end-of-file
        // until the other worker exits.
        guard let input = ProcessGroup.pipe(), let output = ProcessGroup.pipe(), let errors = ProcessGroup.pipe() else {
            return WorkerRunResult(hello: nil, samples: [], summary: nil,
                                   failure: .launchFailed(executable: command.executable, reason: String(cString: strerror(errno))),
                                   stderrTail: "", startedAt: startedAt, finishedAt: Date(), helloLatency: nil)
        }
        let group: ProcessGroup
        do {
            defer { Glibc.close(input.read); Glibc.close(output.write); Glibc.close(errors.write) }
            group = try ProcessGroup(executable: command.executable, arguments: command.arguments,
                                     environment: ChildEnvironment.make(from: ProcessInfo.processInfo.environment,
                                                                        adding: command.environment),
                                     input: input.read, output: output.write, errors: errors.write)
        } catch {
            for fd in [input.write, output.read, errors.read] { Glibc.close(fd) }
            return WorkerRunResult(hello: nil, samples: [], summary: nil,
                                   failure: .launchFailed(executable: command.executable, reason: error.description),
                                   stderrTail: "", startedAt: startedAt, finishedAt: Date(), helloLatency: nil)
        }
        let requestLine = ((try? ProtocolCoding.encodeLine(request)) ?? "{}") + "\n"
        Self.writeAll(input.write, Array(requestLine.utf8))
        Glibc.close(input.write)

        var session = ProtocolSession(request: request)
        var lines = LineBuffer()
        var tail = TailBuffer()
        var helloLatency: Duration?
        var stopRequested: ContinuousClock.Instant?
        var timedOut = false, killed = false, interrupted = false
        var exitSeen: ContinuousClock.Instant?
        let deadline = start + .milliseconds(Int64(min(max(timeout, 0), RunSettings.maxTimeout) * 1000))
        let streams = StreamPair(output: output.read, errors: errors.read)

        func stop(_ now: ContinuousClock.Instant) {
            guard stopRequested == nil else { return }
            stopRequested = now
            group.signal(SIGTERM)
        }

        // Until the pipes are closed and the whole group is gone: a worker
        // that closes its stdout and lingers, or leaves a child holding it,
        // is still held to the timeout.
        while streams.anyOpen || group.isRunning {
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
            let alive = group.isRunning
            if after >= deadline, !timedOut, alive {
                timedOut = true
                stop(after)
            }
            if let requested = stopRequested, !killed, after - requested > .milliseconds(Int64(terminateGrace * 1000)),
               alive {
                group.signal(SIGKILL)
                killed = true
            }
            if !alive {
                let exited = exitSeen ?? after
                exitSeen = exited
                if after - exited > .milliseconds(Int64(drainGrace * 1000)) { break }
            }
        }
        if let last = lines.finish(), let sample = session.consume(last) { onSample(sample) }
        let ending = group.wait()
        streams.close()

        let failure = interrupted && stopRequested != nil && !session.isComplete ? .interrupted
            : Self.classify(session: session, timedOut: timedOut, killed: killed, timeout: timeout,
                            ending: ending)
        // The one place worker text enters the harness: cleaned here, it is
        // safe for the spool, the database, the terminal and the report.
        return WorkerRunResult(hello: session.hello, samples: session.samples, summary: failure == nil ? session.summary : nil,
                               failure: failure, stderrTail: tail.text(), startedAt: startedAt, finishedAt: Date(),
                               helloLatency: helloLatency).cleaned()
    }

    /// The failure an ending amounts to, most telling first: a timeout
    /// explains a kill, a protocol break explains a stop, the worker's own
    /// error explains its exit code.
    static func classify(session: ProtocolSession, timedOut: Bool, killed: Bool, timeout: Double,
                         ending: ProcessGroup.Termination) -> JobFailure? {
        if timedOut { return .timedOut(seconds: timeout, killed: killed) }
        if let violation = session.violation { return .protocolViolation(violation) }
        if let error = session.workerError {
            if case let .exited(status) = ending { return .workerError(kind: error.kind, message: error.message, exitCode: status) }
            return .workerError(kind: error.kind, message: error.message, exitCode: nil)
        }
        if case let .signalled(signal) = ending { return .signalled(signal: signal) }
        if case let .exited(status) = ending, status != 0 { return .exitCode(status) }
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
