import CollectionLayout
import CollectionTestSupport
@testable import CollectionViews
import LayoutEngine
import Testing
import Randomness

@Suite struct BatchUpdateTests {
    /// What a test can see of the collection view, to check that nothing changed.
    struct Snapshot: Equatable {
        var counts: [Int]?
        var shown: [IndexPath: UInt64]
        var cells: [IndexPath: ObjectIdentifier]
        var frames: [Rect]
        var contentSize: Size
        var pool: Int

        init(_ cv: CollectionView) {
            counts = cv.cachedItemCounts
            shown = cv.shownSeeds
            cells = Dictionary(uniqueKeysWithValues: cv.indexPathsForVisibleItems.map { ($0, ObjectIdentifier(cv.cellForItem(at: $0)!)) })
            frames = cv.indexPathsForVisibleItems.map { cv.layoutAttributesForItem(at: $0)!.frame }
            contentSize = cv.contentSize
            pool = cv.reusePoolCount
        }
    }

    /// Visible cells show what the model holds at their paths, at the layout's frames.
    func checkConsistent(_ feed: FeedScroller, sourceLocation: SourceLocation = #_sourceLocation) {
        let cv = feed.collectionView
        #expect(cv.cachedItemCounts == feed.dataSource.itemCounts, sourceLocation: sourceLocation)
        for p in cv.indexPathsForVisibleItems {
            let cell = cv.cellForItem(at: p) as! FeedItemCell
            #expect(cell.indexPath == p, sourceLocation: sourceLocation)
            #expect(cell.post?.seed == feed.dataSource.items[p.section][p.item], "\(p)", sourceLocation: sourceLocation)
            let a = cv.layoutAttributesForItem(at: p)!
            #expect(cell.frame == a.frame && !a.sizeIsEstimated, sourceLocation: sourceLocation)
            #expect(abs(a.frame.height - cell.expectedHeight(width: a.frame.width)) < 1e-6, sourceLocation: sourceLocation)
        }
        let wanted = cv.collectionViewLayout.layoutAttributesForElements(in: cv.preloadRect).map(\.indexPath)
        #expect(wanted == cv.indexPathsForVisibleItems, sourceLocation: sourceLocation)
    }

    @Test func randomValidBatchesKeepVisibleCellsConsistent() throws {
        var rng = SplitMix64(seed: 225)
        let (feed, tracker) = makeFeed(48, sectionSize: 6, nearMargin: 300)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        var kept = 0, replaced = 0
        for round in 0..<60 {
            // Somewhere in the content, so batches hit visible and off-screen items.
            let maxY = max(0, cv.contentSize.height - cv.frame.height)
            cv.contentOffset = Point(x: 0, y: Double.random(in: 0...maxY, using: &rng).rounded())
            feed.window.runFrame()
            let before = Snapshot(cv)
            let model = feed.dataSource.items
            let (ops, after) = randomValidBatch(on: model, &rng, sectionChanges: round % 3 == 0)
            let beforeCounters = cv.collectionCounters
            let run = try feed.performBatch(BatchUpdate(ops), itemCountsAfter: after)
            checkConsistent(feed)
            #expect(tracker.problems.isEmpty, "round \(round): \(tracker.problems.prefix(3))")
            #expect(tracker.matches(cv))
            // Survivors that stay visible keep their cell objects; reloaded items get new configured cells.
            let result = try BatchUpdate(ops).resolve(itemCountsBefore: model.map(\.count), itemCountsAfter: after)
            for (old, id) in before.cells {
                guard let new = result.newIndexPath(forOld: old), let cell = cv.cellForItem(at: new) else { continue }
                if case .reloaded = result.origin(ofNew: new) {
                    #expect((cell as! FeedItemCell).post?.seed != before.shown[old])
                    replaced += 1
                } else {
                    #expect(ObjectIdentifier(cell) == id, "round \(round): \(old) → \(new) lost its cell")
                    kept += 1
                }
            }
            // New cells came from the pool when it had any.
            let c = cv.collectionCounters - beforeCounters
            #expect(c.cellsConfigured == c.cellsCreated + c.cellsReused)
            #expect(run.collection.batchUpdates == 1)
        }
        #expect(kept > 100 && replaced > 3, "kept \(kept), replaced \(replaced)")
    }

