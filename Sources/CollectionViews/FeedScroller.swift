import CollectionLayout
import LayoutEngine

/// A self-sizing feed in a window, ready for benchmark drivers: a
/// ``CollectionView`` with a vertical ``FlowLayout`` of full-width items at an
/// estimated height, a ``FeedDataSource`` of N seeded posts, and the sizing
/// strategy to compare.
///
/// ```swift
/// let feed = FeedScroller(itemCount: 1_000, strategy: .ownEngine)
/// let run = feed.scrollThrough()            // top to bottom, a screen per frame
/// run.cellsBroughtOnScreen                    // what the per-cell cost divides by
/// run.collection.cellsCreated, run.engine[.textMeasurements]
/// ```
/// Everything is deterministic for the same arguments; time the calls in the driver.
public final class FeedScroller {
    /// What one call did: deltas of the collection view's and the engine's counters.
    public struct Run: Sendable {
        /// Frames run (one per screen scrolled, plus the first).
        public var frames: Int
        /// Items that came on screen (`willDisplay` callbacks).
        public var cellsBroughtOnScreen: Int64
        public var collection: CollectionViewCounters
        public var engine: EngineCounters
    }

    public let window: Window
    public let collectionView: CollectionView
    public let dataSource: FeedDataSource

    /// Builds the feed and lays out nothing yet.
    /// - Parameters:
    ///   - itemCount: the number of posts (N).
    ///   - strategy: `.ownEngine` or `.freshEngine` self-sizing.
    ///   - sectionSize: posts per section (nil: one section). Small sections keep
    ///     the flow layout's incremental work per batch bounded by the section.
    ///   - viewport: the window and collection view size (a phone by default).
    ///   - estimatedHeight: the height items have until sized.
    ///   - nearMargin: how far beyond the visible rect cells are kept.
    ///   - measurer: text measurement (nil: HarfBuzz, as in every window).
    public init(itemCount: Int, strategy: SelfSizingStrategy, sectionSize: Int? = nil,
                viewport: Size = Size(width: 375, height: 812), estimatedHeight: Double = 200,
                nearMargin: Double = 0, measurer: (any TextMeasurer)? = nil) {
        window = Window(frame: Rect(origin: .zero, size: viewport), measurer: measurer)
        var layout = FlowLayout()
        // One column as wide as the bounds inside the layout margins, re-flowed on rotation.
        layout.itemSizing = .columns(minimumWidth: 1e9, height: estimatedHeight)
        layout.estimatedItemSize = Size(width: viewport.width, height: estimatedHeight)
        layout.minimumLineSpacing = 1
        layout.minimumInteritemSpacing = 0
        collectionView = CollectionView(frame: Rect(origin: .zero, size: viewport), layout: layout)
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.selfSizingStrategy = strategy
        collectionView.nearMargin = nearMargin
        dataSource = FeedDataSource(itemCount: itemCount, sectionSize: sectionSize)
        dataSource.register(on: collectionView)
        collectionView.dataSource = dataSource
        window.addSubview(collectionView)
    }

    /// Runs frames until nothing is pending: the first screen is laid out.
    @discardableResult
    public func layOutFirstScreen() -> Run {
        measure { window.runFrame(); return 1 }
    }

    /// Scrolls one screen further (`contentOffset.y += height`) and runs a
    /// frame. Returns false, without scrolling, at the end of the content.
    @discardableResult
    public func scrollScreen() -> Bool {
        let cv = collectionView
        let maxY = cv.maximumContentOffset.y
        guard cv.contentOffset.y < maxY else { return false }
        cv.contentOffset = Point(x: cv.contentOffset.x, y: min(maxY, cv.contentOffset.y + cv.frame.height))
        window.runFrame()
        return true
    }

    /// Lays out the first screen if needed, then scrolls screen by screen to
    /// the end (or `maxScreens`), one frame each. The content grows as
    /// estimates become real heights, so the end is found as it is reached.
    public func scrollThrough(maxScreens: Int = .max) -> Run {
        measure {
            var frames = 0
            if collectionView.cachedItemCounts == nil { window.runFrame(); frames += 1 }
            while frames < maxScreens, scrollScreen() { frames += 1 }
            return frames
        }
    }

    /// Moves back to the top and runs a frame.
    public func scrollToTop() {
        collectionView.contentOffset = Point(x: 0, y: 0)
        window.runFrame()
    }

    /// Resizes the window and the collection view (rotation) and runs a frame.
    @discardableResult
    public func resize(to size: Size) -> Run {
        measure {
            window.frame = Rect(origin: .zero, size: size)
            collectionView.frame = Rect(origin: .zero, size: size)
            window.runFrame()
            return 1
        }
    }

    /// Applies a batch to the model and the collection view and runs a frame.
    /// - Throws: ``CollectionViewError``; nothing changes for an invalid batch.
    @discardableResult
    public func performBatch(_ update: BatchUpdate, itemCountsAfter: [Int]) throws(CollectionViewError) -> Run {
        let collectionBefore = collectionView.collectionCounters, engineBefore = window.engineCounters
        try dataSource.performBatchUpdates(update, itemCountsAfter: itemCountsAfter, on: collectionView)
        window.runFrame()
        let c = collectionView.collectionCounters - collectionBefore
        return Run(frames: 1, cellsBroughtOnScreen: c.displayCallbacks, collection: c,
                   engine: window.engineCounters - engineBefore)
    }

    private func measure(_ body: () -> Int) -> Run {
        let collectionBefore = collectionView.collectionCounters, engineBefore = window.engineCounters
        let frames = body()
        let c = collectionView.collectionCounters - collectionBefore
        return Run(frames: frames, cellsBroughtOnScreen: c.displayCallbacks, collection: c,
                   engine: window.engineCounters - engineBefore)
    }
}
