import CollectionLayout
@testable import CollectionViews
import LayoutEngine
import Testing

/// Records display callbacks and checks that they pair up: a cell is
/// displayed at most once at a time, and ends display for the item it showed.
final class DisplayTracker: CollectionViewDelegate {
    /// Cell → the index path it was displayed for (updated when batches move it).
    var showing: [ObjectIdentifier: IndexPath] = [:]
    var problems: [String] = []
    var willDisplay = 0
    var didEnd = 0

    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        willDisplay += 1
        if showing[ObjectIdentifier(cell)] != nil { problems.append("\(indexPath): cell displayed twice") }
        showing[ObjectIdentifier(cell)] = indexPath
    }

    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        didEnd += 1
        if showing.removeValue(forKey: ObjectIdentifier(cell)) == nil {
            problems.append("\(indexPath): end display without display")
        }
    }

    /// The displayed set equals the collection view's visible cells.
    func matches(_ cv: CollectionView) -> Bool {
        Set(showing.keys) == Set(cv.visibleCells.map { ObjectIdentifier($0) })
    }
}

/// The approximate measurer keeps tests fast and independent of installed fonts.
func makeFeed(_ n: Int, strategy: SelfSizingStrategy = .ownEngine, sectionSize: Int? = nil,
              nearMargin: Double = 0) -> (FeedScroller, DisplayTracker) {
    let feed = FeedScroller(itemCount: n, strategy: strategy, sectionSize: sectionSize,
                            nearMargin: nearMargin, measurer: ApproximateTextMeasurer())
    let tracker = DisplayTracker()
    feed.collectionView.delegate = tracker
    return (feed, tracker)
}

extension CollectionView {
    /// Visible feed cells with the seeds they show, by index path.
    var shownSeeds: [IndexPath: UInt64] {
        var out: [IndexPath: UInt64] = [:]
        for p in indexPathsForVisibleItems { out[p] = (cellForItem(at: p) as? FeedItemCell)?.post?.seed }
        return out
    }
}
