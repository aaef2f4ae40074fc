import ArgumentParser
import Foundation
import Harness
import Postgres
import ResultStore

/// `--database URL`, shared by every command that touches the results database.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL for results (default: $\(DatabaseLocator.environmentVariable), else the embedded cluster in .layoutbench/postgres).",
        valueName: "URL"))
    var database: String?

    var locator: DatabaseLocator { DatabaseLocator(flag: database) }

    /// Connects (starting the embedded cluster if that is the target) and migrates.
    func openStore(schema: ResultStore.SchemaPolicy = .migrate, databaseName: String? = nil) async throws -> ResultStore {
        var configuration = try await locator.resolve()
        if let databaseName, locator.source == .embedded {
            try await locator.embedded.createDatabaseIfMissing(databaseName)
            configuration.database = databaseName
        }
        return try await ResultStore.open(configuration, schema: schema)
    }
}
