import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests.AgentProcessTests {
    /// Polls until `job` runs under some agent and returns that agent's name.
    func holder(of job: JobID, on connection: PostgresConnection, within timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let name = try await connection.execute("""
                SELECT a.name FROM queue_jobs j JOIN queue_agents a ON a.id = j.lease_owner WHERE j.id = $1
                """, [.int(job)]).first?.string("name") {
                return name
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw QueueTestError("job \(job) was not claimed within \(timeout)")
    }

    /// A frozen agent (SIGSTOP: no heartbeats) loses its lease; another
    /// agent finishes the job; the frozen one, thawed, tries to complete its
    /// stale attempt and is fenced off. The leases are long and the test ends
    /// the frozen one's by the database's clock, so a loaded machine that
    /// delays heartbeats never ends a lease the test did not mean to end.
    @Test func aLateResultFromAFrozenAgentIsFencedOff() async throws {
        let db = try await QueueTestServer.shared().freshDatabase()
        let enqueuer = try await db.queue()
        let job = try await enqueuer.enqueue([TestJobs.job(size: 3000)])[0]
        let agents = try (0..<2).map { try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "60"]) }
        let connection = try await db.connect()
        let name = try await holder(of: job, on: connection)
        let frozen = try #require(agents.first { $0.name == name })
        frozen.signal(SIGSTOP)
        do {
            try await connection.expireLeases()
            // Whoever rescues first (this test or the other agent's own rescue
            // pass), the job goes back to the queue once and the other agent
            // finishes it.
            let deadline = ContinuousClock.now + .seconds(60)
            while try await connection.count("SELECT count(*) FROM queue_jobs WHERE state = 'done'") == 0 {
                guard ContinuousClock.now < deadline else { throw QueueTestError("the rescued job was not finished") }
                _ = try await enqueuer.rescueExpired()
                try await Task.sleep(for: .milliseconds(50))
            }
        } catch {
            frozen.signal(SIGCONT)
            throw error
        }
        frozen.signal(SIGCONT)
        try await agents.waitForAll(timeout: .seconds(120))

        // The stale attempt ends one of two correct ways: thawed, its completion
        // is fenced off; or its next heartbeat hears the job is lost first. It
        // never completes.
        let ends = frozen.events.filter { (event: AgentEvent) -> Bool in event.jobs == [job] && event.event != "claimed" }
        #expect(ends.count == 1 && ends.allSatisfy { ["fenced", "lost"].contains($0.event) }, "\(frozen.stdout)")
        if ends.first?.event == "fenced" { #expect(ends.first?.attempt == 1) }
        let outputs = try await connection.execute("SELECT attempt, agent_name FROM queue_test_outputs")
        #expect(outputs.count == 1)
        #expect(try outputs.first?.int("attempt") == 2 && outputs.first?.string("agent_name") != frozen.name)
        let log = try await connection.execute("SELECT outcome FROM queue_claims WHERE job_id = $1 ORDER BY attempt", [.int(job)])
        #expect(try log.map { try $0.string("outcome") } == ["expired", "done"])
    }

    /// SIGTERM: the agent gives its job back at once (no lease wait, no
    /// failure counted) and exits cleanly; a later agent finishes it.
    @Test func anAgentStoppedWithSIGTERMReleasesItsJob() async throws {
        let db = try await QueueTestServer.shared().freshDatabase()
        let enqueuer = try await db.queue()
        let job = try await enqueuer.enqueue([TestJobs.job(size: 60_000)])[0]
        let first = try AgentProcess(name: "first", database: db, arguments: ["--lease", "30"])
        let connection = try await db.connect()
        #expect(try await holder(of: job, on: connection) == "first")
        first.signal(SIGTERM)
        #expect(try await first.waitForExit(timeout: .seconds(60)) == 0, "\(first.stderr)")
        #expect(first.events.contains { $0.event == "released" && $0.jobs == [job] })
        let row = try await connection.execute("SELECT state, failures, lease_owner FROM queue_jobs WHERE id = $1", [.int(job)])[0]
        #expect(try row.string("state") == "queued" && row.int("failures") == 0 && row.isNull("lease_owner"))

        try await connection.execute("""
            UPDATE queue_jobs SET payload = jsonb_set(payload, '{request,size}', '100') WHERE id = $1
            """, [.int(job)])
        let second = try AgentProcess(name: "second", database: db, arguments: ["--exit-when-drained"])
        try await [second].waitForAll(timeout: .seconds(60))
        let log = try await connection.execute("SELECT outcome FROM queue_claims WHERE job_id = $1 ORDER BY attempt", [.int(job)])
        #expect(try log.map { try $0.string("outcome") } == ["released", "done"])
    }
}
