import CollectionLayout

/// A random valid batch over random data: before-state identities, the
/// operations, and the data source's counts after.
public struct GeneratedBatch {
    public var before: [[Int]]
    public var operations: [BatchUpdate.Operation]
    public var after: [Int]

    public init(before: [[Int]], operations: [BatchUpdate.Operation], after: [Int]) {
        self.before = before
        self.operations = operations
        self.after = after
    }

    /// `sections` sections of `items` items each (drawn per section), with
    /// identities 1, 2, 3… in order, and a random valid batch on them.
    public init(_ rng: inout some RandomNumberGenerator, sections: Int, items: ClosedRange<Int>, shape: RandomBatchShape) {
        var nextID = 0
        let before: [[Int]] = (0..<sections).map { _ in
            (0..<Int.random(in: items, using: &rng)).map { _ in nextID += 1; return nextID }
        }
        let (operations, after) = randomValidBatch(before: before.map(\.count), shape: shape, using: &rng)
        self.init(before: before, operations: operations, after: after)
    }
}

/// The distributions of ``randomValidBatch(before:shape:using:)``.
///
/// How each choice is drawn is part of the shape: a test that names a seed
/// replays the same batches only while its shape draws the same way.
public struct RandomBatchShape: Sendable {
    /// Which before-sections are kept, deleted, reloaded or moved.
    public enum SectionKinds: Sendable {
        /// Every section kept.
        case none
        /// Each section's kind drawn independently with these weights.
        case weighted(keep: Int, delete: Int, reload: Int, move: Int)
        /// Up to `n` sections, chosen at random, each deleted, reloaded or
        /// moved with equal odds; the rest kept.
        case scattered(upTo: Int)
    }

    /// Which carried (neither fresh nor reloaded) after-sections get item changes.
    public enum ItemSections: Sendable {
        case all
        /// Up to `n`, chosen at random; the other carried sections keep their items as they are.
        case upTo(Int)
    }

    /// The odds of an item change, per item of a section that gets item changes.
    public enum ItemChanges: Sendable {
        /// Deleted, reloaded or moved with odds 1/n each (one draw in 0..<n).
        case oneIn(Int)
        /// Changed with `p` percent odds, then deleted, reloaded or moved with equal odds.
        case percent(Int)
    }

    public var sectionKinds: SectionKinds
    /// How many sections are inserted (not drawn when the range is one value).
    public var insertedSections: ClosedRange<Int>
    /// At least one section is inserted when no section is deleted, reloaded or moved.
    public var alwaysChangesSections: Bool
    public var itemSections: ItemSections
    public var itemChanges: ItemChanges
    /// Items inserted into each section that gets item changes.
    public var insertedItems: ClosedRange<Int>
    /// The after-count of a fresh (inserted or reloaded) section.
    public var freshSectionItems: ClosedRange<Int>

    public init(sectionKinds: SectionKinds, insertedSections: ClosedRange<Int>, alwaysChangesSections: Bool = false,
                itemSections: ItemSections = .all, itemChanges: ItemChanges, insertedItems: ClosedRange<Int> = 0...2,
                freshSectionItems: ClosedRange<Int>) {
        self.sectionKinds = sectionKinds
        self.insertedSections = insertedSections
        self.alwaysChangesSections = alwaysChangesSections
        self.itemSections = itemSections
        self.itemChanges = itemChanges
        self.insertedItems = insertedItems
        self.freshSectionItems = freshSectionItems
    }
}

