/// The rows (by slot) in which one symbol appears as a parameter: the column
/// index that Cassowary keeps and kiwi dropped. With it, eliminating a symbol
/// visits only the rows that contain it instead of every row.
///
/// Small columns (the common case in layout) are a plain array; large ones
/// (long chains) add a position map so removal stays O(1). Iteration order is
/// the order of operations, never hash order.
struct ColumnSet {
    private(set) var items: [Int] = []
    private var positions: IntIndex? = nil

    private static let indexThreshold = 24

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// Adds `slot`, which must not be present.
    mutating func insert(_ slot: Int) {
        positions?[slot] = items.count
        items.append(slot)
        if positions == nil && items.count > Self.indexThreshold {
            var map = IntIndex(minimumCapacity: 128)
            for (i, s) in items.enumerated() { map[s] = i }
            positions = map
        }
    }

    /// Removes `slot`, which must be present.
    mutating func remove(_ slot: Int) {
        let i: Int
        if positions != nil {
            i = positions!.remove(slot)!
        } else {
            i = items.firstIndex(of: slot)!
        }
        let last = items.removeLast()
        if i < items.count {
            items[i] = last
            positions?[last] = i
        }
    }

    mutating func removeAll() {
        items.removeAll(keepingCapacity: false)
        positions = nil
    }
}
