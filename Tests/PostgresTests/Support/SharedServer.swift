import EmbeddedCluster
import Foundation
import Postgres
import Testing

/// One real PostgreSQL server for every test inside `ServerTests`.
///
/// The `.sharedPostgres` trait starts a private cluster in a temporary
/// directory before the first test of the suite and destroys it after the
/// last, so no server outlives a passing run. A run that crashes cannot clean
/// up; the next run reaps what it left (see `TestDirectories`).
struct SharedPostgres: SuiteTrait, TestScoping {
    @TaskLocal static var cluster: EmbeddedPostgres?

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await TestDirectories.reapAbandonedRuns()
        let cluster = EmbeddedPostgres(directory: TestDirectories.run + "/shared", serverSettings: TestServer.throwAwaySettings)
        let started = ContinuousClock.now
        try await cluster.start()
        print("Shared PostgreSQL started in \(ContinuousClock.now - started) at \(cluster.directory)")
        do {
            try await Self.$cluster.withValue(cluster) { try await function() }
        } catch {
            try? await cluster.destroy()
            throw error
        }
        try await cluster.destroy()
        try? FileManager.default.removeItem(atPath: TestDirectories.run)
    }
}

extension Trait where Self == SharedPostgres {
    /// Runs the suite against the shared test server.
    static var sharedPostgres: Self { SharedPostgres() }
}

/// The suite whose nested suites all share one server.
@Suite(.sharedPostgres) struct ServerTests {}

/// Helpers for tests inside `ServerTests`.
enum TestServer {
    /// Test clusters are deleted afterwards, so durability is traded for
    /// speed: on a disk shared with other builds, fsync made a stop take
    /// seconds.
    static let throwAwaySettings = ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"]

    static func configuration() throws -> PostgresConfiguration {
        guard let cluster = SharedPostgres.cluster else {
            throw TestSetupError("this test must be nested in ServerTests, which starts the shared server")
        }
        return try cluster.configuration()
    }

    /// A fresh connection to the shared server's `postgres` database.
    static func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(configuration())
    }

    /// A table name no other test uses, so tests can run in parallel.
    static func uniqueTable(_ stem: String) -> String {
        "\(stem)_\(UUID().uuidString.prefix(8).lowercased())"
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
