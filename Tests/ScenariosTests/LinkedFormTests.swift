import Testing
import ScenarioCatalog
@testable import Scenarios

/// independent-blocks on the view layer: a form whose fields are aligned
/// row to row costs the solver at most twice the independent form, per row,
/// however many rows (each link is a required equality with no fresh
/// variable, added through phase one; its dummies stay folded).
@Suite struct LinkedFormTests {
    static func work(rows: Int, linked: Bool) throws -> Int {
        let driver = try ScenarioRegistry.make(driver: "independent-blocks", parameters: [
            "blocks": .int(rows), "linked": .bool(linked), "layer": .string("views"), "operation": .string("build")], seed: 1)
        let before = driver.counters()["solverWork"]!
        try driver.step()
        return driver.counters()["solverWork"]! - before
    }

    @Test(arguments: [100, 800])
    func linkedRowsCostAtMostTwiceIndependentOnes(rows: Int) throws {
        let linked = try Self.work(rows: rows, linked: true), independent = try Self.work(rows: rows, linked: false)
        #expect(linked <= 2 * independent, "\(rows) rows: linked \(linked), independent \(independent)")
    }
}