/// A random valid batch on sections of `counts` items: sections kept,
/// deleted, reloaded, moved or inserted; items deleted, reloaded, moved
/// between carried sections or inserted, only in carried sections that are
/// not reloaded. Returns the operations and the after-update counts.
public func randomValidBatch(before counts: [Int], shape: RandomBatchShape,
                             using rng: inout some RandomNumberGenerator) -> (operations: [BatchUpdate.Operation], after: [Int]) {
    var ops: [BatchUpdate.Operation] = []
    // Sections: each before-section is kept, deleted, reloaded or moved.
    var kind = [Int](repeating: 0, count: counts.count)   // 0 keep, 1 delete, 2 reload, 3 move
    switch shape.sectionKinds {
    case .none: break
    case let .weighted(keep, delete, reload, move):
        let table = [Int](repeating: 0, count: keep) + [Int](repeating: 1, count: delete)
            + [Int](repeating: 2, count: reload) + [Int](repeating: 3, count: move)
        for s in counts.indices { kind[s] = table.randomElement(using: &rng)! }
    case let .scattered(n):
        for s in counts.indices.shuffled(using: &rng).prefix(Int.random(in: 0...n, using: &rng)) {
            kind[s] = Int.random(in: 1...3, using: &rng)
        }
    }
    let range = shape.insertedSections
    var insertedCount = range.count == 1 ? range.lowerBound : Int.random(in: range, using: &rng)
    if shape.alwaysChangesSections && !kind.contains(where: { $0 != 0 }) { insertedCount = max(insertedCount, 1) }
    let movedFrom = counts.indices.filter { kind[$0] == 3 }.shuffled(using: &rng)
    let sectionCount = counts.count - kind.filter { $0 == 1 }.count + insertedCount
    let arriving = Array((0..<sectionCount).shuffled(using: &rng).prefix(insertedCount + movedFrom.count))
    var source = [Int?](repeating: nil, count: sectionCount)   // before-section carried, nil when fresh
    for (from, to) in zip(movedFrom, arriving) { ops.append(.moveSection(from: from, to: to)); source[to] = from }
    let insertedSections = Array(arriving.dropFirst(movedFrom.count))
    if !insertedSections.isEmpty { ops.append(.insertSections(insertedSections)) }
    let deletedSections = counts.indices.filter { kind[$0] == 1 }
    if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
    let reloadedSections = counts.indices.filter { kind[$0] == 2 }
    if !reloadedSections.isEmpty { ops.append(.reloadSections(reloadedSections)) }
    var survivors = counts.indices.filter { kind[$0] == 0 || kind[$0] == 2 }.makeIterator()
    for n in 0..<sectionCount where !arriving.contains(n) { source[n] = survivors.next()! }

    // Items, only in carried sections that are not reloaded.
    let carried = (0..<sectionCount).filter { source[$0].map { kind[$0] != 2 } ?? false }
    let itemSections: [Int]
    switch shape.itemSections {
    case .all: itemSections = carried
    case .upTo(let k): itemSections = Array(carried.shuffled(using: &rng).prefix(Int.random(in: 0...k, using: &rng)))
    }
    var leaving = [Int](repeating: 0, count: counts.count)
    var movesInto = [Int: [IndexPath]]()                     // after-section → move sources
    for n in itemSections {
        let o = source[n]!
        for i in 0..<counts[o] {
            let change: Int                                  // 0 delete, 1 reload, 2 move, else none
            switch shape.itemChanges {
            case .oneIn(let k): change = Int.random(in: 0..<k, using: &rng)
            case .percent(let p):
                guard Int.random(in: 0..<100, using: &rng) < p else { continue }
                change = Int.random(in: 0..<3, using: &rng)
            }
            switch change {
            case 0: ops.append(.deleteItems([IndexPath(o, i)])); leaving[o] += 1
            case 1: ops.append(.reloadItems([IndexPath(o, i)]))
            case 2:
                movesInto[itemSections.randomElement(using: &rng)!, default: []].append(IndexPath(o, i))
                leaving[o] += 1
            default: break
            }
        }
    }
    var after = [Int](repeating: 0, count: sectionCount)
    for n in 0..<sectionCount {
        guard let o = source[n], kind[o] != 2 else { after[n] = Int.random(in: shape.freshSectionItems, using: &rng); continue }
        guard itemSections.contains(n) else { after[n] = counts[o]; continue }
        let moves = movesInto[n] ?? []
        let inserts = Int.random(in: shape.insertedItems, using: &rng)
        after[n] = counts[o] - leaving[o] + moves.count + inserts
        let slots = (0..<after[n]).shuffled(using: &rng).prefix(moves.count + inserts)
        for (from, slot) in zip(moves, slots) { ops.append(.moveItem(from: from, to: IndexPath(n, slot))) }
        let insertPaths = slots.dropFirst(moves.count).map { IndexPath(n, $0) }
        if !insertPaths.isEmpty { ops.append(.insertItems(insertPaths)) }
    }
    return (ops, after)
}
