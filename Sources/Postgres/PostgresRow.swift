import Foundation

/// One row of a `PostgresResult`. Read a column by name or by index; every
/// accessor returns nil for SQL NULL and throws if the text is not the type
/// asked for (`PostgresError.decodingFailed`) or the column does not exist
/// (`unknownColumn`, `columnIndexOutOfRange`).
///
/// Names match exactly as the server reports them: unquoted identifiers come
/// back in lower case, so `SELECT 1 AS Total` is read as `"total"`.
public struct PostgresRow: Sendable {
    let storage: ResultStorage
    /// The row's position in its result.
    public let index: Int

    /// Column names of the result this row belongs to.
    public var columns: [String] { storage.columns }

    /// Whether the named column is SQL NULL in this row.
    public func isNull(_ column: String) throws -> Bool {
        storage.isNull(row: index, column: try position(of: column))
    }

    /// The column's text as it came from the server (any type reads as text).
    public func string(_ column: String) throws -> String? { try string(at: position(of: column)) }
    /// An integer column (`smallint`, `integer`, `bigint`, or text holding one).
    public func int(_ column: String) throws -> Int? { try int(at: position(of: column)) }
    /// A `real`, `double precision`, `numeric` or integer column as a Double.
    public func double(_ column: String) throws -> Double? { try double(at: position(of: column)) }
    /// A `boolean` column.
    public func bool(_ column: String) throws -> Bool? { try bool(at: position(of: column)) }
    /// A `bytea` column's bytes.
    public func data(_ column: String) throws -> Data? { try data(at: position(of: column)) }
    /// A `timestamptz`, `timestamp` (read as UTC) or `date` column.
    public func date(_ column: String) throws -> Date? { try date(at: position(of: column)) }

    /// `string(_:)` by 0-based column index; the other `at:` accessors
    /// likewise mirror their by-name forms.
    public func string(at column: Int) throws -> String? {
        try text(column) { String(decoding: $0, as: UTF8.self) }
    }

    public func int(at column: Int) throws -> Int? {
        try decode(column, as: "integer") { Int(String(decoding: $0, as: UTF8.self)) }
    }

    public func double(at column: Int) throws -> Double? {
        // Double(_:) reads "NaN", "Infinity" and "-Infinity" as PostgreSQL writes them.
        try decode(column, as: "floating-point number") { Double(String(decoding: $0, as: UTF8.self)) }
    }

    public func bool(at column: Int) throws -> Bool? {
        try decode(column, as: "boolean") { bytes in
            switch String(decoding: bytes, as: UTF8.self) {
            case "t", "true": return true
            case "f", "false": return false
            default: return nil
            }
        }
    }

    public func data(at column: Int) throws -> Data? {
        try decode(column, as: "bytea value") { ByteaHex.decode($0) }
    }

    public func date(at column: Int) throws -> Date? {
        try decode(column, as: "timestamp") { PostgresTimestamp.parse($0) }
    }

    private func position(of name: String) throws -> Int {
        guard let position = storage.columnIndex[name] else {
            throw PostgresError.unknownColumn(name, available: storage.columns)
        }
        return position
    }

    private func text<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        guard (0..<storage.columns.count).contains(column) else {
            throw PostgresError.columnIndexOutOfRange(column, count: storage.columns.count)
        }
        return try storage.withText(row: index, column: column, body)
    }

    private func decode<T>(_ column: Int, as type: String,
                           _ parse: (UnsafeBufferPointer<UInt8>) -> T?) throws -> T? {
        try text(column) { bytes in
            guard let value = parse(bytes) else {
                throw PostgresError.decodingFailed(column: storage.columns[column], type: type,
                                                   text: String(decoding: bytes, as: UTF8.self))
            }
            return value
        }
    }
}
