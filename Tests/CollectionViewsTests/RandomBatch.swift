import CollectionLayout
import CollectionTestSupport

/// A random valid batch for the model `before` (sections of item identities):
/// sections kept, deleted, reloaded, moved or inserted; items deleted,
/// reloaded, moved between kept sections or inserted. Returns the operations
/// and the after-update counts. Adapted from CollectionLayoutTests' generator.
func randomValidBatch(on before: [[UInt64]], _ rng: inout SeededGenerator,
                      itemChangePercent: Int = 8, sectionChanges: Bool = true) -> (ops: [BatchUpdate.Operation], after: [Int]) {
    var ops: [BatchUpdate.Operation] = []
    var kind = [Int](repeating: 0, count: before.count)   // 0 keep, 1 delete, 2 reload, 3 move
    if sectionChanges {
        for s in before.indices { kind[s] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3].randomElement(using: &rng)! }
    }
    let insertedCount = sectionChanges ? Int.random(in: 0...1, using: &rng) : 0
    let movedFrom = before.indices.filter { kind[$0] == 3 }.shuffled(using: &rng)
    let sectionCount = before.count - kind.filter { $0 == 1 }.count + insertedCount
    let arriving = Array((0..<sectionCount).shuffled(using: &rng).prefix(insertedCount + movedFrom.count))
    var source = [Int?](repeating: nil, count: sectionCount)
    for (from, to) in zip(movedFrom, arriving) { ops.append(.moveSection(from: from, to: to)); source[to] = from }
    let insertedSections = Array(arriving.dropFirst(movedFrom.count))
    if !insertedSections.isEmpty { ops.append(.insertSections(insertedSections)) }
    let deletedSections = before.indices.filter { kind[$0] == 1 }
    if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
    let reloadedSections = before.indices.filter { kind[$0] == 2 }
    if !reloadedSections.isEmpty { ops.append(.reloadSections(reloadedSections)) }
    var survivors = before.indices.filter { kind[$0] == 0 || kind[$0] == 2 }.makeIterator()
    for n in 0..<sectionCount where !arriving.contains(n) { source[n] = survivors.next()! }

    let carried = (0..<sectionCount).filter { source[$0].map { kind[$0] != 2 } ?? false }
    var leaving = [Int](repeating: 0, count: before.count)
    var movesInto = [Int: [IndexPath]]()
    for n in carried {
        let o = source[n]!
        for i in before[o].indices where Int.random(in: 0..<100, using: &rng) < itemChangePercent {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: ops.append(.deleteItems([IndexPath(o, i)])); leaving[o] += 1
            case 1: ops.append(.reloadItems([IndexPath(o, i)]))
            default:
                movesInto[carried.randomElement(using: &rng)!, default: []].append(IndexPath(o, i))
                leaving[o] += 1
            }
        }
    }
    var after = [Int](repeating: 0, count: sectionCount)
    for n in 0..<sectionCount {
        guard carried.contains(n) else { after[n] = Int.random(in: 0...6, using: &rng); continue }
        let o = source[n]!
        let moves = movesInto[n] ?? []
        let inserts = Int.random(in: 0...2, using: &rng)
        after[n] = before[o].count - leaving[o] + moves.count + inserts
        let slots = (0..<after[n]).shuffled(using: &rng).prefix(moves.count + inserts)
        for (from, slot) in zip(moves, slots) { ops.append(.moveItem(from: from, to: IndexPath(n, slot))) }
        let insertPaths = slots.dropFirst(moves.count).map { IndexPath(n, $0) }
        if !insertPaths.isEmpty { ops.append(.insertItems(insertPaths)) }
    }
    return (ops, after)
}
