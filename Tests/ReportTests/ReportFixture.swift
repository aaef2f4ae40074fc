import Foundation
import Analysis
import Report
import Statistics
import WorkerProtocol
import Workloads

/// A small but complete run for the report tests: two workloads (one named
/// like an XSS probe), three variants, seven sizes, counters, a failed job.
enum ReportFixture {
    static let hostile = "<img src=x onerror=alert(1)>"
    static let generatedAt = Date(timeIntervalSince1970: 1_790_001_000)

    static func run(id: String = "run-7", samplesPerJob: Int = 10, hostileNames: Bool = true) -> RunData {
        var rng = Xoshiro256StarStar(seed: 2024)
        let sizes = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        let engine = EngineRecord(name: "layoutbench",
                                  identity: EngineIdentity(name: "layoutbench", version: "0.1.0", commit: "0123456789abcdef0123456789abcdef01234567",
                                                           build: "release", swiftVersion: "6.3.1"),
                                  binaryHash: "feedfacecafebeef")
        let probe = hostileNames ? hostile : "probe"
        let workloads = [
            Workload(name: "independent-blocks", title: "Independent vs linked blocks",
                     talk: TalkReference(title: "WWDC 2018 session 220, High Performance Auto Layout", time: "17:31–19:49", scenario: "§3"),
                     description: "Two sibling hierarchies whose constraints share no variables.", driver: "blocks",
                     sweep: SizeSweep(parameter: "blocks", sizes: sizes),
                     variants: [Variant(name: "independent", description: "no shared variables"),
                                Variant(name: "linked", description: "one constraint across blocks")],
                     expectations: [.scaling(variant: "independent", metric: .time, claim: .linear),
                                    .scaling(variant: "linked", metric: .time, claim: .linear),
                                    .ratio(cheaper: "independent", than: "linked", factor: 1.5, metric: .time, size: nil)]),
            Workload(name: probe, title: "Title " + probe,
                     talk: TalkReference(title: "Talk " + probe, time: "00:01", scenario: "§" + probe),
                     description: "Description " + probe, driver: "probe",
                     sweep: SizeSweep(parameter: "n", sizes: sizes),
                     variants: [Variant(name: "v" + probe, description: "variant " + probe)],
                     expectations: [.counter(variant: "v" + probe, counter: "c" + probe, bound: .atMost(1e9)),
                                    .scaling(variant: "v" + probe, metric: .counter("c" + probe), claim: .linear)]),
        ]
        var jobs: [JobRecord] = []
        func add(_ w: String, _ v: String, perItem: Double, growth: (Double) -> Double, counters: (Int) -> [String: Double]) {
            for n in sizes {
                let truth = 2e-6 + perItem * growth(Double(n))
                let samples = (0..<samplesPerJob).map { i -> SampleRecord in
                    var t = truth * exp(0.04 * rng.standardNormal())
                    if i == 3 && n == 10_000 { t *= 4 }   // one preempted sample: an outlier to flag
                    return SampleRecord(iterations: 8, wallSeconds: 8 * t, cpuSeconds: 7.9 * t, allocations: Int64(8 * n))
                }
                jobs.append(JobRecord(workload: w, variant: v, size: n, engine: engine.name, seed: 1,
                                      samples: samples, counters: counters(n), digest: "digest-\(n)"))
            }
        }
        add("independent-blocks", "independent", perItem: 8e-9, growth: { $0 }, counters: { ["pivots": Double(5 * $0)] })
        add("independent-blocks", "linked", perItem: 1e-13, growth: { $0 * $0 }, counters: { ["pivots": Double($0) * Double($0) / 2] })
        add(probe, "v" + probe, perItem: 1e-8, growth: { $0 }, counters: { ["c" + probe: Double(3 * $0)] })
        jobs.append(JobRecord(workload: probe, variant: "v" + probe, size: 100_000, engine: engine.name, seed: 2,
                              status: .failed(reason: "worker crashed: " + probe), samples: []))
        return RunData(id: id, startedAt: Date(timeIntervalSince1970: 1_790_000_000),
                       finishedAt: Date(timeIntervalSince1970: 1_790_000_900), label: "label " + probe,
                       machine: MachineInfo(hostname: "host-" + probe, cpuModel: "Test CPU " + probe, cores: 2,
                                            memoryBytes: 8 << 30, kernel: "Linux 6.1", swiftVersion: "Swift version 6.3.1"),
                       engines: [engine], workloads: workloads, jobs: jobs)
    }

    /// Every page of the run's report (the summary, then each workload's page) as one text.
    static func allPages(_ input: ReportInput) -> String {
        HTMLRunPage().files(input).map(\.text).joined(separator: "\n")
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-report-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
