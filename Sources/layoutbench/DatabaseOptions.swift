import ArgumentParser
import Foundation
import Harness
import Postgres
import ResultStore
import Workloads

/// `--database URL` or `--database-file PATH`, shared by every command that
/// touches the results database. The file form (and
/// `LAYOUTBENCH_DATABASE_URL`) keeps the password out of the process list;
/// only the redacted form of the URL is ever printed.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL for results (default: $\(DatabaseLocator.environmentVariable), else the embedded cluster in .layoutbench/postgres). "
            + "Anyone can read a command line: prefer --database-file or the environment for a URL with a password.",
        valueName: "URL"))
    var database: String?

    @Option(name: .long, help: ArgumentHelp("A file whose first line is the PostgreSQL URL (e.g. a Docker secret).", valueName: "path"))
    var databaseFile: String?

    func validate() throws {
        if database != nil, databaseFile != nil { throw ValidationError("give --database or --database-file, not both") }
        if let databaseFile {
            do { _ = try Self.readURL(databaseFile) } catch { throw ValidationError(error.description) }
        }
    }

    var locator: DatabaseLocator { DatabaseLocator(flag: database ?? databaseFile.flatMap { try? Self.readURL($0) }) }

    /// The first non-empty line of `path`.
    ///
    /// - Throws: `DistributedError.databaseFileUnreadable`.
    static func readURL(_ path: String) throws(DistributedError) -> String {
        let text: String
        do { text = try SourceFile.read(path, limit: 64 * 1024) } catch {
            throw .databaseFileUnreadable(path: path, reason: error.description)
        }
        guard let line = text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty })
        else { throw .databaseFileUnreadable(path: path, reason: "it is empty") }
        return line
    }

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
