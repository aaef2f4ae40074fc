import CollectionLayout
import Geometry
import LayoutEngine
import SampleViews

/// Scenario 1 (220, 02:31; 225): a feed of N self-sizing feed cells in a
/// vertical flow layout with estimated sizes, scrolled from top to bottom
/// screen by screen. Each screen asks the layout for its items; every item
/// still at its estimate is sized with a reused cell (a pool of a screen's
/// worth plus two) and reported back (`invalidateLayout(forPreferredSize:)`),
/// which moves what follows. `own-engine` sizes a cell in the window's
/// engine, where the pooled cell lives (one frame); `fresh-engine` calls
/// `systemLayoutSizeFitting`, a new engine per call. Each step starts the
/// scroll from fresh estimates (a full prepare), so steps are alike. A feed
/// shorter than twice the pool leaves some cells with one item each, which
/// they get back unchanged every step and size for free: the workload's
/// sizes start above that.
final class SelfSizingCellsDriver: ScenarioDriver {
    static let name = "self-sizing-cells"
    static let estimate = 300.0

    private let window: Window
    private var pool: [FeedCell] = []
    private var next = 0
    private let data: [FeedItemData]
    private let fresh: Bool
    private let width: Double, screenHeight: Double
    private var layout = FlowLayout()
    private var shown = 0
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let cells = try p.int("cells")
        fresh = try p.choice("strategy", ["own-engine", "fresh-engine"]) == "fresh-engine"
        width = try p.double("width"); screenHeight = try p.double("screen_height")
        data = (0..<cells).map { FeedItemData.make(seed: seed &* 1_000_003 &+ UInt64($0)) }
        window = ViewScene.window(width: width, height: screenHeight)
        let poolSize = Int((screenHeight / 100).rounded(.up)) + 2
        for i in 0..<poolSize {
            let cell = FeedCell(flavor: .constraints, data: data[i % cells])
            window.addSubview(cell)
            LayoutConstraint.activate([
                cell.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                cell.topAnchor.constraint(equalTo: window.topAnchor),
                cell.widthAnchor.constraint(equalToConstant: width),
                cell.heightAnchor.constraint(equalToConstant: 0).withPriority(.fittingSizeLevel),
            ])
            pool.append(cell)
        }
        window.runFrame()
        layout.itemSizing = .fixed(Size(width: width, height: Self.estimate))
        layout.estimatedItemSize = Size(width: width, height: Self.estimate)
        layout.minimumLineSpacing = 0
        try step()   // one round to the engine's steady state
    }

    private func context(at y: Double) -> LayoutContext {
        LayoutContext(itemCounts: [data.count], bounds: Rect(x: 0, y: y, width: width, height: screenHeight),
                      preferredSize: { [unowned self] path, _ in self.size(item: path.item) })
    }

    /// Dequeues a pooled cell, shows the item in it and sizes it.
    private func size(item: Int) -> Size {
        let cell = pool[next]
        next = (next + 1) % pool.count
        cell.configure(with: data[item])
        shown += 1
        if fresh {
            return cell.systemLayoutSizeFitting(Size(width: width, height: 0), horizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        }
        window.runFrame()
        return Size(width: width, height: cell.frame.height)
    }

    func step() throws(ScenarioError) {
        next = 0
        layout.invalidateLayout(.everything)
        layout.prepare(context(at: 0))
        var y = 0.0
        while y < layout.contentSize.height {
            let c = context(at: y)
            layout.resolvePreferredSizes(in: c.bounds, context: c)
            sink += Double(layout.layoutAttributesForElements(in: c.bounds).count)
            y += screenHeight
        }
    }

    func counters() -> [String: Int] {
        ViewScene.counters(window, extra: ["attributesComputed": layout.counters.itemsPlaced, "cellsSized": shown])
    }

    func digest() -> String {
        var d = LayoutDigest()
        for a in layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.contentSize)) { d.add(a.frame) }
        return d.hex
    }

    var log: [String] { ViewScene.log(window) }
}
