import Foundation
import Postgres
import ResultStore
import Testing
import WorkerProtocol
import Workloads

extension StoreServerTests {
    @Suite struct StoreRoundTripTests {
        @Test func aRunReadsBackExactlyAsStored() async throws {
            let config = try await StoreServer.freshDatabase()
            let store = try await ResultStore.open(config)
            let (run, jobs) = Fixtures.run(jobs: 3)
            try await store.beginRun(run, jobs: jobs)
            let outcomes = jobs.prefix(2).map { Fixtures.success($0, samples: 7) }
            for outcome in outcomes { #expect(try await store.recordOutcome(outcome)) }
            let failure = JobOutcome(jobID: jobs[2].id, engine: nil, startedAt: Date(), finishedAt: Date(),
                                     failure: JobFailureRecord(kind: "signal", reason: "killed by SIGSEGV", signal: 11),
                                     stderrTail: "segfault", summary: nil, samples: Fixtures.samples(2))
            try await store.recordOutcome(failure)
            try await store.finishRun(run.id, status: .finished)

            let details = try await store.runDetails(run.id)
            #expect(details.run.status == .finished)
            #expect(details.run.machine == Fixtures.machine)
            #expect(details.run.jobCount == 3 && details.run.failedJobCount == 1)
            #expect(details.jobs.map(\.plan) == jobs)
            #expect(details.engines.map(\.info) == [Fixtures.engine])
            for (stored, outcome) in zip(details.jobs, outcomes) {
                #expect(stored.status == .succeeded)
                #expect(stored.samples == outcome.samples)
                #expect(stored.counters == outcome.summary?.counters)
                #expect(stored.digest == outcome.summary?.digest)
                #expect(stored.medianSeconds == 0.002 && stored.measuredSamples == 6 && stored.peakMemoryBytes == 4096)
                #expect(stored.log == ["broke constraint 'a'"])
                #expect(stored.startedAt == outcome.startedAt && stored.finishedAt == outcome.finishedAt)
                #expect(details.engine(of: stored)?.info == Fixtures.engine)
            }
            let failed = details.jobs[2]
            #expect(failed.status == .failed && failed.failure == failure.failure && failed.samples == failure.samples)
            #expect(failed.engineID == nil && failed.digest == nil && failed.counters.isEmpty)
            #expect(try await store.sampleCount(runID: run.id) == 16)
            #expect(try await store.latestRun()?.id == run.id)
            #expect(try await store.deleteRun(run.id))
            #expect(try await store.runs().isEmpty)
            let left = try await PostgresConnection.connect(config).execute("SELECT count(*) AS n FROM samples")
            #expect(try left.first?.int("n") == 0)
        }

        @Test func everyWriteCanBeReplayed() async throws {
            let store = try await ResultStore.open(StoreServer.freshDatabase())
            let (run, jobs) = Fixtures.run(jobs: 2)
            let outcome = Fixtures.success(jobs[0])
            for _ in 0..<2 {
                try await store.beginRun(run, jobs: jobs)
                try await store.recordOutcome(outcome)
                try await store.finishRun(run.id, status: .interrupted)
                try await store.recordVerdicts([ExpectationVerdict(workload: "cells", expectationIndex: 0, description: "linear",
                                                                   status: .pass, reason: "slope 1.01")], runID: run.id)
            }
            #expect(try await store.recordOutcome(outcome) == false)
            let details = try await store.runDetails(run.id)
            #expect(details.jobs.count == 2 && details.jobs[0].samples == outcome.samples)
            #expect(details.jobs[1].status == .planned)
            #expect(details.run.status == .interrupted)
            #expect(details.verdicts.count == 1)
        }

        @Test func anOutcomeForAnUnknownJobIsRefused() async throws {
            let store = try await ResultStore.open(StoreServer.freshDatabase())
            let (_, jobs) = Fixtures.run(jobs: 1)
            await #expect(throws: ResultStoreError.self) { try await store.recordOutcome(Fixtures.success(jobs[0])) }
            await #expect(throws: ResultStoreError.self) { try await store.runDetails(UUID()) }
        }

        @Test func hostileNamesAndParametersAreStoredVerbatim() async throws {
            let store = try await ResultStore.open(StoreServer.freshDatabase())
            let nasty = "Robert'); DROP TABLE samples; -- \"quoted\" <script>alert('x')</script> \\ \t tab ; ü 表"
            let parameters: [String: ParameterValue] = [
                nasty: .string(nasty), "list": .list([.string("';"), .int(-3), .double(0.5), .bool(true)]),
            ]
            let (run, jobs) = Fixtures.run(jobs: 1, workload: nasty, variant: nasty + "v", parameters: parameters)
            var runWithOptions = run
            runWithOptions.commandLine = "layoutbench run '\(nasty)'"
            runWithOptions.options = [nasty: nasty]
            try await store.beginRun(runWithOptions, jobs: jobs)
            var outcome = Fixtures.success(jobs[0])
            outcome.summary?.counters = [nasty: 1]
            outcome.summary?.digest = nasty
            outcome.summary?.log = [nasty]
            outcome.stderrTail = nasty
            try await store.recordOutcome(outcome)
            try await store.recordVerdicts([ExpectationVerdict(workload: nasty, expectationIndex: 0, engineLabel: nasty,
                                                               description: nasty, status: .inconclusive, reason: nasty,
                                                               detailsJSON: "{\"note\": \"</script>\"}")], runID: run.id)
            let details = try await store.runDetails(run.id)
            #expect(details.run.commandLine == runWithOptions.commandLine && details.run.options == [nasty: nasty])
            let job = try #require(details.jobs.first)
            #expect(job.plan.workload == nasty && job.plan.variant == nasty + "v" && job.plan.parameters == parameters)
            #expect(job.counters == [nasty: 1] && job.digest == nasty && job.log == [nasty] && job.stderrTail == nasty)
            #expect(details.verdicts.first?.description == nasty && details.verdicts.first?.engineLabel == nasty)
            // And the tables are all still there.
            #expect(try await store.sampleCount(runID: run.id) == outcome.samples.count)
        }
    }
}
