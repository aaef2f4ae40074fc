import ScenarioCatalog

/// One driver name, two implementations: the shape built on the solver
/// directly (`layer: solver`, the default) or from views in a window
/// (`layer: views`). The registry lists this wrapper under the shape's name.
final class LayeredShapeDriver<OnSolver: ScenarioDriver, OnViews: ScenarioDriver>: ScenarioDriver {
    static var name: String { OnSolver.name }
    static var identicalSteps: Bool { OnSolver.identicalSteps && OnViews.identicalSteps }

    private let inner: any ScenarioDriver

    init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) {
        if try parameters.choice("layer", ["solver", "views"]) == "views" {
            inner = try OnViews(parameters: parameters, seed: seed)
        } else {
            inner = try OnSolver(parameters: parameters, seed: seed)
        }
    }

    func step() throws(ScenarioError) { try inner.step() }
    /// Both layers report the same names: on views, a solver counter missing unprefixed is
    /// taken from `solver.*`; on the solver, view-layer counters (frames, layout passes,
    /// text) are 0 because there is no view layer.
    func counters() -> [String: Int] {
        var c = inner.counters()
        for name in CounterNames.solver where c[name] == nil { c[name] = c["solver." + name] ?? 0 }
        for name in CounterNames.view where c[name] == nil { c[name] = 0 }
        return c
    }
    func digest() -> String { inner.digest() }
    var log: [String] { inner.log }
    var sink: Double { inner.sink }
}
