import CLibPQ

extension PostgresConnection {
    /// Bytes gathered before each `PQputCopyData`: big enough that call
    /// overhead vanishes, small enough that memory stays flat however many
    /// rows stream through.
    static let copyChunkSize = 64 * 1024

    /// Bulk-loads `rows` with `COPY table (columns…) FROM STDIN`, streaming
    /// them to the server in 64 KiB chunks, and returns the number of rows
    /// copied. Each row holds one value per column; nil is NULL.
    ///
    /// `table` may be schema-qualified (`schema.table`); names are quoted, so
    /// they match case-sensitively. The COPY is all-or-nothing: on any error
    /// no row is stored.
    ///
    /// - Throws: `copyRowWidthMismatch`, `invalidParameter` (text holding a
    ///   NUL), `queryFailed` (bad data, unknown table or column, constraint
    ///   violations), `connectionLost`.
    @discardableResult
    public func copyIn(table: String, columns: [String], rows: some Sequence<[PostgresValue?]>) throws -> Int {
        let conn = try liveConnection()
        let sql = "COPY \(SQLIdentifier.quoteQualified(table)) (\(columns.map(SQLIdentifier.quote).joined(separator: ", "))) FROM STDIN"
        let start = PQexecParams(conn, sql, 0, nil, nil, nil, nil, 0)
        guard let start else { throw currentConnectionError(sql: sql) }
        guard PQresultStatus(start) == PGRES_COPY_IN else {
            defer { PQclear(start) }
            throw error(from: start, sql: sql)
        }
        PQclear(start)

        let encoder = CopyTextEncoder(capacity: Self.copyChunkSize + 4096)
        var rowNumber = 0
        for row in rows {
            rowNumber += 1
            guard row.count == columns.count else {
                abortCopy(conn, reason: "row width mismatch", sql: sql)
                throw PostgresError.copyRowWidthMismatch(table: table, row: rowNumber, expected: columns.count, got: row.count)
            }
            do {
                try encoder.append(row: row)
            } catch {
                abortCopy(conn, reason: "unsendable value", sql: sql)
                throw PostgresError.invalidParameter(
                    index: error.column + 1,
                    reason: "row \(rowNumber) of the COPY into \(table) has text with a NUL character, which PostgreSQL text cannot store")
            }
            if encoder.count >= Self.copyChunkSize {
                try send(encoder, on: conn, sql: sql)
                encoder.removeAll()
            }
        }
        if encoder.count > 0 { try send(encoder, on: conn, sql: sql) }
        guard PQputCopyEnd(conn, nil) == 1 else { throw currentConnectionError(sql: sql) }
        return try finishCopy(conn, sql: sql).affectedRows
    }

    private func send(_ encoder: CopyTextEncoder, on conn: OpaquePointer, sql: String) throws {
        let sent = encoder.withBytes { raw in
            PQputCopyData(conn, raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count))
        }
        // In blocking mode the only failure is -1: the connection broke. A
        // server error that explains it, if any, waits in PQgetResult.
        guard sent == 1 else {
            let lost = currentConnectionError(sql: sql)
            do {
                _ = try finishCopy(conn, sql: sql)
            } catch let serverError as PostgresError where serverError.sqlState != nil {
                throw serverError
            } catch {}
            throw lost
        }
    }

    /// Collects the COPY's outcome and drains libpq's result queue, which
    /// must be empty before the connection takes another statement.
    private func finishCopy(_ conn: OpaquePointer, sql: String) throws -> PostgresResult {
        var outcome: Result<PostgresResult, any Error> = .failure(currentConnectionError(sql: sql))
        var first = true
        while let result = PQgetResult(conn) {
            if first {
                outcome = Result { try check(result, sql: sql) }
                first = false
            } else {
                PQclear(result)
            }
        }
        return try outcome.get()
    }

    /// Ends a COPY with an error so the server stores nothing of it.
    private func abortCopy(_ conn: OpaquePointer, reason: String, sql: String) {
        if PQputCopyEnd(conn, reason) == 1 { _ = try? finishCopy(conn, sql: sql) }
    }
}
