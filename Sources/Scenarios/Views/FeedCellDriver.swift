import Geometry
import LayoutEngine
import SampleViews

/// The reference benchmark: N feed cells (21 views, 67 constraints each) in a
/// `FeedList`, laid out by constraints or by hand (`layoutSubviews` +
/// `sizeThatFits`). Each step shows every cell with the other of its two
/// contents and back, one frame each.
final class FeedCellDriver: ScenarioDriver {
    static let name = "feed-cell"

    private let window: Window
    private let list: FeedList
    private let contents: [(FeedItemData, FeedItemData)]
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let cells = try p.int("cells")
        let flavor: LayoutFlavor = try p.choice("layout", ["constraints", "manual"]) == "manual" ? .manual : .constraints
        window = ViewScene.window()
        list = FeedList(flavor: flavor, width: 375)
        window.addSubview(list)
        contents = FeedContents.pairs(count: cells, seed: seed)
        for c in contents { list.appendCell(c.0) }
        window.runFrame()
        try step()   // one round to the engine's steady state: every measured step is then alike
    }

    func step() throws(ScenarioError) {
        for (cell, c) in zip(list.feedCells, contents) { cell.configure(with: c.1) }
        window.runFrame()
        sink += list.contentHeight
        for (cell, c) in zip(list.feedCells, contents) { cell.configure(with: c.0) }
        window.runFrame()
        sink += list.contentHeight
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { list.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
