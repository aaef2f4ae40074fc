import Foundation
import JobQueue
import Postgres
import Testing

extension QueueServerTests {
    @Suite struct PairsClassesRetriesTests {
        @Test func pairsAreClaimedWholeByOneAgentUnderConcurrentClaims() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let enqueuer = try await db.queue()
            var jobs: [NewJob] = []
            for index in 0..<20 {
                jobs.append(TestJobs.job(pair: "pair-\(index)"))
                if index % 3 == 0 { jobs.append(TestJobs.job()) }
                jobs.append(TestJobs.job(pair: "pair-\(index)"))
            }
            try await enqueuer.enqueue(jobs)
            let claims = try await withThrowingTaskGroup(of: [Claim].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        let queue = try await db.queue()
                        let agent = try await queue.register(name: "w\(worker)", machineClass: "test")
                        var mine: [Claim] = []
                        while true {
                            let got = try await queue.claim(agent: agent, machineClass: "test", limit: 1)
                            if got.isEmpty, try await queue.progress(runKey: "run-1").queued == 0 { break }
                            mine += got
                            if got.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Workers stop once nothing is queued; together they hold everything, once.
            #expect(claims.flatMap(\.jobIDs).count == jobs.count)
            #expect(Set(claims.flatMap(\.jobIDs)).count == jobs.count)
            for claim in claims where claim.pairKey != nil {
                #expect(claim.jobs.count == 2 && Set(claim.jobs.map(\.pairKey)).count == 1, "\(claim.jobIDs)")
            }
            #expect(claims.filter { $0.pairKey != nil }.count == 20)
        }

        @Test func agentsTakeOnlyTheirMachineClass() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            let arm = try await queue.enqueue((0..<3).map { _ in TestJobs.job(machineClass: "arm64-m2") })
            let x86 = try await queue.enqueue((0..<2).map { _ in TestJobs.job(machineClass: "x86-epyc") })
            let agent = try await queue.register(name: "x", machineClass: "x86-epyc")
            let claims = try await queue.claim(agent: agent, machineClass: "x86-epyc", limit: 10)
            #expect(claims.flatMap(\.jobIDs) == x86)
            #expect(try await queue.claim(agent: agent, machineClass: "x86-epyc", limit: 10).isEmpty)
            #expect(try await queue.outstanding(machineClass: "arm64-m2") == arm.count)
        }

        @Test func retryableFailuresBackOffCappedAndJitteredThenFail() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            // Ceilings 60 s, 90 s (capped), …; half of each is jitter. The test
            // ends each backoff itself by the database's clock, so no load on the
            // machine can make the job claimable early or keep it waiting.
            let queue = try await db.queue(settings: TestJobs.settings(backoffBase: 60, backoffCap: 90), seed: 99)
            try await queue.enqueue([TestJobs.job(maxAttempts: 3)])
            let agent = try await queue.register(name: "a", machineClass: "test")
            let connection = await queue.connection
            var delays: [Double] = []
            for attempt in 1...3 {
                let claim = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
                #expect(claim.jobs[0].attempt == attempt && claim.jobs[0].failures == attempt - 1)
                let outcome = try await queue.fail(claim, reason: "boom \(attempt)", retryable: true)
                guard case let .retryScheduled(_, delay) = outcome[0] else {
                    #expect(attempt == 3, "failed too early: \(outcome)")
                    #expect(outcome == [.failed(job: claim.jobIDs[0])])
                    break
                }
                delays.append(delay)
                // The retry waits in not_before: the failure's time plus the delay.
                let wait = try await connection.execute(
                    "SELECT extract(epoch FROM q.not_before - c.ended_at)::float8 AS gap FROM queue_jobs q "
                    + "JOIN queue_claims c ON c.job_id = q.id AND c.attempt = $1", [.int(attempt)])[0]
                #expect(abs((try wait.double("gap") ?? -1) - delay) < 0.01, "not_before is the failure time plus the delay")
                // Not claimable while backing off, and counted as backing off.
                #expect(try await queue.claim(agent: agent, machineClass: "test").isEmpty)
                #expect(try await queue.progress(runKey: "run-1").backingOff == 1)
                try await connection.execute("UPDATE queue_jobs SET not_before = now()")
            }
            #expect(delays.count == 2)
            #expect(delays[0] >= 30 && delays[0] <= 60)
            #expect(delays[1] >= 45 && delays[1] <= 90)
            let row = try await connection.execute("SELECT state, failures, last_error FROM queue_jobs")[0]
            #expect(try row.string("state") == "failed" && row.int("failures") == 3 && row.string("last_error") == "boom 3")
        }

        @Test func aNonRetryableFailureFailsAPairAtOnce() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            try await queue.enqueue([TestJobs.job(pair: "p"), TestJobs.job(pair: "p")])
            let agent = try await queue.register(name: "a", machineClass: "test")
            let claim = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
            #expect(claim.jobs.count == 2)
            #expect(try await queue.fail(claim, reason: "bad workload", retryable: false).count == 2)
            #expect(try await queue.progress(runKey: "run-1").failed == 2)
        }

        @Test func releaseRequeuesWithoutAFailureAndWakesAWaitingAgent() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue(), waiter = try await db.queue()
            // LISTEN first: a wait with no notification times out. The waits
            // that expect a notification allow minutes: they return as soon
            // as it comes, and a loaded machine can take seconds to commit.
            #expect(try await waiter.waitForWork(timeout: .milliseconds(50)) == .timedOut)
            try await queue.enqueue([TestJobs.job()])
            #expect(try await waiter.waitForWork(timeout: .seconds(120)) == .notified)
            let agent = try await queue.register(name: "a", machineClass: "test")
            let claim = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
            let woken = Task { try await waiter.waitForWork(timeout: .seconds(120)) }
            try await Task.sleep(for: .milliseconds(50))
            #expect(try await queue.release(claim))
            #expect(try await woken.value == .notified)
            let again = try #require(try await queue.claim(agent: agent, machineClass: "test").first)
            #expect(again.jobs[0].attempt == 2 && again.jobs[0].failures == 0)
        }

        @Test func aMalformedBatchEnqueuesNothing() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue()
            let mixed = [TestJobs.job(pair: "p", maxAttempts: 3), TestJobs.job(machineClass: "other", pair: "p")]
            do {
                try await queue.enqueue(mixed)
                Issue.record("a pair split over two machine classes was accepted")
            } catch let JobQueueError.invalidJob(index, reason) {
                #expect(index == 1 && reason.contains("pair"))
            }
            await #expect(throws: JobQueueError.self) { try await queue.enqueue([TestJobs.job(maxAttempts: 0)]) }
            #expect(try await queue.progress(runKey: "run-1").total == 0)
        }
    }
}
