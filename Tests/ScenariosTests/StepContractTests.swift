import Testing
import ScenarioCatalog
@testable import Scenarios
import Workloads

/// The contract the worker's counting relies on: every step of a driver does
/// the same counted work, and the same seed gives the same counters and layout.
@Suite struct StepContractTests {
    /// Every driver with each option of each of its choice parameters, at a small size.
    static let cases: [String] = ScenarioRegistry.drivers.keys.sorted().flatMap { name -> [String] in
        let d = ScenarioCatalog.catalog.driver(named: name)!
        var result: [String] = []
        for spec in d.parameters {
            if case .choice(let options) = spec.kind { result += options.map { "\(name) \(spec.name)=\($0)" } }
        }
        return result.isEmpty ? [name] : result
    }

    static func make(_ testCase: String, seed: UInt64 = 11) throws -> any ScenarioDriver {
        let parts = testCase.split(separator: " ")
        let d = ScenarioCatalog.catalog.driver(named: String(parts[0]))!
        var params: [String: ParameterValue] = [:]
        for spec in d.parameters where spec.defaultValue == nil {
            switch spec.kind {
            case .int: params[spec.name] = .int(24)
            case .choice(let options): params[spec.name] = .string(options[0])
            default: break
            }
        }
        if parts.count > 1 {
            let kv = parts[1].split(separator: "=")
            params[String(kv[0])] = .string(String(kv[1]))
        }
        return try ScenarioRegistry.make(driver: d.name, parameters: params, seed: seed)
    }

    static func delta(_ driver: any ScenarioDriver) throws -> [String: Int] {
        let before = driver.counters()
        try driver.step()
        return driver.counters().reduce(into: [:]) { $0[$1.key] = $1.value - (before[$1.key] ?? 0) }
    }

    @Test(arguments: cases)
    func everyStepCountsTheSame(testCase: String) throws {
        let driver = try Self.make(testCase)
        guard type(of: driver).identicalSteps else { return }
        let first = try Self.delta(driver), second = try Self.delta(driver), third = try Self.delta(driver)
        let differing = Set(first.keys).union(second.keys).union(third.keys)
            .filter { first[$0] != second[$0] || second[$0] != third[$0] }.sorted()
            .map { "\($0): \(first[$0] ?? 0) \(second[$0] ?? 0) \(third[$0] ?? 0)" }
        #expect(differing == [])
    }

    @Test(arguments: cases)
    func sameSeedSameCountersAndLayout(testCase: String) throws {
        let a = try Self.make(testCase), b = try Self.make(testCase)
        #expect(try Self.delta(a) == Self.delta(b))
        #expect(a.digest() == b.digest())
    }
}
