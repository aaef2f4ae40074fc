import Foundation

/// A statement parameter or a COPY field. `nil` (an absent `PostgresValue?`)
/// is SQL NULL.
///
/// Every value travels in PostgreSQL's text format, separate from the SQL
/// text, so no value is ever spliced into a statement. Literals work:
/// `try await db.execute("SELECT $1, $2", ["it's", 42])`.
public enum PostgresValue: Sendable, Hashable {
    /// Sent untyped, so the server reads it as whatever the context needs.
    case text(String)
    /// Sent as `bigint`.
    case int(Int)
    /// Sent as `double precision`; NaN and ±infinity included.
    case double(Double)
    /// Sent as `boolean`.
    case bool(Bool)
    /// Sent as `bytea`.
    case bytes(Data)
    /// Sent as `timestamptz`, to the microsecond, in UTC.
    case timestamp(Date)

    /// The type the server is told the parameter has. Text goes out as
    /// "unknown" (OID 0) so the server infers it from context, exactly as it
    /// would for a quoted literal; the others name their type so that
    /// `SELECT $1` gives back an integer, not a string.
    var typeOID: UInt32 {
        switch self {
        case .text: return 0
        case .int: return 20          // int8
        case .double: return 701      // float8
        case .bool: return 16         // bool
        case .bytes: return 17        // bytea
        case .timestamp: return 1184  // timestamptz
        }
    }

    /// Appends the value's text form (without any COPY escaping) to `out`.
    func appendText(to out: inout [UInt8]) {
        switch self {
        case let .text(string): out.append(contentsOf: string.utf8)
        case let .int(number): out.append(contentsOf: String(number).utf8)
        case let .double(number): out.append(contentsOf: Self.floatText(number).utf8)
        case let .bool(flag): out.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case let .bytes(data): ByteaHex.append(data, to: &out)
        case let .timestamp(date): PostgresTimestamp.append(date, to: &out)
        }
    }

    /// True if the value would carry a NUL byte, which PostgreSQL text cannot
    /// hold and which would silently cut a C-string parameter short.
    var containsNUL: Bool {
        if case let .text(string) = self { return string.utf8.contains(0) }
        return false
    }

    /// Swift's shortest round-trip spelling, with PostgreSQL's names for the
    /// special values.
    static func floatText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }
}

extension PostgresValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension PostgresValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension PostgresValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension PostgresValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// `bytea` in hex form: `\x` then two lowercase hex digits per byte.
enum ByteaHex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func append(_ data: Data, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 2 + data.count * 2)
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "x"))
        for byte in data {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
    }

    /// Reads the hex form; nil if it is not one. The session pins
    /// `bytea_output = hex`, so the older escape form never arrives.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"),
              text.count % 2 == 0 else { return nil }
        var data = Data(count: (text.count - 2) / 2)
        let ok = data.withUnsafeMutableBytes { raw -> Bool in
            var index = 2
            for slot in 0..<raw.count {
                guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return false }
                raw[slot] = high << 4 | low
                index += 2
            }
            return true
        }
        return ok ? data : nil
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
