import Foundation
import Harness
import JobQueue
import Postgres
import ResultStore
import Testing

extension AgentServerTests {
    /// Jobs that name an engine revision: the agent takes the commit only
    /// from the git remotes it allows (`--allow-remote`) and runs the worker
    /// built at it (`--build-cache`), or refuses the job with the reason.
    ///
    /// The remotes are real local git repositories. The allowed one holds a
    /// tiny package whose `layoutbench-worker` execs the fixture worker, so
    /// the agent really fetches the commit into its mirror, builds it with
    /// `swift build -c release` (seconds for this package) and runs it. The
    /// foreign commit even has a finished build in the cache: only the
    /// remote check refuses it.
    @Suite struct EngineRevisionTests {
        static func git(_ directory: String, _ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", directory, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw AgentTestError("git \(arguments) failed in \(directory)") }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// A repository with one commit of `files`; returns its path and the commit.
        static func repository(_ name: String, files: [String: String]) throws -> (path: String, commit: String) {
            let path = try AgentTestDirectories.makeScratch(name)
            _ = try git(path, ["init", "-q"])
            for (file, text) in files {
                let url = URL(fileURLWithPath: path + "/" + file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            _ = try git(path, ["add", "-A"])
            _ = try git(path, ["commit", "-qm", name])
            return (path, try git(path, ["rev-parse", "HEAD"]))
        }

        /// A package whose `layoutbench-worker` is the fixture worker in disguise.
        static var disguisedFixture: [String: String] {
            ["Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Disguise", targets: [.executableTarget(name: "layoutbench-worker")])
                """,
             "Sources/layoutbench-worker/main.swift": """
                import Glibc
                var arguments: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) }
                arguments.append(nil)
                execv("\(CommandProcess.product("fixture-worker"))", arguments)
                perror("execv")
                exit(127)
                """]
        }

        @Test func revisionsComeOnlyFromAllowedRemotes() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let allowed = try Self.repository("allowed", files: Self.disguisedFixture)
            let elsewhere = try Self.repository("elsewhere", files: ["Package.swift": "// elsewhere\n"])
            let cache = try AgentTestDirectories.makeScratch("build-cache")
            // A finished build of the foreign commit's inputs: only the remote check stands in the way.
            let foreignKey = try Self.git(elsewhere.path, ["rev-parse", "HEAD^{tree}"])
            let other = cache + "/builds/lines/" + foreignKey
            try FileManager.default.createDirectory(atPath: other + "/src/.build/release", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CommandProcess.product("fixture-worker"), toPath: other + "/src/.build/release/layoutbench-worker")
            try Data((foreignKey + " -Xswiftc -Xllvm -Xswiftc -align-all-functions=6").utf8).write(to: URL(fileURLWithPath: other + "/built.ok"))

            let runID = try await Self.enqueue(database, revisions: ["good": allowed.commit, "foreign": elsewhere.commit, "branch": "main"])
            let agent = try DistributedRunTests.agent("builder", database, viaFile: true,
                                                      extra: ["--allow-remote", allowed.path, "--build-cache", cache, "--exit-when-drained"])
            #expect(try await agent.waitForExit(timeout: .seconds(60)) == 0, "\(agent.stderr.suffix(1500))")

            let connection = try await database.connect()
            let rows = try await connection.execute("""
                SELECT payload->>'engine' AS engine, state, coalesce(last_error, '') AS reason FROM queue_jobs ORDER BY id
                """)
            await connection.close()
            let outcome = try Dictionary(uniqueKeysWithValues: rows.map { (try $0.string("engine")!, (try $0.string("state")!, try $0.string("reason")!)) })
            #expect(outcome["good"]?.0 == "done", "\(outcome)")
            #expect(outcome["foreign"]?.0 == "failed", "\(outcome)")
            #expect(outcome["foreign"]?.1.contains("is in none of this agent's allowed remotes") == true, "\(outcome)")
            #expect(outcome["branch"]?.0 == "failed", "\(outcome)")
            #expect(outcome["branch"]?.1.contains("not a full commit id") == true, "\(outcome)")
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded' AND run_id = $1",
                                             [.text(runID.uuidString)]) == 1)
            // Built here, from the mirror, at that commit.
            // Keyed by its engine inputs: the tree of Package.swift and Sources (all this package has).
            let key = try Self.git(allowed.path, ["rev-parse", "HEAD^{tree}"])
            #expect(FileManager.default.fileExists(atPath: cache + "/builds/lines/\(key)/built.ok"))
            #expect(agent.stdout.contains("building layoutbench-worker at \(allowed.commit)"), "\(agent.stdout)")
            #expect(try await database.count("SELECT count(*) FROM engines WHERE binary_path LIKE $1",
                                             [.text("%/builds/lines/\(key)/src/.build/release/layoutbench-worker")]) == 1)
            // The agent mirrored the allowed remote only, and the foreign commit is not in it.
            let mirrors = try FileManager.default.contentsOfDirectory(atPath: cache + "/remotes").filter { $0.hasSuffix(".git") }
            #expect(mirrors.count == 1 && mirrors[0].contains(URL(fileURLWithPath: allowed.path).lastPathComponent), "\(mirrors)")
            let mirror = cache + "/remotes/" + mirrors[0]
            #expect(try Self.git(mirror, ["cat-file", "-t", allowed.commit]) == "commit")
            #expect(throws: AgentTestError.self) { try Self.git(mirror, ["cat-file", "-t", elsewhere.commit]) }
        }

        /// `run --distributed --engine NAME@COMMIT` enqueues the engine's
        /// name and commit, never a path or URL.
        @Test func runDistributedSendsTheEngineRevision() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let commit = String(repeating: "c0ffee", count: 7).prefix(40)
            let run = try CommandProcess(name: "detach", arguments: [
                "run", "cheap-operations", "--sizes", "100", "--samples", "1", "--plain", "--engine", "candidate@\(commit)",
                "--distributed", "--detach", "--machine-class", "test", "--database-file", try database.urlFile(),
                "--workloads-directory", CommandProcess.workloads])
            #expect(try await run.waitForExit(timeout: .seconds(60)) == 0, "\(run.stderr.suffix(1500))")
            #expect(run.stderr.contains("candidate at \(commit.prefix(12))"), "\(run.stderr)")
            let jobs = try await database.count("SELECT count(*) FROM queue_jobs")
            #expect(jobs > 0)
            #expect(try await database.count("""
                SELECT count(*) FROM queue_jobs WHERE payload->>'engine' = 'candidate' AND payload->>'revision' = $1
                """, [.text(String(commit))]) == jobs)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE engine_label = 'candidate'") == jobs)
        }

        /// One job per engine label, each naming its revision; one attempt each.
        static func enqueue(_ database: AgentTestDatabase, revisions: [String: String]) async throws -> UUID {
            let store = try await ResultStore.open(database.socketConfiguration)
            let queue = try await JobQueue.connect(database.socketConfiguration)
            let info = RunInfo(commandLine: "test", harnessVersion: "test", machine: MachineProbe.current())
            let jobs = revisions.keys.sorted().enumerated().map { index, engine in
                PlannedJob(runID: info.id, ordinal: index, workload: "fx", workloadPath: "fx.yaml", variant: "normal",
                           size: 10, engineLabel: engine, requestedSamples: 2)
            }
            try await DistributedRun(run: info, jobs: jobs, sources: [:], machineClass: "test", maxAttempts: 1, revisions: revisions)
                .enqueue(store: store, queue: queue)
            await queue.close()
            await store.close()
            return info.id
        }
    }
}
