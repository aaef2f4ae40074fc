/// A validated batch update: for every after-update section, where it comes
/// from and which items left, arrived or were reloaded; and the index-path
/// mapping the collection view uses to move existing cells and attributes.
///
/// Built by ``BatchUpdate/resolve(itemCountsBefore:itemCountsAfter:)`` or
/// ``reloadData(itemCountsBefore:itemCountsAfter:)``. Lookups cost O(log k) for
/// k changes in the section (plus O(log s) for s section operations);
/// nothing is stored per unchanged item or per untouched section, except by
/// `reloadData`.
public struct BatchUpdateResult: Sendable {
    /// What happened to one after-update section.
    public struct SectionChange: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            /// The section existed before at this index (kept, or moved when the index differs).
            case old(Int)
            /// A new section: every item comes from the data source.
            case inserted
            /// The before-update section at this index, reloaded: every item is new.
            case reloaded(Int)
        }
        public let source: Source
        /// Before-update item indexes that leave the section (deletes, moves out), ascending.
        public let leaving: [Int]
        /// After-update item indexes that arrive (inserts, moves in), ascending.
        public let arriving: [Int]
        /// Before-update item indexes reloaded in place, ascending.
        public let reloaded: [Int]
        /// The section's item count after the update.
        public let itemCount: Int

        /// The after-update index of before-update item `old`, or nil when it leaves.
        /// A reloaded item keeps its slot. - Complexity: O(log k).
        public func newItem(forOld old: Int) -> Int? {
            guard case .old = source else { return nil }
            if binaryContains(leaving, old) { return nil }
            return slot(forSurvivor: old - countBelow(leaving, old))
        }

        /// The before-update index of the survivor now at `new`, or nil when an
        /// item arrived there. - Complexity: O(log k).
        public func oldItem(forNew new: Int) -> Int? {
            guard case .old = source, !binaryContains(arriving, new) else { return nil }
            let rank = new - countBelow(arriving, new)
            return rank + countRankedBelow(leaving, rank)
        }

        /// The first after-update item whose position may differ from before:
        /// every item below it is the same item at the same index. nil when no
        /// item in the section changed. `itemCount` when only the tail was deleted.
        public var firstChangedItem: Int? {
            switch source {
            case .inserted, .reloaded: return 0
            case .old:
                var first: Int? = arriving.first
                if let d = leaving.first { first = min(first ?? .max, slot(forSurvivor: d)) }
                if let r = reloaded.first, let n = newItem(forOld: r) { first = min(first ?? .max, n) }
                return first
            }
        }

        /// The after-update index of the survivor with this rank (0 = first survivor).
        func slot(forSurvivor rank: Int) -> Int { rank + countRankedBelow(arriving, rank) }
    }

    /// Where an after-update item comes from.
    public enum ItemOrigin: Hashable, Sendable {
        /// The same item as before (its index path may have shifted).
        case unchanged(IndexPath)
        /// Moved here from a before-update path.
        case moved(from: IndexPath)
        /// Reloaded in place: same slot, new cell.
        case reloaded(from: IndexPath)
        /// Inserted, or part of an inserted or reloaded section.
        case inserted
    }

    public let itemCountsBefore: [Int]
    public let itemCountsAfter: [Int]
    /// One entry per after-update section.
    public let sections: SectionChanges
    /// Before-update section ↔ after-update section; nil when no section
    /// was inserted, deleted, moved or reloaded, so every index maps to itself.
    let sectionMap: SectionMapping?
    /// Per-section records resolving built: one per touched section (items
    /// changed, inserted, reloaded or moved in) and one per section entry in
    /// the section map (sections leaving, arriving, reloaded), whatever the
    /// section count. The untouched sections' counts are compared as slices,
    /// not visited. `reloadData` builds one per after-update section.
    public let sectionsVisited: Int
    /// Section moves, before-update index → after-update index.
    public let sectionMoves: [Int: Int]
    /// Item moves, before-update path → after-update path.
    public let itemMoves: [IndexPath: IndexPath]
    let movedFrom: [IndexPath: IndexPath]
    /// After-update sections whose items changed (inserts, deletes, moves, reloads), ascending.
    public let touchedSections: [Int]
    /// True when the batch inserts, deletes, moves or reloads sections.
    public let changesSections: Bool
    /// The section-level edits alone, for applying them one by one without
    /// visiting the kept sections (empty unless `changesSections`).
    let sectionEdits: SectionEdits
    /// True for ``reloadData(itemCountsBefore:itemCountsAfter:)``: nothing
    /// carries over and layouts recompute everything.
    public let invalidatesEverything: Bool

    init(itemCountsBefore: [Int], itemCountsAfter: [Int], sections: SectionChanges,
         sectionMap: SectionMapping?, sectionsVisited: Int, sectionMoves: [Int: Int], itemMoves: [IndexPath: IndexPath],
         changesSections: Bool, sectionEdits: SectionEdits = SectionEdits(), invalidatesEverything: Bool = false) {
        self.itemCountsBefore = itemCountsBefore
        self.itemCountsAfter = itemCountsAfter
        self.sections = sections
        self.sectionMap = sectionMap
        self.sectionsVisited = sectionsVisited
        self.sectionMoves = sectionMoves
        self.itemMoves = itemMoves
        self.movedFrom = Dictionary(uniqueKeysWithValues: itemMoves.map { ($0.value, $0.key) })
        self.invalidatesEverything = invalidatesEverything
        self.changesSections = changesSections
        self.sectionEdits = sectionEdits
        var touched = Set(itemMoves.values.map(\.section))
        for (n, change) in sections.changed where !change.leaving.isEmpty || !change.arriving.isEmpty || !change.reloaded.isEmpty {
            touched.insert(n)
        }
        self.touchedSections = touched.sorted()
    }

    /// The after-update section of before-update section `old`; nil when it
    /// was deleted. - Complexity: O(log s) for s section operations.
    public func newSection(forOld old: Int) -> Int? {
        guard itemCountsBefore.indices.contains(old) else { return nil }
        guard let sectionMap else { return old }
        return sectionMap.newIndex(forOld: old)
    }

    /// `reloadData` as a result: every section is new, no index path carries
    /// over, every cached attribute is invalid. For comparison with batch updates.
    public static func reloadData(itemCountsBefore: [Int], itemCountsAfter: [Int]) -> BatchUpdateResult {
        BatchUpdateResult(
            itemCountsBefore: itemCountsBefore, itemCountsAfter: itemCountsAfter,
            sections: SectionChanges(itemCounts: itemCountsAfter, dense: itemCountsAfter.map {
                .init(source: .inserted, leaving: [], arriving: [], reloaded: [], itemCount: $0)
            }),
            sectionMap: SectionMapping(replacingAll: itemCountsBefore.count, after: itemCountsAfter.count),
            sectionsVisited: itemCountsAfter.count,
            sectionMoves: [:], itemMoves: [:],
            changesSections: true, invalidatesEverything: true)
    }

    /// Where the after-update item at `path` comes from. - Complexity: O(log k).
    public func origin(ofNew path: IndexPath) -> ItemOrigin {
        guard sections.indices.contains(path.section) else { return .inserted }
        let change = sections[path.section]
        guard case .old(let oldSection) = change.source else { return .inserted }
        if let old = change.oldItem(forNew: path.item) {
            let oldPath = IndexPath(section: oldSection, item: old)
            return binaryContains(change.reloaded, old) ? .reloaded(from: oldPath) : .unchanged(oldPath)
        }
        if let from = movedFrom[path] { return .moved(from: from) }
        return .inserted
    }

    /// The after-update path of the before-update item at `path`; nil when it
    /// was deleted or its section was deleted or reloaded. Reloaded items keep
    /// their slot and map too (their cell is replaced). - Complexity: O(log k).
    public func newIndexPath(forOld path: IndexPath) -> IndexPath? {
        if let to = itemMoves[path] { return to }
        guard let newSection = newSection(forOld: path.section),
              let item = sections[newSection].newItem(forOld: path.item) else { return nil }
        return IndexPath(section: newSection, item: item)
    }

    /// Item-level deletes in the order the rules apply them: descending
    /// before-update paths (deletes, move sources and the delete half of reloads).
    public var deletedIndexPaths: [IndexPath] {
        var paths: [IndexPath] = []
        for (_, change) in sections.changed {
            guard case .old(let s) = change.source else { continue }
            paths += (change.leaving + change.reloaded).map { IndexPath(section: s, item: $0) }
        }
        return paths.sorted(by: >)
    }

    /// Item-level inserts in the order the rules apply them: ascending
    /// after-update paths (inserts, move destinations, the insert half of reloads).
    public var insertedIndexPaths: [IndexPath] {
        var paths: [IndexPath] = []
        for (s, change) in sections.changed {
            paths += change.arriving.map { IndexPath(section: s, item: $0) }
            paths += change.reloaded.compactMap { change.newItem(forOld: $0) }.map { IndexPath(section: s, item: $0) }
        }
        return paths.sorted()
    }
}
