import CollectionLayout
import CollectionTestSupport
import Testing
import Randomness

/// The library's view of the after-state, in the reference's terms.
func libraryAfterState(_ result: BatchUpdateResult) -> [[ReferenceOrigin]] {
    result.itemCountsAfter.enumerated().map { n, count in
        (0..<count).map { i in
            switch result.origin(ofNew: IndexPath(n, i)) {
            case .unchanged(let p): .old(p)
            case .moved(let p): .moved(p)
            case .reloaded(let p): .reloaded(p)
            case .inserted: .inserted
            }
        }
    }
}

/// Splits every multi-path operation into single ones and shuffles them.
func shuffledSingles(_ ops: [BatchUpdate.Operation], _ rng: inout SplitMix64) -> [BatchUpdate.Operation] {
    ops.flatMap { op -> [BatchUpdate.Operation] in
        switch op {
        case .insertItems(let p): p.map { .insertItems([$0]) }
        case .deleteItems(let p): p.map { .deleteItems([$0]) }
        case .reloadItems(let p): p.map { .reloadItems([$0]) }
        case .insertSections(let s): s.map { .insertSections([$0]) }
        case .deleteSections(let s): s.map { .deleteSections([$0]) }
        case .reloadSections(let s): s.map { .reloadSections([$0]) }
        case .moveItem, .moveSection: [op]
        }
    }.shuffled(using: &rng)
}

func newID(_ p: IndexPath) -> Int { -(p.section * 1000 + p.item + 1) }

@Suite struct BatchUpdateTests {
    @Test func talkExampleDeleteThenInsertEqualsInsertThenDelete() throws {
        // 33:12: the same two updates listed in either order give one result.
        let before = [["A", "B", "C"]]
        let a = try BatchUpdate([.deleteItems([IndexPath(0, 0)]), .insertItems([IndexPath(0, 1)])])
            .apply(to: before, itemCountsAfter: [3]) { _ in "D" }
        let b = try BatchUpdate([.insertItems([IndexPath(0, 1)]), .deleteItems([IndexPath(0, 0)])])
            .apply(to: before, itemCountsAfter: [3]) { _ in "D" }
        #expect(a.after == [["B", "D", "C"]])
        #expect(b.after == a.after)
    }

    @Test func talkFixMoveAndReloadInSeparateBatches() throws {
        // The talk's fixed update: delete the second to last, move the last to the top.
        let before = [["P0", "P1", "P2", "P3"]]
        let (after, result) = try BatchUpdate([
            .deleteItems([IndexPath(0, 2)]),
            .moveItem(from: IndexPath(0, 3), to: IndexPath(0, 0)),
        ]).apply(to: before, itemCountsAfter: [3]) { _ in "new" }
        #expect(after == [["P3", "P0", "P1"]])
        #expect(result.newIndexPath(forOld: IndexPath(0, 3)) == IndexPath(0, 0))
        #expect(result.newIndexPath(forOld: IndexPath(0, 2)) == nil)
        #expect(result.newIndexPath(forOld: IndexPath(0, 1)) == IndexPath(0, 2))
        #expect(result.deletedIndexPaths == [IndexPath(0, 3), IndexPath(0, 2)])
        #expect(result.insertedIndexPaths == [IndexPath(0, 0)])
        // Then the reload, at the moved item's new path, in its own batch.
        let (reloaded, _) = try BatchUpdate([.reloadItems([IndexPath(0, 0)])])
            .apply(to: after, itemCountsAfter: [3]) { _ in "P3'" }
        #expect(reloaded == [["P3'", "P0", "P1"]])
    }

    @Test func randomValidBatchesMatchTheReferenceInAnyOrder() throws {
        var rng = SplitMix64(seed: 225)
        for _ in 0..<1500 {
            let batch = randomValidBatch(&rng)
            let counts = batch.before.map(\.count)
            let expected = referenceAfterState(before: counts, operations: batch.operations, after: batch.after)
            for _ in 0..<3 {
                let ops = shuffledSingles(batch.operations, &rng)
                let (after, result) = try BatchUpdate(ops).apply(to: batch.before, itemCountsAfter: batch.after, newItem: newID)
                #expect(libraryAfterState(result) == expected, "batch \(ops) on \(counts)")
                // The rule-based application agrees with the slot-filling reference.
                let expectedIDs = expected.enumerated().map { n, row in
                    row.enumerated().map { i, origin -> Int in
                        switch origin {
                        case .old(let p), .moved(let p): batch.before[p.section][p.item]
                        case .reloaded, .inserted: newID(IndexPath(n, i))
                        }
                    }
                }
                #expect(after == expectedIDs)
                // The forward mapping is the inverse of the origins.
                for (s, row) in batch.before.enumerated() {
                    for i in row.indices {
                        let old = IndexPath(s, i)
                        let new = result.newIndexPath(forOld: old)
                        let found = expected.enumerated().lazy.compactMap { n, row in
                            row.firstIndex { $0 == .old(old) || $0 == .moved(old) || $0 == .reloaded(old) }
                                .map { IndexPath(n, $0) }
                        }.first
                        #expect(new == found, "old \(old) in \(ops)")
                    }
                }
            }
        }
    }

    @Test func errorsDoNotDependOnListingOrder() {
        let ops: [BatchUpdate.Operation] = [
            .deleteItems([IndexPath(0, 1), IndexPath(0, 5)]), .moveItem(from: IndexPath(0, 1), to: IndexPath(0, 0)),
            .reloadItems([IndexPath(0, 2)]), .moveItem(from: IndexPath(0, 2), to: IndexPath(0, 3)),
        ]
        var rng = SplitMix64(seed: 7)
        let first = #expect(throws: BatchUpdateError.self) {
            try BatchUpdate(ops).resolve(itemCountsBefore: [4], itemCountsAfter: [3])
        }
        for _ in 0..<20 {
            let again = #expect(throws: BatchUpdateError.self) {
                try BatchUpdate(shuffledSingles(ops, &rng)).resolve(itemCountsBefore: [4], itemCountsAfter: [3])
            }
            #expect(again == first)
        }
    }

    @Test func reloadDataInvalidatesEverything() {
        let result = BatchUpdateResult.reloadData(itemCountsBefore: [3, 2], itemCountsAfter: [4])
        #expect(result.invalidatesEverything)
        #expect(result.newIndexPath(forOld: IndexPath(0, 0)) == nil)
        #expect(result.origin(ofNew: IndexPath(0, 0)) == .inserted)
        #expect(result.apply(to: [[1, 2, 3], [4, 5]], newItem: newID) == [[-1, -2, -3, -4]])
    }
}
