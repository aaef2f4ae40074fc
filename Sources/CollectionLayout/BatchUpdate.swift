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
    /// - Complexity: O(k log k) for k index paths in a batch of item updates,
    ///   plus a comparison of the untouched sections' counts before and after
    ///   (a memory compare; nothing when both arrays share storage). A batch
    ///   that inserts, deletes, moves or reloads sections adds O(S): the
    ///   old→new section map (``SectionMapping``) and a ``SectionChange`` per
    ///   after-update section are built for every section (counted in
    ///   ``BatchUpdateResult/sectionsVisited``, before count + after count).
    ///   The section operations themselves are also kept apart
    ///   (``SectionEdits``), so a layout applies them without visiting the
    ///   kept sections.
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
        let sectionMoves = operations.compactMap { op -> (from: Int, to: Int)? in
            if case let .moveSection(from, to) = op { return (from, to) } else { return nil }
        }
        let sectionMap = SectionMapping(claims: sectionClaims, moves: sectionMoves,
                                        before: before.count, after: after.count)

        // 2. Items: range, inside changed sections, duplicates and conflicts.
        try Self.checkRanges(itemClaims, before: before, after: after)
        for (p, kind) in itemClaims.before {
            if let sectionKind = sectionMap.beforeKind[p.section], sectionKind != .move {
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .before, sectionOperation: sectionKind)
            }
        }
        for (p, kind) in itemClaims.after {
            if case .fresh(let sectionKind) = sectionMap.sources[p.section] {
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .after, sectionOperation: sectionKind)
            }
        }
        if let (p, a, b, state) = itemClaims.firstClash() {
            throw a == b ? .duplicateIndexPath(operation: a, indexPath: p, state: state)
                : .conflictingItemOperations(indexPath: p, state: state, first: a, second: b)
        }

        // 3. Per-section changes, then counts.
        var leaving = [[Int]](repeating: [], count: before.count)
        var reloaded = [[Int]](repeating: [], count: before.count)
        var arriving = [[Int]](repeating: [], count: after.count)
        var moves: [IndexPath: IndexPath] = [:]
        for operation in operations {
            if case let .moveItem(from, to) = operation { moves[from] = to }
        }
        for (p, kind) in itemClaims.before {       // sorted ascending, so each list is sorted
            if kind == .reload { reloaded[p.section].append(p.item) } else { leaving[p.section].append(p.item) }
        }
        for (p, _) in itemClaims.after { arriving[p.section].append(p.item) }

        let edits = SectionEdits(
            leaving: sectionClaims.before.filter { $0.1 == .delete || $0.1 == .move }.map(\.0),
            arriving: sectionClaims.after.map(\.0),
            // Reloaded sections are survivors, whose slots keep their order.
            reloaded: sectionClaims.before.filter { $0.1 == .reload }.compactMap { sectionMap.newForOld[$0.0] })
        var sections: [BatchUpdateResult.SectionChange] = []
        sections.reserveCapacity(after.count)
        for newSection in after.indices {
            switch sectionMap.sources[newSection] {
            case .fresh(let kind):
                let source: BatchUpdateResult.SectionChange.Source
                if kind == .reload, let old = sectionMap.reloadedOld[newSection] {
                    source = .reloaded(old)
                } else {
                    source = .inserted
                }
                sections.append(.init(source: source, leaving: [], arriving: [], reloaded: [], itemCount: after[newSection]))
            case .old(let old):
                let expected = before[old] - leaving[old].count + arriving[newSection].count
                guard after[newSection] == expected else {
                    throw .itemCountMismatch(section: newSection, sourceSection: old, before: before[old],
                                             leaving: leaving[old].count, arriving: arriving[newSection].count,
                                             after: after[newSection])
                }
                sections.append(.init(source: .old(old), leaving: leaving[old], arriving: arriving[newSection],
                                      reloaded: reloaded[old], itemCount: after[newSection]))
            }
        }
        return BatchUpdateResult(itemCountsBefore: before, itemCountsAfter: after,
                                 sections: SectionChanges(itemCounts: after, dense: sections),
                                 newSectionForOld: sectionMap.newForOld, sectionsVisited: before.count + after.count,
                                 sectionMoves: Dictionary(uniqueKeysWithValues: sectionMoves.map { ($0.from, $0.to) }),
                                 itemMoves: moves,
                                 changesSections: true, sectionEdits: edits)
    }
}

