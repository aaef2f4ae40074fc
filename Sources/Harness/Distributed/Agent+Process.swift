import EngineBuilds
import Foundation
import JobQueue
import Postgres
import ResultStore
import WorkerProtocol

/// Why an agent's result writer refused to commit (the transaction rolls back).
struct AgentWriteError: Error, CustomStringConvertible {
    let description: String
}

extension Agent {
    /// Runs every job of `claim` (both sides of a pair on this machine, one
    /// after the other) and completes it with the outcomes, or fails or
    /// releases it. Returns whether the claim was completed.
    ///
    /// - Throws: `JobQueueError` other than `.fenced` (the database is gone).
    func process(_ claim: Claim) async throws -> Bool {
        emit("claimed", claim.jobIDs, attempt: claim.jobs[0].attempt)
        var outcomes: [JobOutcome] = []
        var streamed = 0
        for job in claim.jobs {
            let payload: QueuePayload
            do { payload = try job.payload() } catch {
                return try await refuse(claim, reason: error.description)
            }
            guard let key = payload.resultKey, let resultID = UUID(uuidString: key) else {
                return try await refuse(claim, reason: "job \(job.id) names no ResultStore job (payload.resultKey); "
                                        + "enqueue runs with `layoutbench run --distributed`")
            }
            // The only programs an agent starts are its own configuration's,
            // or workers it built itself from the remotes it allows.
            let command: WorkerCommand
            if let revision = payload.revision {
                switch await buildWorker(revision, stop: { [held, shouldStop] in shouldStop() || held.isLost(claim) }) {
                case let .success(build): command = WorkerCommand(executable: build.binary)
                case .failure(.interrupted):
                    // Stopped by SIGTERM or a lost lease, as a running worker would be.
                    if held.isLost(claim) { emit("lost", claim.jobIDs, attempt: claim.jobs[0].attempt); return false }
                    if try await work.release(claim) { emit("released", claim.jobIDs) }
                    return false
                case let .failure(refusal):
                    // Another agent may allow the remote that has it: retry elsewhere, up to max attempts.
                    let retryable = if case .notACommitID = refusal { false } else { true }
                    try? await failing(claim, reason: "agent \(options.name) refused engine \"\(payload.engine)\" at \(revision.prefix(40)): \(refusal)",
                                       retryable: retryable)
                    return false
                }
            } else {
                guard let worker = options.engines.worker(for: payload.engine) else {
                    return try await refuse(claim, reason: "engine \"\(payload.engine)\" is not in the configuration of agent \(options.name) "
                                            + "(it has: \(options.engines.names.joined(separator: ", "))); add it to that agent's --engines-config, "
                                            + "or run the job on agents that have it (--machine-class)")
                }
                command = worker
            }
            var runner = WorkerRunner(timeout: options.timeout)
            runner.isCancelled = { [held, shouldStop] in shouldStop() || held.isLost(claim) }
            // Samples go to the queue's staging table as they come; a fenced
            // flush means the job is someone else's now, so the worker stops.
            let stream = SampleStream(queue: work, job: job.id, claim: claim, interval: options.streamIntervalSeconds) { [held] in
                held.markLost(Set(claim.jobIDs))
            }
            let result = await runner.run(payload.request, command: command) { stream.add($0) }
            streamed += await stream.finish()
            switch result.failure {
            case .interrupted?:
                if held.isLost(claim) { emit("lost", claim.jobIDs, attempt: claim.jobs[0].attempt); return false }
                if try await work.release(claim) { emit("released", claim.jobIDs) }
                return false
            case let .launchFailed(executable, reason)?:
                // Another agent may well have a working build: retry elsewhere.
                try? await failing(claim, reason: "agent \(options.name) could not start \(executable): \(reason)", retryable: true)
                return false
            default:
                break
            }
            outcomes.append(JobOutcome(
                jobID: resultID,
                engine: result.hello.map { EngineInfo(identity: $0.engine, binarySHA256: binaryHash(command.executable),
                                                      binaryPath: command.executable) },
                startedAt: result.startedAt, finishedAt: result.finishedAt, failure: result.failure?.record(),
                stderrTail: result.stderrTail.isEmpty ? nil : result.stderrTail, summary: result.summary, samples: result.samples))
        }
        if held.isLost(claim) { emit("lost", claim.jobIDs, attempt: claim.jobs[0].attempt); return false }
        return try await store(outcomes, for: claim, streamed: streamed)
    }

