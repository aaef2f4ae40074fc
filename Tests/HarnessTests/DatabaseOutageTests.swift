import EmbeddedCluster
import Foundation
import Harness
import Postgres
import ResultStore
import Testing

extension HarnessServerTests {
    /// The embedded cluster as `layoutbench` uses it (its own, in a scratch
    /// project), and a run that loses its database halfway.
    @Suite struct DatabaseOutageTests {
        @Test func theEmbeddedClusterStartsIsReusedAndRefusesNothingAsRoot() async throws {
            let project = try HarnessServer.scratch("project")
            let locator = DatabaseLocator(flag: nil, environment: [:], root: URL(fileURLWithPath: project))
            #expect(locator.source == .embedded)
            defer { Task { try? await locator.embedded.destroy() } }
            let configuration = try await locator.resolve()
            guard case let .running(pid) = locator.embedded.status() else {
                Issue.record("not running: \(locator.embedded.status())")
                return
            }
            #expect(configuration.usesUnixSocket && configuration.database == "layoutbench")
            // Reused: a second resolve finds the same server.
            #expect(try await locator.resolve() == configuration)
            #expect(locator.embedded.status() == .running(pid: pid))
            if geteuid() == 0 {
                // As root the server runs as the unprivileged `postgres` user.
                let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
                let uid = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first
                #expect(uid != "0")
            }
            let store = try await ResultStore.open(configuration)
            #expect(try await store.schemaVersion() == Migrations.latestVersion)
            try await locator.embedded.destroy()
        }

        @Test func aDatabaseStoppedMidRunLosesNothingAfterTheFlush() async throws {
            let project = try HarnessServer.scratch("outage")
            let locator = DatabaseLocator(flag: nil, environment: [:], root: URL(fileURLWithPath: project))
            try locator.prepareStateDirectory()
            let cluster = EmbeddedPostgres(directory: locator.embedded.directory, serverSettings: HarnessServer.throwAway)
            try await cluster.start()
            try await cluster.createDatabaseIfMissing("layoutbench")
            let configuration = try cluster.configuration(database: "layoutbench")
            let store = try await ResultStore.open(configuration)
            let directory = cluster.directory
            // After the second job the server goes away (fast shutdown), as if someone stopped it.
            let progress = ObservingProgress { finished in
                if finished == 2 { ClusterControl.stop(directory) }
            }
            let (run, jobs) = RunFixtures.plan(Array(repeating: "normal", count: 6), samples: 5)
            let (result, stored) = try await RunFixtures.execute(run, jobs, store: store, spoolDirectory: locator.spoolDirectory,
                                                                 progress: progress)
            #expect(!stored)
            #expect(result.failedCount == 0)
            #expect(progress.notes.contains { $0.contains("unavailable") })
            #expect(SpoolReplayer(directory: locator.spoolDirectory).pendingFiles().count == 1)

            try await cluster.start()
            let again = try await ResultStore.open(configuration)
            let summary = try await SpoolReplayer(directory: locator.spoolDirectory).flushAll(into: again)
            #expect(summary.files == 1)
            #expect(SpoolReplayer(directory: locator.spoolDirectory).pendingFiles().isEmpty)
            let details = try await again.runDetails(run.id)
            #expect(details.run.status == .finished)
            #expect(details.jobs.allSatisfy { $0.status == .succeeded })
            for job in details.jobs { #expect(job.samples == result.outcomes[job.plan.id]?.samples) }
            #expect(try await again.sampleCount(runID: run.id) == 30)
            // A second flush finds nothing, and replaying a copy stores nothing twice.
            #expect(try await SpoolReplayer(directory: locator.spoolDirectory).flushAll(into: again).files == 0)
            try await cluster.destroy()
        }
    }
}

/// Stops an embedded cluster synchronously (from a progress callback):
/// SIGINT to the postmaster, PostgreSQL's fast shutdown, then wait.
enum ClusterControl {
    static func stop(_ directory: String) {
        guard let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8),
              let pid = Int32(text.split(separator: "\n").first ?? "") else { return }
        kill(pid, SIGINT)
        for _ in 0..<500 where kill(pid, 0) == 0 { usleep(10_000) }
    }
}
