import EmbeddedCluster
import Foundation
import Postgres
import ResultStore
import Testing

/// One real PostgreSQL server for the tests nested in `HarnessServerTests`,
/// in a directory of its own (the Postgres and ResultStore suites use
/// others), destroyed after the last test. Each test gets its own database.
struct HarnessServer: SuiteTrait, TestScoping {
    @TaskLocal static var cluster: EmbeddedPostgres?

    static let base = "/tmp/layoutbench-harnesstests-\(geteuid())"
    static let throwAway = ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"]

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await Self.reapAbandoned()
        let cluster = EmbeddedPostgres(directory: try Self.runDirectory() + "/shared", serverSettings: Self.throwAway)
        try await cluster.start()
        do {
            try await Self.$cluster.withValue(cluster) { try await function() }
        } catch {
            try? await cluster.destroy()
            throw error
        }
        try await cluster.destroy()
        try? FileManager.default.removeItem(atPath: try Self.runDirectory())
    }

    /// This process's folder (traversable, since the server may run as `postgres`).
    static func runDirectory() throws -> String {
        let path = "\(base)/run-\(getpid())"
        for directory in [base, path] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        }
        return path
    }

    /// A new empty folder in this process's folder.
    static func scratch(_ name: String) throws -> String {
        let path = try runDirectory() + "/" + name + "-" + UUID().uuidString.prefix(6).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return path
    }

    /// Clusters left by test processes that died are stopped and deleted.
    static func reapAbandoned() async {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let run = base + "/" + name
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: run)) ?? [] {
                for candidate in [run + "/" + entry, run + "/" + entry + "/.layoutbench/postgres"]
                where FileManager.default.fileExists(atPath: candidate + "/data/PG_VERSION") {
                    try? await EmbeddedPostgres(directory: candidate).destroy()
                }
            }
            try? FileManager.default.removeItem(atPath: run)
        }
    }

    /// A migrated store on a new database of the shared server.
    static func freshStore(_ stem: String = "harness") async throws -> ResultStore {
        guard let cluster else { throw HarnessSetupError("nest this test in HarnessServerTests") }
        let name = "\(stem)_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.createDatabaseIfMissing(name)
        return try await ResultStore.open(cluster.configuration(database: name))
    }
}

@Suite(HarnessServer()) struct HarnessServerTests {}

struct HarnessSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
