/// A list of small non-negative integers (row slots, symbols) whose first
/// four elements are stored inline and the rest in a run of its tableau's
/// `ListStore`.
///
/// Most of the solver's per-symbol and per-constraint lists are short: a
/// slack or marker sits in a few rows, a view constraint names two to four
/// variables. A heap array for each would be most of a layout's
/// allocations; inline storage makes the short ones free, and the store
/// makes the long ones (a container's width in a dozen rows) allocate
/// nothing of their own. The list holds no reference, so the tables that
/// hold lists (symbols, records) are freed without visiting an element.
///
/// Every call that reads past the inline four takes the store the list
/// lives in.
struct SmallList {
    static let inlineCapacity = 4
    private var head: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    private var stored: Int32 = 0
    /// The run holding elements from `inlineCapacity` on (-1: none yet),
    /// and its size class in the store.
    private var run: Int32 = -1
    private var runClass: Int32 = 0

    init() {}

    var count: Int { Int(stored) }
    var isEmpty: Bool { stored == 0 }

    mutating func append(_ x: Int, in store: inout ListStore) {
        let v = Int32(truncatingIfNeeded: x)
        switch stored {
        case 0: head.0 = v
        case 1: head.1 = v
        case 2: head.2 = v
        case 3: head.3 = v
        default:
            let i = Int(stored) - Self.inlineCapacity
            if run < 0 {
                run = Int32(truncatingIfNeeded: store.allocate(sizeClass: 0))
                runClass = 0
            } else if i == ListStore.capacity(ofClass: Int(runClass)) {
                let grown = store.allocate(sizeClass: Int(runClass) + 1)
                store.move(from: Int(run), count: i, to: grown)
                store.release(Int(run), sizeClass: Int(runClass))
                run = Int32(truncatingIfNeeded: grown)
                runClass += 1
            }
            store.slots[Int(run) + i] = v
        }
        stored += 1
    }

    /// Empties the list and gives its run back to the store.
    mutating func removeAll(in store: inout ListStore) {
        if run >= 0 { store.release(Int(run), sizeClass: Int(runClass)) }
        run = -1
        runClass = 0
        stored = 0
    }

    /// Element `i`.
    @inline(__always) func element(_ i: Int, in store: borrowing ListStore) -> Int {
        switch i {
        case 0: return Int(head.0)
        case 1: return Int(head.1)
        case 2: return Int(head.2)
        case 3: return Int(head.3)
        default: return Int(store.slots[Int(run) + i - Self.inlineCapacity])
        }
    }

    /// Calls `body` with each element in order. `body` must leave the
    /// store alone (take a `snapshot` to change the tableau meanwhile).
    @inline(__always) func forEach(in store: borrowing ListStore, _ body: (Int) -> Void) {
        for i in 0..<count { body(element(i, in: store)) }
    }

    func contains(_ x: Int, in store: borrowing ListStore) -> Bool {
        for i in 0..<count where element(i, in: store) == x { return true }
        return false
    }

    /// Replaces `buffer`'s contents by the elements: a copy to iterate
    /// while the tableau (and the store) change.
    func snapshot(into buffer: inout [Int32], from store: borrowing ListStore) {
        buffer.removeAll(keepingCapacity: true)
        for i in 0..<count { buffer.append(Int32(truncatingIfNeeded: element(i, in: store))) }
    }

    /// The list with each element `x` written as `f(x)`, in the same store.
    func mapped(in store: inout ListStore, _ f: (Int) -> Int) -> SmallList {
        var out = SmallList()
        for i in 0..<count { out.append(f(element(i, in: store)), in: &store) }
        return out
    }
}

/// The runs that hold every `SmallList`'s elements past the inline four in
/// one tableau: a single buffer, its runs recycled by size class (8, 16,
/// 32, … slots), each free run linked through its first slot.
struct ListStore {
    fileprivate(set) var slots: [Int32] = []
    /// Per size class, the first free run (-1: none).
    private var freeRuns: [Int32] = []

    static func capacity(ofClass k: Int) -> Int { 8 << k }

    /// Frees every run, keeping the room (see `SpareStorage`).
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        freeRuns.removeAll()
    }

    /// Room for `n` slots in all, at least doubling (see `growCapacity`).
    mutating func reserveCapacity(_ n: Int) { growCapacity(&slots, to: n) }

    /// A run of `capacity(ofClass: k)` slots; returns its first slot.
    mutating func allocate(sizeClass k: Int) -> Int {
        if k < freeRuns.count, freeRuns[k] >= 0 {
            let start = Int(freeRuns[k])
            freeRuns[k] = slots[start]
            return start
        }
        let start = slots.count
        slots.append(contentsOf: repeatElement(0, count: Self.capacity(ofClass: k)))
        return start
    }

    mutating func release(_ start: Int, sizeClass k: Int) {
        while freeRuns.count <= k { freeRuns.append(-1) }
        slots[start] = freeRuns[k]
        freeRuns[k] = Int32(truncatingIfNeeded: start)
    }

    /// Copies `count` slots from `source` to `target` (runs that do not overlap).
    mutating func move(from source: Int, count: Int, to target: Int) {
        for i in 0..<count { slots[target + i] = slots[source + i] }
    }
}
