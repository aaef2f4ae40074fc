import Geometry
import LayoutEngine
import SampleViews

/// The reference benchmark: N feed cells (21 views, 67 constraints each) in a
/// `FeedList`, laid out by constraints or by hand (`layoutSubviews` +
/// `sizeThatFits`).
///
/// - `phase: relayout` (the default): each step shows every cell with the
///   other of its two contents and back, one frame each.
/// - `phase: build`: each step builds the N cells in a fresh window (sharing
///   one text measurer) and lays them out in one frame — what LayoutKit's
///   benchmark and LayoutFrameworkBenchmark time, and what the workload's
///   "constraints ≤ 2× manual" expectation is about.
final class FeedCellDriver: ScenarioDriver {
    static let name = "feed-cell"

    private let flavor: LayoutFlavor
    private let build: Bool
    private let measurer = ViewScene.measurer(cached: false)
    private var window: Window
    private var list: FeedList
    private let contents: [(FeedItemData, FeedItemData)]
    /// Counters of the windows `build` steps have discarded.
    private var retired = EngineCounters()
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let cells = try p.int("cells")
        flavor = try p.choice("layout", ["constraints", "manual"]) == "manual" ? .manual : .constraints
        build = try p.choice("phase", ["relayout", "build"]) == "build"
        contents = FeedContents.pairs(count: cells, seed: seed)
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812), measurer: measurer)
        list = FeedList(flavor: flavor, width: 375)
        window.addSubview(list)
        for c in contents { list.appendCell(c.0) }
        window.runFrame()
        if !build { try step() }   // one round to the engine's steady state: every measured step is then alike
    }

    func step() throws(ScenarioError) {
        if build {
            retired = retired + window.engineCounters
            window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812), measurer: measurer)
            list = FeedList(flavor: flavor, width: 375)
            window.addSubview(list)
            for c in contents { list.appendCell(c.0) }
            window.runFrame()
            sink += list.contentHeight
            return
        }
        for (cell, c) in zip(list.feedCells, contents) { cell.configure(with: c.1) }
        window.runFrame()
        sink += list.contentHeight
        for (cell, c) in zip(list.feedCells, contents) { cell.configure(with: c.0) }
        window.runFrame()
        sink += list.contentHeight
    }

    func counters() -> [String: Int] { ViewScene.counters(retired + window.engineCounters) }
    func digest() -> String { list.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
