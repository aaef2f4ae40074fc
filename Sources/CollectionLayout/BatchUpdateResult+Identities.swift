/// Applying a validated batch to the data itself, by the talk's rules. This is
/// what a data source does inside `performBatchUpdates`; the collection view
/// only needs the mapping, but tests and simple data sources use this.
extension BatchUpdateResult {
    /// The after-update items, built from `before` by the rules: item deletes
    /// in descending before-update order, then section deletes descending, then
    /// section inserts ascending, then item inserts in ascending after-update
    /// order. Moved items and sections carry their identities; inserted and
    /// reloaded ones get `newItem(afterPath)`.
    ///
    /// - Precondition: `before` has the counts this result was resolved with.
    /// - Complexity: O(N) for N items (array edits), O(k log k) for the
    ///   ordering, O(log s) per section to look up where it goes (s section
    ///   operations): building the after arrays visits everything anyway.
    public func apply<ID>(to before: [[ID]], newItem: (IndexPath) -> ID) -> [[ID]] {
        precondition(before.map(\.count) == itemCountsBefore,
                     "apply(to:) got \(before.map(\.count)) items per section; the batch was resolved for \(itemCountsBefore)")
        if invalidatesEverything {
            return itemCountsAfter.enumerated().map { s, count in
                (0..<count).map { newItem(IndexPath(section: s, item: $0)) }
            }
        }
        var sections: [[ID]?] = before.map { Optional($0) }
        var carriedItems: [IndexPath: ID] = [:]            // after-update path → moved identity

        // Item deletes, descending before-update paths (reloads delete too).
        for path in deletedIndexPaths {
            let id = sections[path.section]!.remove(at: path.item)
            if let to = itemMoves[path] { carriedItems[to] = id }
        }
        // Section deletes, descending: deleted, moved away (a move is a delete
        // plus an insert) or reloaded (likewise).
        var carriedSections: [Int: [ID]] = [:]              // after-update index → moved section
        for old in stride(from: before.count - 1, through: 0, by: -1) {
            let moveTo = sectionMoves[old]
            let new = newSection(forOld: old)
            let reloaded = new.map { self.sections[$0].source == .reloaded(old) } ?? false
            guard new == nil || moveTo != nil || reloaded else { continue }
            let removed = sections.remove(at: old)!
            if let to = moveTo { carriedSections[to] = removed }
        }
        // Section inserts, ascending after-update indexes.
        for (n, change) in self.sections.enumerated() {
            switch change.source {
            case .old(let old) where sectionMoves[old] == nil:
                continue                                    // kept in place
            case .old:
                sections.insert(carriedSections[n]!, at: n)
            case .inserted, .reloaded:
                sections.insert((0..<change.itemCount).map { newItem(IndexPath(section: n, item: $0)) }, at: n)
            }
        }
        // Item inserts, ascending after-update paths.
        for path in insertedIndexPaths {
            let id = carriedItems[path] ?? newItem(path)
            sections[path.section]!.insert(id, at: path.item)
        }
        return sections.map { $0! }
    }
}
