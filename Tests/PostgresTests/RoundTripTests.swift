import Foundation
import Postgres
import Testing

/// Strings that break naive quoting, escaping or encoding.
let hostileStrings: [String] = [
    "it's", "\"double\"", "Robert'); DROP TABLE students;--", "a;b;c;", "back\\slash\\\\", "\\",
    "tab\there", "new\nline", "cr\rlf\r\n", "<script>alert('x')</script>", "ünïcödé — 日本語 🚀👩‍👩‍👧",
    "", " ", "\\N", "\\.", "$1", "%s %d %@", "NULL", "E'\\x00'", "--", "/* c */", String(repeating: "x", count: 100_000),
]

extension ServerTests {
    @Suite struct RoundTripTests {
        @Test func hostileStringsComeBackUnchanged() async throws {
            let db = try await TestServer.connect()
            for string in hostileStrings {
                let row = try await db.execute("SELECT $1::text AS v, length($1::text) AS n", [.text(string)])[0]
                #expect(try row.string("v") == string)
                #expect(try row.int("n") == string.unicodeScalars.count)  // length() counts code points
            }
        }

        @Test func hostileStringsSurviveATableThroughInsertAndCopy() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("hostile")
            try await db.execute("CREATE TABLE \(table) (id int PRIMARY KEY, via text NOT NULL, v text)")
            for (id, string) in hostileStrings.enumerated() {
                try await db.execute("INSERT INTO \(table) (id, via, v) VALUES ($1, 'insert', $2)", [.int(id), .text(string)])
            }
            var rows: [[PostgresValue?]] = hostileStrings.enumerated().map { [.int(1000 + $0.offset), "copy", .text($0.element)] }
            rows.append([.int(5000), "copy", nil])
            let copied = try await db.copyIn(table: table, columns: ["id", "via", "v"], rows: rows)
            #expect(copied == hostileStrings.count + 1)

            let result = try await db.execute("SELECT id, v FROM \(table) ORDER BY id")
            #expect(result.count == 2 * hostileStrings.count + 1)
            for row in result {
                let id = try #require(try row.int("id"))
                let expected: String? = id == 5000 ? nil : hostileStrings[id % 1000]
                #expect(try row.string("v") == expected, "row \(id)")
            }
            #expect(try result.last!.isNull("v"))
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func nullsBindAndReadAsNil() async throws {
            let db = try await TestServer.connect()
            let row = try await db.execute(
                "SELECT $1::text AS t, $2::int8 AS i, $3::float8 AS d, $4::bool AS b, $5::bytea AS x, $6::timestamptz AS ts",
                [nil, nil, nil, nil, nil, nil])[0]
            #expect(try row.string("t") == nil)
            #expect(try row.int("i") == nil)
            #expect(try row.double("d") == nil)
            #expect(try row.bool("b") == nil)
            #expect(try row.data("x") == nil)
            #expect(try row.date("ts") == nil)
        }

        @Test func typedValuesRoundTrip() async throws {
            let db = try await TestServer.connect()
            let bytes = Data((0...255).map { UInt8($0) } + [0, 0, 92, 39])
            let ints = [0, 1, -1, Int.max, Int.min, 2_147_483_648]
            let doubles = [0.0, -0.5, 0.1, .pi, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity]
            let dates = [0, 1_700_000_000.123456, -1_234_567_890.5, 253_402_300_799.0].map(Date.init(timeIntervalSince1970:))

            for value in ints {
                #expect(try await db.execute("SELECT $1 AS v", [.int(value)])[0].int("v") == value)
            }
            for value in doubles {
                #expect(try await db.execute("SELECT $1 AS v", [.double(value)])[0].double("v") == value)
            }
            #expect(try await db.execute("SELECT $1 AS v", [.double(.nan)])[0].double("v")?.isNaN == true)
            for value in [true, false] {
                #expect(try await db.execute("SELECT $1 AS v", [.bool(value)])[0].bool("v") == value)
            }
            #expect(try await db.execute("SELECT $1 AS v", [.bytes(bytes)])[0].data("v") == bytes)
            #expect(try await db.execute("SELECT $1 AS v", [.bytes(Data())])[0].data("v") == Data())
            for value in dates {
                #expect(try await db.execute("SELECT $1 AS v", [.timestamp(value)])[0].date("v") == value)
            }
        }

        @Test func literalsInferTheirType() async throws {
            let db = try await TestServer.connect()
            let row = try await db.execute("SELECT $1 || '!' AS s, $2 + 1 AS i, $3 * 2 AS d, NOT $4 AS b",
                                           ["hi", 41, 1.25, true])[0]
            #expect(try row.string("s") == "hi!")
            #expect(try row.int("i") == 42)
            #expect(try row.double("d") == 2.5)
            #expect(try row.bool("b") == false)
            // By index too.
            #expect(try row.string(at: 0) == "hi!")
            #expect(try row.int(at: 1) == 42)
        }

        @Test func timestampColumnsOfEveryKindDecode() async throws {
            let db = try await TestServer.connect()
            let row = try await db.execute("""
                SELECT timestamptz '2024-05-01 12:34:56.789+02' AS tz, timestamp '2024-05-01 10:34:56.789' AS ts,
                       date '2024-05-01' AS d, 'infinity'::timestamptz AS inf
                """)[0]
            let expected = Date(timeIntervalSince1970: 1_714_559_696.789)
            #expect(try row.date("tz") == expected)
            #expect(try row.date("ts") == expected)
            #expect(try row.date("d") == Date(timeIntervalSince1970: 1_714_521_600))
            #expect(try row.date("inf") == .distantFuture)
        }

        @Test func resultMetadataAndAccessorErrors() async throws {
            let db = try await TestServer.connect()
            let result = try await db.execute("SELECT 1 AS one, 'x' AS \"Mixed\" UNION ALL SELECT 2, 'y'")
            #expect(result.columns == ["one", "Mixed"])
            #expect(result.count == 2)
            #expect(result.commandTag == "SELECT 2")
            #expect(try result[1].int("one") == 2)
            #expect(try result[0].string("Mixed") == "x")

            let unknown = #expect(throws: PostgresError.self) { try result[0].int("mixed") }
            #expect(unknown?.description.contains("Mixed") == true)
            let outOfRange = #expect(throws: PostgresError.self) { try result[0].int(at: 2) }
            if case .columnIndexOutOfRange(2, count: 2) = outOfRange {} else { Issue.record("got \(String(describing: outOfRange))") }
            let notAnInt = #expect(throws: PostgresError.self) { try result[0].int("Mixed") }
            if case .decodingFailed(column: "Mixed", type: _, text: "x") = notAnInt {} else {
                Issue.record("got \(String(describing: notAnInt))")
            }
        }

        @Test func textWithNULIsRefusedBeforeSending() async throws {
            let db = try await TestServer.connect()
            let error = await #expect(throws: PostgresError.self) {
                try await db.execute("SELECT $1::int, $2::text", [1, .text("a\u{0}b")])
            }
            if case .invalidParameter(index: 2, reason: _) = error {} else { Issue.record("got \(String(describing: error))") }
            #expect(try await db.execute("SELECT 1 AS ok")[0].int("ok") == 1)
        }

        @Test func commandsReportAffectedRows() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("affected")
            try await db.execute("CREATE TEMP TABLE \(table) (n int)")
            let insert = try await db.execute("INSERT INTO \(table) SELECT generate_series(1, 5)")
            #expect(insert.affectedRows == 5)
            #expect(insert.isEmpty)
            #expect(try await db.execute("DELETE FROM \(table) WHERE n > $1", [2]).affectedRows == 3)
        }
    }
}
