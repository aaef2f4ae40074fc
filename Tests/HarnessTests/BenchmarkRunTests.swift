import Foundation
import Harness
import ResultStore
import Testing
import WorkerProtocol

extension HarnessServerTests {
    /// Whole runs against real worker processes and a real PostgreSQL.
    @Suite struct BenchmarkRunTests {
        @Test func aRunStoresExactlyTheSamplesTheWorkersProduced() async throws {
            let store = try await HarnessServer.freshStore()
            let spool = try HarnessServer.scratch("spool")
            let (run, jobs) = RunFixtures.plan(["normal", "normal", "slow", "normal"], samples: 6)
            let (result, stored) = try await RunFixtures.execute(run, jobs, store: store, spoolDirectory: spool,
                                                                 settings: RunSettings(timeout: 10, parallelism: 2))
            #expect(stored)
            #expect(result.failedCount == 0)
            let details = try await store.runDetails(run.id)
            #expect(details.run.status == .finished)
            #expect(details.jobs.count == 4)
            for job in details.jobs {
                #expect(job.status == .succeeded)
                #expect(job.samples == result.outcomes[job.plan.id]?.samples)
                #expect(job.samples == RunFixtures.expectedSamples(size: job.plan.size, count: 6))
                #expect(job.counters == ["pivots": Double(job.plan.size), "rows": Double(job.plan.size * 2)])
                #expect(job.digest == "fixture-\(job.plan.size)")
                #expect(job.measuredSamples == 5)
                #expect(details.engine(of: job)?.info.identity.name == "fixture")
            }
            let hash = try #require(details.engines.first?.info.binarySHA256)
            #expect(hash == (try SHA256.hex(ofFile: FixtureWorker.path)))
            #expect(try await store.sampleCount(runID: run.id) == 24)
            // Everything is in the database, so the spool file is gone.
            #expect(SpoolReplayer(directory: spool).pendingFiles().isEmpty)
        }

        @Test func crashingHangingAndGarbageWorkersFailWithTheirReasonWhileTheOthersFinish() async throws {
            let store = try await HarnessServer.freshStore()
            let spool = try HarnessServer.scratch("spool")
            let behaviours = ["normal", "crash", "normal", "hang", "garbage", "exit-code", "normal"]
            let (run, jobs) = RunFixtures.plan(behaviours, samples: 3)
            let (result, stored) = try await RunFixtures.execute(run, jobs, store: store, spoolDirectory: spool)
            #expect(stored)
            #expect(result.failedCount == 4)
            let details = try await store.runDetails(run.id)
            let byVariant = Dictionary(details.jobs.map { ($0.plan.ordinal, $0) }, uniquingKeysWith: { a, _ in a })
            for ordinal in [0, 2, 6] {
                #expect(byVariant[ordinal]?.status == .succeeded)
                #expect(byVariant[ordinal]?.samples.count == 3)
            }
            let crash = try #require(byVariant[1])
            #expect(crash.status == .failed && crash.failure?.kind == "signal" && crash.failure?.signal == SIGSEGV)
            #expect(crash.failure?.reason.contains("SIGSEGV") == true)
            #expect(crash.stderrTail?.contains("about to crash on purpose") == true)
            #expect(crash.samples.count == 3)  // what it sent before dying is kept
            let hang = try #require(byVariant[3])
            #expect(hang.failure?.kind == "timeout" && hang.failure?.reason.contains("--timeout") == true)
            let garbage = try #require(byVariant[4])
            #expect(garbage.failure?.kind == "protocol" && garbage.failure?.reason.contains("not a protocol message") == true)
            let exit = try #require(byVariant[5])
            #expect(exit.failure?.kind == "exit_code" && exit.failure?.exitCode == 7)
            #expect(details.run.failedJobCount == 4)
        }

        @Test func namesAndParametersFullOfQuotesAreStoredVerbatim() async throws {
            let store = try await HarnessServer.freshStore()
            let nasty = "it's \"quoted\"; DROP TABLE jobs; -- <script>alert('x')</script> \\ ü"
            let (run, jobs) = RunFixtures.plan([nasty], samples: 2, workload: nasty)
            let (_, stored) = try await RunFixtures.execute(run, jobs, store: store, spoolDirectory: try HarnessServer.scratch("spool"),
                                                            environment: ["FIXTURE_BEHAVIOUR": "normal", "FIXTURE_ENGINE_NAME": nasty])
            #expect(stored)
            let details = try await store.runDetails(run.id)
            let job = try #require(details.jobs.first)
            #expect(job.status == .succeeded)
            #expect(job.plan.workload == nasty && job.plan.variant == nasty)
            #expect(job.plan.parameters == ["behaviour": .string(nasty)])
            #expect(job.plan.workloadPath == "Workloads/\(nasty).yaml")
            #expect(details.engines.first?.info.identity.name == nasty)
        }
    }
}
