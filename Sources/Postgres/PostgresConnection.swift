import CLibPQ
import Foundation

/// One session with a PostgreSQL server, owning one libpq `PGconn`.
///
/// The actor serialises use of the connection, which libpq requires, and
/// runs on its own dispatch queue so blocking libpq calls never hold up
/// Swift's shared thread pool. Give each concurrently working task its own
/// connection: statements from different tasks on one connection simply
/// queue up behind each other.
///
/// Statements go through `PQexecParams` only: values travel separately from
/// the SQL text, in text format, and one call runs one statement.
public actor PostgresConnection {
    /// Where this connection goes; `configuration.redacted` is safe to log.
    public nonisolated let configuration: PostgresConfiguration

    private let executor: ConnectionExecutor
    private var handle: ConnectionHandle?
    /// Channels to LISTEN on again after `reconnect()`.
    var listeningChannels: Set<String> = []
    /// Session settings (`keepSetting`) applied again on every (re)connect.
    private var keptSettings: [String: String] = [:]
    private var savepointDepth = 0

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Prepares a connection without opening it; call `connect()` next.
    public init(configuration: PostgresConfiguration) {
        self.configuration = configuration
        self.executor = ConnectionExecutor(label: "Postgres \(configuration.redacted)")
    }

    /// Opens a connection.
    ///
    /// - Throws: `PostgresError.connectionFailed` (retryable unless the
    ///   server refused the user, password or database).
    public static func connect(_ configuration: PostgresConfiguration) async throws -> PostgresConnection {
        let connection = PostgresConnection(configuration: configuration)
        try await connection.connect()
        return connection
    }

    /// Opens the session; does nothing if it is already open and healthy.
    ///
    /// - Throws: `PostgresError.connectionFailed`.
    public func connect() throws {
        if let handle, handle.isHealthy { return }
        handle = nil
        let parameters = configuration.libpqParameters
        let raw = CStringArray(parameters.map(\.0)).withPointers { keywords in
            CStringArray(parameters.map(\.1)).withPointers { values in
                PQconnectdbParams(keywords, values, 0)
            }
        }
        guard let raw else {
            throw PostgresError.connectionFailed(target: configuration.redacted, message: "libpq is out of memory")
        }
        let opened = ConnectionHandle(raw: raw)
        guard opened.isHealthy else {
            throw PostgresError.connectionFailed(target: configuration.redacted, message: scrub(opened.errorMessage))
        }
        // libpq prints server notices ("relation already exists, skipping")
        // to stderr by default; a library should not write to the
        // harness's terminal, so they are dropped.
        PQsetNoticeReceiver(raw, { _, _ in }, nil)
        handle = opened
        for name in keptSettings.keys.sorted() { try applySetting(name, keptSettings[name]!) }
    }

    /// Sets a session parameter now (when connected) and again after every
    /// reconnect, which starts a new session without it.
    ///
    /// - Throws: `PostgresError` from the server (an unknown parameter, a bad value).
    public func keepSetting(_ name: String, _ value: String) throws {
        keptSettings[name] = value
        if isConnected { try applySetting(name, value) }
    }

    private func applySetting(_ name: String, _ value: String) throws {
        try execute("SELECT set_config($1, $2, false)", [.text(name), .text(value)])
    }

    /// Ends the session. Safe to call more than once.
    public func close() {
        handle = nil
        savepointDepth = 0
    }

    /// Closes and reopens the session, then LISTENs again on every channel
    /// this connection was listening on. Use it after a retryable error.
    ///
    /// - Throws: `PostgresError.connectionFailed`, or any error re-issuing LISTEN.
    public func reconnect() throws {
        close()
        try connect()
        for channel in listeningChannels.sorted() { try execute("LISTEN \(SQLIdentifier.quote(channel))") }
    }

    /// Whether the session is open and libpq considers it healthy. A server
    /// that went away is only noticed at the next statement.
    public var isConnected: Bool { handle?.isHealthy ?? false }

    /// Runs one statement with `$1, $2, …` placeholders bound to `parameters`
    /// (nil binds NULL).
    ///
    /// - Throws: `PostgresError.queryFailed` with the server's SQLSTATE,
    ///   `connectionLost`, `notConnected`, or `invalidParameter` for text
    ///   holding a NUL character.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue?] = []) throws -> PostgresResult {
        let conn = try liveConnection()
        var buffer = ParameterBuffer()
        for (offset, parameter) in parameters.enumerated() {
            if parameter?.containsNUL == true {
                throw PostgresError.invalidParameter(
                    index: offset + 1, reason: "its text contains a NUL character, which PostgreSQL text cannot store; send it as .bytes")
            }
            buffer.append(parameter)
        }
        let result = buffer.withPointers { types, values in
            PQexecParams(conn, sql, Int32(parameters.count), types, values, nil, nil, 0)
        }
        return try check(result, sql: sql)
    }

    /// Runs `body` inside a transaction: BEGIN before, COMMIT after, ROLLBACK
    /// if it throws (the error is then rethrown). Called inside another
    /// transaction, it uses a savepoint, so the inner part rolls back alone.
    ///
    /// The body is synchronous on purpose: no other caller's statement can
    /// slip into the transaction while the body waits on something else.
    /// It is `@Sendable` because it runs on the connection's queue, so it
    /// can capture only Sendable values (strings, numbers, value types).
    ///
    /// - Throws: whatever `body` throws, or a `PostgresError` from BEGIN/COMMIT.
    @discardableResult
    public func transaction<T: Sendable>(_ body: @Sendable (isolated PostgresConnection) throws -> T) throws -> T {
        let conn = try liveConnection()
        let nested = PQtransactionStatus(conn) != PQTRANS_IDLE
        let savepoint = "layoutbench_savepoint_\(savepointDepth)"
        try execute(nested ? "SAVEPOINT \(savepoint)" : "BEGIN")
        if nested { savepointDepth += 1 }
        defer { if nested { savepointDepth -= 1 } }
        do {
            let value = try body(self)
            try execute(nested ? "RELEASE SAVEPOINT \(savepoint)" : "COMMIT")
            return value
        } catch {
            // After a lost connection there is nothing to roll back: the
            // server already discarded the transaction.
            if isConnected { _ = try? execute(nested ? "ROLLBACK TO SAVEPOINT \(savepoint)" : "ROLLBACK") }
            throw error
        }
    }

    // MARK: - Internals shared with the COPY and NOTIFY extensions

    /// The open `PGconn`, or `notConnected`.
    func liveConnection() throws -> OpaquePointer {
        guard let handle else { throw PostgresError.notConnected }
        return handle.raw
    }

    /// Turns a finished `PGresult` into a `PostgresResult` or the matching error.
    func check(_ result: OpaquePointer?, sql: String) throws -> PostgresResult {
        guard let result else { throw currentConnectionError(sql: sql) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(storage: ResultStorage(taking: result))
        default:
            defer { PQclear(result) }
            throw error(from: result, sql: sql)
        }
    }

    /// The error a failed result describes.
    func error(from result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Character) -> String? {
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        // 'C' is PG_DIAG_SQLSTATE, 'M' the primary message, 'D' detail, 'H' hint.
        guard let state = field("C") else {
            // No SQLSTATE means libpq itself gave up, nearly always because
            // the socket closed.
            let message = field("M") ?? String(cString: PQresultErrorMessage(result))
            if !isConnected { return .connectionLost(message: scrub(message), sql: sql) }
            return .queryFailed(sqlState: "XX000", message: scrub(message), detail: nil, hint: nil, sql: sql)
        }
        return .queryFailed(sqlState: state, message: scrub(field("M") ?? ""),
                            detail: field("D").map(scrub), hint: field("H").map(scrub), sql: sql)
    }

    /// The error for a call that returned no result at all.
    func currentConnectionError(sql: String?) -> PostgresError {
        let message = scrub(handle?.errorMessage ?? "connection closed")
        return .connectionLost(message: message.isEmpty ? "no result from the server" : message, sql: sql)
    }

    /// Removes the password from text that may echo connection details.
    func scrub(_ text: String) -> String {
        guard let password = configuration.password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }
}

/// Double-quotes identifiers so that any table, channel or database name is safe in SQL.
package enum SQLIdentifier {
    package static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `schema.table` quoted part by part; a dot always separates parts.
    static func quoteQualified(_ name: String) -> String {
        name.split(separator: ".", omittingEmptySubsequences: false).map { quote(String($0)) }.joined(separator: ".")
    }
}
