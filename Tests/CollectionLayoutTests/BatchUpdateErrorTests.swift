import CollectionLayout
import Testing

/// Every kind of invalid batch, with its typed error and its exact message.
@Suite struct BatchUpdateErrorTests {
    func error(_ ops: [BatchUpdate.Operation], before: [Int], after: [Int]) -> BatchUpdateError? {
        do {
            _ = try BatchUpdate(ops).resolve(itemCountsBefore: before, itemCountsAfter: after)
            return nil
        } catch {
            return error
        }
    }

    @Test func reloadAndMoveOfTheSameItemIsTheTalksCrash() {
        // 31:10: item 0-3 reloaded and moved to the top, 0-2 deleted.
        let e = error([.reloadItems([IndexPath(0, 3)]), .deleteItems([IndexPath(0, 2)]),
                       .moveItem(from: IndexPath(0, 3), to: IndexPath(0, 0))], before: [4], after: [3])
        #expect(e == .conflictingItemOperations(indexPath: IndexPath(0, 3), state: .before, first: .move, second: .reload))
        #expect(e?.description ==
            "Item [0, 3] is both reloaded and moved. A reload is a delete plus an insert at the same before-update index path, which conflicts with the move's delete of [0, 3]. Reload the item at its new index path in a separate performBatchUpdates after the move (or update the moved cell directly).")
    }

    @Test func deleteAndMoveOfTheSameItem() {
        let e = error([.deleteItems([IndexPath(0, 3)]), .moveItem(from: IndexPath(0, 3), to: IndexPath(0, 0))],
                      before: [4], after: [4])
        #expect(e?.description ==
            "Item [0, 3] (before the update) is both deleted and moved in one batch. An index path takes one operation per batch: drop one of them.")
    }

    @Test func insertAndMoveToTheSamePath() {
        let e = error([.insertItems([IndexPath(0, 1)]), .moveItem(from: IndexPath(0, 3), to: IndexPath(0, 1))],
                      before: [4], after: [5])
        #expect(e?.description ==
            "Item [0, 1] (after the update) is both inserted and moved in one batch. An index path takes one operation per batch: drop one of them.")
    }

    @Test func duplicatePaths() {
        #expect(error([.deleteItems([IndexPath(0, 1), IndexPath(0, 1)])], before: [4], after: [3])?.description ==
            "Item [0, 1] is listed twice to delete. List each index path once per batch.")
        #expect(error([.insertSections([0, 0])], before: [4], after: [1, 1, 4])?.description ==
            "Section 0 is listed twice to insert. List each section once per batch.")
    }

    @Test func countsThatDoNotAddUp() {
        #expect(error([.insertItems([IndexPath(0, 1)])], before: [4], after: [4])?.description ==
            "The data source has 4 items in section 0 after the update, but 4 before − 0 deleted or moved out + 1 inserted or moved in = 5. Update the data source inside the batch, or list the missing item inserts or deletes.")
        // A move across sections leaves one and fills the other.
        #expect(error([.moveItem(from: IndexPath(0, 0), to: IndexPath(1, 0))], before: [4, 2], after: [4, 2])?.description ==
            "The data source has 4 items in section 0 after the update, but 4 before − 1 deleted or moved out + 0 inserted or moved in = 3. Update the data source inside the batch, or list the missing item inserts or deletes.")
        #expect(error([.insertSections([0])], before: [4, 2], after: [4, 2])?.description ==
            "The data source has 2 sections after the update, but 2 before − 0 deleted + 1 inserted = 3. Update the data source inside the batch, or list the missing section inserts or deletes.")
    }

    @Test func outOfRangePaths() {
        #expect(error([.insertItems([IndexPath(0, 4)])], before: [4], after: [4])?.description ==
            "Cannot insert item [0, 4]: section 0 has only 4 items after the update (insert paths are after-update paths). Use an item index below 4.")
        #expect(error([.deleteItems([IndexPath(0, 4)])], before: [4], after: [3])?.description ==
            "Cannot delete item [0, 4]: section 0 has only 4 items before the update (delete paths are before-update paths). Use an item index below 4.")
        #expect(error([.deleteItems([IndexPath(2, 0)])], before: [4], after: [3])?.description ==
            "Cannot delete item [2, 0]: there is only 1 section before the update (delete paths are before-update paths). Use a section index below 1.")
        #expect(error([.deleteSections([2])], before: [4, 2], after: [4])?.description ==
            "Cannot delete section 2: there are only 2 sections before the update (deleted sections are before-update indexes). Use a section index below 2, or update the data source first.")
    }

    @Test func sectionConflicts() {
        #expect(error([.deleteSections([1]), .moveSection(from: 1, to: 0)], before: [4, 2], after: [4])?.description ==
            "Section 1 (before the update) is both deleted and moved in one batch. A section takes one operation per batch: drop one, or move the other into a separate performBatchUpdates.")
        #expect(error([.deleteSections([1]), .deleteItems([IndexPath(1, 0)])], before: [4, 2], after: [4])?.description ==
            "Cannot delete item [1, 0]: section 1 (before the update) is deleted in the same batch, which already accounts for all its items. Drop the item operation, or leave the section alone and list its item changes.")
    }

    @Test func aValidBatchNextToTheInvalidOnes() {
        #expect(error([.moveItem(from: IndexPath(0, 0), to: IndexPath(1, 0))], before: [4, 2], after: [3, 3]) == nil)
    }
}
