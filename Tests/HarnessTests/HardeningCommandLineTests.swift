import Foundation
import Harness
import EmbeddedCluster
import Postgres
import ResultStore
import Testing
import WorkerProtocol

extension HarnessServerTests {
    /// The built `layoutbench` against hostile workers and inputs, where the harm was seen.
    @Suite struct HardeningCommandLineTests {
        let cli = CommandLineTests()
        var workloads: String { CommandLineTests.workloads }

        /// A fresh results database, its URL, and a fresh project root.
        func fresh(_ name: String) async throws -> (store: ResultStore, url: String, root: String) {
            let store = try await HarnessServer.freshStore(name)
            return (store, store.configuration.urlIncludingPassword, try HarnessServer.scratch(name))
        }

        /// A worker executable: the fixture started with `environment`.
        func fixture(_ environment: [String: String], in directory: String) throws -> String {
            let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
            let path = directory + "/worker-\(UUID().uuidString.prefix(8))"
            try "#!/bin/sh\n\(settings) exec '\(FixtureWorker.path)' \"$@\"\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }

        func oneJob(_ worker: String, url: String, extra: [String] = []) -> [String] {
            ["run", "independent-blocks", "--variants", "independent", "--sizes", "10", "--samples", "2", "--plain",
             "--engine", "fx=\(worker)", "--database", url, "--workloads-directory", workloads] + extra
        }

        /// A NUL from a worker is stored escaped; a spooled record the
        /// database refuses is set aside and blocks neither the flush nor later runs.
        @Test func aNulByteNeverPoisonsTheSpool() async throws {
            let (store, url, root) = try await fresh("nul")
            let worker = try fixture(["FIXTURE_BEHAVIOUR": "nul"], in: root)
            let first = try cli.layoutbench(oneJob(worker, url: url), root: root)
            #expect(first.status == 0, "\(first.err)")
            let runs = try await store.runs()
            #expect(runs.count == 1 && runs[0].status == .finished)
            let details = try await store.runDetails(runs[0].id)
            #expect(details.jobs[0].stderrTail?.contains("a NUL \\u{0} and an escape \\u{1B}[31m") == true)

            // A spool file written before text was cleaned: its NUL record is refused by PostgreSQL.
            let spool = root + "/.layoutbench/spool"
            let (run, jobs) = RunFixtures.plan(["normal"])
            let writer = try SpoolWriter(directory: spool, runID: run.id)
            try writer.append(.run(run, jobs: jobs), sync: true)
            try writer.append(.sample(jobID: jobs[0].id, sample: RunFixtures.expectedSamples(size: 10, count: 1)[0]))
            try writer.append(.outcome(JobOutcome(jobID: jobs[0].id, engine: nil, startedAt: Date(), finishedAt: Date(), failure: nil,
                                                  stderrTail: "poison \u{0}", summary: nil, samples: [])), sync: true)
            try writer.append(.finish(runID: run.id, status: .finished, at: Date()), sync: true)
            writer.close(delete: false)

            let later = try cli.layoutbench(oneJob(worker, url: url), root: root)
            #expect(later.status == 0, "\(later.err)")
            #expect(later.err.contains("set aside in \(spool)/quarantine/"), "\(later.err)")
            #expect(!later.err.contains("db migrate"))
            let quarantined = try FileManager.default.contentsOfDirectory(atPath: spool + "/quarantine")
            #expect(quarantined == [run.id.uuidString.lowercased() + ".jsonl"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool).filter { $0.hasSuffix(".jsonl") }.isEmpty)
            // Everything else of that spool file was stored; the job's samples too.
            let recovered = try await store.runDetails(run.id)
            #expect(recovered.run.status == .finished)
            #expect(recovered.jobs[0].samples.count == 1)
            let third = try cli.layoutbench(oneJob(worker, url: url), root: root)
            #expect(third.status == 0 && !third.err.contains("quarantine"), "\(third.err)")
        }

        /// Results that reached only the spool are not a success: the
        /// worker of the first job stops the embedded database under the run.
        @Test func aRunStoredOnlyInTheSpoolExitsNonZeroAndSaysHowToFlush() async throws {
            let root = try HarnessServer.scratch("spooled")
            let locator = DatabaseLocator(flag: nil, environment: [:], root: URL(fileURLWithPath: root))
            try locator.prepareStateDirectory()
            let cluster = EmbeddedPostgres(directory: locator.embedded.directory, serverSettings: HarnessServer.throwAway)
            try await cluster.start()
            let worker = root + "/stopping-worker"
            try """
                #!/bin/sh
                kill -INT "$(head -n 1 '\(cluster.directory)/data/postmaster.pid')"
                sleep 1
                FIXTURE_BEHAVIOUR=normal exec '\(FixtureWorker.path)' "$@"

                """.write(toFile: worker, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: worker)
            let result = try cli.layoutbench(["run", "independent-blocks", "--variants", "independent", "--sizes", "10", "--samples", "2",
                                              "--plain", "--engine", "fx=\(worker)", "--workloads-directory", workloads], root: root)
            #expect(result.status == 75, "\(result.out)\(result.err)")
            #expect(result.out.contains("`layoutbench db flush`"), "\(result.out)")
            #expect(SpoolReplayer(directory: locator.spoolDirectory).pendingFiles().count == 1)
            try? await cluster.stop()
            try? await cluster.destroy()
        }

        @Test(arguments: ["inf", "1e300", "nan", "0", "-5", "86401"])
        func aTimeoutOutOfRangeIsRefusedBeforeAnyRun(_ value: String) async throws {
            let store = try await HarnessServer.freshStore("timeout")
            let root = try HarnessServer.scratch("timeout")
            let worker = try fixture(["FIXTURE_BEHAVIOUR": "normal"], in: root)
            let result = try cli.layoutbench(oneJob(worker, url: store.configuration.urlIncludingPassword, extra: ["--timeout=\(value)"]),
                                             root: root)
            #expect(result.status != 0 && result.status < 128, "\(result.status)")
            #expect(result.err.contains("--timeout must be a number of seconds"), "\(result.err)")
            #expect(try await store.runs().isEmpty)
        }

        /// Paths given on the command line that are missing, a directory,
        /// not executable or not a file: refused before anything is stored,
        /// naming the path and what it is, never its contents.
        @Test func pathFlagsSayWhatThePathIs() async throws {
            let store = try await HarnessServer.freshStore("paths")
            let root = try HarnessServer.scratch("paths")
            let url = store.configuration.urlIncludingPassword
            let plain = root + "/plain-file"
            try "not a program: hunter2\n".write(toFile: plain, atomically: true, encoding: .utf8)
            let worker = try fixture(["FIXTURE_BEHAVIOUR": "normal"], in: root)
            let engines: [(String, String)] = [(root + "/missing", "no such file"), (root, "it is a directory"), (plain, "it is not executable")]
            for (path, words) in engines {
                let run = try cli.layoutbench(oneJob(worker, url: url).map { $0 == "fx=\(worker)" ? "fx=\(path)" : $0 }, root: root)
                #expect(run.status != 0 && run.status < 128, "\(path): \(run.status)")
                #expect(run.err.contains("the engine worker \(path) cannot be used: \(words)"), "\(run.err)")
            }
            #expect(try await store.runs().isEmpty, "a refused engine path stores no run")
            let files: [(String, String)] = [(root + "/missing", "there is no file at this path"), (root, "the path is a directory, not a file")]
            for (path, words) in files {
                let status = try cli.layoutbench(["db", "status", "--database-file", path], root: root)
                #expect(status.status != 0 && status.status < 128)
                #expect((status.out + status.err).contains("the database URL file \(path) cannot be used: \(words)"), "\(status.err)")
                let agent = try cli.layoutbench(["agent", "--database", url, "--engines-config", path], root: root)
                #expect(agent.status != 0 && agent.status < 128)
                #expect((agent.out + agent.err).contains("\(path)") && (agent.out + agent.err).contains(words), "\(agent.err)")
            }
            // An engines config naming a directory as a worker.
            let config = root + "/engines.json"
            try "{\"dir\": \"\(root)\"}".write(toFile: config, atomically: true, encoding: .utf8)
            let agent = try cli.layoutbench(["agent", "--database", url, "--engines-config", config], root: root)
            #expect(agent.status != 0 && (agent.out + agent.err).contains("engine \"dir\" points at \(root), which cannot be run: it is a directory"),
                    "\(agent.err)")
            let all = try cli.layoutbench(["db", "status", "--database-file", plain], root: root)
            #expect(!(all.out + all.err).contains("hunter2"))
        }

