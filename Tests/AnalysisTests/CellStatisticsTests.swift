import Testing
import Analysis
import WorkerProtocol

@Suite("Cell statistics")
struct CellStatisticsTests {
    func run(times: [Double]) -> RunData {
        var s = SyntheticRun()
        s.define("w", variants: ["v"], sizes: [10], expectations: [])
        s.jobs = [JobRecord(workload: "w", variant: "v", size: 10, engine: SyntheticRun.engine.name,
                            samples: times.map { SampleRecord(iterations: 2, wallSeconds: 2 * $0, cpuSeconds: $0) })]
        return s.run
    }

    @Test func knownAnswers() throws {
        let a = RunAnalyzer().analyze(run(times: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
        let c = try #require(a.cells.first)
        #expect(c.sampleCount == 10)
        #expect(c.median == 5.5)
        #expect(c.mean == 5.5)
        #expect(c.mad == 2.5)
        #expect(c.percentile(25) == 3.25)
        #expect(abs(c.percentile(95)! - 9.55) < 1e-12)
        #expect(c.cpuMedian == 2.75)
        #expect(c.medianLower <= 5.5 && 5.5 <= c.medianUpper)
        #expect(c.outlierIndices.isEmpty)
    }

    @Test func outliersAreFlaggedNeverDropped() throws {
        let times = [1.0, 1.01, 0.99, 1.02, 0.98, 1.0, 1.01, 9.0]
        let c = try #require(RunAnalyzer().analyze(run(times: times)).cells.first)
        #expect(c.sampleCount == 8)
        #expect(c.outlierIndices == [7])
        #expect(c.maximum == 9)
        #expect(c.mean > 1.9)  // the outlier still counts
    }

    @Test func intervalContainsTheMedianForRandomData() throws {
        var s = SyntheticRun()
        for seed in 0..<20 {
            s.rng = .init(seed: UInt64(seed))
            let times = (0..<15).map { _ in 1 + s.rng.unitInterval() }
            let c = try #require(RunAnalyzer().analyze(run(times: times)).cells.first)
            #expect(c.medianLower <= c.median && c.median <= c.medianUpper)
            #expect(c.minimum <= c.medianLower && c.medianUpper <= c.maximum)
            #expect(c.percentiles == c.percentiles.sorted())
        }
    }
}
