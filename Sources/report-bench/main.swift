// report-bench: times analysis + report generation for a synthetic run.
//
//     swift run -c release report-bench [--samples 100000] [--workloads 25] [--variants 4]
//                                       [--sizes 10] [--engines 2] [--out DIR]
//     swift run -c release report-bench --history 1000 [--out DIR]
//
// Builds a run of about `samples` samples spread evenly over
// workloads × variants × sizes × engines cells (log-normal timings with 5 %
// noise, some linear and some quadratic series, counters, one preempted
// sample per cell), then analyses it and writes the full report to DIR
// (default: a temporary directory), printing the time of each step.
import Analysis
import Foundation
import Report
import Statistics
import WorkerProtocol
import Workloads

func option(_ name: String, _ fallback: Int) -> Int {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: "--" + name), i + 1 < args.count, let v = Int(args[i + 1]) else { return fallback }
    return v
}
let args = CommandLine.arguments
if args.contains("--help") {
    print("usage: report-bench [--samples N] [--workloads N] [--variants N] [--sizes N] [--engines N] [--out DIR]\n       report-bench --history RUNS [--out DIR]")
    exit(0)
}
let targetSamples = option("samples", 100_000)
let workloadCount = option("workloads", 25), variantCount = option("variants", 4)
let sizeCount = option("sizes", 10), engineCount = option("engines", 2)
let perCell = max(2, targetSamples / (workloadCount * variantCount * sizeCount * engineCount))
let out: URL = {
    if let i = args.firstIndex(of: "--out"), i + 1 < args.count { return URL(fileURLWithPath: args[i + 1], isDirectory: true) }
    return FileManager.default.temporaryDirectory.appendingPathComponent("report-bench-\(getpid())", isDirectory: true)
}()

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

if let i = args.firstIndex(of: "--history"), i + 1 < args.count, let runs = Int(args[i + 1]) {
    try historyBench(runs: runs, out: out)
    exit(0)
}

var rng = Xoshiro256StarStar(seed: 1)
let sizes = (0..<sizeCount).map { Int((pow(10, 2 + 3 * Double($0) / Double(max(sizeCount - 1, 1)))).rounded()) }
let engines = (0..<engineCount).map {
    EngineRecord(name: "engine-\($0)", identity: EngineIdentity(name: "layoutbench", version: "0.\($0)", commit: String(repeating: "\($0)", count: 40),
                                                                  build: "release", swiftVersion: "6.3.1"), binaryHash: "abc\($0)")
}
var workloads: [Workload] = []
var jobs: [JobRecord] = []
for w in 0..<workloadCount {
    let name = "workload-\(w)"
    let variants = (0..<variantCount).map { Variant(name: "variant-\($0)", description: "synthetic variant \($0)") }
    workloads.append(Workload(
        name: name, title: "Synthetic workload \(w)",
        talk: TalkReference(title: "WWDC 2018 session 220, High Performance Auto Layout", time: "17:31", scenario: "§3"),
        description: "Synthetic data for the report benchmark.", driver: "synthetic",
        sweep: SizeSweep(parameter: "n", sizes: sizes), variants: variants,
        expectations: [.scaling(variant: "variant-0", metric: .time, claim: .linear),
                       .scaling(variant: "variant-1", metric: .counter("rows"), claim: .linear),
                       .ratio(cheaper: "variant-0", than: "variant-1", factor: 1.5, metric: .time, size: nil),
                       .counter(variant: nil, counter: "rows", bound: .atLeast(0)),
                       .sameDigest(variants: ["variant-0", "variant-2"])]))
    for (vi, v) in variants.enumerated() {
        let quadratic = vi == 1 && w % 3 == 0
        for e in engines {
            for n in sizes {
                let x = Double(n)
                let truth = 1e-6 + (quadratic ? 1e-11 * x * x : 2e-8 * Double(vi + 1) * x)
                let samples = (0..<perCell).map { i -> SampleRecord in
                    let t = truth * exp(0.05 * rng.standardNormal()) * (i == 1 ? 3 : 1)
                    return SampleRecord(iterations: 10, wallSeconds: 10 * t, cpuSeconds: 9.8 * t, allocations: Int64(10 * n))
                }
                jobs.append(JobRecord(workload: name, variant: v.name, size: n, engine: e.name, samples: samples,
                                      counters: ["rows": quadratic ? x * x : 4 * x, "pivots": 2 * x + 7], digest: "d\(n)"))
            }
        }
    }
}
let run = RunData(id: "bench-run", startedAt: Date(), finishedAt: Date(), label: "report-bench",
                  machine: MachineInfo(hostname: ProcessInfo.processInfo.hostName, cpuModel: "unknown",
                                       cores: ProcessInfo.processInfo.activeProcessorCount,
                                       memoryBytes: Int64(ProcessInfo.processInfo.physicalMemory), kernel: "", swiftVersion: ""),
                  engines: engines, workloads: workloads, jobs: jobs)
print("run: \(run.sampleCount) samples, \(jobs.count) jobs (\(workloadCount) workloads × \(variantCount) variants × \(sizeCount) sizes × \(engineCount) engines, \(perCell) samples each)")

var analysis: RunAnalysis!
let analyseTime = seconds { analysis = RunAnalyzer().analyze(run) }
print(String(format: "analysis:       %.3f s", analyseTime))
let input = ReportInput(run: run, analysis: analysis, allRuns: [RunSummaryRow(run: run, analysis: analysis)])
for r in Report.standardRenderers {
    var text = ""
    let t = seconds { text = r.render(input) }
    print(String(format: "  %-14@ %.3f s  %8.1f kB", r.fileName as NSString, t, Double(text.utf8.count) / 1000))
}
var written: Report.Written!
let writeTime = try seconds { written = try Report.write(run: run, analysis: analysis, allRuns: [], to: out) }
print(String(format: "report written: %.3f s (render + write, all formats)", writeTime))
print(String(format: "total:          %.3f s", analyseTime + writeTime))
print("run page: \(written.runPage.path)")
