import Foundation
import Postgres
import Testing

extension ServerTests {
    @Suite struct CopyTests {
        @Test func copiesOneHundredThousandRows() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("copy100k")
            try await db.execute("""
                CREATE TABLE \(table) (id int PRIMARY KEY, name text NOT NULL, score float8, ok bool, note text)
                """)
            let count = 100_000
            @Sendable func row(_ i: Int) -> [PostgresValue?] {
                let note: PostgresValue? = i % 10 == 0 ? nil : .text("note;\(i)\n")
                return [.int(i), .text("row \(i)\twith\\tab"), .double(Double(i) / 4), .bool(i % 2 == 0), note]
            }
            let copied = try await db.copyIn(table: table, columns: ["id", "name", "score", "ok", "note"],
                                             rows: (0..<count).lazy.map(row))
            #expect(copied == count)

            let totals = try await db.execute("SELECT count(*) AS n, sum(id) AS s, count(note) AS notes FROM \(table)")[0]
            #expect(try totals.int("n") == count)
            #expect(try totals.int("s") == count * (count - 1) / 2)
            #expect(try totals.int("notes") == count - count / 10)
            for i in [0, 1, 12_345, 99_999] {
                let row = try await db.execute("SELECT * FROM \(table) WHERE id = $1", [.int(i)])[0]
                #expect(try row.string("name") == "row \(i)\twith\\tab")
                #expect(try row.double("score") == Double(i) / 4)
                #expect(try row.bool("ok") == (i % 2 == 0))
                #expect(try row.string("note") == (i % 10 == 0 ? nil : "note;\(i)\n"))
            }
            try await db.execute("DROP TABLE \(table)")
        }

        /// Not a pass/fail check: prints how long a million narrow rows take,
        /// which should stay well under ten seconds.
        @Test func measuresCopyOfOneMillionNarrowRows() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("copy1m")
            try await db.execute("CREATE TABLE \(table) (id int8, run int4, value float8)")
            let count = 1_000_000
            let clock = ContinuousClock()
            let started = clock.now
            @Sendable func row(_ i: Int) -> [PostgresValue?] { [.int(i), .int(7), .double(Double(i) * 0.5)] }
            let copied = try await db.copyIn(table: table, columns: ["id", "run", "value"],
                                             rows: (0..<count).lazy.map(row))
            let elapsed = clock.now - started
            print("COPY of \(count) rows × 3 columns took \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))")
            #expect(copied == count)
            #expect(try await db.execute("SELECT count(*) AS n FROM \(table)")[0].int("n") == count)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func aRowOfTheWrongWidthAbortsTheWholeCopy() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("copywidth")
            try await db.execute("CREATE TABLE \(table) (a int, b text)")
            let rows: [[PostgresValue?]] = [[1, "x"], [2, "y"], [3]]
            let error = await #expect(throws: PostgresError.self) {
                try await db.copyIn(table: table, columns: ["a", "b"], rows: rows)
            }
            if case .copyRowWidthMismatch(table: table, row: 3, expected: 2, got: 1) = error {} else {
                Issue.record("got \(String(describing: error))")
            }
            #expect(try await db.execute("SELECT count(*) AS n FROM \(table)")[0].int("n") == 0)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func badDataIsReportedByTheServerAndLeavesTheConnectionUsable() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("copybad")
            try await db.execute("CREATE TABLE \(table) (a int UNIQUE)")
            let duplicate = await #expect(throws: PostgresError.self) {
                try await db.copyIn(table: table, columns: ["a"], rows: [[1], [2], [1]])
            }
            #expect(duplicate?.sqlState == "23505")
            let notAnInt = await #expect(throws: PostgresError.self) {
                try await db.copyIn(table: table, columns: ["a"], rows: [["one"]])
            }
            #expect(notAnInt?.sqlState == "22P02")
            let missing = await #expect(throws: PostgresError.self) {
                try await db.copyIn(table: table + "_missing", columns: ["a"], rows: [[1]])
            }
            #expect(missing?.sqlState == "42P01")
            #expect(try await db.execute("SELECT count(*) AS n FROM \(table)")[0].int("n") == 0)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func quotesMixedCaseAndSchemaQualifiedNames() async throws {
            let db = try await TestServer.connect()
            let schema = TestServer.uniqueTable("s")
            try await db.execute("CREATE SCHEMA \(schema)")
            try await db.execute("CREATE TABLE \(schema).\"Odd Table\" (\"Weird \"\"Col\" text)")
            let copied = try await db.copyIn(table: "\(schema).Odd Table", columns: ["Weird \"Col"], rows: [["a"], ["b"]])
            #expect(copied == 2)
            try await db.execute("DROP SCHEMA \(schema) CASCADE")
        }
    }
}
