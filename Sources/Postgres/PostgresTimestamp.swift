import Foundation

/// `timestamptz` text in the ISO style every session is pinned to
/// (`DateStyle=ISO`, `TimeZone=UTC`): `2024-05-01 12:34:56.789012+00`.
///
/// Done by hand rather than with DateFormatter: it is exact to the
/// microsecond (PostgreSQL's resolution), allocation-free on the COPY path,
/// and has no locale or thread-safety questions. The calendar arithmetic is
/// the proleptic Gregorian days-from-civil algorithm (Howard Hinnant,
/// "chrono-Compatible Low-Level Date Algorithms").
enum PostgresTimestamp {
    private static let microsPerSecond: Int64 = 1_000_000
    private static let secondsPerDay: Int64 = 86_400

    static func append(_ date: Date, to out: inout [UInt8]) {
        let seconds = date.timeIntervalSince1970
        if seconds.isInfinite || seconds > 9.0e12 || seconds < -2.1e11 {
            // Beyond PostgreSQL's range (4713 BC to 294276 AD).
            out.append(contentsOf: (seconds > 0 ? "infinity" : "-infinity").utf8)
            return
        }
        let micros = Int64((seconds * 1e6).rounded())
        let (wholeSeconds, fraction) = floorDivide(micros, microsPerSecond)
        let (days, secondOfDay) = floorDivide(wholeSeconds, secondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        let bc = year <= 0
        appendNumber(bc ? 1 - year : year, width: 4, to: &out)
        out.append(UInt8(ascii: "-")); appendNumber(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-")); appendNumber(day, width: 2, to: &out)
        out.append(UInt8(ascii: " ")); appendNumber(secondOfDay / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":")); appendNumber(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":")); appendNumber(secondOfDay % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ".")); appendNumber(fraction, width: 6, to: &out)
        out.append(contentsOf: "+00".utf8)
        if bc { out.append(contentsOf: " BC".utf8) }
    }

    /// Reads `timestamptz`, `timestamp` (taken as UTC) or `date` text.
    /// `infinity` maps to `Date.distantFuture`, `-infinity` to `distantPast`.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = ByteScanner(text)
        if scanner.rest == "infinity" { return .distantFuture }
        if scanner.rest == "-infinity" { return .distantPast }

        guard var year = scanner.number(minDigits: 4, maxDigits: 6), scanner.skip("-"),
              let month = scanner.number(minDigits: 2, maxDigits: 2), scanner.skip("-"),
              let day = scanner.number(minDigits: 2, maxDigits: 2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var secondOfDay: Int64 = 0
        var micros: Int64 = 0
        var offset: Int64 = 0
        if scanner.skip(" ") || scanner.skip("T") {
            guard let hour = scanner.number(minDigits: 2, maxDigits: 2), scanner.skip(":"),
                  let minute = scanner.number(minDigits: 2, maxDigits: 2), scanner.skip(":"),
                  let second = scanner.number(minDigits: 2, maxDigits: 2) else { return nil }
            secondOfDay = hour * 3600 + minute * 60 + second
            if scanner.skip(".") {
                guard let digits = scanner.digits(max: 9) else { return nil }
                micros = digits.value
                var scale = digits.count
                while scale < 6 { micros *= 10; scale += 1 }
                while scale > 6 { micros /= 10; scale -= 1 }
            }
            if scanner.skip("Z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(minDigits: 2, maxDigits: 2) else { return nil }
                var seconds = hours * 3600
                if scanner.skip(":") {
                    guard let minutes = scanner.number(minDigits: 2, maxDigits: 2) else { return nil }
                    seconds += minutes * 60
                    if scanner.skip(":") {
                        guard let secs = scanner.number(minDigits: 2, maxDigits: 2) else { return nil }
                        seconds += secs
                    }
                }
                offset = sign * seconds
            }
        }
        if scanner.skip(" BC") { year = 1 - year }
        guard scanner.atEnd else { return nil }

        let days = self.days(fromCivil: year, month, day)
        let total = (days * secondsPerDay + secondOfDay - offset) * microsPerSecond + micros
        return Date(timeIntervalSince1970: Double(total) / 1e6)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (year 0 = 1 BC).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func appendNumber(_ value: Int64, width: Int, to out: inout [UInt8]) {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        var divisor: Int64 = 1
        for _ in 1..<max(count, width) { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// A cursor over ASCII text for the small hand-written parsers.
struct ByteScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    var rest: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self) }

    mutating func skip(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count,
              zip(bytes[index...], utf8).allSatisfy({ $0 == $1 }) else { return false }
        index += utf8.count
        return true
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    mutating func digits(max: Int) -> (value: Int64, count: Int)? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, count < max, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        // Digits past `max` (sub-microsecond fractions) are read and dropped.
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return count > 0 ? (value, count) : nil
    }

    mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
        let start = index
        guard let result = digits(max: maxDigits), result.count >= minDigits, index - start == result.count else {
            index = start
            return nil
        }
        return result.value
    }
}
