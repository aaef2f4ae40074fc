import Foundation

/// Everything the libpq wrapper can report.
///
/// Messages name what to do next. None of them ever contains a password: the
/// connection target is shown through `PostgresConfiguration.redacted`, and
/// libpq's own text is scrubbed of the password before it is stored here.
/// Query errors carry the SQL text but never the parameter values.
public enum PostgresError: Error, Sendable, CustomStringConvertible {
    /// The connection string could not be understood.
    case invalidConfiguration(reason: String)
    /// libpq could not open a session. `target` is the redacted address.
    case connectionFailed(target: String, message: String)
    /// The session died under a statement (server restart, crash, network).
    /// `sql` is the statement that was running, if any.
    case connectionLost(message: String, sql: String?)
    /// A statement was sent on a connection that was never opened or closed.
    case notConnected
    /// The server rejected a statement. `sqlState` is the five-character
    /// SQLSTATE code (for example `23505` for a unique violation).
    case queryFailed(sqlState: String, message: String, detail: String?, hint: String?, sql: String)
    /// A parameter or COPY value cannot be sent (parameters count from 1,
    /// like `$1`).
    case invalidParameter(index: Int, reason: String)
    /// A row handed to `copyIn` had the wrong number of values.
    case copyRowWidthMismatch(table: String, row: Int, expected: Int, got: Int)
    /// A column asked for by name is not in the result.
    case unknownColumn(String, available: [String])
    /// A column index is outside the result.
    case columnIndexOutOfRange(Int, count: Int)
    /// A value's text could not be read as the requested Swift type.
    case decodingFailed(column: String, type: String, text: String)

    /// The SQLSTATE of a server-reported error, if there is one.
    public var sqlState: String? {
        if case let .queryFailed(state, _, _, _, _) = self { return state }
        return nil
    }

    /// Whether running the same work again, on a fresh connection if need be,
    /// can succeed: lost or refused connections, serialization failures,
    /// deadlocks, server shutdown or start-up, and resource exhaustion.
    /// Syntax errors, constraint violations and misuse of this API are not.
    public var isRetryable: Bool {
        switch self {
        case let .connectionFailed(_, message):
            return !ConnectionFailure.isPermanent(message)
        case .connectionLost:
            return true
        case let .queryFailed(state, _, _, _, _):
            return SQLState.isRetryable(state)
        case .invalidConfiguration, .notConnected, .invalidParameter, .copyRowWidthMismatch,
             .unknownColumn, .columnIndexOutOfRange, .decodingFailed:
            return false
        }
    }

    public var description: String {
        switch self {
        case let .invalidConfiguration(reason):
            return "Invalid PostgreSQL connection string: \(reason). "
                + "Use postgresql://user[:password]@host[:port]/database[?host=/socket/dir] "
                + "or key=value pairs such as \"host=/socket/dir dbname=name\"."
        case let .connectionFailed(target, message):
            let next = isRetryable
                ? "Check that the server is running and reachable (for the embedded cluster: EmbeddedPostgres.start()), then retry."
                : "Fix the user, password or database name in the connection string; retrying will not help."
            return "Could not connect to PostgreSQL at \(target): \(message.trimmed). \(next)"
        case let .connectionLost(message, sql):
            let statement = sql.map { " while running \(SQLText.excerpt($0))" } ?? ""
            return "The connection to PostgreSQL was lost\(statement): \(message.trimmed). "
                + "Call reconnect() and run the work again."
        case .notConnected:
            return "The PostgreSQL connection is not open; call connect() or reconnect() first."
        case let .queryFailed(state, message, detail, hint, sql):
            var parts = ["PostgreSQL rejected \(SQLText.excerpt(sql)): \(message.trimmed) (SQLSTATE \(state))."]
            if let detail, !detail.isEmpty { parts.append("Detail: \(detail.trimmed).") }
            if let hint, !hint.isEmpty { parts.append("Hint: \(hint.trimmed).") }
            parts.append(SQLState.advice(state))
            return parts.joined(separator: " ")
        case let .invalidParameter(index, reason):
            return "Parameter $\(index) cannot be sent: \(reason)."
        case let .copyRowWidthMismatch(table, row, expected, got):
            return "COPY into \(table) stopped at row \(row): it has \(got) values but \(expected) columns were named. "
                + "Nothing was copied; give every row one value per column (nil for NULL)."
        case let .unknownColumn(name, available):
            return "The result has no column \"\(name)\"; its columns are \(available.joined(separator: ", ")). "
                + "Check the select list or use an alias (AS \(name))."
        case let .columnIndexOutOfRange(index, count):
            return "Column index \(index) is out of range: the result has \(count) columns (0..<\(count))."
        case let .decodingFailed(column, type, text):
            return "Column \"\(column)\" holds \(SQLText.excerpt(text, limit: 40)), which is not a \(type). "
                + "Cast it in SQL or read it with a matching accessor."
        }
    }
}

/// SQLSTATE classification. Codes are listed in Appendix A of the PostgreSQL
/// manual; the first two characters are the class.
enum SQLState {
    static func isRetryable(_ state: String) -> Bool {
        switch state {
        case "40001", // serialization_failure: retry the transaction
             "40P01", // deadlock_detected: one side was chosen to fail
             "57P01", // admin_shutdown
             "57P02", // crash_shutdown
             "57P03": // cannot_connect_now (starting up or in recovery)
            return true
        default:
            // 08: connection exception; 53: insufficient resources (disk
            // full, out of memory, too many connections) may clear up.
            return state.hasPrefix("08") || state.hasPrefix("53")
        }
    }

    /// One sentence on what to do about an error of this class.
    static func advice(_ state: String) -> String {
        if isRetryable(state) {
            if state.hasPrefix("40") { return "Run the whole transaction again." }
            return "Reconnect if needed and retry."
        }
        switch state.prefix(2) {
        case "23": return "The data breaks a constraint; retrying will not help: change the values or the schema."
        case "42": return "Fix the SQL text (syntax, names or privileges); retrying will not help."
        case "22": return "A value is invalid for its column type; fix the parameter."
        case "25": return "The transaction is in the wrong state (perhaps aborted); roll back and start again."
        default: return "Check the statement and its parameters."
        }
    }
}

/// libpq reports start-up failures only as text, without the SQLSTATE the
/// server sent, so the few permanent ones are recognised by their (English)
/// wording. Anything not recognised counts as transient, since a server that
/// is down or starting is the usual cause.
enum ConnectionFailure {
    static let permanentMarkers = [
        "authentication failed", "no password supplied", "does not exist",
        "no pg_hba.conf entry", "invalid connection option", "invalid URI",
        "permission denied",
    ]

    static func isPermanent(_ message: String) -> Bool {
        permanentMarkers.contains { message.localizedCaseInsensitiveContains($0) }
    }
}

enum SQLText {
    /// SQL shortened for a one-line message; whitespace runs are folded.
    static func excerpt(_ sql: String, limit: Int = 200) -> String {
        let folded = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if folded.count <= limit { return "\"\(folded)\"" }
        return "\"\(folded.prefix(limit))…\""
    }
}

extension String {
    /// Without surrounding white space and trailing full stops, for messages
    /// that end in a sentence of their own (here and in EmbeddedCluster).
    package var trimmed: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace || last == "." { s = s.dropLast() }
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        return String(s)
    }
}
