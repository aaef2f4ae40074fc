import Foundation

/// Writes rows in the text format of `COPY … FROM STDIN`: fields separated
/// by a tab, rows ended by a newline, NULL spelled `\N`, and backslash,
/// tab, newline and carriage return escaped with a backslash (PostgreSQL
/// manual, "COPY", section "Text Format").
///
/// Escaping every backslash also makes the end-of-data marker `\.`
/// impossible inside a value.
///
/// This is the inner loop of bulk loading. It writes through a pointer into
/// memory it owns, in one pass per row, copies runs of text that need no
/// escaping with `strcspn` and `memcpy`, and formats integers by hand.
/// Appending to an `[UInt8]` byte by byte cost about twice as much in debug
/// builds, which is how the tests run.
final class CopyTextEncoder {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far: `base[0..<count]`.
    private(set) var count = 0
    /// For the rare values (timestamps, bytea) formatted by other helpers.
    private var scratch: [UInt8] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The value in a row that cannot be sent (0-based column).
    struct UnsendableValue: Error {
        let column: Int
    }

    /// The encoded rows as text (for tests and messages).
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Lends the encoded bytes to `body`.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    func removeAll() { count = 0 }

    /// Appends one row. On a throw nothing of the row is kept.
    func append(row: [PostgresValue?]) throws(UnsendableValue) {
        let start = count
        for column in 0..<row.count {
            if column > 0 { put(UInt8(ascii: "\t")) }
            switch row[column] {
            case nil:
                reserve(2)
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "N"))
            case let .text(string)?:
                guard putEscaped(string) else {
                    count = start
                    throw UnsendableValue(column: column)
                }
            case let .int(number)?:
                putInteger(number)
            case let .double(number)?:
                var text = PostgresValue.floatText(number)
                text.withUTF8 { putBytes($0) }
            case let .bool(flag)?:
                put(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
            case let .timestamp(date)?:
                scratch.removeAll(keepingCapacity: true)
                PostgresTimestamp.append(date, to: &scratch)
                scratch.withUnsafeBufferPointer { putBytes($0) }
            case let .bytes(data)?:
                // The bytea text "\x…" has one backslash, which COPY needs doubled.
                scratch.removeAll(keepingCapacity: true)
                scratch.append(UInt8(ascii: "\\"))
                ByteaHex.append(data, to: &scratch)
                scratch.withUnsafeBufferPointer { putBytes($0) }
            }
        }
        put(UInt8(ascii: "\n"))
    }

    /// Makes room for `extra` more bytes.
    private func reserve(_ extra: Int) {
        guard capacity - count < extra else { return }
        let grown = max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    private func put(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private func putBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    private func putInteger(_ number: Int) {
        reserve(20)
        if number < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = number.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var cursor = base + count + digits
        repeat {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    /// The bytes COPY gives meaning to, NUL-terminated for strcspn:
    /// backslash, tab, newline, carriage return.
    private static let specials: [CChar] = [0x5C, 0x09, 0x0A, 0x0D, 0]

    /// Copies `string` escaped; false if it holds a NUL, which PostgreSQL
    /// text cannot store.
    private func putEscaped(_ string: String) -> Bool {
        let length = string.utf8.count
        // Escaping at most doubles the text.
        reserve(length * 2)
        return string.withCString { source in
            Self.specials.withUnsafeBufferPointer { specials in
                var cursor = source
                var remaining = length
                while true {
                    // strcspn stops at the first special byte or at a NUL,
                    // whether the terminator or one inside the string.
                    let plain = strcspn(cursor, specials.baseAddress!)
                    if plain > 0 {
                        memcpy(base + count, cursor, plain)
                        count += plain
                        cursor += plain
                        remaining -= plain
                    }
                    if remaining == 0 { return true }
                    let escaped: UInt8
                    switch UInt8(bitPattern: cursor.pointee) {
                    case 0: return false
                    case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                    case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                    case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                    default: escaped = UInt8(ascii: "\\")
                    }
                    base[count] = UInt8(ascii: "\\")
                    base[count + 1] = escaped
                    count += 2
                    cursor += 1
                    remaining -= 1
                }
            }
        }
    }
}
