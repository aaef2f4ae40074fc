import EmbeddedCluster
import Foundation
import Postgres
import ResultStore
import Testing

/// One real PostgreSQL server for the tests nested in `CompareServerTests`,
/// in a directory of its own (other suites use others), destroyed after the
/// last test. Each test gets its own database.
struct CompareServer: SuiteTrait, TestScoping {
    @TaskLocal static var cluster: EmbeddedPostgres?

    static let base = "/tmp/layoutbench-comparetests-\(geteuid())"

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await Self.reapAbandoned()
        for directory in [Self.base, Self.runDirectory] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // The server may run as `postgres` (when root): the parents must be traversable.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        }
        let cluster = EmbeddedPostgres(directory: Self.runDirectory + "/pg",
                                       serverSettings: ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"])
        try await cluster.start()
        do {
            try await Self.$cluster.withValue(cluster) { try await function() }
        } catch {
            try? await cluster.destroy()
            throw error
        }
        try await cluster.destroy()
        try? FileManager.default.removeItem(atPath: Self.runDirectory)
    }

    static var runDirectory: String { "\(base)/run-\(getpid())" }

    /// Clusters left by test processes that died are stopped and deleted.
    static func reapAbandoned() async {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if FileManager.default.fileExists(atPath: "\(base)/\(name)/pg/data/PG_VERSION") {
                try? await EmbeddedPostgres(directory: "\(base)/\(name)/pg").destroy()
            }
            try? FileManager.default.removeItem(atPath: "\(base)/\(name)")
        }
    }

    /// A new database on the shared server, and a migrated store on it.
    static func freshStore(_ stem: String) async throws -> ResultStore {
        guard let cluster else { throw CompareSetupError(description: "nest this test in CompareServerTests") }
        let name = "\(stem)_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.createDatabaseIfMissing(name)
        return try await ResultStore.open(cluster.configuration(database: name))
    }
}

@Suite(CompareServer()) struct CompareServerTests {}

struct CompareSetupError: Error, CustomStringConvertible { let description: String }
