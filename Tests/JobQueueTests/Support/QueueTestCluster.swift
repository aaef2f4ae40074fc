import EmbeddedCluster
import Foundation
import JobQueue
import Postgres
import Testing
import Randomness

/// One PostgreSQL cluster listening on the socket and on 127.0.0.1 at a free
/// port, with a random password for TCP logins, for every test inside
/// `QueueServerTests`. Each test works in a database of its own, so tests
/// may run in parallel and rescues never reach another test's jobs.
struct QueueCluster: SuiteTrait, TestScoping {
    @TaskLocal static var current: QueueTestServer?

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await QueueTestDirectories.reapAbandonedRuns()
        let started = ContinuousClock.now
        let server = try await QueueTestServer.start(name: "shared")
        print("Queue test PostgreSQL started in \(ContinuousClock.now - started) at \(server.cluster.directory)")
        do {
            try await Self.$current.withValue(server) { try await function() }
        } catch {
            try? await server.cluster.destroy()
            throw error
        }
        let stopping = ContinuousClock.now
        try await server.cluster.destroy()
        print("Queue test PostgreSQL stopped and deleted in \(ContinuousClock.now - stopping)")
        try? FileManager.default.removeItem(atPath: QueueTestDirectories.run)
    }
}

extension Trait where Self == QueueCluster {
    static var queueCluster: Self { QueueCluster() }
}

/// Every test that needs a server is nested in here.
@Suite(.queueCluster) struct QueueServerTests {}

/// A started test cluster and how to reach it.
struct QueueTestServer: Sendable {
    let cluster: EmbeddedPostgres
    let password: String

    static let throwAwaySettings = ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                                    "max_connections": "60"]

    /// Creates and starts a cluster in this run's folder with TCP on a free port.
    static func start(name: String) async throws -> QueueTestServer {
        let cluster = EmbeddedPostgres(directory: try QueueTestDirectories.makeScratch(name),
                                       serverSettings: throwAwaySettings, tcpPort: try FreePort.pick())
        try await cluster.start()
        let password = "pw-" + UUID().uuidString
        try await cluster.setPassword(password)
        return QueueTestServer(cluster: cluster, password: password)
    }

    static func shared() throws -> QueueTestServer {
        guard let current = QueueCluster.current else {
            throw QueueTestError("this test must be nested in QueueServerTests, which starts the shared server")
        }
        return current
    }

    /// A new database with the queue's schema and the test agent's output table.
    func freshDatabase() async throws -> QueueTestDatabase {
        let name = "q_" + UUID().uuidString.prefix(8).lowercased()
        try await cluster.createDatabaseIfMissing(name)
        let database = QueueTestDatabase(server: self, name: name)
        let connection = try await database.connect()
        try await JobQueueSchema.migrate(connection)
        try await connection.execute("""
            CREATE TABLE queue_test_outputs (job_id bigint NOT NULL, attempt integer NOT NULL, agent_name text NOT NULL,
                                             written_at timestamptz NOT NULL DEFAULT clock_timestamp())
            """)
        await connection.close()
        return database
    }
}

/// One test's database on a test server.
struct QueueTestDatabase: Sendable {
    let server: QueueTestServer
    let name: String

    /// Over the Unix socket (no password), for the test itself.
    var socketConfiguration: PostgresConfiguration { get throws { try server.cluster.configuration(database: name) } }
    /// Over loopback TCP with the password, for agent processes.
    var tcpConfiguration: PostgresConfiguration {
        get throws { try server.cluster.tcpConfiguration(database: name, password: server.password) }
    }

    func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(socketConfiguration)
    }

    func queue(settings: QueueSettings = .standard, seed: UInt64 = 1) async throws -> JobQueue {
        JobQueue(connection: try await connect(), settings: settings, random: SplitMix64(seed: seed))
    }
}

enum FreePort {
    /// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then closed).
    static func pick() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw QueueTestError("socket() failed: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw QueueTestError("bind to 127.0.0.1:0 failed: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct QueueTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Folders for the clusters these tests create, under
/// `/tmp/layoutbench-queuetests-<uid>/run-<pid>-<random>`. The first use
/// stops and deletes clusters of earlier runs whose process is gone.
enum QueueTestDirectories {
    static let base = "/tmp/layoutbench-queuetests-\(geteuid())"

    static let run: String = {
        let path = "\(base)/run-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                  attributes: [.posixPermissions: 0o755])
        return path
    }()

    static func makeScratch(_ name: String) throws -> String {
        let path = run + "/" + name + "-" + UUID().uuidString.prefix(6).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func reapAbandonedRuns() async {
        let manager = FileManager.default
        guard let runs = try? manager.contentsOfDirectory(atPath: base) else { return }
        for name in runs where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4).prefix(while: \.isNumber)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let runPath = base + "/" + name
            for cluster in (try? manager.contentsOfDirectory(atPath: runPath)) ?? [] {
                let clusterPath = runPath + "/" + cluster
                // destroy() signals only a postmaster running in that very directory.
                if manager.fileExists(atPath: clusterPath + "/data/PG_VERSION") {
                    try? await EmbeddedPostgres(directory: clusterPath).destroy()
                }
            }
            try? manager.removeItem(atPath: runPath)
        }
    }
}
