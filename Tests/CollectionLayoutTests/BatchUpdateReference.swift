import CollectionLayout
import CollectionTestSupport

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

/// A random valid batch over random data: before-state identities, the
/// operations, and the data source's counts after.
struct GeneratedBatch {
    var before: [[Int]]
    var operations: [BatchUpdate.Operation]
    var after: [Int]
}

func randomValidBatch(_ rng: inout SeededGenerator, maxSections: Int = 5, maxItems: Int = 8) -> GeneratedBatch {
    var nextID = 0
    let before: [[Int]] = (0..<Int.random(in: 0...maxSections, using: &rng)).map { _ in
        (0..<Int.random(in: 0...maxItems, using: &rng)).map { _ in nextID += 1; return nextID }
    }
    var ops: [BatchUpdate.Operation] = []
    // Sections: each before-section is kept, deleted, reloaded or moved.
    var kind = [Int](repeating: 0, count: before.count)   // 0 keep, 1 delete, 2 reload, 3 move
    for s in before.indices { kind[s] = [0, 0, 0, 0, 0, 0, 1, 2, 3].randomElement(using: &rng)! }
    let insertedCount = Int.random(in: 0...2, using: &rng)
    let movedFrom = before.indices.filter { kind[$0] == 3 }.shuffled(using: &rng)
    let sectionCount = before.count - kind.filter { $0 == 1 }.count + insertedCount
    let arriving = Array((0..<sectionCount).shuffled(using: &rng).prefix(insertedCount + movedFrom.count))
    var source = [Int?](repeating: nil, count: sectionCount)   // before-section carried, nil when fresh
    for (from, to) in zip(movedFrom, arriving) { ops.append(.moveSection(from: from, to: to)); source[to] = from }
    let insertedSections = Array(arriving.dropFirst(movedFrom.count))
    if !insertedSections.isEmpty { ops.append(.insertSections(insertedSections)) }
    let deletedSections = before.indices.filter { kind[$0] == 1 }
    if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
    let reloadedSections = before.indices.filter { kind[$0] == 2 }
    if !reloadedSections.isEmpty { ops.append(.reloadSections(reloadedSections)) }
    var survivors = before.indices.filter { kind[$0] == 0 || kind[$0] == 2 }.makeIterator()
    for n in 0..<sectionCount where !arriving.contains(n) { source[n] = survivors.next()! }

    // Items, only in carried sections that are not reloaded.
    let carried = (0..<sectionCount).filter { source[$0].map { kind[$0] != 2 } ?? false }
    var leaving = [Int](repeating: 0, count: before.count)
    var movesInto = [Int: [IndexPath]]()                     // after-section → move sources
    for n in carried {
        let o = source[n]!
        for i in before[o].indices {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: ops.append(.deleteItems([IndexPath(o, i)])); leaving[o] += 1
            case 1: ops.append(.reloadItems([IndexPath(o, i)]))
            case 2:
                movesInto[carried.randomElement(using: &rng)!, default: []].append(IndexPath(o, i))
                leaving[o] += 1
            default: break
            }
        }
    }
    var after = [Int](repeating: 0, count: sectionCount)
    for n in 0..<sectionCount {
        guard carried.contains(n) else { after[n] = Int.random(in: 0...4, using: &rng); continue }
        let o = source[n]!
        let moves = movesInto[n] ?? []
        let inserts = Int.random(in: 0...2, using: &rng)
        after[n] = before[o].count - leaving[o] + moves.count + inserts
        let slots = (0..<after[n]).shuffled(using: &rng).prefix(moves.count + inserts)
        for (from, slot) in zip(moves, slots) { ops.append(.moveItem(from: from, to: IndexPath(n, slot))) }
        let insertPaths = slots.dropFirst(moves.count).map { IndexPath(n, $0) }
        if !insertPaths.isEmpty { ops.append(.insertItems(insertPaths)) }
    }
    return GeneratedBatch(before: before, operations: ops, after: after)
}
