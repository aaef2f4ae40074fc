import Foundation
@testable import Postgres
import Testing

/// The text codecs, without a server.
@Suite struct CodecTests {
    private func timestampText(_ date: Date) -> String {
        var out: [UInt8] = []
        PostgresTimestamp.append(date, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func parseTimestamp(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { PostgresTimestamp.parse($0) }
    }

    @Test(arguments: [
        (0.0, "1970-01-01 00:00:00.000000+00"),
        (1_700_000_000.123456, "2023-11-14 22:13:20.123456+00"),
        (951_782_400.5, "2000-02-29 00:00:00.500000+00"),
        (-0.000001, "1969-12-31 23:59:59.999999+00"),
        (-62_135_596_800.0, "0001-01-01 00:00:00.000000+00"),
        (-62_135_596_800.0 - 86_400, "0001-12-31 00:00:00.000000+00 BC"),
    ])
    func timestampsFormatAndParseBack(seconds: Double, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(timestampText(date) == text)
        #expect(parseTimestamp(text) == date)
    }

    @Test func timestampParserAcceptsOffsetsDatesAndInfinity() {
        #expect(parseTimestamp("2024-01-02 03:04:05+05:30") == parseTimestamp("2024-01-01 21:34:05+00"))
        #expect(parseTimestamp("2024-01-02 03:04:05.5-02") == parseTimestamp("2024-01-02 05:04:05.5+00"))
        #expect(parseTimestamp("2024-01-02") == parseTimestamp("2024-01-02 00:00:00"))
        #expect(parseTimestamp("2024-01-02T03:04:05Z") == parseTimestamp("2024-01-02 03:04:05"))
        #expect(parseTimestamp("2024-01-02 03:04:05.1234567+00") == parseTimestamp("2024-01-02 03:04:05.123456"))
        #expect(parseTimestamp("infinity") == .distantFuture)
        #expect(parseTimestamp("-infinity") == .distantPast)
        for bad in ["", "2024", "2024-13-01", "2024-01-02 3:04:05", "2024-01-02 03:04:05 junk", "yesterday"] {
            #expect(parseTimestamp(bad) == nil, "\(bad)")
        }
    }

    @Test func byteaHexRoundTripsEveryByte() {
        let data = Data((0...255).map { UInt8($0) } + [0, 0xFF])
        var out: [UInt8] = []
        ByteaHex.append(data, to: &out)
        #expect(out.prefix(6) == Array(#"\x0001"#.utf8)[...])
        #expect(out.withUnsafeBufferPointer { ByteaHex.decode($0) } == data)
        #expect(Array(#"\x0g"#.utf8).withUnsafeBufferPointer { ByteaHex.decode($0) } == nil)
        #expect(Array(#"\x0"#.utf8).withUnsafeBufferPointer { ByteaHex.decode($0) } == nil)
    }

    @Test func copyEncoderEscapesExactlyWhatTextCopyNeeds() throws {
        let encoder = CopyTextEncoder(capacity: 0)
        try encoder.append(row: [.text("a\tb\\c\nd\re;'\"<x>\\N"), nil, 5, -1.5, true, .bytes(Data([1, 0xAB]))])
        try encoder.append(row: [.text(""), .text("\\."), .timestamp(Date(timeIntervalSince1970: 0)),
                                 .bytes(Data()), .timestamp(Date(timeIntervalSince1970: 1.5)), .int(Int.min)])
        let expected = #"a\tb\\c\nd\re;'"<x>\\N"# + "\t" + #"\N"# + "\t5\t-1.5\tt\t" + #"\\x01ab"# + "\n"
            + "\t" + #"\\."# + "\t1970-01-01 00:00:00.000000+00\t" + #"\\x"# + "\t1970-01-01 00:00:01.500000+00"
            + "\t-9223372036854775808\n"
        #expect(encoder.text == expected)
    }

    @Test func copyEncoderRefusesNULAndDropsTheRow() throws {
        let encoder = CopyTextEncoder(capacity: 0)
        try encoder.append(row: [1, "kept"])
        let error = #expect(throws: CopyTextEncoder.UnsendableValue.self) { try encoder.append(row: [2, .text("a\u{0}b")]) }
        #expect(error?.column == 1)
        #expect(encoder.text == "1\tkept\n")
    }

    @Test func floatsUsePostgresSpellings() {
        #expect(PostgresValue.floatText(.nan) == "NaN")
        #expect(PostgresValue.floatText(.infinity) == "Infinity")
        #expect(PostgresValue.floatText(-.infinity) == "-Infinity")
        #expect(PostgresValue.floatText(0.1) == "0.1")
    }

    @Test(arguments: [
        ("08006", true), ("08001", true), ("40001", true), ("40P01", true), ("57P01", true),
        ("57P02", true), ("57P03", true), ("53300", true), ("53100", true),
        ("23505", false), ("23503", false), ("42601", false), ("42P01", false), ("22P02", false),
        ("57014", false), ("40002", false), ("XX000", false),
    ])
    func sqlStateRetryClassification(state: String, retryable: Bool) {
        let error = PostgresError.queryFailed(sqlState: state, message: "m", detail: nil, hint: nil, sql: "SELECT 1")
        #expect(error.isRetryable == retryable)
        #expect(error.sqlState == state)
    }

    @Test func connectionErrorsAreRetryableUnlessTheServerRefusedTheLogin() {
        let down = PostgresError.connectionFailed(
            target: "postgresql:///", message: #"connection to server on socket "/x/.s.PGSQL.5432" failed: No such file or directory"#)
        #expect(down.isRetryable)
        #expect(PostgresError.connectionLost(message: "server closed the connection unexpectedly", sql: nil).isRetryable)
        let refused = PostgresError.connectionFailed(target: "postgresql:///", message: #"FATAL:  database "nope" does not exist"#)
        #expect(!refused.isRetryable)
        #expect(!PostgresError.notConnected.isRetryable)
    }
}