extension BatchUpdate {
    /// Every item path names an existing item: before-update paths in the
    /// counts before, after-update paths in the counts after.
    static func checkRanges(_ itemClaims: Claims<IndexPath>, before: [Int], after: [Int]) throws(BatchUpdateError) {
        for (p, kind) in itemClaims.before {
            guard before.indices.contains(p.section) else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .before,
                                           sectionCount: before.count, itemCount: nil)
            }
            guard p.item >= 0, p.item < before[p.section] else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .before,
                                           sectionCount: before.count, itemCount: before[p.section])
            }
        }
        for (p, kind) in itemClaims.after {
            guard after.indices.contains(p.section) else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .after,
                                           sectionCount: after.count, itemCount: nil)
            }
            guard p.item >= 0, p.item < after[p.section] else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .after,
                                           sectionCount: after.count, itemCount: after[p.section])
            }
        }
    }

    /// ``resolve(itemCountsBefore:itemCountsAfter:)`` for a batch without
    /// section operations: sections keep their indexes, so only the touched
    /// ones get a record, and the others only need equal counts. Checks and
    /// errors are those of the general path, in the same order.
    /// - Complexity: O(k log k) plus comparing the untouched counts.
    func resolveItems(_ itemClaims: Claims<IndexPath>, before: [Int], after: [Int]) throws(BatchUpdateError) -> BatchUpdateResult {
        try Self.checkRanges(itemClaims, before: before, after: after)
        if let (p, a, b, state) = itemClaims.firstClash() {
            throw a == b ? .duplicateIndexPath(operation: a, indexPath: p, state: state)
                : .conflictingItemOperations(indexPath: p, state: state, first: a, second: b)
        }
        // The touched sections, ascending, each with its sorted lists.
        var touched: [Int] = []
        for (p, _) in itemClaims.before where touched.last != p.section { touched.append(p.section) }
        var afterSections: [Int] = []
        for (p, _) in itemClaims.after where afterSections.last != p.section { afterSections.append(p.section) }
        touched = mergeUnique(touched, afterSections)
        var moves: [IndexPath: IndexPath] = [:]
        for operation in operations {
            if case let .moveItem(from, to) = operation { moves[from] = to }
        }
        var changes: [BatchUpdateResult.SectionChange] = []
        changes.reserveCapacity(touched.count)
        var b = 0, a = 0, checked = 0
        for s in touched {
            // Untouched sections before this one keep their counts.
            if let m = firstDifference(before, after, checked..<s) {
                throw .itemCountMismatch(section: m, sourceSection: m, before: before[m], leaving: 0, arriving: 0, after: after[m])
            }
            var leaving: [Int] = [], reloaded: [Int] = [], arriving: [Int] = []
            while b < itemClaims.before.count, itemClaims.before[b].0.section == s {
                let (p, kind) = itemClaims.before[b]
                if kind == .reload { reloaded.append(p.item) } else { leaving.append(p.item) }
                b += 1
            }
            while a < itemClaims.after.count, itemClaims.after[a].0.section == s {
                arriving.append(itemClaims.after[a].0.item)
                a += 1
            }
            guard after[s] == before[s] - leaving.count + arriving.count else {
                throw .itemCountMismatch(section: s, sourceSection: s, before: before[s], leaving: leaving.count,
                                         arriving: arriving.count, after: after[s])
            }
            changes.append(.init(source: .old(s), leaving: leaving, arriving: arriving, reloaded: reloaded, itemCount: after[s]))
            checked = s + 1
        }
        if let m = firstDifference(before, after, checked..<before.count) {
            throw .itemCountMismatch(section: m, sourceSection: m, before: before[m], leaving: 0, arriving: 0, after: after[m])
        }
        return BatchUpdateResult(itemCountsBefore: before, itemCountsAfter: after,
                                 sections: SectionChanges(itemCounts: after, touched: touched, changes: changes),
                                 newSectionForOld: nil, sectionsVisited: touched.count,
                                 sectionMoves: [:], itemMoves: moves, changesSections: false)
    }
}

/// The first index in `range` where the arrays differ; slices of one storage
/// compare equal at once.
private func firstDifference(_ a: [Int], _ b: [Int], _ range: Range<Int>) -> Int? {
    guard !range.isEmpty, a[range] != b[range] else { return nil }
    return range.first { a[$0] != b[$0] }
}

/// The union of two ascending lists without repeats, ascending.
private func mergeUnique(_ x: [Int], _ y: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(x.count + y.count)
    var i = 0, j = 0
    while i < x.count || j < y.count {
        let next = j == y.count || (i < x.count && x[i] <= y[j]) ? x[i] : y[j]
        if result.last != next { result.append(next) }
        if i < x.count, x[i] == next { i += 1 }
        if j < y.count, y[j] == next { j += 1 }
    }
    return result
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
