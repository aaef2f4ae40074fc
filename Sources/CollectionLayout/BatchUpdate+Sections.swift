extension BatchUpdate {
    /// ``resolve(itemCountsBefore:itemCountsAfter:)`` for a batch with
    /// section operations, once the section claims are valid: items, then
    /// per-section changes and counts.
    func resolveSections(_ sectionClaims: Claims<Int>, _ itemClaims: Claims<IndexPath>,
                         before: [Int], after: [Int]) throws(BatchUpdateError) -> BatchUpdateResult {
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
