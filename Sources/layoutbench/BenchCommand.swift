import ArgumentParser
import Foundation
import Harness
import ResultStore
import Statistics
import WorkerProtocol

/// `layoutbench bench …` (hidden): measures the harness itself against its
/// targets. Results go to a separate database (`layoutbench_bench` on the
/// embedded cluster) so they never mix with real runs.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the harness's own overhead (for developers).",
        discussion: """
            Examples (build everything first, release: swift build -c release):
              .build/release/layoutbench bench overhead --count 200
              .build/release/layoutbench bench store --samples 1000000
              .build/release/layoutbench bench compare-power --from Reports/compare-aa
              .build/release/layoutbench bench verdicts --sigma 0.1 --seeds 5
              .build/release/layoutbench bench compare-campaign --runs 20 -- churn --sizes 100
            """,
        shouldDisplay: false,
        subcommands: [Overhead.self, Store.self, ComparePower.self, Verdicts.self, CompareCampaign.self])

    static let databaseName = "layoutbench_bench"

    /// The median, or NaN for no values (printed as such).
    static func median(_ values: [Double]) -> Double { (try? Statistics.median(values)) ?? .nan }

    static func milliseconds(_ duration: Duration) -> Double { duration.inSeconds * 1000 }

    struct Overhead: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Per-job harness overhead: spawn, handshake, reading, spooling and storing, with a worker that does no work.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "Jobs to run.") var count = 200
        @Option(help: "Samples each job sends.") var samples = 10
        @Option(help: "Worker executable (default: fixture-worker next to this program).") var worker: String?

        func run() async throws {
            signal(SIGPIPE, SIG_IGN)
            try await reportingErrors {
                let path = worker ?? DefaultWorker.path(named: "fixture-worker")
                let engine = EngineChoice(label: "fixture", command: WorkerCommand(executable: path))
                let store = try await database.openStore(databaseName: BenchCommand.databaseName)
                let info = RunInfo(commandLine: "layoutbench bench overhead", harnessVersion: HarnessVersion.current, machine: MachineProbe.current())
                let jobs = (0..<count).map { PlannedJob(runID: info.id, ordinal: $0, workload: "bench-overhead", workloadPath: "bench-overhead.yaml",
                                                       variant: "normal", size: 10, engineLabel: "fixture", requestedSamples: samples) }
                let spoolDirectory = NSTemporaryDirectory() + "layoutbench-bench-spool"
                let link = StorageLink(store: store, spool: try SpoolWriter(directory: spoolDirectory, runID: info.id),
                                       spoolDirectory: spoolDirectory, progress: SilentProgress())
                let result = try await BenchmarkRun(run: info, jobs: jobs, sources: [:], engines: [engine],
                                                    settings: RunSettings(timeout: 30), link: link, progress: SilentProgress()).execute()
                _ = try await link.finish(runID: info.id, status: .finished)
                let timings = Array(result.timings.values)
                let failed = result.failedCount
                print("jobs: \(count) (\(failed) failed), \(samples) samples each, worker \(path)")
                print(String(format: "per job, median: total %.2f ms = worker process %.2f ms (handshake %.2f ms) + spool and store %.2f ms",
                             median(timings.map { milliseconds($0.total) }), median(timings.map { milliseconds($0.worker) }),
                             median(timings.compactMap { $0.handshake.map(milliseconds) }), median(timings.map { milliseconds($0.storage) })))
                print(String(format: "whole run: %.2f s, %.2f ms per job", milliseconds(result.elapsed) / 1000, milliseconds(result.elapsed) / Double(count)))
                let baseline = try (0..<min(count, 100)).map { _ in try Self.bareRun(path, samples: samples) }
                print(String(format: "the worker alone (posix_spawn, output to /dev/null, waitpid), median: %.2f ms; "
                             + "harness overhead = total - worker alone ≈ %.2f ms", median(baseline),
                             median(timings.map { milliseconds($0.total) }) - median(baseline)))
                await store.close()
            }
        }

        private func median(_ values: [Double]) -> Double { BenchCommand.median(values) }

        /// Milliseconds for one bare run of the worker: spawned with
        /// posix_spawn, its job read from a file, its output thrown away.
        /// What the worker costs by itself, whoever starts it.
        static func bareRun(_ path: String, samples: Int) throws -> Double {
            let request = JobRequest(workloadPath: "bench-overhead.yaml", variant: "normal", size: 10, samples: samples)
            let input = NSTemporaryDirectory() + "layoutbench-bench-job-\(getpid()).json"
            try (ProtocolCoding.encodeLine(request) + "\n").write(toFile: input, atomically: true, encoding: .utf8)
            defer { unlink(input) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("--protocol"), nil]
            defer { argv.forEach { free($0) } }
            let started = ContinuousClock.now
            var pid: pid_t = 0
            guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
                throw HarnessError.engineNotUsable(path: path, reason: "posix_spawn failed")
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return BenchCommand.milliseconds(ContinuousClock.now - started)
        }
        private func milliseconds(_ duration: Duration) -> Double { BenchCommand.milliseconds(duration) }
    }

    struct Store: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time storing samples through the store's normal path (COPY per job).")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "Samples in all.") var samples = 1_000_000
        @Option(help: "Jobs they are spread over.") var jobs = 100

        func run() async throws {
            try await reportingErrors {
                let store = try await database.openStore(databaseName: BenchCommand.databaseName)
                let info = RunInfo(commandLine: "layoutbench bench store", harnessVersion: HarnessVersion.current, machine: MachineProbe.current())
                let planned = (0..<jobs).map { PlannedJob(runID: info.id, ordinal: $0, workload: "bench-store", workloadPath: "bench-store.yaml",
                                                          variant: "v", size: $0 + 1, engineLabel: "synthetic") }
                try await store.beginRun(info, jobs: planned)
                let perJob = samples / jobs
                let engine = EngineInfo(identity: EngineIdentity(name: "synthetic", version: "0", commit: "none", build: "release", swiftVersion: "6"),
                                        binarySHA256: String(repeating: "0", count: 64), binaryPath: "/dev/null")
                let outcomes = planned.map { job in
                    JobOutcome(jobID: job.id, engine: engine, startedAt: Date(), finishedAt: Date(), failure: nil, stderrTail: nil,
                               summary: JobSummary(workload: job.workload, variant: job.variant, size: job.size, seed: 1, medianSeconds: 1e-3,
                                                   samples: perJob, counters: ["pivots": 1], digest: "x"),
                               samples: (0..<perJob).map { Sample(index: $0, iterations: 100, wallSeconds: 1e-3 + Double($0) * 1e-9,
                                                                  cpuSeconds: 1e-3, allocations: 10, allocatedBytes: 640) })
                }
                let started = ContinuousClock.now
                for outcome in outcomes { try await store.recordOutcome(outcome) }
                let elapsed = ContinuousClock.now - started
                let stored = try await store.sampleCount(runID: info.id)
                try await store.finishRun(info.id, status: .finished)
                print(String(format: "stored %d samples in %d jobs in %.2f s (%.0f samples/s)", stored, jobs,
                             BenchCommand.milliseconds(elapsed) / 1000, Double(stored) / (BenchCommand.milliseconds(elapsed) / 1000)))
                await store.close()
            }
        }
    }
}
