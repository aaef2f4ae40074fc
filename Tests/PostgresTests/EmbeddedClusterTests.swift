import EmbeddedCluster
import Foundation
import Postgres
import Testing

extension ServerTests {
    /// A cluster of their own (the shared one must stay up), placed so deep
    /// that its socket cannot live inside it.
    @Suite struct EmbeddedClusterTests {
        @Test func lifecycleWithALongPath() async throws {
            let parent = try TestDirectories.makeScratch("lifecycle")
            let deep = parent + "/a-cluster-directory-whose-name-is-long-enough-to-overflow-the-unix-socket-path-limit"
            let cluster = EmbeddedPostgres(directory: deep, serverSettings: TestServer.throwAwaySettings)
            defer { try? FileManager.default.removeItem(atPath: parent) }
            #expect(cluster.status() == .notInitialized)

            // First start: initdb, then the server; the socket moves to /tmp.
            let config = try await cluster.start()
            guard case let .running(pid) = cluster.status() else {
                Issue.record("not running after start: \(cluster.status())")
                return
            }
            let socket = try #require(config.host)
            #expect(socket.hasPrefix("/tmp/layoutbench-pg-"))
            #expect((socket + "/.s.PGSQL.5432").utf8.count <= 107)
            #expect(try cluster.configuration() == config)
            #expect(try PostgresConfiguration(cluster.url()) == config)
            try await expectAnswers(config)

            // Second start finds it running and changes nothing.
            try await cluster.start()
            #expect(cluster.status() == .running(pid: pid))

            try await cluster.createDatabaseIfMissing("bench db")
            try await cluster.createDatabaseIfMissing("bench db")
            try await expectAnswers(cluster.configuration(database: "bench db"))
            // Two first runs at once (or eight): every one finds the database made.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { try await cluster.createDatabaseIfMissing("raced") } }
                try await group.waitForAll()
            }
            try await expectAnswers(cluster.configuration(database: "raced"))

            // Stopped: status says so and connecting fails, retryably.
            try await cluster.stop()
            try await cluster.stop()
            #expect(cluster.status() == .stopped)
            let refused = await #expect(throws: PostgresError.self) { try await PostgresConnection.connect(config) }
            #expect(refused?.isRetryable == true)

            // Started again, with the same socket directory and data.
            #expect(try await cluster.start() == config)
            #expect(cluster.status() != .stopped)
            try await expectAnswers(cluster.configuration(database: "bench db"))

            try await crashThenRestart(cluster)
            try await restartOverAReusedPID(cluster)

            try await cluster.destroy()
            #expect(!FileManager.default.fileExists(atPath: deep))
            #expect(!FileManager.default.fileExists(atPath: socket))
        }

        /// A postmaster killed outright leaves postmaster.pid behind.
        private func crashThenRestart(_ cluster: EmbeddedPostgres) async throws {
            guard case let .running(pid) = cluster.status() else { throw TestSetupError("expected a running cluster") }
            kill(pid, SIGKILL)
            try await waitUntil { cluster.status() == .stopped }
            #expect(FileManager.default.fileExists(atPath: cluster.directory + "/data/postmaster.pid"))
            #expect(cluster.status() == .stopped)
            try await cluster.start()
            try await expectAnswers(cluster.configuration())
        }

        /// A stale postmaster.pid whose PID now belongs to a live, unrelated
        /// process (common in containers) must not block a start.
        private func restartOverAReusedPID(_ cluster: EmbeddedPostgres) async throws {
            try await cluster.stop()
            let pidFile = cluster.directory + "/data/postmaster.pid"
            try "\(getpid())\n\(cluster.directory)/data\n1700000000\n5432\n/tmp\n\n  1 2\nready   \n"
                .write(toFile: pidFile, atomically: true, encoding: .utf8)
            #expect(cluster.status() == .stopped)
            try await cluster.start()
            guard case let .running(pid) = cluster.status() else {
                Issue.record("not running after start over a stale pid file")
                return
            }
            #expect(pid != getpid())
            try await expectAnswers(cluster.configuration())
        }

        @Test func missingServerProgramsNameThePackageToInstall() async throws {
            let empty = try TestDirectories.makeScratch("nobinaries")
            defer { try? FileManager.default.removeItem(atPath: empty) }
            let cluster = EmbeddedPostgres(directory: empty + "/cluster", binarySearchPath: [empty])
            let error = await #expect(throws: EmbeddedPostgresError.self) { try await cluster.start() }
            guard case let .binariesNotFound(searched) = error else {
                Issue.record("expected binariesNotFound, got \(String(describing: error))")
                return
            }
            #expect(searched == [empty])
            #expect(error?.description.contains("apt-get install postgresql") == true)
            #expect(error?.description.contains(empty) == true)
            #expect(cluster.status() == .notInitialized)
        }

        @Test func serverSettingsAreAppliedAndSocketSettingsAreReserved() async throws {
            let db = try await TestServer.connect()
            #expect(try await db.execute("SHOW fsync")[0].string(at: 0) == "off")
            #expect(try await db.execute("SHOW listen_addresses")[0].string(at: 0) == "")

            let scratch = try TestDirectories.makeScratch("settings")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            for name in ["listen_addresses", "bad name", "x'; y"] {
                let cluster = EmbeddedPostgres(directory: scratch, serverSettings: [name: "1"])
                let error = await #expect(throws: EmbeddedPostgresError.self) { try await cluster.start() }
                guard case .invalidSetting(name) = error else {
                    Issue.record("expected invalidSetting, got \(String(describing: error))")
                    continue
                }
            }
        }

        /// Only root switches to the `postgres` account, so only root can be
        /// locked out by a parent directory that account cannot enter.
        @Test(.enabled(if: geteuid() == 0, "only root runs the server as another user"))
        func aDirectoryTheServerUserCannotReachIsReported() async throws {
            let closed = try TestDirectories.makeScratch("closed")
            defer { try? FileManager.default.removeItem(atPath: closed) }
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed)
            let cluster = EmbeddedPostgres(directory: closed + "/cluster")
            let error = await #expect(throws: EmbeddedPostgresError.self) { try await cluster.start() }
            guard case .directoryNotReachable(path: closed + "/cluster", user: "postgres") = error else {
                Issue.record("expected directoryNotReachable, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("chmod o+x") == true)
        }

        @Test func aShortPathKeepsTheSocketInsideTheCluster() throws {
            let cluster = EmbeddedPostgres(directory: "/tmp/lb/x")
            let config = try cluster.configuration(database: "d")
            #expect(config.host == "/tmp/lb/x/run")
            #expect(config.user == "layoutbench")
            #expect(config.database == "d")
            #expect(EmbeddedPostgres(directory: "relative/dir").directory.hasPrefix("/"))
        }

        private func expectAnswers(_ config: PostgresConfiguration) async throws {
            let db = try await PostgresConnection.connect(config)
            #expect(try await db.execute("SELECT current_user AS u")[0].string("u") == "layoutbench")
            await db.close()
        }

        private func waitUntil(_ condition: () -> Bool) async throws {
            for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
            if !condition() { throw TestSetupError("condition not met within 5 s") }
        }
    }
}
