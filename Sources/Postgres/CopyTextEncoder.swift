/// Writes rows in the text format of `COPY … FROM STDIN`: fields separated
/// by a tab, rows ended by a newline, NULL spelled `\N`, and backslash,
/// tab, newline and carriage return escaped with a backslash (PostgreSQL
/// manual, "COPY", section "Text Format").
///
/// Escaping every backslash also makes the end-of-data marker `\.`
/// impossible inside a value.
struct CopyTextEncoder {
    private(set) var buffer: [UInt8] = []

    init(capacity: Int) { buffer.reserveCapacity(capacity) }

    /// The value in a row that cannot be sent, if any (0-based column).
    struct UnsendableValue: Error {
        let column: Int
    }

    /// Appends one row. On a throw the buffer holds a partial row, which is
    /// fine because the caller then aborts the whole COPY.
    mutating func append(row: [PostgresValue?]) throws(UnsendableValue) {
        for (column, value) in row.enumerated() {
            if column > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let value else {
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(UInt8(ascii: "N"))
                continue
            }
            switch value {
            case let .text(string):
                guard appendEscaped(string) else { throw UnsendableValue(column: column) }
            case .bytes:
                // The bytea text "\x…" has one backslash, which COPY needs doubled.
                buffer.append(UInt8(ascii: "\\"))
                value.appendText(to: &buffer)
            case .int, .double, .bool, .timestamp:
                // These spellings never contain a tab, newline or backslash.
                value.appendText(to: &buffer)
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    mutating func removeAll() { buffer.removeAll(keepingCapacity: true) }

    /// False if the string holds a NUL, which PostgreSQL text cannot store.
    private mutating func appendEscaped(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\t"): buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\n"): buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "r"))
                case 0: return false
                default: buffer.append(byte)
                }
            }
            return true
        }
    }
}
