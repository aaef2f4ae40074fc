import Testing
import Foundation
import Analysis
import Report
import Statistics
import WorkerProtocol
import Workloads

/// The size target: a run of 100,000 samples gives a summary of at most
/// 400 KB and workload pages that open in Chromium in under a second. (Generation time is measured in a release
/// build by `swift run -c release report-bench`; this debug test analyses
/// with fewer bootstrap resamples, which changes no byte of the page's size.)
@Suite("A 100,000-sample report in a real browser", .serialized)
struct LargeReportTests {
    /// 25 workloads × 4 variants × 10 sizes × 2 engines × 50 samples, as report-bench builds it.
    static func run() -> RunData {
        var rng = Xoshiro256StarStar(seed: 1)
        let sizes = (0..<10).map { Int((pow(10, 2 + 3 * Double($0) / 9)).rounded()) }
        let engines = (0..<2).map {
            EngineRecord(name: "engine-\($0)", identity: EngineIdentity(name: "layoutbench", version: "0.\($0)",
                                                                          commit: String(repeating: "\($0)", count: 40), build: "release", swiftVersion: "6.3.1"))
        }
        var workloads: [Workload] = [], jobs: [JobRecord] = []
        for w in 0..<25 {
            let variants = (0..<4).map { Variant(name: "variant-\($0)") }
            workloads.append(Workload(name: "workload-\(w)", title: "Synthetic workload \(w)",
                                      talk: TalkReference(title: "WWDC 2018 session 220", time: "17:31", scenario: "§3"),
                                      description: "Synthetic.", driver: "synthetic", sweep: SizeSweep(parameter: "n", sizes: sizes),
                                      variants: variants,
                                      expectations: [.scaling(variant: "variant-0", metric: .time, claim: .linear),
                                                     .ratio(cheaper: "variant-0", than: "variant-1", factor: 1.5, metric: .time, size: nil)]))
            for (vi, v) in variants.enumerated() {
                for e in engines {
                    for n in sizes {
                        let truth = 1e-6 + 2e-8 * Double(vi + 1) * Double(n)
                        let samples = (0..<50).map { _ -> SampleRecord in
                            let t = truth * exp(0.05 * rng.standardNormal())
                            return SampleRecord(iterations: 10, wallSeconds: 10 * t, cpuSeconds: 9.8 * t)
                        }
                        jobs.append(JobRecord(workload: "workload-\(w)", variant: v.name, size: n, engine: e.name, samples: samples,
                                              counters: ["rows": 4 * Double(n)], digest: "d\(n)"))
                    }
                }
            }
        }
        return RunData(id: "large-run", startedAt: Date(timeIntervalSince1970: 1_790_000_000), label: "100k samples",
                       machine: MachineInfo(hostname: "bench", cpuModel: "cpu", cores: 2, memoryBytes: 1 << 33, kernel: "Linux", swiftVersion: "6.3.1"),
                       engines: engines, workloads: workloads, jobs: jobs)
    }

    @Test func opensInUnderASecond() throws {
        guard DevToolsPipe.chromiumPath() != nil else {
            Issue.record("\(DevToolsPipe.Failure.chromiumMissing)")
            return
        }
        let run = Self.run()
        #expect(run.sampleCount == 100_000)
        var options = AnalysisOptions()
        options.cellResamples = 100
        options.exponentResamples = 100
        let analysis = RunAnalyzer(options: options).analyze(run)
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let written = try Report.write(run: run, analysis: analysis, allRuns: [], to: dir)
        let bytes = try Data(contentsOf: written.runPage).count
        let pages = written.files.filter { $0.path.contains("/workloads/") }
        let largest = try pages.map { try Data(contentsOf: $0).count }.max() ?? 0
        #expect(pages.count == 25)
        // The summary carries no chart and no table of cells: compact however many samples.
        #expect(bytes <= 400_000, "summary page \(bytes) bytes")
        let probe = try PageProbe.open(written.runPage, script: "JSON.stringify({charts: document.querySelectorAll('svg.chart').length, rows: document.querySelectorAll('table.workloads tbody tr').length})", loads: 3)
        let page = try PageProbe.open(pages[0], script: "JSON.stringify({charts: document.querySelectorAll('svg.chart').length})", loads: 3)
        print("100,000-sample run: summary \(bytes / 1000) kB, load event after \(probe.allLoadSeconds.map { NumberFormat.fixed($0, 3) }.joined(separator: ", ")) s; " +
              "largest workload page \(largest / 1000) kB, one loads after \(page.allLoadSeconds.map { NumberFormat.fixed($0, 3) }.joined(separator: ", ")) s")
        #expect(probe.errors.isEmpty && page.errors.isEmpty)
        #expect(probe.facts["charts"] as? Int == 0 && probe.facts["rows"] as? Int == 25)
        #expect(page.facts["charts"] as? Int == 3)
        // The ≤ 1 s target is a benchmark figure (printed above; `report-bench`
        // times the rest); this bound only catches a page that stops being usable, so a
        // loaded CI machine cannot fail it.
        #expect(page.loadSeconds <= 10.0 && probe.loadSeconds <= 10.0, "the pages took \(page.loadSeconds) s and \(probe.loadSeconds) s to load")
    }
}
