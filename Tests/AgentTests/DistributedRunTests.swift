import Foundation
import Harness
import JobQueue
import Postgres
import ResultStore
import Testing

extension AgentServerTests {
    /// Two real `layoutbench agent` processes and a real `layoutbench run
    /// --distributed`, all on loopback TCP with a password.
    @Suite struct DistributedRunTests {
        /// Agents that stop on SIGTERM; short leases and polls keep the test quick.
        static func agent(_ name: String, _ database: AgentTestDatabase, viaFile: Bool, extra: [String] = [],
                          environment: [String: String] = [:]) throws -> CommandProcess {
            var arguments = ["agent", "--name", name, "--lease", "2", "--poll", "0.2", "--machine-class", "test"] + extra
            var env = environment
            if viaFile { arguments += ["--database-file", try database.urlFile()] } else { env["LAYOUTBENCH_DATABASE_URL"] = try database.url }
            return try CommandProcess(name: name, arguments: arguments, environment: env)
        }

        @Test func twoAgentsRecordEveryJobExactlyOnce() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let localPlan = try ShardTests.plan(["cheap-operations", "independent-blocks"], sizes: [10, 100], engine: "default")
            let total = localPlan.count
            let agents = [try Self.agent("alpha", database, viaFile: true), try Self.agent("beta", database, viaFile: false)]
            for agent in agents { try await agent.waitForOutput("\"started\"", timeout: .seconds(60)) }
            let started = ContinuousClock.now
            let run = try CommandProcess(name: "run", arguments: [
                "run", "cheap-operations", "independent-blocks", "--sizes", "10,100", "--samples", "2", "--plain",
                "--distributed", "--machine-class", "test", "--database-file", try database.urlFile(),
                "--workloads-directory", CommandProcess.workloads])
            let runCommandLine = run.commandLine
            // Timeouts here only catch hangs: a CI run saw this 17-job run
            // stall 35 s while the 10,000-job queue test shared the server.
            let status = try await run.waitForExit(timeout: .seconds(240))
            let elapsed = ContinuousClock.now - started
            #expect(status == 0, "run --distributed failed: \(run.stderr.suffix(2000))")
            #expect(run.stdout.contains("\(total) jobs, 0 failed"), "\(run.stdout)")

