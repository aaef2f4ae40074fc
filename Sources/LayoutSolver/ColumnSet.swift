/// The rows (by slot) in which one symbol appears as a parameter: the column
/// index that Cassowary keeps and kiwi dropped. With it, eliminating a symbol
/// visits only the rows that contain it instead of every row.
///
/// Removal is lazy: `remove` only lowers the live count and leaves the slot in
/// place, so both operations are O(1) without any hashing. Readers must
/// therefore treat `slots` as candidates — skip a slot whose row no longer
/// contains the symbol, and expect a slot twice when a row lost the symbol
/// and gained it again. The tableau compacts a column once stale entries
/// outnumber live ones. Order is the order of operations, never hash order.
///
/// Slots are a `SmallList`: most symbols (slacks, errors, markers) sit in a
/// few rows only, and a heap array per column would be one allocation per
/// symbol.
struct ColumnSet {
    private(set) var slots = SmallList()
    /// Rows that really contain the symbol.
    private var liveCount: Int32 = 0

    var live: Int { Int(liveCount) }

    var isEmpty: Bool { liveCount == 0 }
    var needsCompaction: Bool { slots.count > 2 * Int(liveCount) + 16 }

    mutating func insert(_ slot: Int, in store: inout ListStore) {
        slots.append(slot, in: &store)
        liveCount += 1
    }

    mutating func remove(_ slot: Int) {
        liveCount -= 1
    }

    mutating func removeAll(in store: inout ListStore) {
        slots.removeAll(in: &store)
        liveCount = 0
    }

    /// Replaces the slots by `live`, which the caller has deduplicated and
    /// checked (see `Tableau.compactColumn`).
    mutating func replace(with live: [Int32], in store: inout ListStore) {
        removeAll(in: &store)
        for s in live { insert(Int(s), in: &store) }
    }
}
