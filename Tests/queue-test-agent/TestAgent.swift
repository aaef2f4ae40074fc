import Foundation
import JobQueue
import Postgres
import Synchronization

/// Set by the SIGTERM handler; the loop releases what it holds and exits.
let stopRequested = Atomic<Bool>(false)

/// The claims an agent holds right now, shared with its heartbeat task.
actor HeldClaims {
    private(set) var claims: [Claim] = []
    private(set) var lost: Set<JobID> = []

    func hold(_ claims: [Claim]) { self.claims = claims; lost = [] }
    func drop(_ claim: Claim) { claims.removeAll { $0 == claim } }
    func markLost(_ ids: Set<JobID>) { lost.formUnion(ids) }
}

/// The loop `layoutbench agent` will run, with trivial jobs in place of a
/// worker: rescue expired leases, claim, run, complete (or fail, or release
/// on SIGTERM), wait for a NOTIFY or the poll interval, repeat.
struct TestAgent {
    let options: TestAgentOptions
    let work: JobQueue
    let beats: JobQueue
    let agent: AgentID
    let held = HeldClaims()

    /// Runs until SIGTERM, or until no job of the class is left with `--exit-when-drained`.
    func run() async throws {
        let heartbeat = Task { [beats, agent, held, options] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(options.leaseSeconds / 3))
                let lost = (try? await beats.heartbeat(agent: agent, claims: held.claims)) ?? []
                if !lost.isEmpty { await held.markLost(lost) }
            }
        }
        // Stopped and awaited once the loop ends, as `layoutbench agent` does.
        try await heartbeat.cancelled { try await claimUntilStopped() }
    }

    /// The claim loop of `run`, then the release of what is still held.
    private func claimUntilStopped() async throws {
        var lastRescue = ContinuousClock.now - .seconds(3600)
        while !stopRequested.load(ordering: .relaxed) {
            if ContinuousClock.now - lastRescue > .seconds(options.leaseSeconds / 2) {
                let rescued = try await work.rescueExpired()
                if !rescued.isEmpty { emit("rescued", rescued.requeued + rescued.failed) }
                lastRescue = ContinuousClock.now
            }
            let claims = try await work.claim(agent: agent, machineClass: options.machineClass, limit: options.batch)
            if claims.isEmpty {
                if options.exitWhenDrained, try await work.outstanding(machineClass: options.machineClass) == 0 { break }
                _ = try await work.waitForWork(timeout: .seconds(options.pollSeconds))
                continue
            }
            await held.hold(claims)
            for claim in claims {
                try await process(claim)
                await held.drop(claim)
            }
        }
        for claim in await held.claims where try await work.release(claim) { emit("released", claim.jobIDs) }
        try await work.markStopped(agent)
        let recovered = await work.recoveredOperations + beats.recoveredOperations
        FileHandle.standardOutput.write(Data("{\"agent\": \"\(options.name)\", \"event\": \"stopped\", \"jobs\": [], \"recovered\": \(recovered)}\n".utf8))
    }

    private func process(_ claim: Claim) async throws {
        emit("claimed", claim.jobIDs, attempt: claim.jobs[0].attempt)
        var summaries: [JobID: String] = [:]
        for job in claim.jobs {
            let payload: QueuePayload
            do { payload = try job.payload() } catch {
                try await work.fail(claim, reason: "\(error)", retryable: false)
                return emit("failed", claim.jobIDs)
            }
            let request = payload.request
            switch request.variant {
            case "fail":
                try await work.fail(claim, reason: "the job asked to fail", retryable: false)
                return emit("failed", claim.jobIDs)
            case "fail-once" where job.attempt == 1:
                try await work.fail(claim, reason: "planned failure on the first attempt", retryable: true)
                return emit("retry", claim.jobIDs)
            case "spin":
                var x: UInt64 = request.seed
                for _ in 0..<request.size { x = x &* 6364136223846793005 &+ 1442695040888963407 }
                summaries[job.id] = "{\"agent\": \"\(options.name)\", \"value\": \(x >> 11)}"
            default: // "sleep", "fail-once" after the first attempt, "stall-once"
                // A stall only on the first attempt: its agent cannot finish
                // it before a test has killed it, however late the test looks.
                let duration = request.variant == "stall-once" && job.attempt > 1 ? 20 : request.size
                let deadline = ContinuousClock.now + .milliseconds(duration)
                while ContinuousClock.now < deadline {
                    if stopRequested.load(ordering: .relaxed) {
                        if try await work.release(claim) { emit("released", claim.jobIDs) }
                        return
                    }
                    if await !held.lost.isDisjoint(with: claim.jobIDs) { return emit("lost", claim.jobIDs) }
                    try await Task.sleep(for: min(.milliseconds(20), deadline - ContinuousClock.now))
                }
                summaries[job.id] = "{\"agent\": \"\(options.name)\", \"slept_ms\": \(duration)}"
            }
        }
        let name = options.name
        do {
            try await work.complete(claim, summaries: summaries) { db, claim in
                for job in claim.jobs {
                    try db.execute("INSERT INTO queue_test_outputs (job_id, attempt, agent_name) VALUES ($1, $2, $3)",
                                   [.int(job.id), .int(job.attempt), .text(name)])
                }
            }
            emit("completed", claim.jobIDs, attempt: claim.jobs[0].attempt)
        } catch JobQueueError.fenced {
            emit("fenced", claim.jobIDs, attempt: claim.jobs[0].attempt)
        }
    }

    /// One JSON line on stdout per event, for the tests to read.
    func emit(_ event: String, _ jobs: [JobID], attempt: Int? = nil) {
        let attemptField = attempt.map { ", \"attempt\": \($0)" } ?? ""
        let line = "{\"agent\": \"\(options.name)\", \"event\": \"\(event)\", \"jobs\": \(jobs)\(attemptField)}\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}
