import Postgres
import Testing

private struct Abort: Error {}

extension ServerTests {
    @Suite struct TransactionTests {
        private func count(_ table: String, on db: PostgresConnection) async throws -> Int? {
            try await db.execute("SELECT count(*) AS n FROM \(table)")[0].int("n")
        }

        @Test func aThrowRollsBackAndRethrows() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("rollback")
            try await db.execute("CREATE TABLE \(table) (n int)")
            await #expect(throws: Abort.self) {
                try await db.transaction { conn in
                    try conn.execute("INSERT INTO \(table) VALUES (1), (2)")
                    #expect(try conn.execute("SELECT count(*) AS n FROM \(table)")[0].int("n") == 2)
                    throw Abort()
                }
            }
            #expect(try await count(table, on: db) == 0)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func aCommitIsVisibleToOtherSessions() async throws {
            let db = try await TestServer.connect()
            let other = try await TestServer.connect()
            let table = TestServer.uniqueTable("commit")
            try await db.execute("CREATE TABLE \(table) (n int)")
            let inserted = try await db.transaction { conn in
                try conn.execute("INSERT INTO \(table) SELECT generate_series(1, 3)").affectedRows
            }
            #expect(inserted == 3)
            #expect(try await count(table, on: other) == 3)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func aFailedStatementRollsBackAndTheConnectionRecovers() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("failed")
            try await db.execute("CREATE TABLE \(table) (n int PRIMARY KEY)")
            let error = await #expect(throws: PostgresError.self) {
                try await db.transaction { conn in
                    try conn.execute("INSERT INTO \(table) VALUES (1)")
                    try conn.execute("INSERT INTO \(table) VALUES (1)")
                }
            }
            #expect(error?.sqlState == "23505")
            #expect(try await count(table, on: db) == 0)
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func anInnerTransactionRollsBackAloneThroughASavepoint() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("nested")
            try await db.execute("CREATE TABLE \(table) (n int)")
            try await db.transaction { conn in
                try conn.execute("INSERT INTO \(table) VALUES (1)")
                #expect(throws: Abort.self) {
                    try conn.transaction { inner in
                        try inner.execute("INSERT INTO \(table) VALUES (2)")
                        throw Abort()
                    }
                }
                try conn.transaction { inner in try inner.execute("INSERT INTO \(table) VALUES (3)") }
            }
            let rows = try await db.execute("SELECT n FROM \(table) ORDER BY n").map { try $0.int("n") }
            #expect(rows == [1, 3])
            try await db.execute("DROP TABLE \(table)")
        }
    }
}
