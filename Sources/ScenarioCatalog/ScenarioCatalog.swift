import Workloads

/// The real driver catalog: the name, parameters and counters of every
/// scenario driver compiled into `layoutbench-worker`. Engine-free, so the
/// harness's `layoutbench workloads validate` links it without the engine;
/// module `Scenarios` implements each entry (its tests check they agree).
public enum ScenarioCatalog {
    public static let catalog = DriverCatalog(solverDrivers + viewDrivers + collectionDrivers)

    static func n(_ name: String, _ summary: String, max: Double = 1_000_000) -> ParameterSpec {
        ParameterSpec(name, .int, default: nil, minimum: 1, maximum: max, summary: summary)
    }
    static func int(_ name: String, _ value: Int, min: Double = 0, max: Double = 1_000_000, _ summary: String) -> ParameterSpec {
        ParameterSpec(name, .int, default: .int(value), minimum: min, maximum: max, summary: summary)
    }
    static func double(_ name: String, _ value: Double, min: Double = 0, max: Double = 100_000, _ summary: String) -> ParameterSpec {
        ParameterSpec(name, .double, default: .double(value), minimum: min, maximum: max, summary: summary)
    }
    static func choice(_ name: String, _ options: [String], _ summary: String) -> ParameterSpec {
        ParameterSpec(name, .choice(options), default: nil, summary: summary)
    }
    /// Whether a collection scenario drives the layout object alone or a
    /// collection view (data source, dequeued cells, display) around it.
    static let through = ParameterSpec("through", .choice(["layout", "collection-view"]), default: .string("layout"),
                                       summary: "the layout object alone, or a CollectionView with a data source and reused cells")
    /// Which implementation of a shape runs: on the solver directly, or from views in a window.
    static let layer = ParameterSpec("layer", .choice(["solver", "views"]), default: .string("solver"),
                                     summary: "solver variables directly, or views with anchors in a window")

    static func bool(_ name: String, _ value: Bool, _ summary: String) -> ParameterSpec {
        ParameterSpec(name, .bool, default: .bool(value), summary: summary)
    }

    /// The shapes report the solver's counters on either layer, the view layer's too with `layer: views`.
    static let shapeCounters = CounterNames.solverLevel + CounterNames.view.filter { !CounterNames.solverLevel.contains($0) }

    /// Drivers that run on the solver directly.
    static let solverDrivers: [DriverDescription] = [
        DriverDescription(
            name: "independent-blocks",
            summary: "build N blocks of view constraints in a fresh solver and solve (or edit one block of a built solver)",
            parameters: [n("blocks", "number of blocks", max: 100_000),
                         bool("linked", false, "tie each block to the next (one cross-block constraint each)"),
                         int("views_per_block", 3, min: 1, max: 100, "views in each block"),
                         choice("operation", ["build", "edit-one"], "build everything per iteration, or change one block's constant"),
                         layer],
            counters: shapeCounters),
        DriverDescription(
            name: "cheap-operations",
            summary: "one frame over N views: add a kind of constraint, change constants in place, or recreate constraints",
            parameters: [n("views", "number of views", max: 100_000),
                         choice("operation", ["equality", "inequality", "priority", "set-constant", "recreate"],
                                "what each frame does to each view's constraints")],
            counters: CounterNames.solverLevel),
        DriverDescription(
            name: "unsatisfiable",
            summary: "lay out N views of which some carry width == 50 and width == 200, both required; break and log",
            parameters: [n("views", "number of views", max: 100_000),
                         int("conflict_every", 10, min: 0, max: 100_000, "every k-th view, the first included, carries the conflicting pair (0 = none)"),
                         bool("expected", true, "break conflicts and go on (UIKit); false treats one as an engine failure")],
            counters: CounterNames.solverLevel + [CounterNames.constraintsBroken]),
        DriverDescription(
            name: "long-row",
            summary: "N sibling views in one row, each leading edge chained to the previous trailing edge",
            parameters: [n("views", "views in the row", max: 100_000),
                         double("spacing", 8, "points between siblings"),
                         choice("operation", ["build", "resize"], "build the row per iteration, or change the first view's width in place"), layer],
            counters: shapeCounters),
        DriverDescription(
            name: "nested-chain",
            summary: "N views each nested in the previous with fixed insets: a chain N deep",
            parameters: [n("depth", "nesting depth", max: 100_000),
                         double("inset", 1, "points of inset per level"),
                         choice("operation", ["build", "resize"], "build the chain per iteration, or resize the root in place"), layer],
            counters: shapeCounters),
        DriverDescription(
            name: "random-anchors",
            summary: "N flat sibling views each anchored to randomly chosen others at medium priority",
            parameters: [n("views", "number of views", max: 100_000),
                         int("anchors_per_view", 2, min: 1, max: 16, "random anchors per view"),
                         double("priority", 500, min: 1, max: 999, "priority of the random anchors"), layer],
            counters: shapeCounters),
    ]
}
