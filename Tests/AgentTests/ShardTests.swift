import Foundation
import Harness
import JobQueue
import JSONSchemaCheck
import Postgres
import ResultStore
import Testing

extension AgentServerTests {
    @Suite struct ShardTests {
        /// `--shard 0/2` and `--shard 1/2`, run as two CI jobs would, cover the plan once.
        @Test func twoShardsCoverThePlanExactlyOnce() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let common = ["run", "independent-blocks", "cheap-operations", "--sizes", "10,100", "--samples", "2", "--plain",
                          "--engine", "fx=\(CommandProcess.product("fixture-worker"))", "--workloads-directory", CommandProcess.workloads]
            var keys: [String] = []
            for shard in ["0/2", "1/2"] {
                let run = try CommandProcess(name: "shard", arguments: common + ["--shard", shard],
                                             environment: ["LAYOUTBENCH_DATABASE_URL": try database.url])
                #expect(try await run.waitForExit(timeout: .seconds(180)) == 0, "\(run.stderr.suffix(1500))")
                #expect(run.stdout.contains("jobs, 0 failed"), "\(run.stdout)")
            }
            let connection = try await database.connect()
            let rows = try await connection.execute("SELECT workload, variant, size, engine_label, ordinal FROM jobs ORDER BY ordinal")
            for row in rows {
                keys.append("\(try row.string("workload") ?? "")/\(try row.string("variant") ?? "")/\(try row.int("size") ?? 0)/\(try row.string("engine_label") ?? "")")
            }
            let ordinals = try rows.map { try $0.int("ordinal") ?? -1 }
            await connection.close()
            let plan = try Self.plan(["independent-blocks", "cheap-operations"], sizes: [10, 100], engine: "fx")
            // A cell the plan holds several times (a ratio variant's processes) is run as often.
            #expect(keys.sorted() == plan.map { "\($0.workload)/\($0.variant)/\($0.size)/\($0.engineLabel)" }.sorted())
            #expect(ordinals.sorted() == Array(0..<plan.count))
        }

        /// A CI matrix of three, simulated by three processes at once on one
        /// root (one spool folder, one Reports folder): `--shard I/3` with one
        /// `--run-id` makes one run whose jobs are the unsharded plan, and
        /// the shard that completes it writes the one report.
        @Test func threeShardsWithOneRunIDMakeOneRunAndOneReport() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let root = try AgentTestDirectories.makeScratch("matrix")
            let common = ["run", "independent-blocks", "cheap-operations", "--sizes", "10,100", "--samples", "2", "--plain",
                          "--engine", "fx=\(CommandProcess.product("fixture-worker"))", "--workloads-directory", CommandProcess.workloads,
                          "--run-id", "ci-1234-1", "--json"]
            let shards = try (0..<3).map { index in
                try CommandProcess(name: "matrix\(index)", arguments: common + ["--shard", "\(index)/3"],
                                   environment: ["LAYOUTBENCH_DATABASE_URL": try database.url, "LAYOUTBENCH_ROOT": root])
            }
            var documents: [JSONValue] = []
            for shard in shards {
                #expect(try await shard.waitForExit(timeout: .seconds(240)) == 0, "\(shard.stderr.suffix(1500))")
                #expect(try JSONSchemaCheck.problems(shard.stdout, schema: "run.schema.json") == [])
                documents.append(try JSONValue.parse(shard.stdout))
            }
            let id = try #require(SharedRunID.uuid(for: "ci-1234-1")).uuidString.lowercased()
            #expect(documents.allSatisfy { $0["run_id"]?.string == id })
            #expect(try await database.count("SELECT count(*) FROM runs") == 1)
            #expect(try await database.count("SELECT count(*) FROM runs WHERE status = 'finished' AND report_path IS NOT NULL") == 1)

