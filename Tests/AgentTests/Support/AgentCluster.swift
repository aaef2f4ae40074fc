import EmbeddedCluster
import Foundation
import Postgres
import ResultStore
import Testing

/// One PostgreSQL cluster for every test in `AgentServerTests`, on the
/// socket (for the tests themselves) and on 127.0.0.1 at a free port with a
/// random password (for the agent and run processes). Each test gets a
/// database of its own, so tests may run in parallel.
struct AgentCluster: SuiteTrait, TestScoping {
    @TaskLocal static var current: AgentTestServer?

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await AgentTestDirectories.reapAbandonedRuns()
        let cluster = EmbeddedPostgres(directory: try AgentTestDirectories.makeScratch("cluster"),
                                       serverSettings: ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                                                        "max_connections": "60"],
                                       tcpPort: try FreePort.pick())
        try await cluster.start()
        let password = "agent-secret-" + UUID().uuidString
        try await cluster.setPassword(password)
        do {
            try await Self.$current.withValue(AgentTestServer(cluster: cluster, password: password)) { try await function() }
        } catch {
            try? await cluster.destroy()
            throw error
        }
        try await cluster.destroy()
        try? FileManager.default.removeItem(atPath: AgentTestDirectories.run)
    }
}

extension Trait where Self == AgentCluster {
    static var agentCluster: Self { AgentCluster() }
}

/// Every test that needs the server is nested in here.
@Suite(.agentCluster) struct AgentServerTests {}

struct AgentTestServer: Sendable {
    let cluster: EmbeddedPostgres
    let password: String

    /// A cluster of its own (a test that stops and starts the server must
    /// not take the shared one down under other tests); `destroy` it after.
    static func startPrivate(name: String) async throws -> AgentTestServer {
        let cluster = EmbeddedPostgres(directory: try AgentTestDirectories.makeScratch(name),
                                       serverSettings: ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
                                                        "max_connections": "30"],
                                       tcpPort: try FreePort.pick())
        try await cluster.start()
        let password = "agent-secret-" + UUID().uuidString
        try await cluster.setPassword(password)
        return AgentTestServer(cluster: cluster, password: password)
    }

    static func shared() throws -> AgentTestServer {
        guard let current = AgentCluster.current else { throw AgentTestError("nest this test in AgentServerTests") }
        return current
    }

    /// A new database, migrated by the ResultStore (which includes the queue's tables).
    func freshDatabase() async throws -> AgentTestDatabase {
        let name = "a_" + UUID().uuidString.prefix(8).lowercased()
        try await cluster.createDatabaseIfMissing(name)
        let database = AgentTestDatabase(server: self, name: name)
        await (try await ResultStore.open(database.socketConfiguration)).close()
        return database
    }
}

struct AgentTestDatabase: Sendable {
    let server: AgentTestServer
    let name: String

    var socketConfiguration: PostgresConfiguration { get throws { try server.cluster.configuration(database: name) } }
    /// Loopback TCP with the password: what agents get, through a file or the environment.
    var url: String { get throws { try server.cluster.tcpConfiguration(database: name, password: server.password).urlIncludingPassword } }

    /// A 0600 file holding the URL, for `--database-file`.
    func urlFile() throws -> String {
        let path = try AgentTestDirectories.makeScratch("secret") + "/database_url"
        _ = FileManager.default.createFile(atPath: path, contents: Data((try url + "\n").utf8), attributes: [.posixPermissions: 0o600])
        return path
    }

    func connect() async throws -> PostgresConnection { try await PostgresConnection.connect(socketConfiguration) }

    /// The first column of the first row, as an integer.
    func count(_ sql: String, _ parameters: [PostgresValue?] = []) async throws -> Int {
        let connection = try await connect()
        defer { Task { await connection.close() } }
        let rows = try await connection.execute(sql, parameters)
        return try rows.first?.int(rows.columns.first ?? "count") ?? 0
    }
}

enum FreePort {
    /// A TCP port on 127.0.0.1 that was free a moment ago.
    static func pick() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw AgentTestError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw AgentTestError("bind to 127.0.0.1:0 failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct AgentTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `/tmp/layoutbench-agenttests-<uid>/run-<pid>-<random>`; clusters of
/// earlier runs whose process is gone are stopped and deleted first.
enum AgentTestDirectories {
    static let base = "/tmp/layoutbench-agenttests-\(geteuid())"

    static let run: String = {
        let path = "\(base)/run-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        for directory in [base, path] {
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try! FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        }
        return path
    }()

    static func makeScratch(_ name: String) throws -> String {
        let path = run + "/" + name + "-" + UUID().uuidString.prefix(6).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return path
    }

    static func reapAbandonedRuns() async {
        guard let runs = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in runs where name.hasPrefix("run-") {
            guard let pid = Int32(name.dropFirst(4).prefix(while: \.isNumber)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let runPath = base + "/" + name
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: runPath)) ?? []
            where FileManager.default.fileExists(atPath: runPath + "/" + entry + "/data/PG_VERSION") {
                try? await EmbeddedPostgres(directory: runPath + "/" + entry).destroy()
            }
            try? FileManager.default.removeItem(atPath: runPath)
        }
    }
}
