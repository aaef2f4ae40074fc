import ScenarioCatalog

/// One driver name, two implementations, picked by a choice parameter of
/// the scenario (`Switch`); the registry lists the wrapper under the
/// scenario's name. Both report the same counter names: `Switch` fills in
/// those the chosen one has no notion of.
final class SwitchedDriver<First: ScenarioDriver, Second: ScenarioDriver, Switch: DriverSwitch>: ScenarioDriver {
    static var name: String { First.name }
    static var identicalSteps: Bool { First.identicalSteps && Second.identicalSteps }

    private let inner: any ScenarioDriver

    init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) {
        if try parameters.choice(Switch.parameter, [Switch.first, Switch.second]) == Switch.second {
            inner = try Second(parameters: parameters, seed: seed)
        } else {
            inner = try First(parameters: parameters, seed: seed)
        }
    }

    func step() throws(ScenarioError) { try inner.step() }
    func counters() -> [String: Int] {
        var c = inner.counters()
        Switch.complete(&c, driver: Self.name)
        return c
    }
    func digest() -> String { inner.digest() }
    var log: [String] { inner.log }
    var sink: Double { inner.sink }
}

/// The parameter a ``SwitchedDriver`` reads, its two values (the first is
/// the default), and how it completes the counters.
protocol DriverSwitch {
    static var parameter: String { get }
    static var first: String { get }
    static var second: String { get }
    static func complete(_ counters: inout [String: Int], driver: String)
}

/// A shape built on the solver directly (`layer: solver`, the default) or
/// from views in a window (`layer: views`).
enum LayerSwitch: DriverSwitch {
    static let parameter = "layer", first = "solver", second = "views"
    /// On views, a solver counter missing unprefixed is taken from
    /// `solver.*`; on the solver, view-layer counters (frames, layout
    /// passes, text) are 0 because there is no view layer.
    static func complete(_ c: inout [String: Int], driver: String) {
        for name in CounterNames.solver where c[name] == nil { c[name] = c["solver." + name] ?? 0 }
        for name in CounterNames.view where c[name] == nil { c[name] = 0 }
    }
}

/// A collection scenario on the layout object alone (`through: layout`, the
/// default) or through a real collection view (`through: collection-view`:
/// a data source, dequeued and reused cells, self-sizing, display
/// callbacks, one frame per screen).
enum ThroughSwitch: DriverSwitch {
    static let parameter = "through", first = "layout", second = "collection-view"
    /// Every counter the catalog lists for the scenario; one a way has no
    /// notion of (cells configured, for the layout alone) is 0.
    static func complete(_ c: inout [String: Int], driver: String) {
        for name in ScenarioCatalog.catalog.driver(named: driver)?.counters ?? [] where c[name] == nil { c[name] = 0 }
    }
}

typealias LayeredShapeDriver<OnSolver: ScenarioDriver, OnViews: ScenarioDriver> = SwitchedDriver<OnSolver, OnViews, LayerSwitch>
typealias ThroughDriver<OnLayout: ScenarioDriver, OnCollectionView: ScenarioDriver> = SwitchedDriver<OnLayout, OnCollectionView, ThroughSwitch>
