extension BatchUpdate {
    /// Every item path names an existing item: before-update paths in the
    /// counts before, after-update paths in the counts after.
    static func checkRanges(_ itemClaims: Claims<IndexPath>, before: [Int], after: [Int]) throws(BatchUpdateError) {
        try checkRanges(itemClaims.before, in: before, state: .before)
        try checkRanges(itemClaims.after, in: after, state: .after)
    }

    private static func checkRanges(_ claims: [(IndexPath, Kind)], in counts: [Int],
                                    state: BatchUpdateError.State) throws(BatchUpdateError) {
        for (p, kind) in claims {
            guard counts.indices.contains(p.section) else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: state,
                                           sectionCount: counts.count, itemCount: nil)
            }
            guard p.item >= 0, p.item < counts[p.section] else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: state,
                                           sectionCount: counts.count, itemCount: counts[p.section])
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
                                 sectionMap: nil, sectionsVisited: touched.count,
                                 sectionMoves: [:], itemMoves: moves, changesSections: false)
    }
}
