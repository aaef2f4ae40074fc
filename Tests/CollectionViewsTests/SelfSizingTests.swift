import CollectionLayout
@testable import CollectionViews
import LayoutEngine
import Testing

@Suite struct SelfSizingTests {
    /// Each shown cell's height is what its constraints give, computed by hand
    /// from its labels (`FeedItemCell.expectedHeight`), and items stack 1 apart.
    func checkVisibleCellsAreSized(_ cv: CollectionView, sourceLocation: SourceLocation = #_sourceLocation) {
        var previous: LayoutAttributes?
        for case let cell as FeedItemCell in cv.visibleCells {
            let a = cv.layoutAttributesForItem(at: cell.indexPath!)!
            let width = a.frame.width
            #expect(!a.sizeIsEstimated, sourceLocation: sourceLocation)
            #expect(abs(a.frame.height - cell.expectedHeight(width: width)) < 1e-6,
                    "\(a.indexPath): \(a.frame.height) vs \(cell.expectedHeight(width: width))", sourceLocation: sourceLocation)
            #expect(abs(cell.contentView.frame.height - a.frame.height) < 1e-6, sourceLocation: sourceLocation)
            #expect(cell.contentView.frame.width == width, sourceLocation: sourceLocation)
            #expect(cell.frame == a.frame, sourceLocation: sourceLocation)
            if let p = previous, p.indexPath.section == a.indexPath.section {
                #expect(abs(a.frame.minY - (p.frame.maxY + 1)) < 1e-6, sourceLocation: sourceLocation)
            }
            previous = a
        }
    }

    @Test(arguments: SelfSizingStrategy.allCases)
    func heightsConvergeToTheCellsConstraints(strategy: SelfSizingStrategy) {
        let (feed, tracker) = makeFeed(80, strategy: strategy)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        checkVisibleCellsAreSized(cv)
        var heights: [Double] = []
        repeat { checkVisibleCellsAreSized(cv) } while feed.scrollScreen()
        for i in 0..<80 { heights.append(cv.layoutAttributesForItem(at: IndexPath(0, i))!.frame.height) }
        // Every item was sized; the content is exactly the sized items and the spacing.
        #expect((0..<80).allSatisfy { !cv.layoutAttributesForItem(at: IndexPath(0, $0))!.sizeIsEstimated })
        #expect(abs(cv.contentSize.height - (heights.reduce(0, +) + 79)) < 1e-6)
        #expect(heights.contains { $0 > 300 } && heights.contains { $0 < 150 })   // content varies
        let c = cv.collectionCounters
        #expect(c.selfSizingPasses == 80)
        #expect(c.freshEnginesCreated == (strategy == .freshEngine ? 80 : 0))
        #expect(cv.engineCounters[.enginesCreated] == c.freshEnginesCreated)
        #expect(tracker.problems.isEmpty)
        #expect(feed.window.constraintMessages.isEmpty, "\(feed.window.constraintMessages.first ?? "")")
    }

    @Test func bothStrategiesGiveTheSameHeights() {
        let heights = SelfSizingStrategy.allCases.map { strategy -> [Double] in
            let (feed, _) = makeFeed(30, strategy: strategy)
            _ = feed.scrollThrough()
            return (0..<30).map { feed.collectionView.layoutAttributesForItem(at: IndexPath(0, $0))!.frame.height }
        }
        #expect(heights[0] == heights[1])
    }

    @Test func followingItemsMoveWhenACellIsSized() {
        let (feed, _) = makeFeed(50)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        let lastShown = cv.indexPathsForVisibleItems.last!
        // Items are sized in order while they are in the rect: none is sized only to be pushed out.
        let attributes = (0..<50).map { cv.layoutAttributesForItem(at: IndexPath(0, $0))! }
        let firstEstimated = attributes.firstIndex { $0.sizeIsEstimated }!
        #expect(firstEstimated == lastShown.item + 1)
        #expect(attributes[firstEstimated...].allSatisfy { $0.sizeIsEstimated && $0.frame.height == 200 })
        for i in 1..<50 { #expect(attributes[i].frame.minY == attributes[i - 1].frame.maxY + 1) }
        // The content is the sized items plus estimates for the rest.
        let sized = attributes[..<firstEstimated].map(\.frame.height).reduce(0, +)
        let expected = sized + Double(50 - firstEstimated) * 200 + 49
        #expect(abs(cv.contentSize.height - expected) < 1e-6)
        #expect(cv.collectionCounters.selfSizingPasses == Int64(firstEstimated))
    }

    @Test func rotationInvalidatesAndScrollingDoesNot() {
        let (feed, tracker) = makeFeed(40)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        let prepares = cv.collectionCounters.prepares
        for _ in 0..<4 { feed.scrollScreen() }
        #expect(cv.collectionCounters.boundsChecks == 4)
        #expect(cv.collectionCounters.boundsInvalidations == 0)
        #expect(cv.collectionCounters.prepares == prepares)
        let sized = cv.collectionCounters.selfSizingPasses
        feed.resize(to: Size(width: 812, height: 375))
        #expect(cv.collectionCounters.boundsInvalidations == 1)
        #expect(cv.collectionCounters.prepares == prepares + 1)
        // The layout starts again from the estimates: visible cells are sized again at the new width.
        #expect(cv.collectionCounters.selfSizingPasses > sized)
        let width = cv.visibleCells.first!.frame.width
        #expect(width > 700)
        checkVisibleCellsAreSized(cv)
        feed.scrollScreen()
        #expect(cv.collectionCounters.boundsInvalidations == 1)
        checkVisibleCellsAreSized(cv)
        #expect(tracker.problems.isEmpty && tracker.matches(cv))
    }
}