            let connection = try await database.connect()
            let rows = try await connection.execute("SELECT workload, variant, size, engine_label, ordinal, status FROM jobs ORDER BY ordinal")
            let keys = try rows.map { "\(try $0.string("workload") ?? "")/\(try $0.string("variant") ?? "")/\(try $0.int("size") ?? 0)/\(try $0.string("engine_label") ?? "")" }
            let ordinals = try rows.map { try $0.int("ordinal") ?? -1 }
            let statuses = try Set(rows.map { try $0.string("status") ?? "" })
            await connection.close()
            let plan = try Self.plan(["independent-blocks", "cheap-operations"], sizes: [10, 100], engine: "fx")
            #expect(keys == plan.map { "\($0.workload)/\($0.variant)/\($0.size)/\($0.engineLabel)" })
            #expect(ordinals == Array(0..<plan.count) && statuses == ["succeeded"])
            #expect(documents.map { $0["jobs"]?.int ?? 0 }.reduce(0, +) == plan.count)

            // One report: the run's folder and the index, written by the shard that finished last.
            let reports = try FileManager.default.contentsOfDirectory(atPath: root + "/Reports").filter { !$0.hasSuffix(".html") }
            #expect(reports.filter { UUID(uuidString: $0) != nil } == [id], "\(reports)")
            #expect(FileManager.default.fileExists(atPath: "\(root)/Reports/\(id)/index.html"))
            #expect(documents.filter { $0["report"]?.string != nil }.count >= 1)
            #expect(documents.filter { $0["status"]?.string == "running" }.count >= 1, "the first shards leave the run to the last")
            let spool = (try? FileManager.default.contentsOfDirectory(atPath: root + "/.layoutbench/spool")) ?? []
            #expect(spool.filter { $0.hasSuffix(".jsonl") }.isEmpty, "every shard's spool is sent and deleted: \(spool)")
        }

        /// The plan `layoutbench run` makes for these workloads, sizes and one engine.
        static func plan(_ workloads: [String], sizes: [Int], engine: String) throws -> [PlannedJob] {
            let planner = JobPlanner(workloadsDirectory: URL(fileURLWithPath: CommandProcess.workloads))
            return try planner.plan(runID: UUID(), workloads: try planner.load(workloads), variants: nil, sizes: sizes, samples: 2, seed: 1,
                                    engines: [EngineChoice(label: engine, command: WorkerCommand(executable: "/bin/true"))])
        }

        @Test func shardSelectionIsAPartition() throws {
            let run = UUID()
            let plan = (0..<11).map { PlannedJob(runID: run, ordinal: $0, workload: "w", workloadPath: "w.yaml", variant: "v", size: $0,
                                                engineLabel: "e") }
            let shards = try (0..<3).map { try Shard(parsing: "\($0)/3").select(plan) }
            #expect(shards.map(\.count) == [4, 4, 3])
            #expect(Set(shards.flatMap { $0.map(\.ordinal) }) == Set(0..<11))
            for bad in ["2/2", "-1/2", "1", "a/b", "0/0"] { #expect(throws: DistributedError.invalidShard(bad)) { try Shard(parsing: bad) } }
        }

        @Test func oneMigrateSetsUpStoreAndQueue() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let connection = try await database.connect()
            #expect(try await JobQueueSchema.appliedVersions(connection) == JobQueueSchema.migrations.map(\.version))
            #expect(try await JobQueueSchema.migrate(connection).isEmpty)
            await connection.close()
            // And a queue migrated on its own first is recorded, not created twice.
            let name = "a_q" + UUID().uuidString.prefix(6).lowercased()
            let server = try AgentTestServer.shared()
            try await server.cluster.createDatabaseIfMissing(name)
            let other = try await PostgresConnection.connect(try server.cluster.configuration(database: name))
            try await JobQueueSchema.migrate(other)
            await other.close()
            let store = try await ResultStore.open(try server.cluster.configuration(database: name))
            #expect(try await store.schemaVersion() == Migrations.latestVersion)
            await store.close()
        }
    }
}
