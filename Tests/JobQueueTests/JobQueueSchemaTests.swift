import JobQueue
import Postgres
import Testing

extension QueueServerTests {
    @Suite struct JobQueueSchemaTests {
        @Test func migrateIsIdempotentAndSafeToRunConcurrently() async throws {
            let server = try QueueTestServer.shared()
            let name = "schema_" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
            try await server.cluster.createDatabaseIfMissing(name)
            let configuration = try server.cluster.configuration(database: name)
            #expect(try await JobQueueSchema.appliedVersions(PostgresConnection.connect(configuration)) == [])
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<4 {
                    group.addTask { try await JobQueueSchema.migrate(PostgresConnection.connect(configuration)) }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // Exactly one migrator applied each version; the others found it done.
            #expect(applied == JobQueueSchema.migrations.map(\.version))
            let connection = try await PostgresConnection.connect(configuration)
            #expect(try await JobQueueSchema.migrate(connection) == [])
            #expect(try await JobQueueSchema.appliedVersions(connection) == JobQueueSchema.migrations.map(\.version))
            let tables = try await connection.execute("""
                SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'queue\\_%' ORDER BY table_name
                """).map { try $0.string("table_name")! }
            #expect(tables == ["queue_agents", "queue_cancelled_runs", "queue_claims", "queue_jobs", "queue_results", "queue_samples",
                               "queue_schema_migrations"])
            // The staged sample columns, as the shared definition declares them.
            let sampleColumns = try await connection.execute("""
                SELECT column_name, data_type, is_nullable FROM information_schema.columns
                WHERE table_name = 'queue_samples' AND column_name NOT IN ('job_id', 'attempt', 'written_at') ORDER BY ordinal_position
                """).map { "\(try $0.string("column_name")!) \(try $0.string("data_type")!) \(try $0.string("is_nullable")!)" }
            #expect(sampleColumns == ["sample_index integer NO", "warmup boolean NO", "iterations bigint NO",
                                      "wall_seconds double precision NO", "cpu_seconds double precision NO",
                                      "allocations bigint YES", "allocated_bytes bigint YES"])
            #expect(StreamedSamples.columns == "sample_index, warmup, iterations, wall_seconds, cpu_seconds, allocations, allocated_bytes")
        }

        @Test func migrationsAreOrderedAndPrefixed() {
            let versions = JobQueueSchema.migrations.map(\.version)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count)
            for statement in JobQueueSchema.migrations.flatMap(\.statements) {
                #expect(statement.contains(" queue_"), "every object belongs to the queue: \(statement.prefix(60))")
            }
        }
    }
}
