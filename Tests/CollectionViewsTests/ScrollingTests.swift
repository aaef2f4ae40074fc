import CollectionLayout
@testable import CollectionViews
import LayoutEngine
import Testing

@Suite struct ScrollingTests {
    @Test func onlyVisibleAndNearCellsExistAndAreReused() {
        let (feed, tracker) = makeFeed(200, nearMargin: 100)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        var maxVisible = 0
        var screens = 0
        repeat {
            screens += 1
            let rect = cv.preloadRect
            let cells = cv.visibleCells
            maxVisible = max(maxVisible, cells.count)
            #expect(!cells.isEmpty)
            for cell in cells {
                #expect(cell.frame.intersects(rect), "\(cell.indexPath!) at \(cell.frame) outside \(rect)")
                #expect(!cell.isHidden)
            }
            // Every item whose frame meets the rect has a cell.
            let wanted = feed.collectionView.collectionViewLayout.layoutAttributesForElements(in: rect).map(\.indexPath)
            #expect(wanted == cv.indexPathsForVisibleItems)
            #expect(tracker.matches(cv))
        } while feed.scrollScreen()
        let c = cv.collectionCounters
        #expect(screens > 20)
        // Cells created stay around one screen's worth; the rest is reuse.
        #expect(c.cellsCreated <= Int64(maxVisible) * 2 + 2, "\(c)")
        #expect(c.cellsReused > 150)
        #expect(c.cellsConfigured == c.cellsCreated + c.cellsReused)
        // Every item was shown, and sized exactly once.
        #expect(c.displayCallbacks >= 200)
        #expect(c.selfSizingPasses == 200)
        #expect(tracker.problems.isEmpty, "\(tracker.problems.prefix(5))")
        #expect(Int64(tracker.willDisplay - tracker.didEnd) == Int64(cv.visibleCells.count))
        #expect(cv.errors.isEmpty)
    }

    @Test func scrollingBackReusesCellsWithoutSizingAgain() {
        let (feed, tracker) = makeFeed(60)
        _ = feed.scrollThrough()
        let sized = feed.collectionView.collectionCounters.selfSizingPasses
        let created = feed.collectionView.collectionCounters.cellsCreated
        feed.scrollToTop()
        #expect(feed.collectionView.indexPathsForVisibleItems.first == IndexPath(0, 0))
        #expect(feed.collectionView.collectionCounters.selfSizingPasses == sized)
        #expect(feed.collectionView.collectionCounters.cellsCreated == created)
        #expect(tracker.problems.isEmpty && tracker.matches(feed.collectionView))
    }
}
