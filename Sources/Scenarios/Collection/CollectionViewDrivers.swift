import CollectionLayout
import CollectionViews
import Geometry
import LayoutEngine
import Randomness
import ScenarioCatalog

/// Scenario 1 through a real collection view (`through: collection-view`):
/// a ``FeedScroller`` — a `CollectionView` with a vertical flow layout of
/// full-width feed posts at an estimated height, its data source, and cells
/// registered for reuse — scrolled from top to bottom, one frame a screen.
/// Each step first invalidates the layout, so every item is back at its
/// estimate and is sized again as it comes on screen, in its own engine or a
/// fresh one (`strategy`), as the talk's `systemLayoutSizeFitting` contrast.
final class SelfSizingCollectionViewDriver: ScenarioDriver {
    static let name = "self-sizing-cells"
    static let estimate = 300.0

    private let feed: FeedScroller
    private var shown: Int64 = 0
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let cells = try p.int("cells")
        let fresh = try p.choice("strategy", ["own-engine", "fresh-engine"]) == "fresh-engine"
        let viewport = Size(width: try p.double("width"), height: try p.double("screen_height"))
        feed = FeedScroller(itemCount: cells, strategy: fresh ? .freshEngine : .ownEngine, viewport: viewport,
                            estimatedHeight: Self.estimate)
        _ = seed   // the posts are seeded by their index, the same for every job
        try step()   // one round to the engine's steady state
    }

    func step() throws(ScenarioError) {
        feed.collectionView.invalidateLayout(.everything)
        feed.scrollToTop()
        let run = feed.scrollThrough()
        shown += run.cellsBroughtOnScreen
        sink += Double(run.frames) + feed.collectionView.contentSize.height
        if let error = feed.collectionView.errors.first { throw .engine("the collection view failed: \(error)", log: log) }
    }

    func counters() -> [String: Int] {
        let c = feed.collectionView.collectionCounters
        let placed = (feed.collectionView.collectionViewLayout as? FlowLayout)?.counters.itemsPlaced ?? 0
        return ViewScene.counters(feed.window, extra: [CounterNames.attributesComputed: placed, "cellsSized": Int(c.selfSizingPasses),
                                                       "cellsConfigured": Int(c.cellsConfigured), "cellsCreated": Int(c.cellsCreated)])
    }

    /// Every item's frame once the scroll has sized them all.
    func digest() -> String {
        let layout = feed.collectionView.collectionViewLayout
        var d = LayoutDigest()
        for a in layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.contentSize)) { d.add(a.frame) }
        return d.hex
    }

    var log: [String] { ViewScene.log(feed.window) }
}

/// Scenario 10 through a real collection view (`through: collection-view`):
/// the same seeded batch as the layout-only driver, applied to a
/// ``FeedScroller``'s data source and collection view with
/// `performBatchUpdates` (`batch`: the layout's incremental path, visible
/// cells kept and moved, deleted and reloaded ones back to the pool), or to
/// the model followed by `reloadData` (`reload-data`: every estimate reset,
/// every visible cell configured and sized again); one frame a step.
final class BatchUpdatesCollectionViewDriver: ScenarioDriver {
    static let name = "batch-updates"
    /// Inserted and reloaded posts get new seeds each step, and the line
    /// trees' priorities drift as in the layout-only driver.
    static let identicalSteps = false

    private let feed: FeedScroller
    private let counts: [Int]
    private let batch: BatchUpdate
    private let reload: Bool
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let items = try p.int("items"), updates = try p.int("updates"), perSection = try p.int("items_per_section")
        let sectionUpdates = try p.int("section_updates")
        reload = try p.choice("mode", ["batch", "reload-data"]) == "reload-data"
        let viewport = Size(width: try p.double("width"), height: DeviceScreens.portrait.bounds.height)
        counts = stride(from: 0, to: items, by: perSection).map { min(perSection, items - $0) }
        var rng = SplitMix64(seed: seed)
        batch = BatchUpdatesDriver.makeBatch(counts: counts, updates: updates, sectionUpdates: sectionUpdates, rng: &rng)
        do { _ = try batch.resolve(itemCountsBefore: counts, itemCountsAfter: counts) } catch {
            throw .engine("the generated batch is invalid: \(error)", log: [error.description])
        }
        feed = FeedScroller(itemCount: items, strategy: .ownEngine, sectionSize: perSection, viewport: viewport)
        feed.layOutFirstScreen()
    }

    func step() throws(ScenarioError) {
        if reload {
            let result: BatchUpdateResult
            do { result = try batch.resolve(itemCountsBefore: counts, itemCountsAfter: counts) } catch {
                throw .engine("the batch does not fit the model", log: [error.description])
            }
            feed.dataSource.apply(result)
            feed.collectionView.reloadData()
            feed.window.runFrame()
        } else {
            do { try feed.performBatch(batch, itemCountsAfter: counts) } catch {
                throw .engine("performBatchUpdates rejected the batch: \(error)", log: log)
            }
        }
        sink += Double(feed.collectionView.visibleCells.count)
    }

    func counters() -> [String: Int] {
        let c = feed.collectionView.collectionCounters
        let layout = feed.collectionView.collectionViewLayout as? FlowLayout
        let placed = layout?.counters.itemsPlaced ?? 0
        return [CounterNames.attributesComputed: placed, "fullLayouts": layout?.counters.fullLayouts ?? 0,
                "cellsConfigured": Int(c.cellsConfigured), "cellsSized": Int(c.selfSizingPasses)]
    }

    /// The frames of the items on screen after the step.
    func digest() -> String {
        var d = LayoutDigest()
        for cell in feed.collectionView.visibleCells { d.add(cell.frame) }
        return d.hex
    }

    var log: [String] { ViewScene.log(feed.window) }
}
