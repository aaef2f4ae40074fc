import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests.AgentProcessTests {
    /// A cluster of its own, since it is stopped and started mid-run. Down
    /// for less than a lease, agents keep their jobs. Down for longer, every
    /// lease has run out when the server returns: whether a holder's
    /// heartbeat or completion or another agent's rescue comes first (in
    /// practice the holders, which retry at once), each job is still
    /// recorded exactly once.
    @Test(arguments: [(lease: 2.0, downtime: 1.0), (lease: 1.0, downtime: 2.5)])
    func agentsReconnectAfterPostgreSQLRestartsMidRunAndFinishEveryJobOnce(lease: Double, downtime: Double) async throws {
        let server = try await QueueTestServer.start(name: "restart")
        do {
            try await restartMidRun(server, lease: lease, downtime: downtime)
        } catch {
            try? await server.cluster.destroy()
            throw error
        }
        try await server.cluster.destroy()
    }

    private func restartMidRun(_ server: QueueTestServer, lease: Double, downtime: Double) async throws {
        let db = try await server.freshDatabase()
        let enqueuer = try await db.queue(settings: TestJobs.settings())
        try await enqueuer.enqueue((0..<40).map { TestJobs.job(index: $0, size: 150) })
        let agents = try (0..<3).map { try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "\(lease)"]) }
        let deadline = ContinuousClock.now + .seconds(30)
        while try await enqueuer.progress(runKey: "run-1").done < 8 {
            guard ContinuousClock.now < deadline else { throw QueueTestError("agents finished fewer than 8 jobs in 30 s") }
            try await Task.sleep(for: .milliseconds(20))
        }
        await enqueuer.close()

        let stopped = ContinuousClock.now
        try await server.cluster.stop()
        try await Task.sleep(for: .seconds(downtime))
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
        let fenced = agents.flatMap(\.events).filter { $0.event == "fenced" }.count
        print("lease \(lease) s, down \(downtime) s: operations recovered per agent \(recovered); "
            + "\(retried) of 40 jobs needed a second attempt; \(fenced) late completions fenced off")
    }
}
