import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests.AgentProcessTests {
    /// A cluster of its own, since it is stopped and started mid-run.
    @Test func agentsReconnectAfterPostgreSQLRestartsMidRunAndFinishEveryJobOnce() async throws {
        let server = try await QueueTestServer.start(name: "restart")
        do {
            try await restartMidRun(server)
        } catch {
            try? await server.cluster.destroy()
            throw error
        }
        try await server.cluster.destroy()
    }

    private func restartMidRun(_ server: QueueTestServer) async throws {
        let db = try await server.freshDatabase()
        let enqueuer = try await db.queue(settings: TestJobs.settings())
        try await enqueuer.enqueue((0..<40).map { TestJobs.job(index: $0, size: 150) })
        let agents = try (0..<3).map { try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "2"]) }
        let deadline = ContinuousClock.now + .seconds(30)
        while try await enqueuer.progress(runKey: "run-1").done < 8 {
            guard ContinuousClock.now < deadline else { throw QueueTestError("agents finished fewer than 8 jobs in 30 s") }
            try await Task.sleep(for: .milliseconds(20))
        }
        await enqueuer.close()

        let stopped = ContinuousClock.now
        try await server.cluster.stop()
        try await Task.sleep(for: .seconds(1))
        try await server.cluster.start()
        print("PostgreSQL was down for \(ContinuousClock.now - stopped) with 3 agents working")
        #expect(agents.filter { !$0.isRunning }.isEmpty, "an agent gave up while the server restarted")

        try await agents.waitForAll(timeout: .seconds(60))
        let connection = try await db.connect()
        #expect(try await connection.count("SELECT count(*) FROM queue_jobs WHERE state = 'done'") == 40)
        #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == 40)
        #expect(try await connection.count("SELECT count(DISTINCT job_id) FROM queue_test_outputs") == 40)
        #expect(try await connection.count("SELECT count(*) FROM queue_results") == 40)
        let recovered = agents.flatMap(\.events).compactMap(\.recovered)
        #expect(recovered.count == 3 && recovered.reduce(0, +) >= 3, "every agent noticed the restart: \(recovered)")
        let retried = try await connection.count("SELECT count(*) FROM queue_jobs WHERE attempt > 1")
        print("after the restart: operations recovered per agent \(recovered); \(retried) of 40 jobs needed a second attempt")
    }
}
