import Foundation
import Harness
import ResultStore
import WorkerProtocol

/// Runs planned jobs on the fixture worker, the way `layoutbench run` does.
enum RunFixtures {
    static let machine = MachineProbe.current()

    /// Jobs whose variant tells the fixture how to behave.
    static func plan(_ behaviours: [String], samples: Int = 4, workload: String = "fixture") -> (RunInfo, [PlannedJob]) {
        let run = RunInfo(commandLine: "test", harnessVersion: "test", machine: machine)
        var jobs: [PlannedJob] = []
        for (ordinal, behaviour) in behaviours.enumerated() {
            jobs.append(PlannedJob(runID: run.id, ordinal: ordinal, workload: workload, workloadPath: "Workloads/\(workload).yaml",
                                   variant: behaviour, size: 10 * (ordinal + 1), engineLabel: "fixture",
                                   parameters: ["behaviour": .string(behaviour)], requestedSamples: samples))
        }
        return (run, jobs)
    }

    static func execute(_ run: RunInfo, _ jobs: [PlannedJob], store: ResultStore?, spoolDirectory: String,
                        settings: RunSettings = RunSettings(timeout: 3, terminateGrace: 0.3),
                        environment: [String: String] = [:],
                        progress: any ProgressReporter = SilentProgress()) async throws -> (RunResult, Bool) {
        let link = StorageLink(store: store, spool: try SpoolWriter(directory: spoolDirectory, runID: run.id),
                               spoolDirectory: spoolDirectory, progress: progress, retryInterval: .zero)
        let engine = EngineChoice(label: "fixture", command: FixtureWorker.command(environment))
        let result = try await BenchmarkRun(run: run, jobs: jobs, sources: [:], engines: [engine], settings: settings,
                                            link: link, progress: progress).execute()
        let stored = try await link.finish(runID: run.id, status: .finished)
        return (result, stored)
    }

    /// The samples the fixture sends for a job (see Tests/fixture-worker).
    static func expectedSamples(size: Int, count: Int) -> [Sample] {
        (0..<count).map { (index: Int) -> Sample in
            let wall: Double = Double(size) * 1e-6 + Double(index) * 1e-7
            let cpu: Double = Double(index) * 1e-7
            let bytes: Int64 = Int64(index * 64)
            return Sample(index: index, warmup: index == 0 && count > 1, iterations: index + 1,
                          wallSeconds: wall, cpuSeconds: cpu, allocations: Int64(index), allocatedBytes: bytes)
        }
    }
}

/// Calls a closure after each finished job (to pull the database away mid-run).
final class ObservingProgress: ProgressReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var finished = 0
    private let afterJob: @Sendable (Int) -> Void
    private(set) var notes: [String] = []

    init(afterJob: @escaping @Sendable (Int) -> Void) { self.afterJob = afterJob }

    func runStarted(total: Int, parallelism: Int) {}
    func jobStarted(_ job: PlannedJob) {}
    func jobFinished(_ job: PlannedJob, outcome: JobOutcome) {
        let count = lock.withLock { finished += 1; return finished }
        afterJob(count)
    }
    func note(_ text: String) { lock.withLock { notes.append(text) } }
    func runFinished() {}
}
