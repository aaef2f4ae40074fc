import Foundation
import Analysis
import Statistics
import WorkerProtocol
import Workloads

/// Builds `RunData` from synthetic timings for the analysis tests.
struct SyntheticRun {
    var workloads: [Workload] = []
    var jobs: [JobRecord] = []
    var rng = Xoshiro256StarStar(seed: 77)

    static let engine = EngineRecord(
        name: "layoutbench",
        identity: EngineIdentity(name: "layoutbench", version: "0.1", commit: "abc123", build: "release", swiftVersion: "6.3.1"))

    /// Adds jobs for `variant`: at each size, `samples` samples of
    /// (overhead + perItem·g(n))·e^(σZ) seconds per iteration, and counters.
    mutating func add(workload: String, variant: String, sizes: [Int], samples: Int = 10, sigma: Double = 0.05,
                      growth: ComplexityClass, perItem: Double = 1e-7, overhead: Double? = nil,
                      counters: (Int) -> [String: Double] = { _ in [:] }, digest: (Int) -> String = { "d\($0)" },
                      failed: Set<Int> = []) {
        let a = overhead ?? perItem * growth.growth(Double(sizes[0]))
        for n in sizes {
            if failed.contains(n) {
                jobs.append(JobRecord(workload: workload, variant: variant, size: n, engine: Self.engine.name,
                                      status: .failed(reason: "engine error: unsatisfiable"), samples: []))
                continue
            }
            let truth = a + perItem * growth.growth(Double(n))
            let s = (0..<samples).map { _ -> SampleRecord in
                let t = truth * exp(sigma * rng.standardNormal())
                return SampleRecord(iterations: 4, wallSeconds: 4 * t, cpuSeconds: 4 * t * 0.98, allocations: Int64(n * 4))
            }
            jobs.append(JobRecord(workload: workload, variant: variant, size: n, engine: Self.engine.name,
                                  samples: s, counters: counters(n), digest: digest(n)))
        }
    }

    mutating func define(_ name: String, variants: [String], sizes: [Int], expectations: [Expectation]) {
        workloads.append(Workload(
            name: name, title: "Title of \(name)",
            talk: TalkReference(title: "WWDC 2018 session 220, High Performance Auto Layout", time: "17:31", scenario: "§3"),
            description: "Synthetic workload \(name).", driver: "synthetic",
            sweep: SizeSweep(parameter: "n", sizes: sizes),
            variants: variants.map { Variant(name: $0, description: "variant \($0)") },
            expectations: expectations))
    }

    var run: RunData {
        RunData(id: "run-42", startedAt: Date(timeIntervalSince1970: 1_790_000_000),
                finishedAt: Date(timeIntervalSince1970: 1_790_000_600), label: "synthetic",
                machine: MachineInfo(hostname: "bench-1", cpuModel: "Test CPU", cores: 2, memoryBytes: 8 << 30,
                                     kernel: "Linux 6.1", swiftVersion: "Swift version 6.3.1"),
                engines: [Self.engine], workloads: workloads, jobs: jobs)
    }
}

let decadeSizes = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
