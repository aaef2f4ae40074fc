import Geometry
import LayoutEngine
import SampleViews

/// Scenario 6 (220, 38:11): N feed cells in a list, shown with new content.
/// `own-engine` lets the cells size themselves in the window's engine (one
/// frame); `fresh-engine` also asks every cell for
/// `systemLayoutSizeFitting` — a fresh engine per call, as a data source's
/// height-for-row does — before the same frame. The frames are the same, so
/// the digests are; a fitted height that disagrees with the frame is logged.
final class FittingSizeDriver: ScenarioDriver {
    static let name = "fitting-size"

    private let window: Window
    private let list: FeedList
    private let fresh: Bool
    private let contents: [(FeedItemData, FeedItemData)]
    private var mismatches: [String] = []
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let cells = try p.int("cells")
        fresh = try p.choice("strategy", ["own-engine", "fresh-engine"]) == "fresh-engine"
        window = ViewScene.window()
        list = FeedList(flavor: .constraints, width: 375)
        window.addSubview(list)
        contents = FeedContents.pairs(count: cells, seed: seed)
        for c in contents { list.appendCell(c.0) }
        window.runFrame()
        try step()   // one round to the engine's steady state: every measured step is then alike
    }

    private func show(_ pick: ((FeedItemData, FeedItemData)) -> FeedItemData) {
        var fitted: [Double] = []
        for (cell, c) in zip(list.feedCells, contents) {
            cell.configure(with: pick(c))
            if fresh {
                let size = cell.systemLayoutSizeFitting(Size(width: 375, height: 0),
                                                        horizontalFittingPriority: .required,
                                                        verticalFittingPriority: .fittingSizeLevel)
                fitted.append(size.height)
                sink += size.height
            }
        }
        window.runFrame()
        for (cell, h) in zip(list.feedCells, fitted) where abs(cell.frame.height - h) > 0.5 && mismatches.count < 10 {
            mismatches.append("systemLayoutSizeFitting gave height \(h) but the cell laid out at \(cell.frame.height)")
        }
        sink += list.contentHeight
    }

    func step() throws(ScenarioError) {
        show { $0.1 }
        show { $0.0 }
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { list.frameDigestHex }
    var log: [String] { mismatches + ViewScene.log(window) }
}
