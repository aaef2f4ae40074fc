import Testing
import ScenarioCatalog
@testable import Scenarios

/// batch-updates with section operations: the batch is valid, the layout
/// ends where reloadData does, and items placed do not grow with S.
@Suite struct BatchUpdatesSectionsTests {
    static func run(items: Int, mode: String) throws -> (counters: [String: Int], digest: String) {
        let driver = try ScenarioRegistry.make(driver: "batch-updates", parameters: [
            "items": .int(items), "section_updates": .int(6), "mode": .string(mode)], seed: 11)
        try driver.step()
        return (driver.counters(), driver.digest())
    }

    @Test func sectionBatchesMatchReloadDataAndPlaceTheSameItems() throws {
        let small = try Self.run(items: 2_000, mode: "batch"), large = try Self.run(items: 200_000, mode: "batch")
        #expect(small.digest == (try Self.run(items: 2_000, mode: "reload-data")).digest)
        // Counters are cumulative from the first prepare; take the step's share.
        let placed = { (c: [String: Int], n: Int) in c["attributesComputed"]! - n }
        print("batch-sections, N = 2,000 vs 200,000:", small.counters, large.counters)
        // Two inserted and two reloaded sections of 100, and a line or two per item update
        // (whose random places differ with N): never a share of N.
        let (a, b) = (placed(small.counters, 2_000), placed(large.counters, 200_000))
        #expect(a <= 4 * 100 + 10 * 4 && b <= 4 * 100 + 10 * 4, "\(a) vs \(b)")
    }
}
