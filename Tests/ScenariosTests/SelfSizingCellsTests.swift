import Testing
@testable import Scenarios
import Workloads

/// Self-sizing cells must cost the same per cell whatever N is: a feed no
/// longer than the reuse pool (11 cells at the default screen) once came back
/// to each cell with the item it already showed, and a step cost 40 µs for
/// 10 cells against 4.7 ms for 30.
@Suite struct SelfSizingCellsTests {
    static func workPerCell(cells: Int) throws -> (solver: Double, sized: Int) {
        let driver = try ScenarioRegistry.make(driver: "self-sizing-cells",
                                               parameters: ["cells": .int(cells), "strategy": .string("own-engine")], seed: 5)
        let delta = try StepContractTests.delta(driver)
        return (Double(delta["solverWork"] ?? 0) / Double(cells), delta["cellsSized"] ?? 0)
    }

    @Test func aFeedShorterThanThePoolStillSizesEveryCellForReal() throws {
        let short = try Self.workPerCell(cells: 10), long = try Self.workPerCell(cells: 30)
        #expect(short.sized == 10 && long.sized == 30)
        #expect(long.solver > 0)
        #expect(short.solver >= long.solver / 2, "solver work per cell: \(short.solver) at 10 cells, \(long.solver) at 30")
    }
}
