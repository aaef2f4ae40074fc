import Foundation
import Harness
import Testing
import BuildTestSupport

extension AgentServerTests {
    /// SIGTERM to an agent while it builds a job's revision: the build stops
    /// whole (swift-build runs its compilers in process groups of their own),
    /// the agent gives the job back and exits, and the next agent builds it
    /// from the same cache and runs it.
    @Suite struct BuildSignalTests {
        /// The disguised fixture worker behind a library slow enough to compile that the build can be caught.
        static var slowFixture: [String: String] {
            let disguise = EngineRevisionTests.disguisedFixture
            return SlowPackage.files(product: "layoutbench-worker", main: disguise["Sources/layoutbench-worker/main.swift"]!)
        }

        @Test(.timeLimit(.minutes(10))) func sigtermStopsTheBuildAndReleasesTheJob() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let repository = try EngineRevisionTests.repository("slow", files: Self.slowFixture)
            let cache = try AgentTestDirectories.makeScratch("signal-build-cache")
            let runID = try await EngineRevisionTests.enqueue(database, revisions: ["slow": repository.commit])
            let arguments = ["--allow-remote", repository.path, "--build-cache", cache, "--exit-when-drained"]
            let agent = try DistributedRunTests.agent("stopped", database, viaFile: true, extra: arguments)

            // Signal once a compiler works on the checkout, not after a guessed delay.
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline, !compilerRuns(mentioning: cache, "Shapes0.swift") { try await Task.sleep(for: .milliseconds(20)) }
            try #require(compilerRuns(mentioning: cache, "Shapes0.swift"), "\(agent.stdout.suffix(1500))")
            let signalled = ContinuousClock.now
            agent.signal(SIGTERM)
            let status = try await agent.waitForExit(timeout: .seconds(60))
            let took = ContinuousClock.now - signalled
            #expect(status == 0, "\(agent.stderr.suffix(1500))")
            #expect(took < .seconds(15), "the agent took \(took) to exit")
            let left = livingProcesses(mentioning: cache)
            #expect(left.isEmpty, "still running: \(left)")
            #expect(agent.stdout.contains("\"released\""), "\(agent.stdout.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'queued'") == 1)

            // The cache the stopped build left is good: the next agent builds and runs the job.
            let next = try DistributedRunTests.agent("next", database, viaFile: true, extra: arguments)
            #expect(try await next.waitForExit(timeout: .seconds(400)) == 0, "\(next.stderr.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded' AND run_id = $1",
                                             [.text(runID.uuidString)]) == 1, "\(next.stdout.suffix(1500))")
            print("agent exited \(took) after SIGTERM mid-build; \(left.count) processes left")
        }
    }
}
