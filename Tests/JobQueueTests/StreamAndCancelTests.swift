import Foundation
import JobQueue
import Postgres
import Testing
import WorkerProtocol

extension QueueServerTests {
    @Suite struct StreamAndCancelTests {
        static func samples(_ range: Range<Int>) -> [Sample] {
            range.map { Sample(index: $0, warmup: $0 == 0, iterations: 10 + $0, wallSeconds: 0.001 * Double($0 + 1),
                               cpuSeconds: 0.0005, allocations: $0 % 2 == 0 ? Int64($0) : nil, allocatedBytes: nil) }
        }

        /// Streamed rows are kept per attempt: a fenced-off holder's late
        /// batch is rejected, its early rows are never the completing
        /// attempt's, and the completion clears the job's staging rows.
        @Test func streamedSamplesAreFencedByAttemptAndAcceptedOnlyOnCompletion() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let holderA = try await db.queue(), holderB = try await db.queue()
            let jobID = try await holderA.enqueue([TestJobs.job()])[0]
            let a = try await holderA.register(name: "a", machineClass: "test")
            let b = try await holderB.register(name: "b", machineClass: "test")
            let first = try #require(try await holderA.claim(agent: a, machineClass: "test").first)
            try await holderA.stream(Self.samples(0..<3), job: jobID, of: first)
            // A repeat of a batch (after a lost connection) is harmless.
            try await holderA.stream(Self.samples(0..<3), job: jobID, of: first)
            #expect(try await holderA.progress(runKey: "run-1").streamedSamples == 3)

            // A's lease runs out and B takes the job over (attempt 2).
            let connection = try await db.connect()
            try await connection.execute("UPDATE queue_jobs SET lease_expires_at = now() - interval '1 second' WHERE id = $1", [.int(jobID)])
            #expect(try await holderB.rescueExpired().requeued == [jobID])
            let second = try #require(try await holderB.claim(agent: b, machineClass: "test").first)
            #expect(second.jobs[0].attempt == 2)
            await #expect(throws: JobQueueError.self) { try await holderA.stream(Self.samples(3..<5), job: jobID, of: first) }
            try await holderB.stream(Self.samples(0..<2), job: jobID, of: second)
            // Only the running attempt's rows count as streamed.
            #expect(try await holderB.progress(runKey: "run-1").streamedSamples == 2)

            let all = Self.samples(0..<4)
            try await holderB.complete(second) { db, claim in
                try StreamedSamples.stageRemaining(all, job: claim.jobs[0], on: db)
                #expect(try StreamedSamples.count(job: claim.jobs[0], on: db) == 4)
                try db.execute("""
                    INSERT INTO queue_test_outputs (job_id, attempt, agent_name)
                    SELECT job_id, attempt, 'b' FROM queue_samples WHERE job_id = $1 AND attempt = $2
                    """, [.int(claim.jobs[0].id), .int(claim.jobs[0].attempt)])
            }
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs WHERE attempt = 2") == 4)
            #expect(try await connection.count("SELECT count(*) FROM queue_test_outputs WHERE attempt <> 2") == 0)
            #expect(try await connection.count("SELECT count(*) FROM queue_samples") == 0)
            // After the completion the old holder is still rejected, and nothing is staged.
            await #expect(throws: JobQueueError.self) { try await holderA.stream(Self.samples(5..<6), job: jobID, of: first) }
            #expect(try await connection.count("SELECT count(*) FROM queue_samples") == 0)
            await connection.close()
        }

        @Test func progressTextShowsStreamedSamplesAndCancelledJobs() {
            var progress = QueueProgress()
            progress.running = 1; progress.done = 2; progress.cancelled = 3; progress.streamedSamples = 17
            #expect(progress.description == "2 done, 0 failed, 3 cancelled, 1 running, 0 queued (0 backing off) of 6, "
                    + "17 sample(s) streamed by the running jobs")
            #expect(!progress.isFinished)
            progress.running = 0
            #expect(progress.isFinished && progress.description == "2 done, 0 failed, 3 cancelled, 0 running, 0 queued (0 backing off) of 5")
        }

        @Test func aFailedOrReleasedAttemptLeavesNoStagedSamples() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue(settings: TestJobs.settings(backoffBase: 0.01, backoffCap: 0.01))
            let ids = try await queue.enqueue([TestJobs.job(), TestJobs.job()])
            let agent = try await queue.register(name: "a", machineClass: "test")
            let claims = try await queue.claim(agent: agent, machineClass: "test", limit: 2)
            for claim in claims { try await queue.stream(Self.samples(0..<2), job: claim.jobIDs[0], of: claim) }
            try await queue.fail(claims[0], reason: "worker crashed", retryable: true)
            try await queue.release(claims[1])
            let connection = await queue.connection
            #expect(try await connection.count("SELECT count(*) FROM queue_samples") == 0)
            #expect(try await queue.progress(runKey: "run-1").queued == ids.count)
        }

        /// Queued jobs are cancelled at once; a running one finishes with its
        /// results; one that comes back (released, failed, rescued) is cancelled.
        @Test func cancelStopsQueuedJobsAndLetsRunningOnesFinishOrComeBackCancelled() async throws {
            let db = try await QueueTestServer.shared().freshDatabase()
            let queue = try await db.queue(settings: TestJobs.settings(lease: 0.3))
            try await queue.enqueue((0..<6).map { TestJobs.job(index: $0) } + [TestJobs.job(run: "other-run")])
            let agent = try await queue.register(name: "a", machineClass: "test")
            let running = try await queue.claim(agent: agent, machineClass: "test", limit: 3)
            #expect(running.count == 3)

            let report = try await queue.cancel(runKey: "run-1", reason: "stop it")
            #expect(report == CancelReport(cancelled: 3, running: 3, newlyCancelled: true))
            #expect(try await queue.isCancelled(runKey: "run-1"))
            #expect(try await queue.cancel(runKey: "run-1").newlyCancelled == false)
            // Nothing of the cancelled run is claimable; the other run is untouched.
            let next = try await queue.claim(agent: agent, machineClass: "test", limit: 10)
            #expect(try next.map { try $0.jobs[0].payload() }.map(\.request.seed) == [0] && next.first?.jobs[0].runKey == "other-run")

            try await queue.complete(running[0])
            #expect(try await queue.release(running[1]))
            try await queue.fail(running[2], reason: "flaky", retryable: true)
            let progress = try await queue.progress(runKey: "run-1")
            #expect(progress.done == 1 && progress.cancelled == 5 && progress.isFinished, "\(progress)")
            let connection = await queue.connection
            #expect(try await connection.count("SELECT count(*) FROM queue_jobs WHERE state = 'cancelled' AND last_error = 'stop it'") == 3)
            #expect(try await connection.count("SELECT count(*) FROM queue_jobs WHERE run_key = 'other-run' AND state = 'running'") == 1)

            // A rescued job of a cancelled run is cancelled, not queued.
            try await connection.execute("UPDATE queue_jobs SET lease_expires_at = now() - interval '1 second' WHERE run_key = 'other-run'")
            _ = try await queue.cancel(runKey: "other-run")
            let rescued = try await queue.rescueExpired()
            #expect(rescued.requeued.isEmpty && rescued.failed.isEmpty)
            #expect(try await queue.progress(runKey: "other-run").cancelled == 1)
        }
    }
}
