import Foundation
@testable import Harness
import Synchronization
import Testing
import WorkerProtocol

/// The runner against a real process (the fixture worker), one behaviour each.
///
/// Durations are read from the result's own start and finish times, taken
/// on the runner's thread: with every suite running in parallel, a test's
/// task may wait seconds for a free thread after the runner has finished.
@Suite struct WorkerRunnerTests {
    let runner = WorkerRunner(timeout: 3, terminateGrace: 0.5)

    @Test func aWellBehavedWorkerSucceedsAndStreamsItsSamples() async throws {
        let streamed = Mutex<[Sample]>([])
        let result = await runner.run(FixtureWorker.request("normal", size: 40, samples: 5), command: FixtureWorker.command()) { sample in
            streamed.withLock { $0.append(sample) }
        }
        #expect(result.failure == nil)
        #expect(result.hello?.engine.name == "fixture")
        #expect(result.samples.count == 5 && streamed.withLock { $0 } == result.samples)
        #expect(result.summary?.size == 40 && result.summary?.counters["pivots"] == 40)
        #expect(result.stderrTail.contains("sent 5 samples"))
        #expect(result.helloLatency != nil)
    }

    /// Another process spawned while the worker runs inherits Foundation's
    /// exit-notification socket; the runner must not wait for it to end.
    @Test func aLongLivedSiblingDoesNotDelayTheResult() async throws {
        let sibling = Process()
        sibling.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sibling.arguments = ["4"]
        async let result = runner.run(FixtureWorker.request("slow", samples: 4), command: FixtureWorker.command())
        try await Task.sleep(for: .milliseconds(40))
        try sibling.run()
        let finished = await result
        #expect(finished.failure == nil)
        #expect(finished.finishedAt.timeIntervalSince(finished.startedAt) < 10)
        sibling.terminate()
    }

    @Test func aCrashIsASignalWithTheStderrTail() async throws {
        let result = await runner.run(FixtureWorker.request("crash"), command: FixtureWorker.command())
        #expect(result.failure == .signalled(signal: SIGSEGV))
        #expect(result.stderrTail.contains("about to crash on purpose"))
        #expect(result.samples.count == 3)
    }

    @Test func aHangIsStoppedAtTheTimeout() async throws {
        let quick = WorkerRunner(timeout: 0.5, terminateGrace: 0.3)
        let result = await quick.run(FixtureWorker.request("hang"), command: FixtureWorker.command())
        #expect(result.failure == .timedOut(seconds: 0.5, killed: false), "\(result.stderrTail)")
        // Time enough for the fixture to set SIGTERM aside, on a loaded machine
        // too, before the timeout sends it: only then is a kill needed.
        let patient = WorkerRunner(timeout: 3, terminateGrace: 0.3)
        let ignoring = await patient.run(FixtureWorker.request("hang-ignoring-term"), command: FixtureWorker.command())
        #expect(ignoring.failure == .timedOut(seconds: 3, killed: true))
        let closed = await quick.run(FixtureWorker.request("close-and-hang"), command: FixtureWorker.command())
        #expect(closed.failure == .timedOut(seconds: 0.5, killed: false))
        for run in [result, ignoring, closed] { #expect(run.finishedAt.timeIntervalSince(run.startedAt) < 10) }
    }

    @Test func aCancelledRunStopsItsWorker() async throws {
        // Cancelled once the fixture has sent its three samples and hangs, not
        // after a fixed time a loaded machine could spend starting the fixture.
        let seen = Mutex(0)
        var cancellable = WorkerRunner(timeout: 30, terminateGrace: 0.5)
        cancellable.isCancelled = { seen.withLock { $0 } >= 3 }
        let result = await cancellable.run(FixtureWorker.request("hang"), command: FixtureWorker.command(),
                                           onSample: { _ in seen.withLock { $0 += 1 } })
        #expect(result.failure == .interrupted)
        #expect(result.samples.count == 3)
        #expect(result.finishedAt.timeIntervalSince(result.startedAt) < 10)
    }

    @Test func garbageIsAProtocolViolationAndStopsTheWorker() async throws {
        let result = await runner.run(FixtureWorker.request("garbage"), command: FixtureWorker.command())
        guard case let .protocolViolation(detail) = result.failure else {
            Issue.record("expected a protocol violation, got \(String(describing: result.failure))")
            return
        }
        #expect(detail.contains("not a protocol message"))
        #expect(result.finishedAt.timeIntervalSince(result.startedAt) < 10)
    }

    @Test func exitCodesErrorsAndMissingParts() async throws {
        let code = await runner.run(FixtureWorker.request("exit-code"), command: FixtureWorker.command())
        #expect(code.failure == .exitCode(7))
        let error = await runner.run(FixtureWorker.request("error"), command: FixtureWorker.command())
        #expect(error.failure == .workerError(kind: .engine, message: "unsatisfiable on purpose", exitCode: 4))
        let noSummary = await runner.run(FixtureWorker.request("no-summary"), command: FixtureWorker.command())
        #expect(noSummary.failure == .missingSummary)
        let noHello = await runner.run(FixtureWorker.request("no-hello"), command: FixtureWorker.command())
        #expect(noHello.failure?.kind == "protocol")
        let missing = await runner.run(FixtureWorker.request("normal"), command: WorkerCommand(executable: "/nonexistent/worker"))
        #expect(missing.failure?.kind == "launch")
        #expect(missing.failure?.description.contains("--engine") == true)
    }
}
