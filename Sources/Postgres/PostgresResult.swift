import CLibPQ

/// The outcome of one statement: its rows (if any) and the command tag.
///
/// Values stay in libpq's buffer and are decoded only when a row accessor
/// asks, so a large result costs no more than libpq already spent on it.
public struct PostgresResult: Sendable, RandomAccessCollection {
    let storage: ResultStorage

    /// Column names in select-list order.
    public var columns: [String] { storage.columns }
    /// The command tag, such as `INSERT 0 3` or `SELECT 2`.
    public var commandTag: String { storage.commandTag }
    /// Rows inserted, updated, deleted, copied or selected; 0 for other commands.
    public var affectedRows: Int { storage.affectedRows }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.rowCount }
    public subscript(position: Int) -> PostgresRow {
        precondition(indices.contains(position), "row \(position) is outside 0..<\(count)")
        return PostgresRow(storage: storage, index: position)
    }
}

/// Owns one `PGresult`.
///
/// `@unchecked Sendable` because a PGresult is immutable once libpq hands it
/// over and does not refer back to its connection (libpq documentation,
/// "Main Functions"), so reading it from several threads is safe; it is
/// freed exactly once, when the last row or result referring to it goes.
final class ResultStorage: @unchecked Sendable {
    let handle: OpaquePointer
    let rowCount: Int
    let columns: [String]
    let columnIndex: [String: Int]
    let commandTag: String
    let affectedRows: Int

    init(taking handle: OpaquePointer) {
        self.handle = handle
        rowCount = Int(PQntuples(handle))
        columns = (0..<PQnfields(handle)).map { String(cString: PQfname(handle, $0)) }
        // First occurrence wins, as in SQL where a duplicate name is ambiguous.
        var index: [String: Int] = [:]
        for (position, name) in columns.enumerated() where index[name] == nil { index[name] = position }
        columnIndex = index
        commandTag = String(cString: PQcmdStatus(handle))
        affectedRows = Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    deinit { PQclear(handle) }

    func isNull(row: Int, column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The raw text of one field, valid while `self` lives; nil for NULL.
    func withText<T>(row: Int, column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T? {
        if isNull(row: row, column: column) { return nil }
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        let start = UnsafeRawPointer(PQgetvalue(handle, Int32(row), Int32(column))!)
        return try body(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: length))
    }
}
