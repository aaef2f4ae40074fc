import CollectionLayout
import Geometry
import ScenarioCatalog

/// Scenario 8 (225, 04:34–16:00): the talk's column flow layout of N items.
/// `rotate` turns the device to landscape and back each step (a bounds size
/// change: invalidate, prepare again, query the screen); `scroll` moves the
/// origin ten screens down (no invalidation, only queries).
final class FlowLayoutDriver: ScenarioDriver {
    static let name = "flow-layout"
    static let screensPerScroll = 10

    private var layout = FlowLayout.columns()
    private let items: Int, vertical: Bool, rotate: Bool
    private var counts: [String: Int] = [:]
    private var lastFrames: [Rect] = []
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        items = try p.int("items")
        vertical = try p.choice("direction", ["vertical", "horizontal"]) == "vertical"
        rotate = try p.choice("change", ["rotate", "scroll"]) == "rotate"
        layout.scrollDirection = vertical ? .vertical : .horizontal
        layout.prepare(context(DeviceScreens.portrait, origin: .zero))
    }

    private func context(_ screen: (bounds: Size, safeArea: EdgeInsets), origin: Point) -> LayoutContext {
        LayoutContext(itemCounts: [items], bounds: Rect(origin: origin, size: screen.bounds),
                      safeAreaInsets: screen.safeArea, layoutMargins: screen.safeArea)
    }

    /// One frame of the collection view: bounds change, invalidate if needed, prepare, query.
    private func show(_ screen: (bounds: Size, safeArea: EdgeInsets), origin: Point) {
        let c = context(screen, origin: origin)
        if layout.shouldInvalidateLayout(forBoundsChange: c.bounds) {
            layout.invalidateLayout(.boundsSize)
            counts["invalidations", default: 0] += 1
        }
        if layout.needsPrepare { layout.prepare(c) }
        let shown = layout.layoutAttributesForElements(in: c.bounds)
        counts[CounterNames.itemsReturned, default: 0] += shown.count
        lastFrames = shown.map(\.frame)
        sink += Double(shown.count) + (lastFrames.last?.maxY ?? 0)
    }

    func step() throws(ScenarioError) {
        if rotate {
            show(DeviceScreens.landscape, origin: .zero)
            show(DeviceScreens.portrait, origin: .zero)
        } else {
            let screen = DeviceScreens.portrait
            let extent = vertical ? layout.contentSize.height : layout.contentSize.width
            let page = vertical ? screen.bounds.height : screen.bounds.width
            for k in 0..<Self.screensPerScroll {
                var offset = Double(k) * page
                if offset + page > extent { offset = max(0, extent - page) }
                show(screen, origin: vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0))
            }
            show(screen, origin: .zero)
        }
    }

    func counters() -> [String: Int] {
        var c = counts
        c[CounterNames.attributesComputed] = layout.counters.itemsPlaced
        c["fullLayouts"] = layout.counters.fullLayouts
        c["invalidations", default: 0] += 0
        c[CounterNames.itemsReturned, default: 0] += 0
        return c
    }

    func digest() -> String {
        var d = LayoutDigest()
        for f in lastFrames { d.add(f) }
        return d.hex
    }
}
