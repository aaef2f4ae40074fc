/// A `performBatchUpdates` as a value: item and section inserts, deletes,
/// reloads and moves, listed in any order.
///
/// ``resolve(itemCountsBefore:itemCountsAfter:)`` validates the list against the
/// data source's counts before and after, and returns a ``BatchUpdateResult``:
/// the mapping from before-update to after-update index paths and what was
/// touched. The talk's rules (WWDC 2018 session 225, 33:45–35:55) define the
/// result, so the order of the list never matters:
///
/// - deletes run in descending order of before-update index paths;
/// - inserts run in ascending order of after-update index paths;
/// - a move is a delete at its before-update path plus an insert at its after-update path;
/// - a reload is a delete plus an insert of the same slot: the item keeps its
///   place among the survivors but gets a new cell. Its path is a before-update
///   path, so a reload and a move (or delete) of the same item conflict.
///
/// Everything is checked before anything is computed; an invalid batch throws
/// and changes nothing.
public struct BatchUpdate: Hashable, Sendable {
    /// One call inside the batch.
    public enum Operation: Hashable, Sendable {
        case insertItems([IndexPath])
        case deleteItems([IndexPath])
        case reloadItems([IndexPath])
        case moveItem(from: IndexPath, to: IndexPath)
        case insertSections([Int])
        case deleteSections([Int])
        case reloadSections([Int])
        case moveSection(from: Int, to: Int)
    }

    /// The kind of an operation, for messages and claims.
    public enum Kind: String, Hashable, Sendable, CustomStringConvertible {
        case insert, delete, reload, move
        public var description: String { rawValue }
    }

    /// Validates the batch against `before` and applies it by the rules: the
    /// after-update items and the mapping. Inserted and reloaded items get
    /// `newItem(afterPath)`.
    /// - Throws: ``BatchUpdateError`` as ``resolve(itemCountsBefore:itemCountsAfter:)``; nothing is applied then.
    public func apply<ID>(to before: [[ID]], itemCountsAfter: [Int],
                          newItem: (IndexPath) -> ID) throws(BatchUpdateError) -> (after: [[ID]], result: BatchUpdateResult) {
        let result = try resolve(itemCountsBefore: before.map(\.count), itemCountsAfter: itemCountsAfter)
        return (result.apply(to: before, newItem: newItem), result)
    }

    /// The operations in the order the caller listed them (which does not matter).
    public var operations: [Operation]

    public init(_ operations: [Operation] = []) {
        self.operations = operations
    }

    /// Validates the batch and computes the mapping.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: items per section before the update (what the
    ///     collection view last saw).
    ///   - itemCountsAfter: items per section the data source reports after the
    ///     update (it must have been updated inside the batch).
    /// - Throws: ``BatchUpdateError`` for out-of-range paths, duplicates,
    ///   conflicting operations and counts that do not add up. The first error
    ///   in a fixed order is thrown (sections before items, lowest index first),
    ///   so the same batch listed in another order throws the same error.
    /// - Complexity: O((k + s) log(k + s)) for k index paths and s section
    ///   operations, plus a comparison of the untouched sections' counts
    ///   before and after (a memory compare of runs of kept sections; nothing
    ///   when both arrays share storage). Nothing is built per untouched
    ///   section: the old→new section map is the sorted lists of sections
    ///   that leave and arrive (``SectionMapping``, O(log s) per lookup), and
    ///   only touched sections get a ``SectionChange`` (counted in
    ///   ``BatchUpdateResult/sectionsVisited``). The section operations are
    ///   also kept apart (``SectionEdits``), so a layout applies them without
    ///   visiting the kept sections.
    public func resolve(itemCountsBefore before: [Int], itemCountsAfter after: [Int]) throws(BatchUpdateError) -> BatchUpdateResult {
        var sectionClaims = Claims<Int>()
        var itemClaims = Claims<IndexPath>()
        for operation in operations {
            switch operation {
            case .insertItems(let paths): for p in paths { itemClaims.after.append((p, .insert)) }
            case .deleteItems(let paths): for p in paths { itemClaims.before.append((p, .delete)) }
            case .reloadItems(let paths): for p in paths { itemClaims.before.append((p, .reload)) }
            case let .moveItem(from, to):
                itemClaims.before.append((from, .move))
                itemClaims.after.append((to, .move))
            case .insertSections(let s): for i in s { sectionClaims.after.append((i, .insert)) }
            case .deleteSections(let s): for i in s { sectionClaims.before.append((i, .delete)) }
            case .reloadSections(let s): for i in s { sectionClaims.before.append((i, .reload)) }
            case let .moveSection(from, to):
                sectionClaims.before.append((from, .move))
                sectionClaims.after.append((to, .move))
            }
        }
        sectionClaims.sort()
        itemClaims.sort()

        // 1. Sections: range, duplicates and conflicts, count.
        for (s, kind) in sectionClaims.before where !before.indices.contains(s) {
            throw .sectionOutOfRange(operation: kind, section: s, state: .before, sectionCount: before.count)
        }
        for (s, kind) in sectionClaims.after where !after.indices.contains(s) {
            throw .sectionOutOfRange(operation: kind, section: s, state: .after, sectionCount: after.count)
        }
        if let (s, a, b, state) = sectionClaims.firstClash() {
            throw a == b ? .duplicateSection(operation: a, section: s, state: state)
                : .conflictingSectionOperations(section: s, state: state, first: a, second: b)
        }
        let deletedSections = sectionClaims.before.filter { $0.1 == .delete }.count
        let insertedSections = sectionClaims.after.filter { $0.1 == .insert }.count
        guard after.count == before.count - deletedSections + insertedSections else {
            throw .sectionCountMismatch(before: before.count, deleted: deletedSections,
                                        inserted: insertedSections, after: after.count)
        }
        if sectionClaims.before.isEmpty, sectionClaims.after.isEmpty {
            return try resolveItems(itemClaims, before: before, after: after)
        }
        return try resolveSections(sectionClaims, itemClaims, before: before, after: after)
    }
}

/// Before-state and after-state claims on sections or index paths, sorted so
/// errors come out in a fixed order whatever order the caller listed them in.
struct Claims<Key: Comparable> {
    var before: [(Key, BatchUpdate.Kind)] = []
    var after: [(Key, BatchUpdate.Kind)] = []

    mutating func sort() {
        let order: (Key, BatchUpdate.Kind, Key, BatchUpdate.Kind) -> Bool = { a, ka, b, kb in
            a != b ? a < b : ka.rawValue < kb.rawValue
        }
        before.sort { order($0.0, $0.1, $1.0, $1.1) }
        after.sort { order($0.0, $0.1, $1.0, $1.1) }
    }

    /// The first key claimed twice: before-state keys first, then after-state.
    func firstClash() -> (Key, BatchUpdate.Kind, BatchUpdate.Kind, BatchUpdateError.State)? {
        for (list, state) in [(before, BatchUpdateError.State.before), (after, .after)] {
            for i in list.indices.dropFirst() where list[i].0 == list[i - 1].0 {
                return (list[i].0, list[i - 1].1, list[i].1, state)
            }
        }
        return nil
    }
}
