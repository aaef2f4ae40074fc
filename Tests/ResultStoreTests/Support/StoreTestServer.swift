import EmbeddedCluster
import Foundation
import Postgres
import ResultStore
import Testing

/// One real PostgreSQL server for every test nested in `StoreServerTests`,
/// in its own directory (the Postgres and Harness suites use others), made
/// before the first test and destroyed after the last. Each test gets a
/// database of its own, so tests run in parallel without seeing each other.
struct StoreServer: SuiteTrait, TestScoping {
    @TaskLocal static var cluster: EmbeddedPostgres?

    static let base = "/tmp/layoutbench-storetests-\(geteuid())"

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await Self.reapAbandoned()
        // The server may run as `postgres` (when root): the parent must be traversable.
        try FileManager.default.createDirectory(atPath: Self.base, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: Self.base)
        let directory = "\(Self.base)/run-\(getpid())"
        let cluster = EmbeddedPostgres(directory: directory, serverSettings: ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"])
        try await cluster.start()
        do {
            try await Self.$cluster.withValue(cluster) { try await function() }
        } catch {
            try? await cluster.destroy()
            throw error
        }
        try await cluster.destroy()
    }

    /// Clusters left by test processes that died are stopped and deleted.
    static func reapAbandoned() async {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? await EmbeddedPostgres(directory: base + "/" + name).destroy()
        }
    }

    /// A new empty database on the shared server.
    static func freshDatabase(_ stem: String = "store") async throws -> PostgresConfiguration {
        guard let cluster else { throw SetupError("nest this test in StoreServerTests") }
        let name = "\(stem)_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.createDatabaseIfMissing(name)
        return try cluster.configuration(database: name)
    }
}

@Suite(StoreServer()) struct StoreServerTests {}

struct SetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