    /// Completes the claim, writing the outcomes in the same transaction as
    /// the fencing UPDATE: if another agent holds the job now, nothing is written.
    /// The samples are taken from the queue's staging table: those the
    /// stream wrote for this attempt plus the rest, staged now, so the
    /// stored samples are exactly the completing attempt's.
    private func store(_ outcomes: [JobOutcome], for claim: Claim, streamed: Int) async throws -> Bool {
        let name = options.name
        var summaries: [JobID: String] = [:]
        for (job, outcome) in zip(claim.jobs, outcomes) {
            summaries[job.id] = "{\"agent\": \(Self.quoted(name)), \"samples\": \(outcome.samples.count), "
                + "\"status\": \"\(outcome.status.rawValue)\", \"result_key\": \"\(outcome.jobID.uuidString.lowercased())\"}"
        }
        do {
            try await work.complete(claim, summaries: summaries) { db, claim in
                for (job, outcome) in zip(claim.jobs, outcomes) {
                    let engineID = try outcome.engine.map { try ResultStore.writeEngine($0, on: db) }
                    var withoutSamples = outcome
                    withoutSamples.samples = []
                    guard try ResultStore.writeOutcome(withoutSamples, engineID: engineID, on: db) else {
                        throw AgentWriteError(description: "job \(outcome.jobID) already has an outcome in the store")
                    }
                    try StreamedSamples.stageRemaining(outcome.samples, job: job, on: db)
                    let moved = try Self.acceptStagedSamples(of: job, as: outcome.jobID, on: db)
                    guard moved == outcome.samples.count else {
                        throw AgentWriteError(description: "job \(job.id) attempt \(job.attempt) has \(moved) staged sample(s), "
                                              + "the worker sent \(outcome.samples.count)")
                    }
                }
            }
            emit("completed", claim.jobIDs, attempt: claim.jobs[0].attempt,
                 extra: ", \"samples\": \(outcomes.map(\.samples.count).reduce(0, +)), \"streamed\": \(streamed)")
            return true
        } catch JobQueueError.fenced {
            emit("fenced", claim.jobIDs, attempt: claim.jobs[0].attempt)
            return false
        } catch let error as JobQueueError {
            if case .databaseUnavailable = error { throw error }
            // The writer's statement failed (e.g. the run's rows are gone): retry later, then give up with the reason.
            try? await failing(claim, reason: "storing the results failed: \(error)", retryable: true)
            return false
        } catch {
            try? await failing(claim, reason: "storing the results failed: \(error)", retryable: true)
            return false
        }
    }

    /// Copies the attempt's staged samples into the ResultStore's `samples`
    /// under the `jobs` row id; returns how many. Inside `complete`, after
    /// the fencing UPDATE, so only the completing attempt's rows are taken.
    static func acceptStagedSamples(of job: ClaimedJob, as resultID: UUID, on db: isolated PostgresConnection) throws -> Int {
        try db.execute("""
            INSERT INTO samples (job_id, \(StreamedSamples.columns))
            SELECT $1::uuid, \(StreamedSamples.columns) FROM queue_samples
            WHERE job_id = $2 AND attempt = $3 ORDER BY sample_index
            """, [.text(resultID.uuidString), .int(job.id), .int(job.attempt)]).affectedRows
    }

    /// The worker at `revision`, built (or found in the cache) from this
    /// agent's allowed remotes, off the cooperative threads: a first build
    /// takes minutes, while the heartbeat keeps the lease.
    private func buildWorker(_ revision: String, stop: @escaping @Sendable () -> Bool) async -> Result<EngineBuild, RemoteBuildRefusal> {
        guard var builds = options.builds else { return .failure(.noAllowedRemotes) }
        builds.shouldStop = stop
        let log = self.log
        let name = options.name
        return await Task.detached {
            do throws(RemoteBuildRefusal) {
                return .success(try builds.prepare(commit: revision) { line in
                    log("{\"agent\": \(Agent.quoted(name)), \"event\": \"build\", \"jobs\": [], \"note\": \(Agent.quoted(line))}")
                })
            } catch {
                return .failure(error)
            }
        }.value
    }

    /// Fails the claim for good: nothing another attempt could change.
    private func refuse(_ claim: Claim, reason: String) async throws -> Bool {
        try await failing(claim, reason: reason, retryable: false)
        return false
    }

    private func failing(_ claim: Claim, reason: String, retryable: Bool) async throws {
        do {
            let outcomes = try await work.fail(claim, reason: reason, retryable: retryable)
            let gaveUp = outcomes.contains { if case .failed = $0 { true } else { false } }
            emit(gaveUp ? "failed" : "retry", claim.jobIDs, attempt: claim.jobs[0].attempt, extra: ", \"reason\": \(Self.quoted(reason))")
        } catch JobQueueError.fenced {
            emit("fenced", claim.jobIDs, attempt: claim.jobs[0].attempt)
        }
    }
}
