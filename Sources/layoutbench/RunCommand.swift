import ArgumentParser
import Foundation
import Harness
import ResultStore
import Workloads

/// `layoutbench run`: plan, run each job in a worker, store every sample.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run workloads in worker processes and store every sample.",
        discussion: """
            Plans workloads × variants × sizes × engines and runs each job in a fresh worker process, \
            one at a time unless --jobs says otherwise. Every sample is appended to a spool file in \
            .layoutbench/spool before it is written to PostgreSQL, so a database that goes away loses \
            nothing: the run goes on, and the spool is sent on the next run or by `layoutbench db flush`.

            Examples:
              layoutbench run                    # every workload, variant and size
              layoutbench run independent-blocks churn
              layoutbench run feed-cell --variants manual --sizes 10,100 --samples 5
              layoutbench run churn --sizes 10,20,40 --json > run.json   # any size the driver accepts
              layoutbench run long-row --engine base=/tmp/base/layoutbench-worker \\
                                       --engine new=.build/release/layoutbench-worker
              layoutbench run --database postgresql://bench@db.example/layoutbench
            """)

    @Argument(help: ArgumentHelp("Workload names (files in Workloads/) or paths to workload files; all when none.", valueName: "workload"))
    var workloads: [String] = []

    // List-valued options take one comma-separated value (repeatable), so they
    // never swallow the workload names after them: `run --sizes 7 churn`.
    @Option(name: .long, help: ArgumentHelp("Only these variants (comma separated; repeatable).", valueName: "name,…"))
    var variants: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "These sizes instead of each workload's sweep (comma separated; repeatable). Any size within the driver's bounds runs, "
            + "listed in the sweep or not; sizes beyond a driver's bounds are named and dropped for that workload.", valueName: "n,…"))
    var sizes: [String] = []

    @Option(name: .long, help: "Measured samples per job (default: each workload's own setting).")
    var samples: Int?

    @Option(name: .long, help: ArgumentHelp(
        "An engine to measure, as NAME=PATH to its worker executable; repeat to compare engines "
            + "(default: default=layoutbench-worker next to this program).", valueName: "name=path"))
    var engine: [String] = []

    @Flag(name: .long, help: "Give inconclusive verdicts on time more sizes (the sweep's next) or more jobs (a ratio: at the sizes it straddles), round by round, within --settle-budget.")
    var settle = false

    @Option(name: .long, help: ArgumentHelp("Seconds --settle may spend on added jobs (a round that starts finishes).", valueName: "seconds"))
    var settleBudget: Double = 120

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: "Seconds a job may run before its worker is stopped (SIGTERM, then SIGKILL).")
    var timeout: Double = 600

    @Option(name: .long, help: "Jobs to run at once. 1 (the default) keeps timings quiet; more finishes sooner.")
    var jobs: Int = 1

    @Option(name: .long, help: "Seed passed to every job.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Directory of workload files (default: Workloads/ in the project).", valueName: "path"))
    var workloadsDirectory: String?

    @Flag(name: .long, help: "Plain log lines even on a terminal.")
    var plain = false

    @OptionGroup var output: OutputOptions

    @Flag(name: .long, help: "Enqueue the jobs for `layoutbench agent`s sharing the database, follow them to the end, then report.")
    var distributed = false

    @Flag(name: .long, help: "With --distributed: print the run id once the jobs are enqueued and exit.")
    var detach = false

    @Option(name: .long, help: ArgumentHelp("With --distributed: only agents of this class take the jobs (default: any agent).",
                                            valueName: "name"))
    var machineClass: String?

    @Option(name: .long, help: ArgumentHelp("Run only the plan's jobs whose index ≡ I (mod N), for CI matrices without agents.",
                                            valueName: "I/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp(
        "The run's id, shared by its shards: a UUID, or any text (a CI run number) that names the same id on every machine. "
            + "Shards with one --run-id make one run; the last to finish writes its report.", valueName: "id"))
    var runId: String?

    func validate() throws {
        if let problem = RunSettings.timeoutProblem(timeout) { throw ValidationError(problem) }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let samples, samples < 1 { throw ValidationError("--samples must be at least 1") }
        _ = try parsedSizes()
        if detach, !distributed { throw ValidationError("--detach goes with --distributed") }
        if machineClass != nil, !distributed { throw ValidationError("--machine-class goes with --distributed") }
        if let shard { do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) } }
        guard settleBudget > 0 else { throw ValidationError("--settle-budget must be more than 0 seconds") }
        if settle, distributed { throw ValidationError("--settle runs the added jobs itself; it does not go with --distributed") }
        if let runId, SharedRunID.uuid(for: runId) == nil { throw ValidationError("--run-id needs a value: a UUID or a CI run number") }
        if settle, shard != nil { throw ValidationError("--settle adds jobs to a whole run; it does not go with --shard") }
    }

    func parsedSizes() throws -> [Int]? {
        let items = sizes.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else { return nil }
        return try items.map { item in
            guard let size = Int(item), size > 0 else { throw ValidationError("--sizes takes positive whole numbers, not \"\(item)\"") }
            return size
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        try await reportingErrors {
            let locator = database.locator
            let directory = workloadsDirectory.map { URL(fileURLWithPath: $0) } ?? locator.root.appendingPathComponent("Workloads")
            let planner = JobPlanner(workloadsDirectory: directory)
            let loaded = try planner.load(workloads)
            let progress = TerminalProgress(style: plain ? .plain : nil)
            if output.json, detach { throw ValidationError("--json goes without --detach, which prints only the run id") }
            // Distributed: engines are names the agents resolve in their own configuration.
            let engines = try distributed ? distributedEngines()
                : engine.isEmpty ? [try DefaultWorker.choice(progress: progress)] : engine.map { try EngineChoice.parse($0) }
            let variantFilter = variants.flatMap { $0.split(separator: ",").map(String.init) }
            if let asked = try parsedSizes() {
                for item in loaded {
                    let dropped = JobPlanner.sizes(of: item.workload, asked: asked).dropped
                    if !dropped.isEmpty {
                        progress.note("\(item.workload.name): size(s) \(dropped.map(String.init).joined(separator: ", ")) are beyond its driver's bounds and do not run")
                    }
                }
            }
            let runID = runId.flatMap(SharedRunID.uuid(for:)) ?? UUID()
            var plan = try planner.plan(runID: runID, workloads: loaded, variants: variantFilter.isEmpty ? nil : variantFilter,
                                        sizes: try parsedSizes(), samples: samples, seed: seed, engines: engines)
            let planned = plan.count
            if let shard {
                let selected = try Shard(parsing: shard)
                plan = selected.select(plan)
                progress.note("shard \(shard): \(plan.count) job(s) of the plan")
                guard !plan.isEmpty else { return progress.note("shard \(shard): no job of the plan falls in this shard") }
            }
            if distributed {
                return try await runDistributed(runID: runID, plan: plan, loaded: loaded, engines: engines, progress: progress)
            }

            if locator.source == .embedded { progress.note("results go to the embedded PostgreSQL in \(locator.embedded.directory)") }
            let store = try await database.openStore()
            let flushed = try await SpoolReplayer(directory: locator.spoolDirectory).flushAll(into: store)
            if flushed.files > 0 {
                progress.note("sent \(flushed.outcomes) spooled job outcome(s) with \(flushed.samples) samples from \(flushed.files) earlier run(s)")
            }
            if flushed.quarantined > 0 {
                progress.note(SpoolQuarantine.notice(records: flushed.quarantined, files: flushed.quarantineFiles))
            }

            let info = RunInfo(id: runID, commandLine: CommandLineRedaction.redacted(CommandLine.arguments),
                               options: options(engines).merging(["planned_jobs": String(planned)]) { a, _ in a },
                               harnessVersion: HarnessVersion.current, machine: MachineProbe.current())
            let cancellation = RunCancellation()
            cancellation.installSignalHandlers { signal in
                progress.note("\(signal == SIGINT ? "interrupted" : "terminated"): no new job starts; the run is stored as interrupted")
            }
            let spool = try SpoolWriter(directory: locator.spoolDirectory, runID: runID,
                                        part: try shard.map { text in let s = try Shard(parsing: text); return "shard\(s.index)of\(s.count)" })
            let link = StorageLink(store: store, spool: spool, spoolDirectory: locator.spoolDirectory, progress: progress)
            let run = BenchmarkRun(run: info, jobs: plan, sources: Dictionary(loaded.map { ($0.path, $0.source) }) { a, _ in a },
                                   engines: engines, settings: RunSettings(timeout: timeout, parallelism: jobs),
                                   link: link, progress: progress, cancellation: cancellation)
            let result = try await run.execute()

            // A shard of a shared run that is not yet whole leaves it running:
            // the last shard to finish (or `layoutbench report --run ID`) reports it.
            if let shard, runId != nil, !result.interrupted, let store = await link.readableStore,
               let counts = try? await store.jobProgress(runID: runID), counts.ended < planned {
                let stored = await link.leave()
                progress.runFinished()
                let id = runID.uuidString.lowercased()
                if output.json {
                    output.emit(RunResultDocument(runID: runID, status: .running, jobs: plan.count, failed: result.failedCount, notRun: 0,
                                                  after: AfterRun(verdicts: [], verdictsEvaluated: false, reportPath: nil), stored: stored))
                } else {
                    print("run \(id), shard \(shard): \(plan.count) jobs, \(result.failedCount) failed; \(counts.ended) of the run's \(planned) jobs are in")
                    print("report: when the last shard finishes, or now with `layoutbench report --run \(id)`")
                }
                return
            }

            var workloadsForReport = loaded.map(\.workload)
            var settleNotes: [String] = []
            if settle, !result.interrupted, let readable = await link.readableStore {
                let settling = try await self.settle(info: info, loaded: loaded, engines: engines, catalog: planner.catalog,
                                                     firstOrdinal: plan.count, link: link, store: readable, progress: progress,
                                                     cancellation: cancellation)
                settleNotes = settling.notes
                for i in workloadsForReport.indices {
                    workloadsForReport[i].sweep.sizes = Array(Set(workloadsForReport[i].sweep.sizes)
                        .union(settling.addedSizes[workloadsForReport[i].name] ?? [])).sorted()
                }
            }

            let after = try await RunCommand.afterRun(runID: runID, workloads: workloadsForReport, store: await link.readableStore,
                                                      notes: settleNotes)
            if after.verdictsEvaluated, !after.verdicts.isEmpty { try await link.record(verdicts: after.verdicts, runID: runID) }
            if let path = after.reportPath { try await link.record(reportPath: path, runID: runID) }
            let stored = try await link.finish(runID: runID, status: result.interrupted ? .interrupted : .finished)
            progress.runFinished()

            let notRun = result.interrupted ? plan.count - result.outcomes.count : 0
            if output.json {
                output.emit(RunResultDocument(runID: runID, status: result.interrupted ? .interrupted : .finished, jobs: plan.count,
                                              failed: result.failedCount, notRun: notRun, after: after, stored: stored))
            } else {
                print(ExpectationTable.render(after.verdicts, style: output.style), terminator: "")
                print("run \(runID.uuidString.lowercased()): \(plan.count) jobs, \(result.failedCount) failed"
                      + (result.interrupted ? ", \(notRun) not run (interrupted)" : ""))
                if let path = after.reportPath { print("report: \(path)") } else { print("report: not written (the database is unavailable; `layoutbench report` writes it later)") }
            }
            if !stored {
                progress.note("the database did not take everything; the results are safe in \(spool.path). "
                              + "They are sent on the next run, or now with `layoutbench db flush` once the database is back.")
            }
            if let signal = cancellation.signal { throw ExitCode(128 + signal) }
            if !stored { throw ExitCode(RunCommand.resultsOnlySpooled) }
        }
    }

    /// The exit code of a run whose results reached the spool but not the
    /// database (EX_TEMPFAIL): nothing is lost, but nothing is stored yet.
    static let resultsOnlySpooled: Int32 = 75

    func options(_ engines: [EngineChoice]) -> [String: String] {
        var options: [String: String] = [
            "workloads": workloads.joined(separator: ","), "timeout": String(timeout), "jobs": String(jobs), "seed": String(seed),
            "engines": engines.map { "\($0.label)=\($0.command.executable)" }.joined(separator: ","),
        ]
        if !variants.isEmpty { options["variants"] = variants.joined(separator: ",") }
        if !sizes.isEmpty { options["sizes"] = sizes.joined(separator: ",") }
        if let samples { options["samples"] = String(samples) }
        if let shard { options["shard"] = shard }
        if settle { options["settle_budget"] = String(settleBudget) }
        if distributed { options["distributed"] = machineClass ?? "any" }
        return options
    }
}

