import CollectionViews      // alone: it re-exports CollectionLayout and LayoutEngine
import Testing

/// The benchmark claims, checked on deterministic counters (the timings
/// live in the benchmark driver; these hold on every machine).
@Suite struct FeedScrollerTests {
    @Test func theReadmeExampleRuns() throws {
        let feed = FeedScroller(itemCount: 10_000, strategy: .ownEngine, measurer: ApproximateTextMeasurer())
        feed.layOutFirstScreen()
        let run = feed.scrollThrough(maxScreens: 3)
        #expect(run.cellsBroughtOnScreen > 3 && run.collection.cellsCreated > 0 && run.engine.solverWork > 0)
        let shown = feed.collectionView.visibleCells.count
        try feed.performBatch(BatchUpdate([.deleteItems([IndexPath(0, 3)])]), itemCountsAfter: [9_999])
        #expect(feed.dataSource.itemCounts == [9_999] && feed.collectionView.visibleCells.count >= shown - 1)
    }

    @Test func scrollingThroughShowsEveryItemOnceWithAScreenOfCells() {
        let (feed, tracker) = makeFeed(120)
        let run = feed.scrollThrough()
        #expect(run.cellsBroughtOnScreen == 120)
        #expect(run.collection.selfSizingPasses == 120)
        #expect(run.collection.cellsCreated <= 6, "\(run.collection)")
        #expect(run.frames > 30)
        // One collection-view pass per frame: setting contentSize does not cause a second.
        #expect(run.collection.layoutPasses == Int64(run.frames))
        // A frame with nothing changed costs no pass at all.
        feed.window.runFrame()
        #expect(feed.collectionView.collectionCounters.layoutPasses == Int64(run.frames))
        #expect(!feed.scrollScreen())                          // at the end
        #expect(feed.collectionView.indexPathsForVisibleItems.last == IndexPath(0, 119))
        #expect(tracker.problems.isEmpty)
    }

    @Test func workPerCellIsFlatInN() {
        // The same 40 screens from the top of a 100-, 1,000- and 10,000-item
        // feed: the same cells, the same solver and text work.
        let runs = [100, 1_000, 10_000].map { n -> FeedScroller.Run in
            let (feed, _) = makeFeed(n)
            feed.layOutFirstScreen()
            return feed.scrollThrough(maxScreens: 25)
        }
        let perCell = runs.map { Double($0.engine.solverWork) / Double($0.cellsBroughtOnScreen) }
        #expect(runs.allSatisfy { $0.cellsBroughtOnScreen == runs[0].cellsBroughtOnScreen })
        #expect(perCell[1] == perCell[2], "\(perCell)")
        #expect(runs[1].engine[.textMeasurements] == runs[2].engine[.textMeasurements])
        #expect(runs[1].collection.cellsCreated == runs[2].collection.cellsCreated)
    }

    @Test func ownEngineSizingDoesAThirdOfTheSolverWorkOrLess() {
        let runs = SelfSizingStrategy.allCases.map { strategy -> FeedScroller.Run in
            let (feed, _) = makeFeed(60, strategy: strategy)
            return feed.scrollThrough()
        }
        let own = runs[0].engine.solverWork, fresh = runs[1].engine.solverWork
        #expect(runs[1].collection.freshEnginesCreated == 60)
        #expect(fresh >= 3 * own, "own \(own), fresh \(fresh)")
        // Text is measured about as often either way (a fresh engine's wrapping
        // pass asks once more for a new cell): the difference is the engines.
        let own0 = Double(runs[0].engine[.textMeasurements]), fresh0 = Double(runs[1].engine[.textMeasurements])
        #expect(abs(fresh0 - own0) <= 0.05 * own0, "\(own0) vs \(fresh0)")
    }

    @Test func aBatchOfKItemsPlacesWorkInProportionToK() throws {
        // Sections of 50: the layout re-places about k × 50 items whatever N is.
        var placed: [Int: [Int]] = [:]
        for n in [1_000, 10_000] {
            let (feed, _) = makeFeed(n, sectionSize: 50)
            feed.layOutFirstScreen()
            for k in [1, 8] {
                let counts = feed.dataSource.itemCounts
                var after = counts
                let sections = (0..<k).map { 2 + $0 * (counts.count - 3) / max(1, k - 1) }
                for s in sections { after[s] -= 1 }
                let before = (feed.collectionView.collectionViewLayout as! FlowLayout).counters.itemsPlaced
                try feed.performBatch(BatchUpdate([.deleteItems(sections.map { IndexPath($0, 10) })]), itemCountsAfter: after)
                placed[n, default: []].append((feed.collectionView.collectionViewLayout as! FlowLayout).counters.itemsPlaced - before)
            }
        }
        #expect(placed[1_000] == placed[10_000], "\(placed)")
        // Section 2 lost an item in the first batch, so it re-places one fewer.
        #expect(abs(placed[1_000]![1] - 8 * placed[1_000]![0]) <= 8, "\(placed)")
    }
}
