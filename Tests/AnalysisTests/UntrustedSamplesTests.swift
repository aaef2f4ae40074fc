import Analysis
import Testing
import Workloads

/// What the analysis does with samples it must not measure from: those of
/// failed jobs (stored as evidence) and rows no measurement can produce.
@Suite struct UntrustedSamplesTests {
    func run(_ extra: (inout SyntheticRun) -> Void) -> RunAnalysis {
        var s = SyntheticRun()
        s.define("w", variants: ["a"], sizes: decadeSizes, expectations: [])
        s.add(workload: "w", variant: "a", sizes: decadeSizes, growth: .linear)
        extra(&s)
        return RunAnalyzer().analyze(s.run)
    }

    @Test func aKilledJobsPartialSamplesAreNeverAnalysed() {
        let clean = run { _ in }
        let withKilled = run { s in
            s.jobs.append(JobRecord(workload: "w", variant: "a", size: 1_000, engine: SyntheticRun.engine.name, seed: 2,
                                    status: .failed(reason: "timed out"),
                                    samples: [SampleRecord(iterations: 1, wallSeconds: 50, cpuSeconds: 50)]))
        }
        let key = CellKey(workload: "w", variant: "a", size: 1_000, engine: SyntheticRun.engine.name)
        #expect(withKilled.cells.first { $0.key == key }?.median == clean.cells.first { $0.key == key }?.median)
        #expect(withKilled.failures.count == 1)
    }

    @Test func anImpossibleSampleIsLeftOutWithANote() {
        let analysis = run { s in
            s.jobs[0].samples.append(SampleRecord(iterations: 1, wallSeconds: 1e308, cpuSeconds: 1e308))
            s.jobs[1].samples.append(SampleRecord(iterations: 0, wallSeconds: -1, cpuSeconds: .nan))
        }
        #expect(analysis.notes.contains("2 sample(s) with times or iteration counts no measurement can produce were left out"))
        #expect(analysis.cells.allSatisfy { $0.median.isFinite && $0.median < 1 })
    }
}
