import Postgres
import Testing

@Suite struct ConfigurationTests {
    @Test func parsesAFullURL() throws {
        let config = try PostgresConfiguration(
            "postgresql://alice:s%40cr%2Fet@db.example.com:6543/bench%20db?sslmode=disable&application_name=lb")
        #expect(config.user == "alice")
        #expect(config.password == "s@cr/et")
        #expect(config.host == "db.example.com")
        #expect(config.port == 6543)
        #expect(config.database == "bench db")
        #expect(config.options == ["sslmode": "disable", "application_name": "lb"])
    }

    @Test func readsASocketDirectoryFromTheQueryOrAnEscapedHost() throws {
        let query = try PostgresConfiguration("postgres://layoutbench@/postgres?host=/tmp/sock%20dir&port=5433")
        #expect(query.host == "/tmp/sock dir")
        #expect(query.port == 5433)
        #expect(query.usesUnixSocket)
        let escaped = try PostgresConfiguration("postgresql://%2Fvar%2Frun%2Fpostgresql/db")
        #expect(escaped.host == "/var/run/postgresql")
        #expect(escaped.database == "db")
    }

    @Test func readsIPv6AndBareURLs() throws {
        let v6 = try PostgresConfiguration("postgresql://[::1]:5433/x")
        #expect(v6.host == "::1")
        #expect(v6.port == 5433)
        let bare = try PostgresConfiguration("postgresql://")
        #expect(bare == PostgresConfiguration())
    }

    @Test func parsesKeyValueConninfo() throws {
        let config = try PostgresConfiguration(
            #"host=/tmp/x port = 5433 user=bob password='p a\'ss\\' dbname=bench connect_timeout=3"#)
        #expect(config.host == "/tmp/x")
        #expect(config.port == 5433)
        #expect(config.user == "bob")
        #expect(config.password == #"p a'ss\"#)
        #expect(config.database == "bench")
        #expect(config.options == ["connect_timeout": "3"])
    }

    @Test func rejectsMalformedStringsWithoutQuotingThePassword() {
        let secret = "Sup3r-S3cret-pw"
        let inputs = [
            "postgresql://u:\(secret)@host:99999/db",
            "host=/tmp password='\(secret)",
            "host=/tmp \(secret)",
            "postgresql://u:\(secret)@h/db?\(secret)",
            "postgresql://u:%zz\(secret)@h/db",
        ]
        for input in inputs {
            let error = #expect(throws: PostgresError.self) { try PostgresConfiguration(input) }
            #expect(error?.description.contains(secret) == false, "\(input)")
            if case .invalidConfiguration = error {} else { Issue.record("unexpected \(String(describing: error))") }
        }
    }

    @Test func redactsThePasswordEverywhereButTheExplicitURL() throws {
        let config = try PostgresConfiguration("postgresql://alice:hunter2-pw@db:5432/bench?host=db")
        #expect(!config.redacted.contains("hunter2-pw"))
        #expect(!config.description.contains("hunter2-pw"))
        #expect(!"\(config)".contains("hunter2-pw"))
        #expect(config.redacted.contains("alice:***@"))
        #expect(config.urlIncludingPassword.contains("hunter2-pw"))
    }

    @Test(arguments: [
        PostgresConfiguration(host: "/tmp/sock dir", port: 5432, user: "layoutbench", database: "postgres"),
        PostgresConfiguration(host: "db.example.com", port: 6543, user: "a b", password: "p@ss:/w?rd&=", database: "x/y",
                              options: ["sslmode": "require", "application_name": "bench run"]),
        PostgresConfiguration(host: "::1", database: "d"),
        PostgresConfiguration(),
    ])
    func urlRoundTrips(_ config: PostgresConfiguration) throws {
        #expect(try PostgresConfiguration(config.urlIncludingPassword) == config)
    }
}
