import Testing
import ScenarioCatalog
@testable import Scenarios

/// layout-cycle's toggle and recreate as the deck means them: toggling
/// flips only the size pairs, recreating churns all of the button's
/// constraints; both end in the same layout as a kept constraint's new constant.
@Suite struct LayoutCycleModelTests {
    static func run(mode: String, changes: Int) throws -> (counters: [String: Int], digest: String) {
        let driver = try ScenarioRegistry.make(driver: "layout-cycle", parameters: [
            "changes": .int(changes), "mode": .string(mode)], seed: 1)
        let before = driver.counters()
        try driver.step()
        let after = driver.counters()
        return (after.merging(before) { $0 - $1 }, driver.digest())
    }

    @Test func toggleFlipsThePairsAndRecreateChurnsEveryButtonConstraint() throws {
        let toggle = try Self.run(mode: "toggle", changes: 10)
        let recreate = try Self.run(mode: "recreate", changes: 10)
        let constant = try Self.run(mode: "constraints", changes: 10)
        // Two off and two on per change, against all four off and four new on.
        #expect(toggle.counters["constraintsRemoved"] == 20 && toggle.counters["constraintsAdded"] == 20)
        #expect(recreate.counters["constraintsRemoved"] == 40 && recreate.counters["constraintsAdded"] == 40)
        #expect(toggle.counters["solverWork"]! < recreate.counters["solverWork"]!)
        #expect(toggle.counters["unsatisfiableConstraints"] == 0 && recreate.counters["unsatisfiableConstraints"] == 0)
        #expect(toggle.digest == constant.digest && recreate.digest == constant.digest)
    }
}
