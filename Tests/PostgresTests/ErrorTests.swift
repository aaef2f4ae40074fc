import Foundation
import Postgres
import Testing

extension ServerTests {
    @Suite struct ErrorTests {
        @Test func aUniqueViolationIs23505AndNotRetryable() async throws {
            let db = try await TestServer.connect()
            let table = TestServer.uniqueTable("unique")
            try await db.execute("CREATE TABLE \(table) (key text CONSTRAINT \(table)_key UNIQUE)")
            try await db.execute("INSERT INTO \(table) VALUES ($1)", ["secret-param-value"])
            let error = await #expect(throws: PostgresError.self) {
                try await db.execute("INSERT INTO \(table) VALUES ($1)", ["secret-param-value"])
            }
            let failure = try #require(error)
            #expect(failure.sqlState == "23505")
            #expect(!failure.isRetryable)
            guard case let .queryFailed(_, message, detail, _, sql) = failure else {
                Issue.record("expected queryFailed, got \(failure)")
                return
            }
            #expect(message.contains("\(table)_key"))
            #expect(detail != nil)
            #expect(sql == "INSERT INTO \(table) VALUES ($1)")
            #expect(failure.description.contains("SQLSTATE 23505"))
            #expect(failure.description.contains("retrying will not help"))
            try await db.execute("DROP TABLE \(table)")
        }

        @Test func aSyntaxErrorIs42601AndKeepsTheConnectionUsable() async throws {
            let db = try await TestServer.connect()
            let error = await #expect(throws: PostgresError.self) { try await db.execute("SELEC 1") }
            #expect(error?.sqlState == "42601")
            #expect(error?.isRetryable == false)
            #expect(error?.description.contains("SELEC 1") == true)
            #expect(try await db.execute("SELECT 2 AS two")[0].int("two") == 2)
        }

        @Test func serverHintsAreCarried() async throws {
            let db = try await TestServer.connect()
            let error = await #expect(throws: PostgresError.self) {
                try await db.execute("SELECT $1::int + 'x'::text", [1])
            }
            guard case let .queryFailed(state, _, _, hint, _) = error else {
                Issue.record("got \(String(describing: error))")
                return
            }
            #expect(state == "42883")
            #expect(hint?.isEmpty == false)
        }

        @Test func anAbsentSocketGivesARetryableConnectionError() async throws {
            let empty = try TestDirectories.makeScratch("nosocket")
            defer { try? FileManager.default.removeItem(atPath: empty) }
            let config = PostgresConfiguration(host: empty, port: 5432, user: "layoutbench", database: "postgres")
            let error = await #expect(throws: PostgresError.self) { try await PostgresConnection.connect(config) }
            guard case .connectionFailed = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
            #expect(error?.isRetryable == true)
            #expect(error?.description.contains(empty) == true)
        }

        @Test func aPasswordNeverAppearsInDescriptionsOrErrors() async throws {
            let secret = "hunter2-Sup3rS3cret"
            let empty = try TestDirectories.makeScratch("nosocket")
            defer { try? FileManager.default.removeItem(atPath: empty) }
            let config = try PostgresConfiguration("postgresql://layoutbench:\(secret)@/postgres?host=\(empty)")
            #expect(config.password == secret)
            #expect(!config.description.contains(secret))
            let connection = PostgresConnection(configuration: config)
            let failed = await #expect(throws: PostgresError.self) { try await connection.connect() }
            #expect(failed.map { !"\($0)".contains(secret) } == true)

            // Against the real server (trust authentication ignores it).
            var real = try TestServer.configuration()
            real.password = secret
            let db = try await PostgresConnection.connect(real)
            let error = await #expect(throws: PostgresError.self) { try await db.execute("SELECT nonsense_column") }
            #expect(error.map { !"\($0)".contains(secret) } == true)
            #expect(!db.configuration.redacted.contains(secret))
        }

        @Test func aKilledSessionIsRetryableAndReconnectRecovers() async throws {
            let victim = try await TestServer.connect()
            let killer = try await TestServer.connect()
            let pid = try #require(try await victim.execute("SELECT pg_backend_pid() AS pid")[0].int("pid"))
            try await killer.execute("SELECT pg_terminate_backend($1::int)", [.int(pid)])
            let error = await #expect(throws: PostgresError.self) { try await victim.execute("SELECT 1") }
            #expect(error?.isRetryable == true, "\(String(describing: error))")
            #expect(await victim.isConnected == false)
            try await victim.reconnect()
            #expect(try await victim.execute("SELECT 1 AS one")[0].int("one") == 1)
        }

        @Test func aClosedConnectionSaysSo() async throws {
            let db = try await TestServer.connect()
            await db.close()
            await db.close()
            let error = await #expect(throws: PostgresError.self) { try await db.execute("SELECT 1") }
            guard case .notConnected = error else {
                Issue.record("expected notConnected, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("connect()") == true)
        }

        @Test func anUnknownDatabaseIsNotRetryable() async throws {
            var config = try TestServer.configuration()
            config.database = "no_such_database_here"
            let error = await #expect(throws: PostgresError.self) { try await PostgresConnection.connect(config) }
            #expect(error?.isRetryable == false, "\(String(describing: error))")
        }
    }
}
