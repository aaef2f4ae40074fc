import Dispatch
import Foundation
import Postgres

/// A private PostgreSQL cluster kept in one directory (LayoutBench uses
/// `.layoutbench/postgres` in the project) and reached only through a Unix
/// socket in a 0700 directory: no TCP port is opened unless `tcpPort` asks
/// for one, and then only on 127.0.0.1, with password logins.
///
/// `start()` creates the cluster on first use (initdb, superuser
/// `layoutbench`, UTF-8, trust authentication — safe because only the
/// server's own account can reach the socket) and reuses a server that is
/// already running. When the process is root, the server runs as the
/// unprivileged `postgres` user, which PostgreSQL insists on.
///
///     let cluster = EmbeddedPostgres(directory: ".layoutbench/postgres")
///     try await cluster.start()
///     try await cluster.createDatabaseIfMissing("layoutbench")
///     let db = try await PostgresConnection.connect(cluster.configuration(database: "layoutbench"))
public struct EmbeddedPostgres: Sendable {
    /// Absolute path of the cluster directory.
    public let directory: String
    /// The role initdb creates and every connection uses.
    public let superuser: String
    /// Directories searched for initdb, pg_ctl and postgres; nil means PATH,
    /// then `/usr/lib/postgresql/<major>/bin`, highest major first.
    public let binarySearchPath: [String]?
    /// Extra postgresql.conf settings applied at every start, such as
    /// `["fsync": "off"]` for a throw-away test cluster.
    public let serverSettings: [String: String]
    /// When set, the server also listens on 127.0.0.1 at this port, for
    /// clients that must come over TCP (agents in other processes or network
    /// namespaces). TCP logins need a password: set one with
    /// `setPassword(_:)`. Clusters initialised before this option existed
    /// trust TCP logins too; recreate them before opening a port.
    public let tcpPort: Int?

    let layout: ClusterLayout

    /// Describes a cluster; nothing on disk changes until `start()`.
    /// A relative `directory` is taken from the current directory.
    public init(directory: String, superuser: String = "layoutbench", binarySearchPath: [String]? = nil,
                serverSettings: [String: String] = [:], tcpPort: Int? = nil) {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        self.directory = URL(fileURLWithPath: directory, relativeTo: base).standardizedFileURL.path
        self.superuser = superuser
        self.binarySearchPath = binarySearchPath
        self.serverSettings = serverSettings
        self.tcpPort = tcpPort
        self.layout = ClusterLayout(root: self.directory, tcpPort: tcpPort)
    }

    /// Whether the cluster exists and whether its server is running.
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        /// No cluster in the directory yet; `start()` will create one.
        case notInitialized
        /// The cluster exists and no server is running for it.
        case stopped
        /// A server is running; `pid` is its postmaster.
        case running(pid: Int32)

