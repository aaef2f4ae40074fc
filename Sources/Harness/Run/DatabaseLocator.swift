import EmbeddedCluster
import Foundation
import Postgres

/// Which database a command uses: `--database URL`, else the
/// `LAYOUTBENCH_DATABASE_URL` environment variable, else the embedded
/// cluster under `<project>/.layoutbench/postgres` (created on first use,
/// socket only, reused by later runs).
public struct DatabaseLocator: Sendable {
    public static let environmentVariable = "LAYOUTBENCH_DATABASE_URL"
    /// Overrides the project root (where `.layoutbench/` lives); tests use it.
    public static let rootVariable = "LAYOUTBENCH_ROOT"
    public static let embeddedDatabaseName = "layoutbench"

    public enum Source: Sendable, Equatable {
        case flag, environment, embedded
    }

    public var flag: String?
    public var environment: [String: String]
    /// The project root; `.layoutbench/` lives here.
    public var root: URL

    public init(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                root: URL = DatabaseLocator.projectRoot()) {
        self.flag = flag; self.environment = environment; self.root = root
    }

    public var source: Source {
        if let flag, !flag.isEmpty { return .flag }
        if let url = environment[Self.environmentVariable], !url.isEmpty { return .environment }
        return .embedded
    }

    /// `.layoutbench/` in the project.
    public var stateDirectory: URL { root.appendingPathComponent(".layoutbench") }
    public var spoolDirectory: String { stateDirectory.appendingPathComponent("spool").path }
    public var embedded: EmbeddedPostgres { EmbeddedPostgres(directory: stateDirectory.appendingPathComponent("postgres").path) }

    /// The configuration to connect with. For the embedded cluster this
    /// starts it (creating it the first time) and creates the database.
    ///
    /// - Throws: `PostgresError.invalidConfiguration`, `EmbeddedPostgresError`.
    public func resolve(startingEmbedded: Bool = true) async throws -> PostgresConfiguration {
        switch source {
        case .flag: return Self.withTimeout(try PostgresConfiguration(flag ?? ""))
        case .environment: return Self.withTimeout(try PostgresConfiguration(environment[Self.environmentVariable] ?? ""))
        case .embedded:
            let cluster = embedded
            if startingEmbedded {
                try prepareStateDirectory()
                try await cluster.start()
                try await cluster.createDatabaseIfMissing(Self.embeddedDatabaseName)
            }
            return try cluster.configuration(database: Self.embeddedDatabaseName)
        }
    }

    /// Makes `.layoutbench/` traversable by others: as root the server runs
    /// as `postgres`, which must reach `.layoutbench/postgres` through it.
    /// (The cluster directory itself stays private to the server.)
    public func prepareStateDirectory() throws {
        let path = stateDirectory.path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        var info = stat()
        if stat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o001 == 0 {
            chmod(path, (info.st_mode & 0o7777) | 0o011)
        }
    }

    /// A network server that vanished should fail a reconnect in seconds, not minutes.
    static func withTimeout(_ configuration: PostgresConfiguration) -> PostgresConfiguration {
        var configured = configuration
        if configured.options["connect_timeout"] == nil { configured.options["connect_timeout"] = "5" }
        return configured
    }

    /// `$LAYOUTBENCH_ROOT` if set; else the nearest directory at or above
    /// the current one that holds a `.layoutbench/` folder or LayoutBench's
    /// Package.swift; else the current directory.
    public static func projectRoot(from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL {
        if let root = ProcessInfo.processInfo.environment[rootVariable], !root.isEmpty { return URL(fileURLWithPath: root) }
        var directory = start.standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".layoutbench").path, isDirectory: &isDirectory),
               isDirectory.boolValue {
                return directory
            }
            if let manifest = try? String(contentsOf: directory.appendingPathComponent("Package.swift"), encoding: .utf8),
               manifest.contains("name: \"LayoutBench\"") {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return start.standardizedFileURL }
            directory = parent
        }
    }
}
