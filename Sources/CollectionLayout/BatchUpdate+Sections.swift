extension BatchUpdate {
    /// ``resolve(itemCountsBefore:itemCountsAfter:)`` for a batch with
    /// section operations, once the section claims are valid: items, then
    /// per-section changes and counts. Checks and errors are the same, in the
    /// same order, as filling in a record for every after-update section in
    /// ascending order would give; but only the touched sections get one.
    ///
    /// The kept sections between two touched ones come in runs whose
    /// before-update indexes are consecutive too (a run ends where a section
    /// left), so their counts are compared as slices: a memory compare, no
    /// record. The first mismatch, if any, is the lowest after-update section.
    /// - Complexity: O((k + s) log(k + s)) for k item paths and s section
    ///   operations, plus the slice compares.
    func resolveSections(_ sectionClaims: Claims<Int>, _ itemClaims: Claims<IndexPath>,
                         before: [Int], after: [Int]) throws(BatchUpdateError) -> BatchUpdateResult {
        let sectionMoves = operations.compactMap { op -> (from: Int, to: Int)? in
            if case let .moveSection(from, to) = op { return (from, to) } else { return nil }
        }
        let map = SectionMapping(claims: sectionClaims, moves: sectionMoves)

        // 2. Items: range, inside changed sections, duplicates and conflicts.
        try Self.checkRanges(itemClaims, before: before, after: after)
        for (p, kind) in itemClaims.before {
            if let sectionKind = map.beforeKind(p.section), sectionKind != .move {
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .before, sectionOperation: sectionKind)
            }
        }
        for (p, kind) in itemClaims.after {
            switch map.source(ofNew: p.section) {
            case .old: continue
            case .inserted:
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .after, sectionOperation: .insert)
            case .reloaded:
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .after, sectionOperation: .reload)
            }
        }
        if let (p, a, b, state) = itemClaims.firstClash() {
            throw a == b ? .duplicateIndexPath(operation: a, indexPath: p, state: state)
                : .conflictingItemOperations(indexPath: p, state: state, first: a, second: b)
        }

        // 3. Per-section changes for the touched sections, then counts, in
        // ascending after-update order. Items only claim carried sections
        // (kept or moved), so every before-update path has a new section.
        let reloadedNew = map.reloaded.map { map.newIndex(forOld: $0)! }   // survivors: ascending
        var itemsBefore: [Int] = []
        for (p, _) in itemClaims.before where itemsBefore.last != p.section { itemsBefore.append(p.section) }
        var itemsAfter: [Int] = []
        for (p, _) in itemClaims.after where itemsAfter.last != p.section { itemsAfter.append(p.section) }
        let touched = mergeUnique(mergeUnique(map.arriving, reloadedNew),
                                  mergeUnique(itemsAfter, itemsBefore.map { map.newIndex(forOld: $0)! }.sorted()))
        var moves: [IndexPath: IndexPath] = [:]
        for operation in operations {
            if case let .moveItem(from, to) = operation { moves[from] = to }
        }
        var changes: [BatchUpdateResult.SectionChange] = []
        changes.reserveCapacity(touched.count)
        var checked = 0
        for n in touched {
            try Self.checkKeptCounts(checked..<n, map: map, before: before, after: after)
            checked = n + 1
            let source = map.source(ofNew: n)
            guard case .old(let old) = source else {
                changes.append(.init(source: source, leaving: [], arriving: [], reloaded: [], itemCount: after[n]))
                continue
            }
            var leaving: [Int] = [], reloaded: [Int] = [], arriving: [Int] = []
            for (p, kind) in itemClaims.before[Self.claims(ofSection: old, in: itemClaims.before)] {
                if kind == .reload { reloaded.append(p.item) } else { leaving.append(p.item) }
            }
            for (p, _) in itemClaims.after[Self.claims(ofSection: n, in: itemClaims.after)] { arriving.append(p.item) }
            guard after[n] == before[old] - leaving.count + arriving.count else {
                throw .itemCountMismatch(section: n, sourceSection: old, before: before[old], leaving: leaving.count,
                                         arriving: arriving.count, after: after[n])
            }
            changes.append(.init(source: source, leaving: leaving, arriving: arriving, reloaded: reloaded, itemCount: after[n]))
        }
        try Self.checkKeptCounts(checked..<after.count, map: map, before: before, after: after)

        return BatchUpdateResult(itemCountsBefore: before, itemCountsAfter: after,
                                 sections: SectionChanges(itemCounts: after, touched: touched, changes: changes, map: map),
                                 sectionMap: map, sectionsVisited: map.entries + touched.count,
                                 sectionMoves: Dictionary(uniqueKeysWithValues: sectionMoves.map { ($0.from, $0.to) }),
                                 itemMoves: moves, changesSections: true,
                                 sectionEdits: SectionEdits(leaving: map.leaving, arriving: map.arriving,
                                                            reloaded: reloadedNew))
    }

    /// Kept sections with no item changes keep their counts: after-update
    /// sections `range` (none touched) compared with their before-update
    /// sections run by run. A mismatch throws the error a record for the
    /// lowest mismatching section would have.
    static func checkKeptCounts(_ range: Range<Int>, map: SectionMapping,
                                before: [Int], after: [Int]) throws(BatchUpdateError) {
        for run in map.keptRuns(range) where before[run.old..<run.old + run.count] != after[run.new..<run.new + run.count] {
            let j = (0..<run.count).first { before[run.old + $0] != after[run.new + $0] }!
            let (n, old) = (run.new + j, run.old + j)
            throw .itemCountMismatch(section: n, sourceSection: old, before: before[old], leaving: 0, arriving: 0, after: after[n])
        }
    }

    /// The claims on section `s` in a sorted claim list. - Complexity: O(log k).
    static func claims(ofSection s: Int, in list: [(IndexPath, Kind)]) -> Range<Int> {
        func firstIndex(atLeast section: Int) -> Int {
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid].0.section < section { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return firstIndex(atLeast: s)..<firstIndex(atLeast: s + 1)
    }
}
