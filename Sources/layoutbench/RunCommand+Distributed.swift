import ArgumentParser
import EngineBuilds
import Foundation
import Harness
import JobQueue
import ResultStore
import Workloads

// `layoutbench run --distributed`: the plan goes to the job queue in the
// shared database instead of to local workers; agents run it.
extension RunCommand {
    /// `--engine` names for agents: `NAME` or `NAME=PATH` (the path stays
    /// here: each agent maps the name to a worker of its own), or
    /// `NAME@REVISION` for a worker the agents build at that commit from the
    /// remotes they allow. Default: `default`.
    func distributedEngines() -> [EngineChoice] {
        let names = engine.isEmpty ? [DefaultWorker.label] : engine.map { Self.distributedName($0) }
        return names.filter { !$0.isEmpty }.map { EngineChoice(label: $0, command: WorkerCommand(executable: "")) }
    }

    /// Engine name → full commit id for the `--engine NAME@REVISION` forms;
    /// a revision that is not already a full commit id is resolved in this
    /// checkout (`git rev-parse`), so agents get the exact commit.
    ///
    /// - Throws: `EngineBuildError` (not a repository, unknown revision).
    func distributedRevisions() throws -> [String: String] {
        var revisions: [String: String] = [:]
        for spec in engine where !spec.contains("=") {
            let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { continue }
            let isCommit = parts[1].count == 40 && parts[1].allSatisfy { $0.isHexDigit && !$0.isUppercase }
            revisions[parts[0]] = isCommit ? parts[1]
                : try RevisionBuilder(repository: database.locator.root, cacheDirectory: FileManager.default.temporaryDirectory)
                    .resolve(parts[1], side: parts[0])
        }
        return revisions
    }

    static func distributedName(_ spec: String) -> String {
        if spec.contains("=") { return String(spec.split(separator: "=", maxSplits: 1).first ?? "") }
        return String(spec.split(separator: "@", maxSplits: 1).first ?? "")
    }

    /// Stores the run, enqueues its jobs, follows them (unless `--detach`),
    /// records the jobs the queue gave up on, then does what every run does
    /// at the end: analysis, report, verdicts.
    func runDistributed(runID: UUID, plan: [PlannedJob], loaded: [LoadedWorkload], engines: [EngineChoice],
                        progress: TerminalProgress) async throws {
        let locator = database.locator
        if locator.source == .embedded {
            progress.note("the embedded PostgreSQL in \(locator.embedded.directory) is reachable only by agents on this machine; "
                          + "pass --database-file FILE (or LAYOUTBENCH_DATABASE_URL) for agents elsewhere")
        }
        let store = try await database.openStore()
        let queue = try await JobQueue.connect(store.configuration)
        let info = RunInfo(id: runID, commandLine: CommandLineRedaction.redacted(CommandLine.arguments), options: options(engines),
                           harnessVersion: HarnessVersion.current, machine: MachineProbe.current())
        let machineClass = try MachineClass.validate(self.machineClass ?? MachineClass.any)
        let revisions = try distributedRevisions()
        let run = DistributedRun(run: info, jobs: plan, sources: Dictionary(loaded.map { ($0.path, $0.source) }) { a, _ in a },
                                 machineClass: machineClass, revisions: revisions)
        let started = ContinuousClock.now
        try await run.enqueue(store: store, queue: queue)
        let id = runID.uuidString.lowercased()
        let engineText = engines.map { choice in revisions[choice.label].map { "\(choice.label) at \($0.prefix(12))" } ?? choice.label }
        progress.note("run \(id): \(plan.count) job(s) enqueued for agents of class \(machineClass) "
                      + "(engines: \(engineText.joined(separator: ", ")))")
        if detach {
            print(id)
            await queue.close()
            return
        }
        try await Self.followDistributed(runID: runID, planned: plan.count, workloads: loaded.map(\.workload),
                                         store: store, queue: queue, started: started, progress: progress, output: output)
    }

    /// Follows a distributed run's queue jobs to the end, printing progress
    /// whenever the counts change (samples streamed by running jobs
    /// included), records the jobs the queue gave up on or cancelled as
    /// failed jobs, then analyses, reports and closes the run (`interrupted`
    /// when it was cancelled). Shared by `run --distributed` and `runs follow`.
    static func followDistributed(runID: UUID, planned: Int, workloads: [Workload], store: ResultStore, queue: JobQueue,
                                  started: ContinuousClock.Instant, progress: TerminalProgress, output: OutputOptions) async throws {
        let id = runID.uuidString.lowercased()
        let final = try await DistributedRun.follow(runID: runID, queue: queue) { counts in
            progress.note("queue: \(counts)")
        }
        let elapsed = ContinuousClock.now - started
        try await DistributedRun.recordQueueFailures(runID: runID, queue: queue, store: store)
        let cancelled = try await queue.isCancelled(runKey: id)
        await queue.close()

        let after = try await RunCommand.afterRun(runID: runID, workloads: workloads, store: store)
        if after.verdictsEvaluated, !after.verdicts.isEmpty { try await store.recordVerdicts(after.verdicts, runID: runID) }
        if let path = after.reportPath { try await store.setReportPath(path, runID: runID) }
        try await store.finishRun(runID, status: cancelled ? .interrupted : .finished)
        let details = try await store.runDetails(runID)
        let failed = details.jobs.filter { $0.status == .failed }.count

        if output.json {
            let notRun = details.jobs.filter { $0.status == .planned || $0.status == .running }.count
            return output.emit(RunResultDocument(runID: runID, status: cancelled ? .interrupted : .finished, jobs: planned, failed: failed,
                                                 notRun: notRun, after: after, stored: true))
        }
        print(ExpectationTable.render(after.verdicts, style: output.style), terminator: "")
        let seconds = elapsed.inSeconds
        let cancelledText = final.cancelled > 0 ? ", \(final.cancelled) cancelled" : ""
        print("run \(id): \(planned) jobs, \(failed) failed (distributed: \(final.done) done, \(final.failed) given up by the queue"
              + cancelledText + String(format: ", %.1f s)", seconds))
        if let path = after.reportPath { print("report: \(path)") } else { print("report: none yet (the report generator is not linked into this build)") }
    }
}
