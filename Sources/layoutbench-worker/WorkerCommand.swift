import AllocationInterposer
import ArgumentParser
import Foundation
import ScenarioCatalog
import WorkerCore
import WorkerProtocol
import Workloads

/// `layoutbench-worker`: runs one job (workload, variant, size, seed) and reports it.
@main
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench-worker",
        abstract: "Run one benchmark job: a workload, a variant, a size, a seed.",
        discussion: """
        By hand: layoutbench-worker --workload Workloads/churn.yaml --variant grouped --size 1000
        For the harness: layoutbench-worker --protocol, then one JobRequest JSON line on stdin
        (see Sources/WorkerProtocol). Exit codes: 0 success, 2 bad job, 3 workload error, 4 engine error.
        """)

    @Flag(help: "Speak the versioned JSON-lines protocol on stdin/stdout (the harness uses this).")
    var `protocol` = false

    @Option(help: "Workload file, e.g. Workloads/churn.yaml.")
    var workload: String?

    @Option(help: "Variant name.")
    var variant: String?

    @Option(help: "Size N.")
    var size: Int?

    @Option(help: "Seed for the scenario's random choices.")
    var seed: UInt64 = 1

    @Option(help: "Measured samples (default: the workload's).")
    var samples: Int?

    @Option(help: "Warm-up iterations (default: the workload's).")
    var warmup: Int?

    @Option(help: "Minimum seconds per sample (default: the workload's).")
    var minSampleSeconds: Double?

    @Option(help: "Least seconds of warm-up before the first measured sample (default: the workload's).")
    var warmupSeconds: Double?

    @Flag(help: "Print the summary as one JSON object (JobSummary) on the last line.")
    var json = false

    @Option(help: ArgumentHelp("List every job (file, variant, size) of the workloads in this directory, one per line, and exit.",
                               valueName: "directory"))
    var listJobs: String?

    @Flag(help: .hidden)
    var checkAllocationCounter = false

    @Flag(help: .hidden)
    var checkHeapReuse = false

    mutating func run() throws {
        // Before anything measured allocates: see `HeapSettings`.
        let keepsFreedMemory = HeapSettings.keepFreedMemory()
        AllocationCounter.install(InterposerBackend())
        if checkAllocationCounter {
            print(AllocationCounterCheck.run())
            return
        }
        if checkHeapReuse {
            let faults = HeapSettings.reuseCheck()
            print("{\"policy\": \(keepsFreedMemory ? 1 : 0), \"first\": \(faults.first), \"second\": \(faults.second)}")
            return
        }
        if `protocol` {
            throw ExitCode(ProtocolSession().run().rawValue)
        }
        if let listJobs {
            let (workloads, problems) = WorkloadLoader.loadDirectory(URL(fileURLWithPath: listJobs), catalog: ScenarioCatalog.catalog)
            for p in problems { FileHandle.standardError.write(Data("\(p)\n".utf8)) }
            for w in workloads { for v in w.variants { for n in w.sweep.sizes {
                print("\(URL(fileURLWithPath: listJobs).appendingPathComponent(w.name + ".yaml").path) \(v.name) \(n)")
            } } }
            throw ExitCode(problems.isEmpty ? 0 : WorkerExitCode.workloadError.rawValue)
        }
        guard let workload, let variant, let size else {
            FileHandle.standardError.write(Data("layoutbench-worker: give --workload FILE --variant NAME --size N (or --protocol) — see --help\n".utf8))
            throw ExitCode(WorkerExitCode.badJob.rawValue)
        }
        let job = JobRequest(workloadPath: workload, variant: variant, size: size, seed: seed, samples: samples,
                             warmupIterations: warmup, minSampleSeconds: minSampleSeconds, warmupSeconds: warmupSeconds)
        do {
            let summary = try JobRunner(job: job).run { _ in }
            if json {
                print(try ProtocolCoding.encodeLine(summary))
            } else {
                print(HumanReport.render(summary, engine: .current()))
            }
        } catch let failure as WorkerFailure {
            var text = "layoutbench-worker: \(failure.kind.rawValue): \(failure.message)\n"
            for line in failure.log { text += "  \(line)\n" }
            FileHandle.standardError.write(Data(text.utf8))
            throw ExitCode(failure.exitCode.rawValue)
        }
    }
}
