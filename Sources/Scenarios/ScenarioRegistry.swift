import ScenarioCatalog
import Workloads

/// The drivers compiled into the worker, by name, and how to make one for a job.
public enum ScenarioRegistry {
    /// Every implemented driver. Names must match `ScenarioCatalog`; drivers the
    /// catalog lists but this table lacks are reported as not built yet.
    public static var drivers: [String: any ScenarioDriver.Type] {
        let all: [any ScenarioDriver.Type] = [
            LayeredShapeDriver<IndependentBlocksDriver, ViewIndependentBlocksDriver>.self, CheapOperationsDriver.self, UnsatisfiableDriver.self,
            LayeredShapeDriver<LongRowDriver, ViewLongRowDriver>.self,
            LayeredShapeDriver<NestedChainDriver, ViewNestedChainDriver>.self,
            LayeredShapeDriver<RandomAnchorsDriver, ViewRandomAnchorsDriver>.self,
            FlowLayoutDriver.self, MosaicDriver.self, ThroughDriver<BatchUpdatesDriver, BatchUpdatesCollectionViewDriver>.self,
            FeedCellDriver.self, FittingSizeDriver.self, TextMeasurementDriver.self, LayoutCycleDriver.self,
            SafeAreaDriver.self, MovingSubtreeDriver.self, HierarchyRemovalDriver.self, ChurnDriver.self,
            ThroughDriver<SelfSizingCellsDriver, SelfSizingCollectionViewDriver>.self,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }

    /// Catalog drivers with no implementation in this build.
    public static var missing: [String] {
        ScenarioCatalog.catalog.names.filter { drivers[$0] == nil }
    }

    /// Sets up `driver` for a job: checks and completes the parameters against the catalog, then initialises it.
    /// - Throws: `.unknownDriver`, `.badParameter`, or the driver's own setup error.
    public static func make(driver name: String, parameters: [String: ParameterValue],
                            seed: UInt64) throws(ScenarioError) -> any ScenarioDriver {
        guard let description = ScenarioCatalog.catalog.driver(named: name) else {
            throw .unknownDriver(name, known: ScenarioCatalog.catalog.names)
        }
        guard let type = drivers[name] else {
            throw .unknownDriver(name, known: drivers.keys.sorted())
        }
        let resolved = try DriverParameters(parameters, description: description)
        return try type.init(parameters: resolved, seed: seed)
    }
}
