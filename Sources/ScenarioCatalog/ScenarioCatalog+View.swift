import Workloads

extension ScenarioCatalog {
    /// Counters of drivers that run on the view layer.
    static let viewCounters = CounterNames.view

    /// Drivers that run on the view layer (LayoutEngine, SampleViews).
    static let viewDrivers: [DriverDescription] = [
        DriverDescription(
            name: "churn",
            summary: "N social-feed cells updated pass by pass: churn every constraint, swap groups, or hide",
            parameters: [n("cells", "cells configured per iteration", max: 100_000),
                         choice("strategy", ["churned", "grouped", "hidden"], "how updateConstraints reacts to new content"),
                         bool("unchanged", false, "configure each cell with the content it already shows")],
            counters: viewCounters),
        DriverDescription(
            name: "text-measurement",
            summary: "N labels laid out: text measured through intrinsicContentSize, or a known size returned",
            parameters: [n("labels", "number of labels", max: 100_000),
                         int("text_length", 80, min: 1, max: 10_000, "characters per label"),
                         choice("mode", ["measured", "override"], "measure the text, or return a known size")],
            counters: viewCounters),
        DriverDescription(
            name: "fitting-size",
            summary: "size N cells: in the cell's own engine, or with systemLayoutSizeFitting's fresh engine per call",
            parameters: [n("cells", "cells sized per iteration", max: 100_000),
                         choice("strategy", ["own-engine", "fresh-engine"], "which engine sizes each cell")],
            counters: viewCounters),
        DriverDescription(
            name: "feed-cell",
            summary: "the reference feed cell laid out N times: by constraints, or by frames in layoutSubviews",
            parameters: [n("cells", "cells laid out per iteration", max: 100_000),
                         choice("layout", ["constraints", "manual"], "constraints, or manual frames with sizeThatFits"),
                         ParameterSpec("phase", .choice(["relayout", "build"]), default: .string("relayout"),
                                       summary: "re-lay out built cells with new content, or build N cells and lay them out")],
            counters: viewCounters),
        DriverDescription(
            name: "layout-cycle",
            summary: "N changes to a cell: manual vs constraints, toggled vs recreated constraints, coalesced vs forced layout",
            parameters: [n("changes", "changes per iteration", max: 100_000),
                         choice("mode", ["manual", "constraints", "toggle", "recreate", "coalesced", "forced"],
                                "what each change does and when layout runs")],
            counters: viewCounters),
        DriverDescription(
            name: "safe-area",
            summary: "an app-shaped hierarchy (tab bar > navigation > content of N views) laid out across device shapes",
            parameters: [n("views", "content views", max: 100_000),
                         choice("shape", ["all", "notch", "home-button", "landscape"], "device shapes and rotations to cycle")],
            counters: viewCounters),
        DriverDescription(
            name: "moving-subtree",
            summary: "a subtree of N views moved between two parents and laid out after each move",
            parameters: [n("views", "views in the moved subtree", max: 100_000),
                         int("moves", 2, min: 1, max: 1000, "moves per iteration")],
            counters: viewCounters),
        DriverDescription(
            name: "hierarchy-removal",
            summary: "a hierarchy of N constrained views built and removed from its window",
            parameters: [n("views", "views in the hierarchy", max: 100_000),
                         int("fan_out", 4, min: 1, max: 100, "children per view")],
            counters: viewCounters),
        DriverDescription(
            name: "self-sizing-cells",
            summary: "scroll a feed of N self-sizing cells screen by screen with reuse",
            parameters: [n("cells", "cells in the feed", max: 100_000),
                         choice("strategy", ["own-engine", "fresh-engine"], "size cells in their own engine or a fresh one per call"),
                         double("width", 375, min: 100, max: 4000, "collection view width in points"),
                         double("screen_height", 812, min: 100, max: 4000, "visible height in points"), through],
            counters: viewCounters + [CounterNames.attributesComputed, "cellsSized", "cellsConfigured", "cellsCreated"]),
    ]

    /// Drivers that run the pure collection layouts (CollectionLayout).
    static let collectionDrivers: [DriverDescription] = [
        DriverDescription(
            name: "flow-layout",
            summary: "prepare a flow layout of N items at a size, scroll through it, rotate (invalidate) and prepare again",
            parameters: [n("items", "number of items", max: 1_000_000),
                         choice("direction", ["vertical", "horizontal"], "scroll direction"),
                         choice("change", ["rotate", "scroll"], "rotate (size change, invalidates) or scroll (origin change, does not)")],
            counters: [CounterNames.attributesComputed, CounterNames.itemsReturned, "invalidations", "fullLayouts"]),
        DriverDescription(
            name: "mosaic",
            summary: "queries of layoutAttributesForElements(in:) over a prepared mosaic of N photos",
            parameters: [n("items", "number of photos", max: 1_000_000),
                         choice("query", ["filter", "binary-search"], "filter the whole cache, or binary search then walk"),
                         int("queries", 100, min: 1, max: 100_000, "rect queries per iteration")],
            counters: [CounterNames.itemsReturned, "queries", "attributesExamined"]),
        DriverDescription(
            name: "batch-updates",
            summary: "apply a batch of K updates to a collection of N items, or reloadData",
            parameters: [n("items", "items in the collection", max: 1_000_000),
                         int("updates", 10, min: 1, max: 100_000, "deletes, inserts, moves and reloads per batch"),
                         int("items_per_section", 100, min: 1, max: 1_000_000, "items per section (a feed grouped by day)"),
                         int("section_updates", 0, min: 0, max: 10_000,
                             "section deletes (each with an insert), moves and reloads per batch; items then change in the first half of the sections"),
                         double("width", 390, min: 100, max: 4000,
                                "collection view width in points: 390 puts one item on a line, 1024 two"),
                         choice("mode", ["batch", "reload-data"], "performBatchUpdates or reloadData"), through],
            counters: [CounterNames.attributesComputed, CounterNames.itemsReturned, "fullLayouts",
                       "linesVisited", "sectionsVisited", "runsPlaced", "batchWork", "cellsConfigured", "cellsSized"]),
    ]
}