        public var description: String {
            switch self {
            case .notInitialized: return "not initialized"
            case .stopped: return "stopped"
            case let .running(pid): return "running (pid \(pid))"
            }
        }
    }

    /// The cluster's state, read from its files and the process table.
    public func status() -> Status {
        guard layout.clusterMajorVersion != nil else { return .notInitialized }
        return ServerProcess.runningPID(layout).map { .running(pid: $0) } ?? .stopped
    }

    /// Creates the cluster if needed and starts its server, unless it is
    /// already running; returns where to connect (database `postgres`).
    /// A lock file keeps concurrent starts and stops from colliding.
    ///
    /// - Throws: `EmbeddedPostgresError`, e.g. `binariesNotFound` naming the
    ///   package to install, or `startFailed` quoting the server log.
    @discardableResult
    public func start() async throws -> PostgresConfiguration {
        try await Self.offload { try startNow() }
        return try configuration()
    }

    /// Stops the server with a fast shutdown (open sessions are ended,
    /// committed data is safe). Does nothing if it is not running.
    ///
    /// - Throws: `EmbeddedPostgresError.commandFailed` if it does not stop.
    public func stop() async throws {
        try await Self.offload { try stopNow() }
    }

    /// Stops the server and deletes the cluster directory and its socket
    /// directory. Meant for tests and for starting afresh; the data is gone.
    ///
    /// - Throws: `EmbeddedPostgresError`.
    public func destroy() async throws {
        try await stop()
        SocketDirectory.removeStandIn(layout)
        do {
            if FileManager.default.fileExists(atPath: directory) { try FileManager.default.removeItem(atPath: directory) }
        } catch {
            throw EmbeddedPostgresError.fileSystem(path: directory, reason: error.localizedDescription)
        }
    }

    /// Where to connect: the socket directory, the superuser, `database`.
    ///
    /// - Throws: `notStarted` if the socket had to move to /tmp and the
    ///   cluster was never started, so its place is not yet chosen.
    public func configuration(database: String = "postgres") throws -> PostgresConfiguration {
        guard let socket = layout.currentSocketDirectory else {
            throw EmbeddedPostgresError.notStarted(directory: directory)
        }
        return PostgresConfiguration(host: socket, port: layout.port, user: superuser, database: database)
    }

    /// Where to connect over TCP: 127.0.0.1 at `tcpPort`, the superuser,
    /// `password` (as given to `setPassword(_:)`), `database`.
    ///
    /// - Throws: `tcpNotEnabled` when the cluster was described without a `tcpPort`.
    public func tcpConfiguration(database: String = "postgres", password: String) throws -> PostgresConfiguration {
        guard let tcpPort else { throw EmbeddedPostgresError.tcpNotEnabled(directory: directory) }
        return PostgresConfiguration(host: "127.0.0.1", port: tcpPort, user: superuser, password: password,
                                     database: database)
    }

    /// Sets the superuser's password, which TCP logins need (the socket
    /// stays password-free). The password is quoted by the server
    /// (`format('%L')`), never spliced into SQL here.
    ///
    /// - Throws: `PostgresError` from the connection or ALTER ROLE.
    public func setPassword(_ password: String) async throws {
        let connection = try await PostgresConnection.connect(configuration())
        let statement = try await connection.execute("SELECT format('ALTER ROLE %I PASSWORD %L', $1::text, $2::text)",
                                                     [.text(superuser), .text(password)])
        guard let sql = try statement.first?.string(at: 0) else { return }
        // The statement holds the password: keep it out of error messages.
        do {
            try await connection.execute(sql)
        } catch let error as PostgresError {
            throw PostgresError.queryFailed(sqlState: error.sqlState ?? "XX000", message: "setting the password failed",
                                            detail: nil, hint: nil, sql: "ALTER ROLE … PASSWORD …")
        }
        await connection.close()
    }

    /// `configuration(database:)` as a `postgresql://` URL.
    ///
    /// - Throws: as `configuration(database:)`.
    public func url(database: String = "postgres") throws -> String {
        try configuration(database: database).urlIncludingPassword
    }

    /// Creates `name` unless a database of that name exists.
    ///
    /// - Throws: `PostgresError` from the connection or CREATE DATABASE.
    public func createDatabaseIfMissing(_ name: String) async throws {
        // On a throw the connection is finished when it is released.
        let connection = try await PostgresConnection.connect(configuration())
        // Two first runs at once: the check and the CREATE must not
        // interleave, or one of them meets the other's row in pg_database
        // (a unique violation, not duplicate_database). A session-level
        // advisory lock, released with the connection, serialises them.
        try await connection.execute("SELECT pg_advisory_lock(hashtext('layoutbench: create database'))")
        let existing = try await connection.execute("SELECT 1 FROM pg_database WHERE datname = $1", [.text(name)])
        if existing.isEmpty {
            do {
                try await connection.execute("CREATE DATABASE \(SQLIdentifier.quote(name))")
            } catch let error as PostgresError where error.sqlState == "42P04" || error.sqlState == "23505" {
                // Created just now by a process that does not take the lock.
            }
        }
        await connection.close()
    }

    /// Runs blocking work (child processes, waiting for the server) off
    /// Swift's cooperative pool.
    static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
