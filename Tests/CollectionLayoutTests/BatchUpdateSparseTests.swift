import CollectionLayout
import Testing

/// A batch resolves with records for its touched sections only, and still
/// checks every section's count.
@Suite struct BatchUpdateSparseTests {
    func resolve(_ ops: [BatchUpdate.Operation], sections: Int, change: [Int: Int] = [:]) throws -> BatchUpdateResult {
        let before = Array(repeating: 100, count: sections)
        var after = before
        for (s, delta) in change { after[s] += delta }
        return try BatchUpdate(ops).resolve(itemCountsBefore: before, itemCountsAfter: after)
    }

    @Test func onlyTouchedSectionsGetRecords() throws {
        let ops: [BatchUpdate.Operation] = [.insertItems([IndexPath(3, 7)]), .deleteItems([IndexPath(8, 0)]),
                                            .moveItem(from: IndexPath(5, 1), to: IndexPath(3, 0))]
        for sections in [10, 10_000] {
            let result = try resolve(ops, sections: sections, change: [3: 2, 8: -1, 5: -1])
            #expect(result.sectionsVisited == 3)
            #expect(result.touchedSections == [3, 5, 8])
            #expect(result.sections.count == sections)
            #expect(result.sections[9].source == .old(9) && result.sections[9].firstChangedItem == nil)
            #expect(result.sections[3].arriving == [0, 7])
            #expect(result.newIndexPath(forOld: IndexPath(9, 4)) == IndexPath(9, 4))
            #expect(result.newIndexPath(forOld: IndexPath(5, 1)) == IndexPath(3, 0))
            #expect(result.newIndexPath(forOld: IndexPath(5, 2)) == IndexPath(5, 1))
        }
    }

    @Test func anUntouchedSectionWhoseCountChangedIsStillRejected() {
        // The same error, section and message as the general path gives.
        let e = #expect(throws: BatchUpdateError.self) {
            try resolve([.insertItems([IndexPath(3, 7)])], sections: 1_000, change: [3: 1, 700: 1])
        }
        #expect(e == .itemCountMismatch(section: 700, sourceSection: 700, before: 100, leaving: 0, arriving: 0, after: 101))
        let first = #expect(throws: BatchUpdateError.self) {
            try resolve([.insertItems([IndexPath(3, 7)])], sections: 1_000, change: [1: -1, 3: 1])
        }
        #expect(first == .itemCountMismatch(section: 1, sourceSection: 1, before: 100, leaving: 0, arriving: 0, after: 99))
        let touched = #expect(throws: BatchUpdateError.self) {
            try resolve([.insertItems([IndexPath(3, 7)])], sections: 1_000, change: [3: 2])
        }
        #expect(touched == .itemCountMismatch(section: 3, sourceSection: 3, before: 100, leaving: 0, arriving: 1, after: 102))
    }

    @Test func sectionOperationsGetRecordsForWhatTheyTouchOnly() throws {
        for sections in [10, 10_000] {
            let before = Array(repeating: 100, count: sections)
            var after = Array(repeating: 100, count: sections)
            after[0] = 101
            let result = try BatchUpdate([.deleteSections([2]), .insertSections([5]), .insertItems([IndexPath(0, 3)])])
                .resolve(itemCountsBefore: before, itemCountsAfter: after)
            // Two section map entries, and records for sections 0 and 5.
            #expect(result.sectionsVisited == 4)
            #expect(result.sections[2].source == .old(3) && result.sections[5].source == .inserted)
            #expect(result.sections[6].source == .old(6) && result.sections[sections - 1].source == .old(sections - 1))
            #expect(result.newSection(forOld: 2) == nil && result.newSection(forOld: 3) == 2)
            #expect(result.newSection(forOld: 5) == 4 && result.newSection(forOld: 6) == 6)
            #expect(result.newSection(forOld: sections - 1) == sections - 1 && result.newSection(forOld: sections) == nil)
            #expect(result.touchedSections == [0])
        }
    }
}
