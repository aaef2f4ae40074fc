import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests {
    /// Real `queue-test-agent` processes sharing the test server over
    /// loopback TCP. One test at a time: each starts several processes on a
    /// machine other builds share.
    @Suite(.serialized) struct AgentProcessTests {
        @Test func everyJobIsRecordedExactlyOnceAndThePasswordStaysHidden() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let enqueuer = try await db.queue()
            var jobs: [NewJob] = (0..<40).map { TestJobs.job(index: $0, variant: $0 % 2 == 0 ? "sleep" : "spin", size: $0 % 2 == 0 ? 20 : 20_000) }
            jobs += (0..<4).map { _ in TestJobs.job("fail-once", size: 10) }
            jobs += (0..<6).flatMap { (pair: Int) -> [NewJob] in [TestJobs.job(size: 30, pair: "pair-\(pair)"), TestJobs.job(size: 30, pair: "pair-\(pair)")] }
            try await enqueuer.enqueue(jobs)
            let agents = try (0..<4).map { try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "3"]) }
            let password = db.server.password
            try await Task.sleep(for: .milliseconds(300))
            for agent in agents where agent.isRunning {
                #expect(!agent.commandLine.contains(password), "the password is in \(agent.name)'s command line")
                #expect(agent.commandLine.contains("queue-test-agent"))
            }
            try await agents.waitForAll(timeout: .seconds(60))

            let connection = try await db.connect()
            #expect(try await enqueuer.progress(runKey: "run-1").done == jobs.count)
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == jobs.count)
            #expect(try await connection.count("SELECT count(DISTINCT job_id) FROM queue_test_outputs") == jobs.count)
            #expect(try await connection.count("SELECT count(*) FROM queue_results") == jobs.count)
            // The planned failures were retried once, on whichever agent came next.
            #expect(try await connection.count("""
                SELECT count(*) FROM queue_jobs WHERE payload->'request'->>'variant' = 'fail-once' AND attempt = 2 AND state = 'done'
                """) == 4)
            // Both sides of each pair ran on one agent, in one attempt.
            #expect(try await connection.count("""
                SELECT count(*) FROM (SELECT j.pair_key FROM queue_jobs j JOIN queue_test_outputs o ON o.job_id = j.id
                                      WHERE j.pair_key IS NOT NULL GROUP BY j.pair_key
                                      HAVING count(DISTINCT o.agent_name) = 1 AND count(*) = 2) AS whole
                """) == 6)
            for agent in agents {
                #expect(!agent.stdout.contains(password) && !agent.stderr.contains(password))
                #expect(agent.stderr.contains("***@127.0.0.1"), "\(agent.stderr)")
            }
        }

        @Test func aJobOfAnAgentKilledWithSIGKILLIsRescuedAndFinishedByAnother() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let enqueuer = try await db.queue()
            // Its first attempt lasts a minute: still running when its agent
            // is killed, however late a busy machine lets this test look.
            let long = try await enqueuer.enqueue([TestJobs.job("stall-once", size: 60_000)])[0]
            try await enqueuer.enqueue((0..<10).map { _ in TestJobs.job(size: 50) })
            let agents = try (0..<3).map { try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "1"]) }
            let connection = try await db.connect()
            var holder: String?
            let deadline = ContinuousClock.now + .seconds(20)
            while holder == nil, ContinuousClock.now < deadline {
                holder = try await connection.execute("""
                    SELECT a.name FROM queue_jobs j JOIN queue_agents a ON a.id = j.lease_owner WHERE j.id = $1 AND j.attempt = 1
                    """, [.int(long)]).first?.string("name")
                try await Task.sleep(for: .milliseconds(20))
            }
            let victim = try #require(agents.first { $0.name == holder })
            try await Task.sleep(for: .milliseconds(200))
            victim.signal(SIGKILL)
            #expect(try await victim.waitForExit(timeout: .seconds(10)) == 128 + SIGKILL || !victim.isRunning)
            try await agents.filter { $0 !== victim }.waitForAll(timeout: .seconds(60))

            let row = try await connection.execute("""
                SELECT j.state, j.attempt, j.failures, o.agent_name FROM queue_jobs j JOIN queue_test_outputs o ON o.job_id = j.id
                WHERE j.id = $1
                """, [.int(long)])
            #expect(row.count == 1)
            #expect(try row[0].string("state") == "done" && row[0].int("attempt") == 2 && row[0].int("failures") == 1)
            #expect(try row[0].string("agent_name") != victim.name)
            let log = try await connection.execute("SELECT outcome FROM queue_claims WHERE job_id = $1 ORDER BY attempt", [.int(long)])
            #expect(try log.map { try $0.string("outcome") } == ["expired", "done"])
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == 11)
            #expect(try await connection.count("SELECT count(DISTINCT job_id) FROM queue_test_outputs") == 11)
        }

        @Test func tenThousandJobsClaimedByEightAgentsWithoutDuplicates() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let enqueuer = try await db.queue()
            let enqueueStart = ContinuousClock.now
            try await enqueuer.enqueue((0..<10_000).map { _ in TestJobs.job("spin", size: 0) })
            let enqueueTime = ContinuousClock.now - enqueueStart
            let start = ContinuousClock.now
            let agents = try (0..<8).map {
                try AgentProcess(name: "agent-\($0)", database: db, arguments: ["--exit-when-drained", "--lease", "10", "--batch", "20"])
            }
            try await agents.waitForAll(timeout: .seconds(120))
            let elapsed = (ContinuousClock.now - start) / .seconds(1)

            let connection = try await db.connect()
            #expect(try await enqueuer.progress(runKey: "run-1").done == 10_000)
            #expect(try await connection.count("SELECT count(*) FROM queue_claims") == 10_000)
            #expect(try await connection.count("SELECT count(*) FROM queue_claims WHERE attempt <> 1 OR outcome <> 'done'") == 0)
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == 10_000)
            #expect(try await connection.count("SELECT count(DISTINCT job_id) FROM queue_test_outputs") == 10_000)
            #expect(try await connection.count("SELECT count(*) FROM queue_results") == 10_000)
            let perAgent = try await connection.execute("SELECT agent_name, count(*) AS jobs FROM queue_test_outputs GROUP BY 1 ORDER BY 1")
                .map { "\(try $0.string("agent_name")!)=\(try $0.int("jobs")!)" }
            print("10,000 jobs: enqueued (one COPY) in \(enqueueTime); 8 agents drained them in "
                + "\(String(format: "%.1f", elapsed)) s = \(Int(10_000 / elapsed)) jobs/s; per agent: \(perAgent.joined(separator: " "))")
        }
    }
}
