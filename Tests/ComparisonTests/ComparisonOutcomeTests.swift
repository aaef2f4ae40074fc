import Foundation
import Statistics
import Testing
@testable import Comparison

/// The three outcomes of a comparison and their words: green only when every cell is decided.
@Suite struct ComparisonOutcomeTests {
    /// `rounds` paired log-shifts per cell around `mean` with the given spread (alternating ±, exact).
    static func cells(_ specs: [(String, Double, Double)], rounds: Int = 6) -> SuiteComparison {
        var base: [CellKey: SideMeasurements] = [:], candidate: [CellKey: SideMeasurements] = [:]
        for (i, (workload, mean, spread)) in specs.enumerated() {
            let key = CellKey(workload: workload, variant: "v", size: 10 * (i + 1))
            let b = (0..<(2 * rounds)).map { _ in 1e-3 }
            let c = (0..<(2 * rounds)).map { j in 1e-3 * exp(mean + (j / 2 % 2 == 0 ? spread : -spread)) }
            base[key] = SideMeasurements(secondsPerIteration: b, counters: ["pivots": 1], digest: "d")
            candidate[key] = SideMeasurements(secondsPerIteration: c, counters: ["pivots": 1], digest: "d")
        }
        return SuiteComparison(base: base, candidate: candidate)
    }

    @Test func everyCellDecidedAndNoneSlowerIsGreenAndExitsZero() {
        let s = Self.cells([("a", 0, 0.005), ("b", 0.01, 0.005)])
        #expect(s.cells.allSatisfy { $0.verdict == .same }, "\(s.cells.map(\.verdict))")
        #expect(s.outcome == .noRegression && s.exitCode == 0)
        #expect(ComparisonHeadline.markdown(s) == "✅ **No regression**.")
        #expect(ComparisonHeadline.text(s) == "No regression.")
    }

    @Test func anUndecidedCellIsNeitherGreenNorARegressionAndExitsThree() throws {
        let s = Self.cells([("steady", 0, 0.005), ("steady", 0, 0.005), ("noisy", 0.02, 0.3), ("loud", 0, 0.1)])
        #expect(s.cells.filter { $0.verdict == .unknown }.count == 2, "\(s.cells.map(\.verdict))")
        #expect(s.outcome == .undecided)
        #expect(s.exitCode(undecided: .report) == 3)
        #expect(s.exitCode(undecided: .pass) == 0)
        #expect(s.exitCode(undecided: .fail) == 1)
        for policy in UndecidedPolicy.allCases {
            let line = ComparisonHeadline.markdown(s, undecided: policy)
            #expect(line.hasPrefix("❔ ") && !line.contains("✅"), "\(line)")
        }
        let words = ComparisonHeadline.text(s)
        // Counts both sides, names the noisiest (the widest interval) and says what would settle it.
        #expect(words.hasPrefix("Undecided: no regression among 2 decided cells, but 2 cells undecided."), "\(words)")
        #expect(words.contains("Noisiest: noisy/v/30 (time +2.0 % ["), "\(words)")
        #expect(words.contains("To settle them:") && words.contains("--workloads loud,noisy"), "\(words)")
        let summary = UndecidedSummary(s)
        #expect(summary.cells.map(\.key.workload) == ["noisy", "loud"])
        // The projected rounds really would narrow the noisiest cell's interval enough.
        let rounds = try #require(summary.roundsToSettleNoisiest)
        let shift = try #require(summary.noisiest?.shift)
        #expect(rounds > shift.count)
        #expect(shift.projectedHalfWidth(rounds: rounds, confidence: 0.95) < log(1.05))
        #expect(shift.projectedHalfWidth(rounds: rounds - 1, confidence: 0.95) >= max(log(1.05) - abs(shift.mean), abs(shift.mean)))
        #expect(words.contains("about \(rounds) rounds at this noise (--max-rounds \(rounds)"), "\(words)")
        let markdown = ComparisonMarkdown.render(s, base: "a", candidate: "b")
        #expect(markdown.contains("❔ **Undecided**: no regression among 2 decided cells") && !markdown.contains("✅ **"), "\(markdown)")
    }

    @Test func aRegressionOutranksUndecidedCells() {
        let s = Self.cells([("slowed", log(1.2), 0.005), ("noisy", 0, 0.3)])
        #expect(s.cells.map(\.verdict).contains(.slower) && s.cells.map(\.verdict).contains(.unknown), "\(s.cells.map(\.verdict))")
        #expect(s.outcome == .regression)
        for policy in UndecidedPolicy.allCases { #expect(s.exitCode(undecided: policy) == 1) }
        #expect(ComparisonHeadline.markdown(s).hasPrefix("❌ **Regression**"))
    }

    @Test func aCellWithTooFewRoundsIsTheNoisiestAndHasNoRoundEstimate() {
        let s = Self.cells([("short", 0, 0.01), ("steady", 0, 0.005)], rounds: 1)
        #expect(s.outcome == .undecided)
        let summary = UndecidedSummary(s)
        #expect(summary.roundsToSettleNoisiest == nil)
        #expect(ComparisonHeadline.text(s).contains("too few rounds for a time test"))
    }
}
