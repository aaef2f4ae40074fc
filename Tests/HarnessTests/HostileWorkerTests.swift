import Foundation
@testable import Harness
import ResultStore
import Testing
import UntrustedText
import WorkerProtocol

/// The runner against workers that lie: every violation fails the job as
/// `protocol`, and no text the worker sent keeps a control character.
@Suite struct HostileWorkerTests {
    let runner = WorkerRunner(timeout: 5, terminateGrace: 0.3)

    @Test(arguments: ["negative-time", "huge-sample", "max-iterations", "duplicate-index", "wrong-summary", "overcount"])
    func aWorkerThatLiesFailsAsProtocol(_ behaviour: String) async {
        let result = await runner.run(FixtureWorker.request(behaviour, samples: 4), command: FixtureWorker.command())
        #expect(result.failure?.kind == "protocol", "\(behaviour): \(String(describing: result.failure))")
        #expect(result.summary == nil)
    }

    @Test func nulAndEscapesAreMadeVisibleAtTheBoundary() async {
        let result = await runner.run(FixtureWorker.request("nul"), command: FixtureWorker.command())
        #expect(result.failure == nil)
        let summary = result.summary
        let texts = [result.stderrTail, summary?.digest ?? "", summary?.log.joined() ?? ""] + (summary?.counters.keys.map { $0 } ?? [])
        for text in texts {
            #expect(!text.unicodeScalars.contains { $0.value == 0 || $0.value == 0x1B }, "\(text.debugDescription)")
        }
        #expect(summary?.digest.hasSuffix("\\u{0}\\u{1B}[2J") == true)
        #expect(summary?.counters["bad\\u{0}name"] == 1)

        let error = await runner.run(FixtureWorker.request("nul-error"), command: FixtureWorker.command())
        #expect(error.failure?.description.contains("broken \\u{0} with \\u{1B}]0;title\\u{7}") == true)
    }

    @Test func longTextIsCutWithACount() {
        let text = UntrustedText.clean(String(repeating: "x", count: 5_000), limit: 100)
        #expect(text == String(repeating: "x", count: 100) + "… (4900 more characters)")
        #expect(UntrustedText.clean("a\nb\u{202E}c", multiline: true) == "a\nb\\u{202E}c")
    }

    /// The timeout holds until the worker's whole group is gone: a child
    /// that keeps stdout open no longer keeps the job alive past it, and it
    /// is ended with the worker.
    @Test func aChildHoldingStdoutCannotDefeatTheTimeout() async throws {
        let pidFile = NSTemporaryDirectory() + "fixture-child-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let runner = WorkerRunner(timeout: 2, terminateGrace: 0.3)
        let result = await runner.run(FixtureWorker.request("fork-holds-stdout"),
                                      command: FixtureWorker.command(["FIXTURE_CHILD_PID_FILE": pidFile]))
        #expect(result.failure?.kind == "timeout")
        #expect(result.finishedAt.timeIntervalSince(result.startedAt) < 6)
        let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(child, 0) != 0, "the worker's child \(child) is still running")
    }

    @Test func workersSeeNoSecretsFromTheHarnessEnvironment() async throws {
        let log = NSTemporaryDirectory() + "fixture-env-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: log) }
        setenv("LAYOUTBENCH_TEST_SECRET_TOKEN", "hunter2", 1)
        let result = await runner.run(FixtureWorker.request("print-env"),
                                      command: FixtureWorker.command(["FIXTURE_ENV_LOG": log, "PGPASSWORD": "hunter2"]))
        #expect(result.failure == nil)
        let seen = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!seen.contains("hunter2"))
        #expect(seen.contains("PATH="))
    }
}
