import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests {
    @Suite struct ClaimAndCompleteTests {
        @Test func completeRecordsResultsOnceWithTheWritersRows() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            let ids = try await queue.enqueue((0..<3).map { _ in TestJobs.job() })
            let agent = try await queue.register(name: "a", machineClass: "test", fingerprint: ["cpu": "test"])
            let claims = try await queue.claim(agent: agent, machineClass: "test", limit: 10)
            #expect(claims.map(\.jobIDs) == ids.map { [$0] })
            #expect(claims.allSatisfy { $0.jobs[0].attempt == 1 })
            #expect(try claims[0].jobs[0].payload().request.variant == "sleep")
            for claim in claims {
                try await queue.complete(claim, summaries: [claim.jobIDs[0]: "{\"ok\": true}"]) { db, claim in
                    try db.execute("INSERT INTO queue_test_outputs (job_id, attempt, agent_name) VALUES ($1, $2, 'a')",
                                   [.int(claim.jobs[0].id), .int(claim.jobs[0].attempt)])
                }
            }
            // A second completion of the same claim is fenced and writes nothing.
            await #expect(throws: JobQueueError.self) { try await queue.complete(claims[0]) { _, _ in Issue.record("writer ran") } }
            let progress = try await queue.progress(runKey: "run-1")
            #expect(progress.done == 3 && progress.isFinished)
            let connection = await queue.connection
            #expect(try await connection.count("SELECT count(*) FROM queue_results WHERE summary->>'ok' = 'true'") == 3)
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == 3)
            #expect(try await connection.count("SELECT count(*) FROM queue_claims WHERE outcome = 'done'") == 3)
            #expect(try await queue.claim(agent: agent, machineClass: "test").isEmpty)
        }

        @Test func writerErrorRollsBackEverythingAndKeepsTheClaim() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            try await queue.enqueue([TestJobs.job()])
            let agent = try await queue.register(name: "a", machineClass: "test")
            let claim = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
            struct WriterFailed: Error {}
            await #expect(throws: WriterFailed.self) {
                try await queue.complete(claim) { db, _ in
                    try db.execute("INSERT INTO queue_test_outputs (job_id, attempt, agent_name) VALUES (1, 1, 'a')")
                    throw WriterFailed()
                }
            }
            let connection = await queue.connection
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs") == 0)
            #expect(try await connection.count("SELECT count(*) FROM queue_results") == 0)
            #expect(try await queue.progress(runKey: "run-1").running == 1)
            try await queue.complete(claim)
            #expect(try await queue.progress(runKey: "run-1").done == 1)
        }

        @Test func lateResultFromAFencedOffHolderIsRejected() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let holderA = try await db.queue(), holderB = try await db.queue()
            let (jobID) = try await holderA.enqueue([TestJobs.job()])[0]
            let a = try await holderA.register(name: "a", machineClass: "test")
            let b = try await holderB.register(name: "b", machineClass: "test")
            let stale = try #require(try await holderA.claim(agent: a, machineClass: "test").first)
            try await holderB.connection.expireLeases()
            #expect(try await holderB.rescueExpired().requeued == [jobID])
            // Rescued but not yet claimed again: A is already fenced off.
            await #expect(throws: JobQueueError.self) { try await holderA.complete(stale) { _, _ in Issue.record("writer ran") } }
            let current = try #require(try await holderB.claim(agent: b, machineClass: "test").first)
            #expect(current.jobs[0].attempt == 2)
            #expect(try await holderA.heartbeat(agent: a, claims: [stale]) == [jobID])
            do {
                try await holderA.complete(stale) { db, _ in
                    try db.execute("INSERT INTO queue_test_outputs (job_id, attempt, agent_name) VALUES ($1, 1, 'a')", [.int(jobID)])
                }
                Issue.record("the late completion was accepted")
            } catch let JobQueueError.fenced(jobs, attempt, agent) {
                #expect(jobs == [jobID] && attempt == 1 && agent == a)
            }
            await #expect(throws: JobQueueError.self) { try await holderA.fail(stale, reason: "late", retryable: true) }
            #expect(try await holderA.release(stale) == false)
            try await holderB.complete(current) { db, claim in
                try db.execute("INSERT INTO queue_test_outputs (job_id, attempt, agent_name) VALUES ($1, $2, 'b')",
                               [.int(jobID), .int(claim.jobs[0].attempt)])
            }
            let connection = await holderB.connection
            let outputs = try await connection.execute("SELECT attempt, agent_name FROM queue_test_outputs")
            #expect(outputs.count == 1)
            #expect(try outputs[0].string("agent_name") == "b" && outputs[0].int("attempt") == 2)
            let log = try await connection.execute("SELECT attempt, outcome FROM queue_claims ORDER BY attempt")
            #expect(try log.map { "\(try $0.int("attempt")!):\(try $0.string("outcome")!)" } == ["1:expired", "2:done"])
        }

        @Test func heartbeatsKeepALeaseAndRescueTakesItOnceTheyStop() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue(settings: TestJobs.settings(lease: 60))
            let jobID = try await queue.enqueue([TestJobs.job(maxAttempts: 1)])[0]
            let agent = try await queue.register(name: "a", machineClass: "test")
            let claim = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
            let connection = await queue.connection
            for _ in 0..<3 {
                // The lease is nearly over; a heartbeat renews it to a full lease.
                try await connection.execute("UPDATE queue_jobs SET lease_expires_at = now() + interval '1 second'")
                #expect(try await queue.heartbeat(agent: agent, claims: [claim]).isEmpty)
                #expect(try await connection.leaseRemaining(job: jobID) > 30)
                #expect(try await queue.rescueExpired().isEmpty)
            }
            // No more heartbeats: the lease lapses and rescue takes the job.
            try await connection.expireLeases()
            // Out of attempts (maxAttempts 1): the job fails with the reason.
            let report = try await queue.rescueExpired()
            #expect(report.ranRescue && report.failed == claim.jobIDs && report.requeued.isEmpty)
            let error = try await connection.execute("SELECT state, last_error FROM queue_jobs")[0]
            #expect(try error.string("state") == "failed")
            #expect(try error.string("last_error")?.contains("lease expired") == true)
        }

        /// An agent stopped inside a transaction (SIGSTOP, a paused machine)
        /// holds its job's row lock, and rescue skips locked rows: the server
        /// ends its session after a lease, so the job is rescued all the same.
        @Test func anAgentStoppedInsideATransactionLosesItsLockAfterALease() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            // The server's idle limit is the lease: long enough that no stall
            // of this client between BEGIN and the lock ends the session early.
            let holder = try await db.queue(settings: TestJobs.settings(lease: 5))
            try await holder.enqueue([TestJobs.job()])
            let agent = try await holder.register(name: "frozen", machineClass: "test")
            _ = try await holder.claim(agent: agent, machineClass: "test")
            let connection = await holder.connection
            #expect(try await connection.execute("SHOW idle_in_transaction_session_timeout")[0].string("idle_in_transaction_session_timeout") == "5s")
            try await connection.execute("BEGIN")
            try await connection.execute("SELECT id FROM queue_jobs FOR UPDATE")
            // Nothing more from this client. Rescue skips the locked row until
            // the server ends the idle session; then the lapsed lease is rescued.
            let rescuer = try await db.queue(settings: TestJobs.settings(lease: 5))
            let deadline = ContinuousClock.now + .seconds(120)
            var rescued = 0
            while rescued == 0 && ContinuousClock.now < deadline {
                rescued = try await rescuer.rescueExpired().requeued.count
                if rescued == 0 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(rescued == 1)
            // The holder's session is gone; its queue reconnects, with the limit again.
            await #expect(throws: (any Error).self) { try await connection.execute("COMMIT") }
            #expect(try await holder.rescueExpired().isEmpty)
            #expect(try await connection.execute("SHOW idle_in_transaction_session_timeout")[0].string("idle_in_transaction_session_timeout") == "5s")
        }

        @Test func onlyTheAdvisoryLockHolderRescues() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            try await queue.enqueue([TestJobs.job()])
            let agent = try await queue.register(name: "a", machineClass: "test")
            _ = try await queue.claim(agent: agent, machineClass: "test")
            try await queue.connection.expireLeases()
            let other = try await db.connect()
            try await other.execute("BEGIN")
            try await other.execute("SELECT pg_advisory_xact_lock($1)", [.int(0x4C42_5155_4555_0002)])
            let blocked = try await queue.rescueExpired()
            #expect(!blocked.ranRescue && blocked.isEmpty)
            try await other.execute("COMMIT")
            #expect(try await queue.rescueExpired().requeued.count == 1)
        }
    }
}
