/// The rows (by slot) in which one symbol appears as a parameter: the column
/// index that Cassowary keeps and kiwi dropped. With it, eliminating a symbol
/// visits only the rows that contain it instead of every row.
///
/// Removal is lazy: `remove` only lowers the live count and leaves the slot in
/// `items`, so both operations are O(1) without any hashing. Readers must
/// therefore treat `items` as candidates — skip a slot whose row no longer
/// contains the symbol, and expect a slot twice when a row lost the symbol
/// and gained it again. The tableau compacts a column once stale entries
/// outnumber live ones. Order is the order of operations, never hash order.
struct ColumnSet {
    /// Row slots, 4 bytes each: a long chain puts a symbol in thousands of rows.
    private var storage: [Int32] = []
    var items: LazyMapCollection<[Int32], Int> { storage.lazy.map { Int($0) } }
    /// Rows that really contain the symbol.
    private(set) var live = 0

    var isEmpty: Bool { live == 0 }
    var needsCompaction: Bool { storage.count > 2 * live + 16 }

    mutating func insert(_ slot: Int) {
        storage.append(Int32(truncatingIfNeeded: slot))
        live += 1
    }

    mutating func remove(_ slot: Int) {
        live -= 1
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: false)
        live = 0
    }

    /// Replaces the slots by `live`, which the caller has deduplicated and
    /// checked (see `Tableau.compactColumn`).
    mutating func replace(with live: [Int32]) {
        storage = live
        self.live = live.count
    }
}
