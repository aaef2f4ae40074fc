import Foundation
import JobQueue
import Postgres
@testable import ResultStore
import Testing

extension StoreServerTests {
    @Suite struct MigrationTests {
        @Test func migratingTwiceChangesNothing() async throws {
            let config = try await StoreServer.freshDatabase("migrate")
            let first = try await ResultStore.open(config, schema: .skip).schemaVersion()
            #expect(first == 0)
            let store = try await ResultStore.open(config)
            #expect(try await store.schemaVersion() == Migrations.latestVersion)
            #expect(try await store.migrate() == [])
            let again = try await ResultStore.open(config)
            #expect(try await again.migrate() == [])
            let db = try await PostgresConnection.connect(config)
            let rows = try await db.execute("SELECT count(*) AS n FROM schema_migrations")
            #expect(try rows.first?.int("n") == Migrations.all.count)
        }

        @Test func concurrentMigratorsApplyEachStepOnce() async throws {
            let config = try await StoreServer.freshDatabase("race")
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 { group.addTask { try await ResultStore.open(config, schema: .skip).migrate() } }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
            #expect(applied.sorted() == Migrations.all.map(\.version).sorted())
        }

        @Test func aNewerSchemaIsRefusedWithAdvice() async throws {
            let config = try await StoreServer.freshDatabase("newer")
            _ = try await ResultStore.open(config)
            let db = try await PostgresConnection.connect(config)
            try await db.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [.int(999)])
            let error = await #expect(throws: ResultStoreError.self) { try await ResultStore.open(config) }
            #expect(error?.description.contains("Update layoutbench") == true)
        }

        /// The queue's tables are migrated by the queue, in its own ledger;
        /// queue steps a database also lists in the store's ledger do not
        /// count as store versions, and a queue behind this build is refused.
        @Test func theQueueMigratesItsOwnTablesInItsOwnLedger() async throws {
            let config = try await StoreServer.freshDatabase("queue")
            _ = try await ResultStore.open(config)
            let db = try await PostgresConnection.connect(config)
            #expect(try await JobQueueSchema.appliedVersions(db) == JobQueueSchema.migrations.map(\.version))
            let storeLedger = try await db.execute("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int("version") }
            #expect(storeLedger == Migrations.all.map(\.version))
            for version in Migrations.queueStepsInTheStoresLedger.sorted() {
                try await db.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'queue step')", [.int(version)])
            }
            #expect(try await ResultStore.open(config, schema: .requireCurrent).schemaVersion() == Migrations.latestVersion)
            try await db.execute("DELETE FROM queue_schema_migrations WHERE version = $1", [.int(JobQueueSchema.latestVersion)])
            let error = await #expect(throws: ResultStoreError.self) { try await ResultStore.open(config, schema: .requireCurrent) }
            #expect(error?.description.contains("job queue's tables") == true)
        }

        @Test func anOutdatedSchemaIsRefusedWithoutMigrate() async throws {
            let config = try await StoreServer.freshDatabase("old")
            let error = await #expect(throws: ResultStoreError.self) { try await ResultStore.open(config, schema: .requireCurrent) }
            #expect(error?.description.contains("layoutbench db migrate") == true)
        }
    }
}