    @Test func invalidBatchesAreRejectedAndNothingChanges() {
        let (feed, tracker) = makeFeed(30, sectionSize: 10, nearMargin: 200)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        let before = Snapshot(cv)
        let model = feed.dataSource.items
        let countersBefore = cv.collectionCounters
        let cases: [(BatchUpdate, [Int], BatchUpdateError)] = [
            (BatchUpdate([.deleteItems([IndexPath(0, 10)])]), [9, 10, 10],
             .indexPathOutOfRange(operation: .delete, indexPath: IndexPath(0, 10), state: .before, sectionCount: 3, itemCount: 10)),
            (BatchUpdate([.reloadItems([IndexPath(0, 1)]), .moveItem(from: IndexPath(0, 1), to: IndexPath(0, 3))]), [10, 10, 10],
             .conflictingItemOperations(indexPath: IndexPath(0, 1), state: .before, first: .move, second: .reload)),
            (BatchUpdate([.insertItems([IndexPath(1, 0)])]), [10, 10, 10],
             .itemCountMismatch(section: 1, sourceSection: 1, before: 10, leaving: 0, arriving: 1, after: 10)),
        ]
        for (update, after, expected) in cases {
            var called = false
            #expect(throws: CollectionViewError.invalidBatch(expected)) {
                try cv.performBatchUpdates(update, itemCountsAfter: after) { _ in called = true }
            }
            #expect(!called)
            feed.window.runFrame()
            #expect(Snapshot(cv) == before)
            #expect(feed.dataSource.items == model)
        }
        // A data source that does not follow the batch: rejected, the collection view keeps its state.
        #expect(throws: CollectionViewError.dataSourceCountsDisagree(expected: [9, 10, 10], reported: [10, 10, 10])) {
            try cv.performBatchUpdates(BatchUpdate([.deleteItems([IndexPath(0, 0)])]), itemCountsAfter: [9, 10, 10]) { _ in }
        }
        feed.window.runFrame()
        #expect(Snapshot(cv) == before)
        #expect(cv.collectionCounters.batchUpdates == countersBefore.batchUpdates)
        #expect(tracker.problems.isEmpty)
        let message = CollectionViewError.invalidBatch(cases[0].2).description
        #expect(message.hasPrefix("The batch update was rejected and nothing changed: Cannot delete item [0, 10]"))
    }

    @Test func aBatchReLaysOutOnlyWhatItTouched() throws {
        let (feed, _) = makeFeed(2_000, sectionSize: 20)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        let placed = (cv.collectionViewLayout as! FlowLayout).counters.itemsPlaced
        let counts = feed.dataSource.itemCounts
        var after = counts
        after[90] -= 1
        // Off screen: no cell is configured or sized; the layout re-places part of one section.
        let run = try feed.performBatch(BatchUpdate([.deleteItems([IndexPath(90, 5)])]), itemCountsAfter: after)
        #expect(run.collection.cellsConfigured == 0 && run.collection.selfSizingPasses == 0)
        #expect(run.collection.prepares == 0)
        let layout = cv.collectionViewLayout as! FlowLayout
        #expect(layout.counters.itemsPlaced - placed <= 20)
        #expect(feed.dataSource.items[90].count == 19)
        // On screen: one deleted cell ends display; one new item comes in and is sized.
        var after2 = after
        after2[0] -= 1
        let run2 = try feed.performBatch(BatchUpdate([.deleteItems([IndexPath(0, 0)])]), itemCountsAfter: after2)
        #expect(run2.collection.endDisplayCallbacks == 1)
        #expect(run2.collection.displayCallbacks == 1 && run2.collection.cellsReused == 1)
        #expect(run2.collection.selfSizingPasses == 1 && run2.collection.cellsCreated == 0)
        checkConsistent(feed)
    }

    @Test func reloadDataReconfiguresEverythingVisible() {
        let (feed, tracker) = makeFeed(40, nearMargin: 100)
        let cv = feed.collectionView
        feed.layOutFirstScreen()
        feed.scrollScreen()
        let shown = cv.indexPathsForVisibleItems
        let before = cv.collectionCounters
        feed.dataSource.items[0][shown[1].item] = 999_999      // a change reloadData must pick up
        cv.reloadData()
        feed.window.runFrame()
        let c = cv.collectionCounters - before
        #expect(c.reloads == 1 && c.prepares == 1)
        #expect(c.endDisplayCallbacks == Int64(shown.count))
        #expect(c.cellsConfigured == Int64(cv.visibleCells.count) && c.cellsCreated == 0)
        #expect(c.selfSizingPasses == Int64(cv.visibleCells.count))   // estimates again, as a full prepare does
        checkConsistent(feed)
        #expect(tracker.problems.isEmpty && tracker.matches(cv))
    }

    @Test func unregisteredIdentifiersAreReportedWithWhatToDo() {
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: FlowLayout())
        #expect(throws: CollectionViewError.unregisteredReuseIdentifier("Missing", registered: [])) {
            try cv.dequeueReusableCell(withReuseIdentifier: "Missing", for: IndexPath(0, 0))
        }
        cv.register(reuseIdentifier: "Plain") { CollectionViewCell() }
        #expect(throws: CollectionViewError.wrongCellType(reuseIdentifier: "Plain", expected: "FeedItemCell", got: "CollectionViewCell")) {
            try cv.dequeueReusableCell(FeedItemCell.self, withReuseIdentifier: "Plain", for: IndexPath(0, 0))
        }
        #expect(cv.reusePoolCount == 1)
        let message = CollectionViewError.unregisteredReuseIdentifier("Missing", registered: ["Plain"]).description
        #expect(message.contains("registered: Plain") && message.contains("register(reuseIdentifier: \"Missing\")"))
    }
}