        /// The worker and the child it left holding stdout are gone once the
        /// timeout has passed; and a harness killed outright takes its
        /// worker's whole group with it.
        @Test func noProcessOutlivesATimeoutOrAKilledHarness() async throws {
            let (_, url, root) = try await fresh("groups")
            let pidFile = root + "/child.pid"
            let lingering = try fixture(["FIXTURE_BEHAVIOUR": "fork-holds-stdout", "FIXTURE_CHILD_PID_FILE": pidFile], in: root)
            let started = Date()
            let timed = try cli.layoutbench(oneJob(lingering, url: url, extra: ["--timeout", "2"]), root: root)
            #expect(Date().timeIntervalSince(started) < 20)
            #expect(timed.err.contains("timeout"), "\(timed.err)")
            let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(child, 0) != 0, "the worker's child \(child) outlived the timeout")

            try FileManager.default.removeItem(atPath: pidFile)
            let hanging = try fixture(["FIXTURE_BEHAVIOUR": "fork-and-hang", "FIXTURE_CHILD_PID_FILE": pidFile], in: root)
            let harness = try start(oneJob(hanging, url: url, extra: ["--timeout", "600"]), environment: [DatabaseLocator.rootVariable: root])
            var orphan: Int32?
            for _ in 0..<200 where orphan == nil {
                try await Task.sleep(for: .milliseconds(100))
                orphan = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            let grandchild = try #require(orphan)
            kill(harness.processIdentifier, SIGKILL)
            harness.waitUntilExit()
            var alive = true
            for _ in 0..<50 where alive {
                try await Task.sleep(for: .milliseconds(100))
                alive = kill(grandchild, 0) == 0 && !Self.isZombie(grandchild)
            }
            #expect(!alive, "the worker's child \(grandchild) outlived the killed harness")
        }

        /// With the README's agent setup (the database URL in the
        /// environment, with its password), workers never see it.
        @Test func workersNeverSeeTheDatabaseURL() async throws {
            let (_, url, root) = try await fresh("environment")
            let log = root + "/env.txt"
            let worker = try fixture(["FIXTURE_BEHAVIOUR": "print-env", "FIXTURE_ENV_LOG": log], in: root)
            let process = try start(["run", "independent-blocks", "--variants", "independent", "--sizes", "10", "--samples", "2",
                                     "--plain", "--engine", "fx=\(worker)", "--workloads-directory", workloads],
                                    environment: [DatabaseLocator.rootVariable: root, DatabaseLocator.environmentVariable: url,
                                                  "PGPASSWORD": "hunter2", "CI_JOB_TOKEN": "hunter2"])
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let seen = try String(contentsOfFile: log, encoding: .utf8)
            #expect(!seen.contains(url) && !seen.contains("hunter2") && !seen.contains("DATABASE_URL"), "\(seen)")
            #expect(seen.contains("PATH="))
        }

        /// Starts `layoutbench arguments…` with `environment` added to ours, output discarded.
        func start(_ arguments: [String], environment: [String: String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        static func isZombie(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return true }
            return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "Z"
        }
    }
}