            let commandLines = agents.map(\.commandLine) + [runCommandLine]
            for agent in agents { agent.signal(SIGTERM) }
            for agent in agents {
                let code = try await agent.waitForExit(timeout: .seconds(60))
                #expect(code == 0, "agent \(agent.name) exited \(code) on SIGTERM: \(agent.stderr.suffix(1500))")
            }
            // Every job exactly once: one outcome, one queue result, no repeated sample.
            #expect(try await database.count("SELECT count(*) FROM jobs") == total)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded'") == total)
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'done'") == total)
            #expect(try await database.count("SELECT count(*) FROM queue_results") == total)
            #expect(try await database.count("SELECT count(*) FROM jobs j WHERE NOT EXISTS (SELECT 1 FROM samples s WHERE s.job_id = j.id)") == 0)
            #expect(try await database.count("""
                SELECT count(*) FROM (SELECT job_id, sample_index FROM samples GROUP BY 1, 2 HAVING count(*) > 1) d
                """) == 0)
            #expect(try await database.count("SELECT count(*) FROM digests") == total)
            // The same jobs as the plan run locally: workload, variant, size, seed and engine, each once.
            let connection = try await database.connect()
            let stored = try await connection.execute("SELECT workload, variant, size, seed::text AS seed, engine_label FROM jobs")
            await connection.close()
            let identities = try stored.map { "\(try $0.string("workload")!)/\(try $0.string("variant")!)/\(try $0.int("size")!)/\(try $0.string("seed")!)/\(try $0.string("engine_label")!)" }
            #expect(identities.sorted() == localPlan.map { "\($0.workload)/\($0.variant)/\($0.size)/\($0.seed)/\($0.engineLabel)" }.sorted())
            #expect(try await database.count("SELECT count(*) FROM runs WHERE status = 'finished'") == 1)
            let byAgent = agents.map { agent in agent.events.filter { $0.event == "completed" }.count }
            #expect(byAgent.reduce(0, +) == total)
            print("distributed run: \(total) jobs through 2 agents in \(elapsed) (\(byAgent) completed by alpha, beta)")

            // The password is nowhere a user could see it.
            let password = try AgentTestServer.shared().password
            for text in commandLines + agents.flatMap({ [$0.stdout, $0.stderr] }) + [run.stdout, run.stderr] {
                #expect(!text.contains(password))
            }
            #expect(agents[0].stderr.contains("127.0.0.1"), "the agent logs the redacted target: \(agents[0].stderr)")
        }

        @Test func killedAgentsJobIsRescuedByTheOther() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let config = try AgentTestDirectories.makeScratch("engines") + "/engines.json"
            try Data("{\"fx\": \"\(CommandProcess.product("fixture-worker"))\"}".utf8).write(to: URL(fileURLWithPath: config))
            // FIXTURE_BEHAVIOUR=slow: 50 ms per sample, so the victim's job lasts 10 s and is
            // still running when it is killed, however busy the machine. The rescuer runs at full speed.
            let samples = 200
            let runID = try await Self.enqueue(database, jobs: 1, samples: samples)
            let pidFile = try AgentTestDirectories.makeScratch("victim") + "/worker.pid"
            let slow = try AgentFaultTests.fixtureConfig(["FIXTURE_BEHAVIOUR": "slow", "FIXTURE_PID_FILE": pidFile])
            let victim = try Self.agent("victim", database, viaFile: true, extra: ["--engines-config", slow])
            try await victim.waitForOutput("\"claimed\"", timeout: .seconds(60))
            try await Task.sleep(for: .milliseconds(300))
            try await AgentFaultTests.waitUntil("the victim's worker starts", timeout: .seconds(60)) {
                FileManager.default.fileExists(atPath: pidFile)
            }
            let worker = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            victim.signal(SIGKILL)
            _ = try? await victim.waitForExit(timeout: .seconds(5))
            // The agent's death ends its worker's process group.
            try await AgentFaultTests.waitUntil("the killed agent's worker ends", timeout: .seconds(10)) {
                guard let stat = try? String(contentsOfFile: "/proc/\(worker)/stat", encoding: .utf8) else { return true }
                return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).first == "Z"
            }
            let rescuer = try Self.agent("rescuer", database, viaFile: false,
                                         extra: ["--engines-config", config, "--exit-when-drained"])
            let status = try await rescuer.waitForExit(timeout: .seconds(180))
            #expect(status == 0, "\(rescuer.stderr.suffix(1500))")
            #expect(rescuer.events.contains { $0.event == "completed" && $0.attempt == 2 }, "\(rescuer.stdout)")
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded' AND run_id = $1",
                                             [.text(runID.uuidString)]) == 1)
            #expect(try await database.count("SELECT count(*) FROM samples") == samples)
            #expect(try await database.count("SELECT count(*) FROM queue_claims WHERE outcome = 'expired'") == 1)
            #expect(try await database.count("""
                SELECT count(*) FROM queue_results r JOIN queue_agents a ON a.id = r.agent_id WHERE a.name = 'rescuer' AND r.attempt = 2
                """) == 1)
        }

        @Test func sigtermMidJobReleasesItAndExitsZero() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            _ = try await Self.enqueue(database, jobs: 1, samples: 100)
            let agent = try Self.agent("polite", database, viaFile: true,
                                       extra: ["--engines-config", try AgentFaultTests.fixtureConfig(["FIXTURE_BEHAVIOUR": "slow"])])
            try await agent.waitForOutput("\"claimed\"", timeout: .seconds(60))
            agent.signal(SIGTERM)
            #expect(try await agent.waitForExit(timeout: .seconds(60)) == 0, "\(agent.stderr.suffix(1500))")
            #expect(agent.events.contains { $0.event == "released" }, "\(agent.stdout)")
            // Back in the queue, no failure counted, nothing stored.
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'queued' AND failures = 0") == 1)
            #expect(try await database.count("SELECT count(*) FROM samples") == 0)
        }

        @Test func unknownEngineFailsForGoodWithItsReason() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let runID = try await Self.enqueue(database, jobs: 1, samples: 2, engine: "not-configured")
            let agent = try Self.agent("careful", database, viaFile: true, extra: ["--exit-when-drained"])
            #expect(try await agent.waitForExit(timeout: .seconds(120)) == 0, "\(agent.stderr.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'failed' AND attempt = 1") == 1)
            #expect(try await database.count("""
                SELECT count(*) FROM queue_jobs WHERE last_error LIKE '%engine "not-configured" is not in the configuration%'
                """) == 1)
            let store = try await ResultStore.open(database.socketConfiguration)
            let queue = try await JobQueue.connect(database.socketConfiguration)
            #expect(try await DistributedRun.recordQueueFailures(runID: runID, queue: queue, store: store) == 1)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'failed' AND failure_kind = 'queue'") == 1)
            await queue.close()
            await store.close()
        }

        /// Figures, not a target: 100 one-sample fixture jobs through two agents.
        @Test func throughputOfTwoAgentsOnTrivialJobs() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let config = try AgentTestDirectories.makeScratch("engines") + "/engines.json"
            try Data("{\"fx\": \"\(CommandProcess.product("fixture-worker"))\"}".utf8).write(to: URL(fileURLWithPath: config))
            let agents = try ["one", "two"].map { try Self.agent($0, database, viaFile: true, extra: ["--engines-config", config]) }
            for agent in agents { try await agent.waitForOutput("\"started\"", timeout: .seconds(60)) }
            let started = ContinuousClock.now
            let runID = try await Self.enqueue(database, jobs: 100, samples: 1)
            let queue = try await JobQueue.connect(database.socketConfiguration)
            let final = try await DistributedRun.follow(runID: runID, queue: queue, interval: .milliseconds(50))
            let elapsed = ContinuousClock.now - started
            await queue.close()
            for agent in agents { agent.signal(SIGTERM) }
            for agent in agents {
                let code = try await agent.waitForExit(timeout: .seconds(60))
                #expect(code == 0, "agent \(agent.name) exited \(code) on SIGTERM: \(agent.stderr.suffix(1500))")
            }
            #expect(final.done == 100)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded'") == 100)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            print(String(format: "throughput: 100 fixture jobs through 2 agents in %.2f s = %.1f jobs/s", seconds, 100 / seconds))
        }

        /// Enqueues `jobs` fixture jobs the way `run --distributed` does; returns the run id.
        static func enqueue(_ database: AgentTestDatabase, jobs count: Int, samples: Int, engine: String = "fx") async throws -> UUID {
            let store = try await ResultStore.open(database.socketConfiguration)
            let queue = try await JobQueue.connect(database.socketConfiguration)
            let info = RunInfo(commandLine: "test", harnessVersion: "test", machine: MachineProbe.current())
            let jobs = (0..<count).map { PlannedJob(runID: info.id, ordinal: $0, workload: "fx", workloadPath: "fx.yaml", variant: "normal",
                                                   size: 10, engineLabel: engine, requestedSamples: samples) }
            try await DistributedRun(run: info, jobs: jobs, sources: [:], machineClass: "test").enqueue(store: store, queue: queue)
            await queue.close()
            await store.close()
            return info.id
        }
    }
}
