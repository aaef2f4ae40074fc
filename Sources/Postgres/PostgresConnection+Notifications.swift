import CLibPQ
import Foundation

/// A message sent with `NOTIFY channel, 'payload'` or `pg_notify`.
public struct PostgresNotification: Sendable, Hashable {
    /// The channel name, exactly as given to NOTIFY (case preserved).
    public let channel: String
    /// The payload; empty if none was sent.
    public let payload: String
    /// Process id of the server backend that sent it.
    public let senderPID: Int32
}

extension PostgresConnection {
    /// Starts receiving notifications on `channel` (kept across `reconnect()`).
    ///
    /// - Throws: `PostgresError` from the LISTEN statement.
    public func listen(_ channel: String) throws {
        try execute("LISTEN \(SQLIdentifier.quote(channel))")
        listeningChannels.insert(channel)
    }

    /// Stops receiving notifications on `channel`.
    ///
    /// - Throws: `PostgresError` from the UNLISTEN statement.
    public func unlisten(_ channel: String) throws {
        try execute("UNLISTEN \(SQLIdentifier.quote(channel))")
        listeningChannels.remove(channel)
    }

    /// Sends a notification (delivered when the current transaction commits).
    ///
    /// - Throws: `PostgresError` from `pg_notify`.
    public func notify(_ channel: String, payload: String = "") throws {
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// Returns the next notification on a channel this connection LISTENs
    /// to, waiting at most `timeout`; nil if none came in time. A timeout of
    /// zero only collects what has already arrived.
    ///
    /// While waiting it blocks this connection (only), and it checks for
    /// task cancellation every 100 ms.
    ///
    /// - Throws: `connectionLost` if the session dies while waiting, or
    ///   `CancellationError`.
    public func nextNotification(timeout: Duration) throws -> PostgresNotification? {
        let conn = try liveConnection()
        let deadline = ContinuousClock.now + timeout
        while true {
            guard PQconsumeInput(conn) == 1 else { throw currentConnectionError(sql: nil) }
            if let notification = takeNotification(conn) { return notification }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero { return nil }
            try Task.checkCancellation()
            try waitForInput(conn, atMost: min(remaining, .milliseconds(100)))
        }
    }

    private func takeNotification(_ conn: OpaquePointer) -> PostgresNotification? {
        guard let raw = PQnotifies(conn) else { return nil }
        defer { PQfreemem(raw) }
        return PostgresNotification(
            channel: String(cString: raw.pointee.relname),
            payload: raw.pointee.extra.map { String(cString: $0) } ?? "",
            senderPID: raw.pointee.be_pid)
    }

    /// Sleeps until the server socket is readable or `limit` passes.
    private func waitForInput(_ conn: OpaquePointer, atMost limit: Duration) throws {
        let socket = PQsocket(conn)
        guard socket >= 0 else { throw currentConnectionError(sql: nil) }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = limit.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 && errno != EINTR {
            throw PostgresError.connectionLost(message: "poll on the server socket failed: \(String(cString: strerror(errno)))", sql: nil)
        }
    }
}
