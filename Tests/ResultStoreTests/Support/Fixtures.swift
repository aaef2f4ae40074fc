import Foundation
import ResultStore
import WorkerProtocol
import Workloads

/// Small builders for runs, jobs and outcomes.
enum Fixtures {
    static let machine = MachineInfo(hostname: "test-host", cpuModel: "Test CPU @ 1 GHz", cores: 2, memoryBytes: 1 << 34,
                                     kernel: "Linux 6.0", os: "Debian", swiftVersion: "6.3")

    static let engine = EngineInfo(identity: EngineIdentity(name: "layoutbench", version: "0.1", commit: "abc123",
                                                            build: "release", swiftVersion: "6.3"),
                                   binarySHA256: String(repeating: "ab", count: 32), binaryPath: "/bin/worker")

    static func run(jobs count: Int, workload: String = "cells", variant: String = "plain",
                    parameters: [String: ParameterValue] = ["rows": .int(10)]) -> (RunInfo, [PlannedJob]) {
        let run = RunInfo(commandLine: "layoutbench run \(workload)", options: ["workloads": workload],
                          harnessVersion: "test", machine: machine)
        var jobs: [PlannedJob] = []
        for ordinal in 0..<count {
            let size: Int = 10 * (ordinal + 1)
            let seed: UInt64 = UInt64.max - UInt64(ordinal)
            jobs.append(PlannedJob(runID: run.id, ordinal: ordinal, workload: workload, workloadPath: "Workloads/" + workload + ".yaml",
                                   variant: variant, size: size, seed: seed, engineLabel: "default",
                                   parameters: parameters, requestedSamples: 5))
        }
        return (run, jobs)
    }

    static func samples(_ count: Int, scale: Double = 1) -> [Sample] {
        (0..<count).map { (index: Int) -> Sample in
            let even = index % 2 == 0
            let wall: Double = scale * Double(index + 1) * 1e-3
            let cpu: Double = scale * Double(index) * 1e-3
            return Sample(index: index, warmup: index == 0, iterations: 10 + index, wallSeconds: wall, cpuSeconds: cpu,
                          allocations: even ? Int64(index) : nil, allocatedBytes: even ? Int64(index * 100) : nil)
        }
    }

    static func success(_ job: PlannedJob, samples count: Int = 5) -> JobOutcome {
        JobOutcome(jobID: job.id, engine: engine, startedAt: Date(timeIntervalSince1970: 1_700_000_000.25),
                   finishedAt: Date(timeIntervalSince1970: 1_700_000_001.5), failure: nil, stderrTail: "done\n",
                   summary: JobSummary(workload: job.workload, variant: job.variant, size: job.size, seed: job.seed,
                                       medianSeconds: 0.002, samples: count - 1,
                                       counters: ["pivots": Double(job.size), "rows touched": 2.5], digest: "d\(job.size)",
                                       peakMemoryBytes: 4096, log: ["broke constraint 'a'"]),
                   samples: samples(count))
    }
}
