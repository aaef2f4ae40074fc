import Postgres

/// Brings a database's schema up to `Migrations.latestVersion`.
///
/// Safe to run any number of times and from several harnesses at once: a
/// session-level advisory lock serialises migrators, the applied versions
/// are read under that lock, and each pending step commits in its own
/// transaction together with its `schema_migrations` row, so a failed step
/// leaves the schema at the previous version.
struct Migrator {
    /// Arbitrary but fixed: "LayoutBe" in ASCII, as a bigint advisory lock key.
    static let lockKey = 0x4C61_796F_7574_4265

    let connection: PostgresConnection
    let migrations: [Migration]

    /// Applies every pending migration; returns the versions applied now.
    ///
    /// - Throws: `ResultStoreError.migrationFailed`, `.schemaTooNew`, `.storage`.
    func migrate() async throws(ResultStoreError) -> [Int] {
        try await ResultStoreError.wrap("lock the schema for migration") {
            try await connection.execute("SELECT pg_advisory_lock($1)", [.int(Self.lockKey)])
        }
        do throws(ResultStoreError) {
            let applied = try await appliedVersions(creatingTable: true)
            let known = migrations.map(\.version).max() ?? 0
            if let newest = applied.max(), newest > known { throw ResultStoreError.schemaTooNew(found: newest, known: known) }
            var done: [Int] = []
            for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
                try await apply(migration)
                done.append(migration.version)
            }
            await unlock()
            return done
        } catch {
            await unlock()
            throw error
        }
    }

    /// The versions recorded in `schema_migrations` (empty if there is no such table).
    func appliedVersions(creatingTable: Bool) async throws(ResultStoreError) -> Set<Int> {
        try await ResultStoreError.wrap("read schema_migrations") {
            if creatingTable {
                try await connection.execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    integer PRIMARY KEY,
                        name       text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
            } else {
                let exists = try await connection.execute("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
                if try exists.first?.bool("present") != true { return [] }
            }
            let rows = try await connection.execute("SELECT version FROM schema_migrations")
            return Set(try rows.compactMap { try $0.int("version") }).subtracting(Migrations.queueStepsInTheStoresLedger)
        }
    }

    private func apply(_ migration: Migration) async throws(ResultStoreError) {
        do {
            try await connection.transaction { db in
                for statement in migration.statements { try db.execute(statement) }
                try db.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                               [.int(migration.version), .text(migration.name)])
            }
        } catch let error as PostgresError {
            throw .migrationFailed(version: migration.version, name: migration.name, underlying: error)
        } catch {
            throw .migrationFailed(version: migration.version, name: migration.name,
                                   underlying: .connectionLost(message: "\(error)", sql: nil))
        }
    }

    private func unlock() async {
        _ = try? await connection.execute("SELECT pg_advisory_unlock($1)", [.int(Self.lockKey)])
    }
}
