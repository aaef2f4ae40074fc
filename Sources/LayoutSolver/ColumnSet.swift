/// The rows (by slot) in which one symbol appears as a parameter: the column
/// index that Cassowary keeps and kiwi dropped. With it, eliminating a symbol
/// visits only the rows that contain it instead of every row.
///
/// Removal is lazy: `remove` only lowers the live count and leaves the slot in
/// place, so both operations are O(1) without any hashing. Readers must
/// therefore treat `items` as candidates — skip a slot whose row no longer
/// contains the symbol, and expect a slot twice when a row lost the symbol
/// and gained it again. The tableau compacts a column once stale entries
/// outnumber live ones. Order is the order of operations, never hash order.
///
/// The first `inlineCapacity` slots are stored inline: most symbols (slacks,
/// errors, markers, a view's own variables) sit in a few rows only, and a
/// heap array per column was a quarter of a feed-cell build's allocations.
struct ColumnSet {
    static let inlineCapacity = 4
    /// Slots 0..<4, 4 bytes each; later slots go to `overflow`.
    private var head: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    /// Slots from `inlineCapacity` on: a long chain puts a symbol in thousands of rows.
    private var overflow: [Int32] = []
    /// Entries stored, stale ones included.
    private var stored: Int32 = 0
    /// Rows that really contain the symbol.
    private var liveCount: Int32 = 0

    /// A snapshot of the entries, in insertion order (stale ones included).
    var items: Slots { Slots(head: head, overflow: overflow, count: Int(stored)) }
    var live: Int { Int(liveCount) }

    var isEmpty: Bool { liveCount == 0 }
    var needsCompaction: Bool { stored > 2 * liveCount + 16 }

    mutating func insert(_ slot: Int) {
        let s = Int32(truncatingIfNeeded: slot)
        switch stored {
        case 0: head.0 = s
        case 1: head.1 = s
        case 2: head.2 = s
        case 3: head.3 = s
        default: overflow.append(s)
        }
        stored += 1
        liveCount += 1
    }

    mutating func remove(_ slot: Int) {
        liveCount -= 1
    }

    mutating func removeAll() {
        overflow = []
        stored = 0
        liveCount = 0
    }

    /// Replaces the slots by `live`, which the caller has deduplicated and
    /// checked (see `Tableau.compactColumn`).
    mutating func replace(with live: [Int32]) {
        removeAll()
        for s in live { insert(Int(s)) }
    }

    /// Column entries by value: iterating one while the column changes sees
    /// the entries as they were.
    struct Slots: Sequence {
        fileprivate let head: (Int32, Int32, Int32, Int32)
        fileprivate let overflow: [Int32]
        let count: Int

        var isEmpty: Bool { count == 0 }

        func makeIterator() -> Iterator { Iterator(slots: self) }

        struct Iterator: IteratorProtocol {
            fileprivate let slots: Slots
            private var i = 0

            fileprivate init(slots: Slots) { self.slots = slots }

            @inline(__always) mutating func next() -> Int? {
                guard i < slots.count else { return nil }
                defer { i += 1 }
                switch i {
                case 0: return Int(slots.head.0)
                case 1: return Int(slots.head.1)
                case 2: return Int(slots.head.2)
                case 3: return Int(slots.head.3)
                default: return Int(slots.overflow[i - ColumnSet.inlineCapacity])
                }
            }
        }
    }
}
