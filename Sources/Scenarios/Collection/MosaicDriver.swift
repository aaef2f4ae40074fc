import CollectionLayout
import Geometry
import ScenarioCatalog

/// Scenario 9 (225, 19:26–27:30): a mosaic of N photos prepared once; each
/// step runs `queries` screen-sized `layoutAttributesForElements(in:)` calls
/// spread evenly down the content, by filtering the whole cache or by binary
/// search then a walk.
final class MosaicDriver: ScenarioDriver {
    static let name = "mosaic"

    private var layout = MosaicLayout()
    private let queries: Int
    private var rects: [Rect] = []
    private var returned = 0, queriesRun = 0, examined = 0
    private var lastFrames: [Rect] = []
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let items = try p.int("items")
        queries = try p.int("queries")
        layout.elementQuery = try p.choice("query", ["filter", "binary-search"]) == "filter" ? .filter : .binarySearch
        let screen = DeviceScreens.portrait.bounds
        layout.prepare(LayoutContext(itemCounts: [items], bounds: Rect(origin: .zero, size: screen)))
        let travel = max(0, layout.contentSize.height - screen.height)
        rects = (0..<queries).map { q in
            let y = queries > 1 ? travel * Double(q) / Double(queries - 1) : 0
            return Rect(x: 0, y: y.rounded(), width: screen.width, height: screen.height)
        }
    }

    func step() throws(ScenarioError) {
        queriesRun += rects.count
        for rect in rects {
            let shown = layout.layoutAttributesForElements(in: rect, examined: &examined)
            returned += shown.count
            sink += Double(shown.count)
            if rect == rects.last { lastFrames = shown.map(\.frame) }
        }
    }

    func counters() -> [String: Int] {
        [CounterNames.itemsReturned: returned, "queries": queriesRun, "attributesExamined": examined]
    }

    func digest() -> String {
        var d = LayoutDigest()
        for rect in rects.prefix(3) { for a in layout.layoutAttributesForElements(in: rect) { d.add(a.frame) } }
        for f in lastFrames { d.add(f) }
        return d.hex
    }
}