/// What happens once the jobs are done: the report and the expectation verdicts.
struct AfterRun {
    var verdicts: [ExpectationVerdict]
    /// Whether `verdicts` come from an analysis (then they are stored) or
    /// are placeholders listing what was not checked (printed only).
    var verdictsEvaluated: Bool
    var reportPath: String?
}

extension RunCommand {
    /// Analyses the run (every workload's expectations become verdicts) and
    /// writes its report under `Reports/`. `store` is nil when the database
    /// is away: the results are in the spool, so there is nothing to analyse
    /// yet — the expectations are listed as not evaluated and `layoutbench
    /// report` makes the report once the spool is flushed.
    static func afterRun(runID: UUID, workloads: [Workload], store: ResultStore?, notes: [String] = [],
                         reportsDirectory: URL = DatabaseLocator.projectRoot().appendingPathComponent("Reports")) async throws -> AfterRun {
        guard let store, var details = try? await store.runDetails(runID) else {
            var verdicts: [ExpectationVerdict] = []
            for workload in workloads {
                for (index, expectation) in workload.expectations.enumerated() {
                    verdicts.append(ExpectationVerdict(workload: workload.name, expectationIndex: index, description: expectation.summary,
                                                       status: .inconclusive, reason: "not evaluated: the database is unavailable; run `layoutbench db flush` then `layoutbench report`"))
                }
            }
            return AfterRun(verdicts: verdicts, verdictsEvaluated: false, reportPath: nil)
        }
        // The jobs are done; the run row is closed just after this, so the report says when.
        details.run.finishedAt = details.run.finishedAt ?? Date()
        if details.run.status == .running {
            details.run.status = details.jobs.contains(where: \.neverRan) ? .interrupted : .finished
        }
        let outcome = try RunReporting.report(details, workloads: workloads, reportsDirectory: reportsDirectory, notes: notes)
        return AfterRun(verdicts: outcome.storedVerdicts, verdictsEvaluated: true, reportPath: outcome.runPage.path)
    }
}
