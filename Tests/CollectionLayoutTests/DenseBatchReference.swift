import CollectionLayout

/// The straightforward way to resolve a batch, kept as the reference for the
/// sparse one: a source for every after-update section, lists of changes for
/// every section, and the checks in the library's documented order (sections
/// before items; counts in ascending after-update order). O(S) on purpose.
struct DenseBatchReference {
    struct Section: Equatable {
        var source: BatchUpdateResult.SectionChange.Source
        var leaving: [Int] = [], arriving: [Int] = [], reloaded: [Int] = []
        var itemCount: Int
    }

    var sections: [Section]
    /// Before-update section → after-update section, nil when deleted.
    var newForOld: [Int?]

    /// After-update sections with item changes, ascending.
    var touchedSections: [Int] {
        sections.indices.filter { !sections[$0].leaving.isEmpty || !sections[$0].arriving.isEmpty || !sections[$0].reloaded.isEmpty }
    }

    init(_ operations: [BatchUpdate.Operation], before: [Int], after: [Int]) throws(BatchUpdateError) {
        typealias Kind = BatchUpdate.Kind
        var sectionsBefore: [(Int, Kind)] = [], sectionsAfter: [(Int, Kind)] = []
        var itemsBefore: [(IndexPath, Kind)] = [], itemsAfter: [(IndexPath, Kind)] = []
        var sectionMoves: [(Int, Int)] = []
        var itemMoves: [(IndexPath, IndexPath)] = []
        for op in operations {
            switch op {
            case .insertItems(let p): itemsAfter += p.map { ($0, .insert) }
            case .deleteItems(let p): itemsBefore += p.map { ($0, .delete) }
            case .reloadItems(let p): itemsBefore += p.map { ($0, .reload) }
            case let .moveItem(from, to):
                itemsBefore.append((from, .move)); itemsAfter.append((to, .move)); itemMoves.append((from, to))
            case .insertSections(let s): sectionsAfter += s.map { ($0, .insert) }
            case .deleteSections(let s): sectionsBefore += s.map { ($0, .delete) }
            case .reloadSections(let s): sectionsBefore += s.map { ($0, .reload) }
            case let .moveSection(from, to):
                sectionsBefore.append((from, .move)); sectionsAfter.append((to, .move)); sectionMoves.append((from, to))
            }
        }
        func sorted<K: Comparable>(_ list: [(K, Kind)]) -> [(K, Kind)] {
            list.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.rawValue < $1.1.rawValue }
        }
        func clash<K: Comparable>(_ before: [(K, Kind)], _ after: [(K, Kind)]) -> (K, Kind, Kind, BatchUpdateError.State)? {
            for (list, state) in [(before, BatchUpdateError.State.before), (after, .after)] {
                for i in list.indices.dropFirst() where list[i].0 == list[i - 1].0 {
                    return (list[i].0, list[i - 1].1, list[i].1, state)
                }
            }
            return nil
        }
        sectionsBefore = sorted(sectionsBefore); sectionsAfter = sorted(sectionsAfter)
        itemsBefore = sorted(itemsBefore); itemsAfter = sorted(itemsAfter)

        // Sections.
        for (s, kind) in sectionsBefore where !before.indices.contains(s) {
            throw .sectionOutOfRange(operation: kind, section: s, state: .before, sectionCount: before.count)
        }
        for (s, kind) in sectionsAfter where !after.indices.contains(s) {
            throw .sectionOutOfRange(operation: kind, section: s, state: .after, sectionCount: after.count)
        }
        if let (s, a, b, state) = clash(sectionsBefore, sectionsAfter) {
            throw a == b ? .duplicateSection(operation: a, section: s, state: state)
                : .conflictingSectionOperations(section: s, state: state, first: a, second: b)
        }
        let deleted = sectionsBefore.filter { $0.1 == .delete }.count
        let inserted = sectionsAfter.filter { $0.1 == .insert }.count
        guard after.count == before.count - deleted + inserted else {
            throw .sectionCountMismatch(before: before.count, deleted: deleted, inserted: inserted, after: after.count)
        }
        // The section map: survivors fill the free slots in order.
        var beforeKind: [Int: Kind] = [:]
        for (s, kind) in sectionsBefore { beforeKind[s] = kind }
        let arrivingSections = Set(sectionsAfter.map(\.0))
        var sources = [BatchUpdateResult.SectionChange.Source](repeating: .inserted, count: after.count)
        newForOld = Array(repeating: nil, count: before.count)
        var slot = 0
        for old in before.indices where beforeKind[old] != .delete && beforeKind[old] != .move {
            while arrivingSections.contains(slot) { slot += 1 }
            newForOld[old] = slot
            sources[slot] = beforeKind[old] == .reload ? .reloaded(old) : .old(old)
            slot += 1
        }
        for (from, to) in sectionMoves {
            newForOld[from] = to
            sources[to] = .old(from)
        }

        // Items.
        for (p, kind) in itemsBefore {
            guard before.indices.contains(p.section) else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .before, sectionCount: before.count, itemCount: nil)
            }
            guard p.item >= 0, p.item < before[p.section] else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .before,
                                           sectionCount: before.count, itemCount: before[p.section])
            }
        }
        for (p, kind) in itemsAfter {
            guard after.indices.contains(p.section) else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .after, sectionCount: after.count, itemCount: nil)
            }
            guard p.item >= 0, p.item < after[p.section] else {
                throw .indexPathOutOfRange(operation: kind, indexPath: p, state: .after,
                                           sectionCount: after.count, itemCount: after[p.section])
            }
        }
        for (p, kind) in itemsBefore {
            if let sectionKind = beforeKind[p.section], sectionKind != .move {
                throw .itemInChangedSection(operation: kind, indexPath: p, state: .before, sectionOperation: sectionKind)
            }
        }
        for (p, kind) in itemsAfter {
            switch sources[p.section] {
            case .old: continue
            case .inserted: throw .itemInChangedSection(operation: kind, indexPath: p, state: .after, sectionOperation: .insert)
            case .reloaded: throw .itemInChangedSection(operation: kind, indexPath: p, state: .after, sectionOperation: .reload)
            }
        }
        if let (p, a, b, state) = clash(itemsBefore, itemsAfter) {
            throw a == b ? .duplicateIndexPath(operation: a, indexPath: p, state: state)
                : .conflictingItemOperations(indexPath: p, state: state, first: a, second: b)
        }

        // A record per after-update section, counts checked in ascending order.
        var leaving = [[Int]](repeating: [], count: before.count)
        var reloaded = [[Int]](repeating: [], count: before.count)
        var arriving = [[Int]](repeating: [], count: after.count)
        for (p, kind) in itemsBefore {
            if kind == .reload { reloaded[p.section].append(p.item) } else { leaving[p.section].append(p.item) }
        }
        for (p, _) in itemsAfter { arriving[p.section].append(p.item) }
        sections = []
        for n in after.indices {
            guard case .old(let old) = sources[n] else {
                sections.append(Section(source: sources[n], itemCount: after[n]))
                continue
            }
            guard after[n] == before[old] - leaving[old].count + arriving[n].count else {
                throw .itemCountMismatch(section: n, sourceSection: old, before: before[old], leaving: leaving[old].count,
                                         arriving: arriving[n].count, after: after[n])
            }
            sections.append(Section(source: .old(old), leaving: leaving[old], arriving: arriving[n],
                                    reloaded: reloaded[old], itemCount: after[n]))
        }
    }
}
