import ScenarioCatalog

/// One driver name, two ways through a collection scenario: the layout
/// object alone (`through: layout`, the default) or a real collection view
/// around it (`through: collection-view`: a data source, dequeued and reused
/// cells, self-sizing, display callbacks, one frame per screen). The
/// registry lists this wrapper under the scenario's name.
final class ThroughDriver<OnLayout: ScenarioDriver, OnCollectionView: ScenarioDriver>: ScenarioDriver {
    static var name: String { OnLayout.name }
    static var identicalSteps: Bool { OnLayout.identicalSteps && OnCollectionView.identicalSteps }

    private let inner: any ScenarioDriver

    init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError) {
        if try parameters.choice("through", ["layout", "collection-view"]) == "collection-view" {
            inner = try OnCollectionView(parameters: parameters, seed: seed)
        } else {
            inner = try OnLayout(parameters: parameters, seed: seed)
        }
    }

    func step() throws(ScenarioError) { try inner.step() }
    /// Both ways report every counter the catalog lists for the scenario; one
    /// a way has no notion of (cells configured, for the layout alone) is 0.
    func counters() -> [String: Int] {
        var c = inner.counters()
        for name in ScenarioCatalog.catalog.driver(named: Self.name)?.counters ?? [] where c[name] == nil { c[name] = 0 }
        return c
    }
    func digest() -> String { inner.digest() }
    var log: [String] { inner.log }
    var sink: Double { inner.sink }
}
