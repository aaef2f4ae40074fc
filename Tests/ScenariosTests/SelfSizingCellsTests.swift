import Foundation
import Testing
import ScenarioCatalog
@testable import Scenarios
import Workloads

/// Self-sizing cells must cost the same per cell at every size the workload
/// sweeps. A feed shorter than twice the reuse pool (11 cells at the default
/// screen) leaves cells that get back the item they already show and size
/// for free: a sweep starting at 10 cells once measured 40 µs for 10 cells
/// against 4.7 ms for 30.
@Suite struct SelfSizingCellsTests {
    /// Text measurements per cell sized: a cell that gets back the item it
    /// shows measures nothing. (Solver work per cell was the measure once,
    /// but it also falls as copies return to bases they had, more often in
    /// a short feed.)
    static func measurementsPerCell(cells: Int) throws -> Double {
        let driver = try ScenarioRegistry.make(driver: "self-sizing-cells",
                                               parameters: ["cells": .int(cells), "strategy": .string("own-engine")], seed: 5)
        let delta = try StepContractTests.delta(driver)
        #expect(delta["cellsSized"] == cells)
        return Double(delta["textMeasurements"] ?? 0) / Double(cells)
    }

    @Test func theSmallestSweptFeedSizesEveryCellForReal() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Workloads")
        let (workloads, _) = WorkloadLoader.loadDirectory(directory, catalog: ScenarioCatalog.catalog)
        let sizes = try #require(workloads.first { $0.name == "self-sizing-cells" }?.sweep.sizes)
        let smallest = try Self.measurementsPerCell(cells: sizes[0]), reference = try Self.measurementsPerCell(cells: 100)
        #expect(reference > 0)
        #expect(smallest >= reference * 0.75, "text measurements per cell: \(smallest) at \(sizes[0]) cells, \(reference) at 100")
    }

    @Test func aFeedShorterThanThePoolSizesForFree() throws {
        // The effect the sweep avoids, so the test above can see it.
        #expect(try Self.measurementsPerCell(cells: 10) < Self.measurementsPerCell(cells: 100) * 0.25)
    }
}
