import ArgumentParser
import Foundation
import Harness
import JobQueue
import ResultStore

/// `layoutbench runs follow|cancel RUN_ID`: the later half of a detached
/// distributed run (`layoutbench run --distributed --detach` prints the id).
struct RunsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "Follow or cancel a distributed run started with `run --distributed --detach`.",
        subcommands: [Follow.self, Cancel.self])

    struct Follow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow a distributed run's progress to the end, then analyse it and write its report.",
            discussion: """
                Prints the queue's counts whenever they change (samples streamed by running jobs included) until \
                every job is done, failed or cancelled; then records the jobs the queue gave up on, writes the \
                report and prints the expectations, as `run --distributed` does without --detach. Following a run \
                that has already ended just does the end again. Any number of followers may watch one run.

                Examples:
                  id=$(layoutbench run --distributed --detach --database-file ~/.layoutbench-db)
                  layoutbench runs follow "$id" --database-file ~/.layoutbench-db
                """)

        @Argument(help: ArgumentHelp("The run id `run --distributed --detach` printed.", valueName: "run-id"))
        var runID: String

        @Option(name: .long, help: ArgumentHelp("Directory of workload files, for titles and expectations (default: Workloads/).",
                                                valueName: "path"))
        var workloadsDirectory: String?

        @Flag(name: .long, help: "Plain progress lines, no terminal control codes.")
        var plain = false

        @OptionGroup var output: OutputOptions

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            signal(SIGPIPE, SIG_IGN)
            try await reportingErrors {
                let id = try RunsCommand.parse(runID)
                let store = try await database.openStore()
                let queue = try await JobQueue.connect(store.configuration)
                let progress = TerminalProgress(style: plain ? .plain : nil)
                let counts = try await queue.progress(runKey: id.uuidString.lowercased())
                guard counts.total > 0 else {
                    await queue.close()
                    throw RunsCommandError.notDistributed(id)
                }
                let details = try await store.runDetails(id)
                let directory = workloadsDirectory.map { URL(fileURLWithPath: $0) } ?? database.locator.root.appendingPathComponent("Workloads")
                let workloads = ReportCommand.workloads(named: Set(details.jobs.map(\.plan.workload)), in: directory)
                progress.note("following run \(id.uuidString.lowercased()) (\(counts.total) job(s)) in \(store.configuration.redacted)")
                try await RunCommand.followDistributed(runID: id, planned: details.jobs.count, workloads: workloads, store: store,
                                                       queue: queue, started: ContinuousClock.now, progress: progress,
                                                       output: output)
            }
        }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cancel a distributed run: queued jobs are cancelled, running ones finish.",
            discussion: """
                Queued jobs become `cancelled` at once and no agent takes them. Jobs already running finish and \
                keep their results; one that comes back instead (its agent stopped, it failed, its lease ran out) \
                is cancelled too. A follower (`runs follow`, or the `run --distributed` that started it) then ends \
                the run as interrupted, with the cancelled jobs recorded as failed (kind `cancelled`). Cancelling \
                twice is harmless.

                Examples:
                  layoutbench runs cancel 3f2a… --database-file ~/.layoutbench-db
                """)

        @Argument(help: ArgumentHelp("The run id `run --distributed --detach` printed.", valueName: "run-id"))
        var runID: String

        @Option(name: .long, help: "Why, kept with each cancelled job.")
        var reason: String = "the run was cancelled (`layoutbench runs cancel`)"

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await reportingErrors {
                let id = try RunsCommand.parse(runID)
                let store = try await database.openStore()
                let queue = try await JobQueue.connect(store.configuration)
                let key = id.uuidString.lowercased()
                guard try await queue.progress(runKey: key).total > 0 else {
                    await queue.close()
                    throw RunsCommandError.notDistributed(id)
                }
                let report = try await queue.cancel(runKey: key, reason: reason)
                let after = try await queue.progress(runKey: key)
                await queue.close()
                await store.close()
                print("run \(key): \(report.cancelled) queued job(s) cancelled now, \(report.running) still running "
                      + "(they finish); \(after)" + (report.newlyCancelled ? "" : " — it was already cancelled"))
            }
        }
    }

    static func parse(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw ValidationError("\"\(text)\" is not a run id: give the UUID `run --distributed --detach` printed")
        }
        return id
    }
}

enum RunsCommandError: Error, CustomStringConvertible {
    case notDistributed(UUID)

    var description: String {
        switch self {
        case let .notDistributed(id):
            "run \(id.uuidString.lowercased()) has no jobs in the queue of this database — it is not a distributed run, "
                + "or it is in another database: pass the same --database-file as the run"
        }
    }
}
