import CollectionLayout
import CollectionTestSupport
import Randomness

/// Where an after-update item came from, as the naive reference sees it.
enum ReferenceOrigin: Hashable {
    case old(IndexPath), moved(IndexPath), reloaded(IndexPath), inserted
}

/// The batch rules written the simplest way, independent of the library:
/// fill every after-update slot directly. Arrivals (inserts, moves in) take
/// their slots; the survivors, in their old order, fill the rest.
func referenceAfterState(before counts: [Int], operations: [BatchUpdate.Operation], after: [Int]) -> [[ReferenceOrigin]] {
    var deletedSections = Set<Int>(), insertedSections = Set<Int>(), reloadedSections = Set<Int>()
    var sectionMoveTo: [Int: Int] = [:]            // after → before
    var deleted = Set<IndexPath>(), inserted = Set<IndexPath>(), reloaded = Set<IndexPath>()
    var movedOut = Set<IndexPath>()
    var moveTo: [IndexPath: IndexPath] = [:]       // after → before
    for op in operations {
        switch op {
        case .deleteSections(let s): deletedSections.formUnion(s)
        case .insertSections(let s): insertedSections.formUnion(s)
        case .reloadSections(let s): reloadedSections.formUnion(s)
        case let .moveSection(from, to): sectionMoveTo[to] = from
        case .deleteItems(let p): deleted.formUnion(p)
        case .insertItems(let p): inserted.formUnion(p)
        case .reloadItems(let p): reloaded.formUnion(p)
        case let .moveItem(from, to): movedOut.insert(from); moveTo[to] = from
        }
    }
    let movedSections = Set(sectionMoveTo.values)
    var survivingSections = (0..<counts.count).filter { !deletedSections.contains($0) && !movedSections.contains($0) }
        .makeIterator()
    var result: [[ReferenceOrigin]] = []
    for n in 0..<after.count {
        let source: Int?
        if let from = sectionMoveTo[n] { source = from }
        else if insertedSections.contains(n) { source = nil }
        else { source = survivingSections.next()! }
        guard let o = source, !reloadedSections.contains(o) else {
            result.append(Array(repeating: .inserted, count: after[n]))
            continue
        }
        var survivors = (0..<counts[o]).map { IndexPath(o, $0) }
            .filter { !deleted.contains($0) && !movedOut.contains($0) }
            .map { reloaded.contains($0) ? ReferenceOrigin.reloaded($0) : .old($0) }
            .makeIterator()
        result.append((0..<after[n]).map { i in
            let path = IndexPath(n, i)
            if let from = moveTo[path] { return .moved(from) }
            if inserted.contains(path) { return .inserted }
            return survivors.next()!
        })
    }
    return result
}

/// A random valid batch over up to `maxSections` sections of up to
/// `maxItems` items: each section kept (6 in 9), deleted, reloaded or moved
/// (1 in 9 each), up to two inserted; in every carried section each item
/// deleted, reloaded or moved with odds 1 in 10 each.
func randomValidBatch(_ rng: inout SplitMix64, maxSections: Int = 5, maxItems: Int = 8) -> GeneratedBatch {
    let sections = Int.random(in: 0...maxSections, using: &rng)
    return GeneratedBatch(&rng, sections: sections, items: 0...maxItems, shape: RandomBatchShape(
        sectionKinds: .weighted(keep: 6, delete: 1, reload: 1, move: 1), insertedSections: 0...2,
        itemChanges: .oneIn(10), freshSectionItems: 0...4))
}
