/// Why a batch update was rejected. Nothing changes when one is thrown: the
/// before-state and the layout are as they were. Each message names the index
/// paths involved and says what to change.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which side of the update an index path refers to: deletes, reloads and
    /// move sources use before-update paths; inserts and move destinations use
    /// after-update paths.
    public enum State: String, Sendable {
        case before = "before"
        case after = "after"
    }

    /// A section index outside the section count of `state`.
    case sectionOutOfRange(operation: BatchUpdate.Kind, section: Int, state: State, sectionCount: Int)
    /// An index path outside `state`: its section does not exist (`itemCount` nil)
    /// or its item index is past the section's `itemCount`.
    case indexPathOutOfRange(operation: BatchUpdate.Kind, indexPath: IndexPath, state: State,
                             sectionCount: Int, itemCount: Int?)
    /// The same section listed twice by the same kind of operation.
    case duplicateSection(operation: BatchUpdate.Kind, section: Int, state: State)
    /// Two operations claim the same section (a delete and a move of section 2).
    case conflictingSectionOperations(section: Int, state: State, first: BatchUpdate.Kind, second: BatchUpdate.Kind)
    /// The same index path listed twice by the same kind of operation.
    case duplicateIndexPath(operation: BatchUpdate.Kind, indexPath: IndexPath, state: State)
    /// Two operations claim the same index path: a delete and a move, or a
    /// reload and a move (the talk's crash), or an insert and a move destination.
    case conflictingItemOperations(indexPath: IndexPath, state: State, first: BatchUpdate.Kind, second: BatchUpdate.Kind)
    /// An item operation inside a section that is itself deleted, inserted or reloaded.
    case itemInChangedSection(operation: BatchUpdate.Kind, indexPath: IndexPath, state: State,
                              sectionOperation: BatchUpdate.Kind)
    /// The data source's section count after the update is not before − deletes + inserts.
    case sectionCountMismatch(before: Int, deleted: Int, inserted: Int, after: Int)
    /// The data source's item count in `section` (after) is not the count of
    /// `sourceSection` before − items leaving + items arriving.
    case itemCountMismatch(section: Int, sourceSection: Int, before: Int, leaving: Int, arriving: Int, after: Int)

    public var description: String {
        switch self {
        case let .sectionOutOfRange(op, section, state, count):
            return "Cannot \(op) section \(section): there \(count.sections) \(state) the update "
                + "(\(op.sectionPathRule)). Use a section index below \(count), or update the data source first."
        case let .indexPathOutOfRange(op, path, state, _, itemCount?):
            return "Cannot \(op) item \(path): section \(path.section) has \(itemCount.items) \(state) the update "
                + "(\(op.itemPathRule)). "
                + (itemCount == 0 ? "Drop this operation or fix its section." : "Use an item index below \(itemCount).")
        case let .indexPathOutOfRange(op, path, state, sectionCount, nil):
            return "Cannot \(op) item \(path): there \(sectionCount.sections) \(state) the update "
                + "(\(op.itemPathRule)). Use a section index below \(sectionCount)."
        case let .duplicateSection(op, section, _):
            return "Section \(section) is listed twice to \(op). List each section once per batch."
        case let .conflictingSectionOperations(section, state, first, second):
            return "Section \(section) (\(state) the update) is both \(first.pastTense) and \(second.pastTense) "
                + "in one batch. A section takes one operation per batch: drop one, or move the other "
                + "into a separate performBatchUpdates."
        case let .duplicateIndexPath(op, path, _):
            return "Item \(path) is listed twice to \(op). List each index path once per batch."
        case let .conflictingItemOperations(path, state, first, second):
            if Set([first, second]) == [.reload, .move] {
                return "Item \(path) is both reloaded and moved. A reload is a delete plus an insert at the "
                    + "same before-update index path, which conflicts with the move's delete of \(path). "
                    + "Reload the item at its new index path in a separate performBatchUpdates after the move "
                    + "(or update the moved cell directly)."
            }
            return "Item \(path) (\(state) the update) is both \(first.pastTense) and \(second.pastTense) "
                + "in one batch. An index path takes one operation per batch: drop one of them."
        case let .itemInChangedSection(op, path, state, sectionOp):
            return "Cannot \(op) item \(path): section \(path.section) (\(state) the update) is \(sectionOp.pastTense) "
                + "in the same batch, which already accounts for all its items. Drop the item operation, "
                + "or leave the section alone and list its item changes."
        case let .sectionCountMismatch(before, deleted, inserted, after):
            return "The data source has \(after) sections after the update, but \(before) before − \(deleted) "
                + "deleted + \(inserted) inserted = \(before - deleted + inserted). Update the data source "
                + "inside the batch, or list the missing section inserts or deletes."
        case let .itemCountMismatch(section, source, before, leaving, arriving, after):
            let from = source == section ? "" : " (section \(source) before the update)"
            return "The data source has \(after) items in section \(section) after the update, but \(before) "
                + "before\(from) − \(leaving) deleted or moved out + \(arriving) inserted or moved in = "
                + "\(before - leaving + arriving). Update the data source inside the batch, or list the "
                + "missing item inserts or deletes."
        }
    }
}

fileprivate extension Int {
    /// "is only 1 section" / "are only 3 sections" / "are no sections".
    var sections: String {
        self == 0 ? "are no sections" : self == 1 ? "is only 1 section" : "are only \(self) sections"
    }
    /// "only 1 item" / "only 4 items" / "no items".
    var items: String { self == 0 ? "no items" : self == 1 ? "only 1 item" : "only \(self) items" }
}

extension BatchUpdate.Kind {
    var pastTense: String {
        switch self {
        case .insert: "inserted"
        case .delete: "deleted"
        case .reload: "reloaded"
        case .move: "moved"
        }
    }
    /// Which state this kind's index paths refer to, for messages about index paths.
    var itemPathRule: String {
        switch self {
        case .insert: "insert paths are after-update paths"
        case .delete: "delete paths are before-update paths"
        case .reload: "reload paths are before-update paths"
        case .move: "a move goes from a before-update path to an after-update path"
        }
    }
    var sectionPathRule: String {
        switch self {
        case .insert: "inserted sections are after-update indexes"
        case .delete: "deleted sections are before-update indexes"
        case .reload: "reloaded sections are before-update indexes"
        case .move: "a section move goes from a before-update index to an after-update index"
        }
    }
}
