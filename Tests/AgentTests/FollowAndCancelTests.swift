import Foundation
import Harness
import JobQueue
import JSONSchemaCheck
import Postgres
import ResultStore
import Testing

extension AgentServerTests {
    /// `run --distributed --detach`, then `runs follow` and `runs cancel`
    /// from other processes, with a real agent (the fixture worker as engine "fx").
    @Suite struct FollowAndCancelTests {
        static let workloads = ["cheap-operations", "independent-blocks"]

        /// Starts a detached run and returns its id.
        static func detach(_ database: AgentTestDatabase, samples: Int) async throws -> (id: String, commandLine: String, output: String) {
            let run = try CommandProcess(name: "detach", arguments: ["run"] + workloads + [
                "--sizes", "10,100", "--samples", "\(samples)", "--plain", "--engine", "fx",
                "--distributed", "--detach", "--machine-class", "test", "--database-file", try database.urlFile(),
                "--workloads-directory", CommandProcess.workloads])
            let commandLine = run.commandLine
            #expect(try await run.waitForExit(timeout: .seconds(60)) == 0, "\(run.stderr.suffix(1500))")
            let id = try #require(run.stdout.split(separator: "\n").map(String.init).last { UUID(uuidString: $0) != nil },
                                  "no run id in \(run.stdout)")
            return (id, commandLine, run.stdout + run.stderr)
        }

        static func runs(_ arguments: [String], _ database: AgentTestDatabase) throws -> CommandProcess {
            try CommandProcess(name: "runs-\(arguments[0])", arguments: ["runs"] + arguments + ["--database-file", try database.urlFile()])
        }

        @Test func aDetachedRunIsFollowedToTheEndAndReported() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let total = try ShardTests.plan(Self.workloads, sizes: [10, 100], engine: "fx").count
            let (id, detachLine, detachOutput) = try await Self.detach(database, samples: 2)
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'queued'") == total)

            let follow = try Self.runs(["follow", id, "--plain", "--workloads-directory", CommandProcess.workloads], database)
            let agent = try DistributedRunTests.agent("solo", database, viaFile: true,
                                                      extra: ["--engines-config", try AgentFaultTests.fixtureConfig(), "--exit-when-drained"])
            let followLine = follow.commandLine
            #expect(try await follow.waitForExit(timeout: .seconds(120)) == 0, "\(follow.stderr.suffix(1500))")
            #expect(try await agent.waitForExit(timeout: .seconds(60)) == 0, "\(agent.stderr.suffix(1500))")
            #expect(follow.stdout.contains("run \(id): \(total) jobs, 0 failed"), "\(follow.stdout)")
            #expect(follow.stdout.contains("report: "), "\(follow.stdout)")
            #expect(follow.stderr.contains("queue: "), "progress lines: \(follow.stderr)")
            #expect(try await database.count("SELECT count(*) FROM runs WHERE status = 'finished' AND id = $1", [.text(id)]) == 1)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded'") == total)

            // Following again just does the end again; an unknown run is refused with a reason.
            // With --json the end is one document on standard output.
            let again = try Self.runs(["follow", id, "--plain", "--json", "--workloads-directory", CommandProcess.workloads], database)
            #expect(try await again.waitForExit(timeout: .seconds(60)) == 0, "\(again.stderr.suffix(1500))")
            #expect(try JSONSchemaCheck.problems(again.stdout, schema: "run.schema.json") == [])
            let document = try JSONValue.parse(again.stdout)
            #expect(document["run_id"]?.string == id && document["jobs"]?.int == total && document["failed"]?.int == 0)
            #expect(document["status"]?.string == "finished" && document["report"]?.string != nil)
            let unknown = try Self.runs(["follow", UUID().uuidString], database)
            #expect(try await unknown.waitForExit(timeout: .seconds(60)) == 1)
            #expect(unknown.stderr.contains("not a distributed run"), "\(unknown.stderr)")

            let password = try AgentTestServer.shared().password
            for text in [detachLine, detachOutput, followLine, follow.stdout, follow.stderr, again.stdout, again.stderr,
                         unknown.stderr, agent.stdout, agent.stderr] {
                #expect(!text.contains(password))
            }
        }

        /// Cancelling stops the queued jobs at once; the job an agent is
        /// running finishes with its results; the follower ends the run as
        /// interrupted with the cancelled jobs recorded as failed.
        @Test func cancelCancelsQueuedJobsAndLetsTheRunningOneFinish() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let total = try ShardTests.plan(Self.workloads, sizes: [10, 100], engine: "fx").count
            let (id, _, _) = try await Self.detach(database, samples: 30)
            let agent = try DistributedRunTests.agent("busy", database, viaFile: true,
                                                      extra: ["--engines-config", try AgentFaultTests.fixtureConfig(["FIXTURE_BEHAVIOUR": "slow"]),
                                                              "--exit-when-drained"])
            try await agent.waitForOutput("\"claimed\"", timeout: .seconds(60))
            let cancel = try Self.runs(["cancel", id, "--reason", "enough for today"], database)
            let cancelLine = cancel.commandLine
            #expect(try await cancel.waitForExit(timeout: .seconds(60)) == 0, "\(cancel.stderr.suffix(1500))")
            #expect(cancel.stdout.contains("queued job(s) cancelled now"), "\(cancel.stdout)")
            let follow = try Self.runs(["follow", id, "--plain", "--workloads-directory", CommandProcess.workloads], database)
            #expect(try await follow.waitForExit(timeout: .seconds(120)) == 0, "\(follow.stderr.suffix(1500))")
            #expect(try await agent.waitForExit(timeout: .seconds(60)) == 0, "\(agent.stderr.suffix(1500))")

            let done = try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'done'")
            let cancelled = try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'cancelled' AND last_error = 'enough for today'")
            // The claimed job finished; what was still queued was cancelled.
            #expect(done >= 1 && cancelled >= 1 && done + cancelled == total, "done \(done), cancelled \(cancelled) of \(total)")
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded'") == done)
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'failed' AND failure_kind = 'cancelled'") == cancelled)
            #expect(try await database.count("SELECT count(*) FROM runs WHERE status = 'interrupted' AND id = $1", [.text(id)]) == 1)
            #expect(follow.stdout.contains("\(cancelled) cancelled"), "\(follow.stdout)")
            let password = try AgentTestServer.shared().password
            for text in [cancelLine, cancel.stdout, cancel.stderr, follow.stdout, follow.stderr] { #expect(!text.contains(password)) }
        }
    }
}
