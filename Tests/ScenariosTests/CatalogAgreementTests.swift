import Testing
import ScenarioCatalog
@testable import Scenarios
import Workloads

/// The registry's drivers and the engine-free catalog describe the same things.
@Suite struct CatalogAgreementTests {
    @Test func everyRegisteredDriverIsInTheCatalog() {
        for name in ScenarioRegistry.drivers.keys.sorted() {
            #expect(ScenarioCatalog.catalog.driver(named: name) != nil, "\(name) missing from ScenarioCatalog")
        }
    }

    /// Each driver sets up at a small size with defaults, steps, and reports every counter its description lists.
    @Test(arguments: ScenarioRegistry.drivers.keys.sorted())
    func driverReportsItsCatalogCounters(name: String) throws {
        let description = try #require(ScenarioCatalog.catalog.driver(named: name))
        var params: [String: ParameterValue] = [:]
        for spec in description.parameters where spec.defaultValue == nil {
            switch spec.kind {
            case .int: params[spec.name] = .int(12)
            case .choice(let options): params[spec.name] = .string(options[0])
            default: Issue.record("no test value for \(spec.name)")
            }
        }
        let driver = try ScenarioRegistry.make(driver: name, parameters: params, seed: 7)
        try driver.step()
        let counters = driver.counters()
        for c in description.counters { #expect(counters[c] != nil, "\(name) does not report \(c)") }
        #expect(driver.digest().count == 16)
    }

    @Test func unknownAndBadParametersAreTypedErrors() {
        #expect(throws: ScenarioError.self) { try ScenarioRegistry.make(driver: "nonesuch", parameters: [:], seed: 1) }
        #expect(throws: ScenarioError.badParameter(name: "operation", message: "required by driver 'long-row' but not set")) {
            try ScenarioRegistry.make(driver: "long-row", parameters: ["views": .int(3)], seed: 1)
        }
    }

    @Test func seededRandomIsStable() {
        var r = SplitMix64(seed: 42)
        #expect([r.next(), r.next()] == [13679457532755275413, 2949826092126892291])
    }
}

import LayoutEngine
import LayoutSolver
import Randomness

/// The catalog's counter names are the engine's, so expectations can name them.
@Suite struct ViewCounterNamesTests {
    @Test func catalogListsTheSolverCounters() {
        #expect(CounterNames.solver == SolverCounters().named.map(\.name))
    }

    @Test func catalogListsTheEngineCounters() {
        #expect(Array(CounterNames.view.dropLast()) == EngineCounter.allCases.map(\.name))
        #expect(CounterNames.view.last == CounterNames.solverWork)
    }
}
