/// A list of small non-negative integers (row slots, symbols) whose first
/// four elements are stored inline and the rest in an array.
///
/// Most of the solver's per-symbol and per-constraint lists are short: a
/// slack or marker sits in a few rows, a view constraint names two to four
/// variables. A heap array for each was most of a feed-cell build's
/// allocations; inline storage makes the short ones free.
struct SmallList: Sequence {
    static let inlineCapacity = 4
    private var head: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    /// Elements from `inlineCapacity` on.
    private var overflow: [Int32] = []
    private var stored: Int32 = 0

    init() {}

    var count: Int { Int(stored) }
    var isEmpty: Bool { stored == 0 }

    mutating func append(_ x: Int) {
        let v = Int32(truncatingIfNeeded: x)
        switch stored {
        case 0: head.0 = v
        case 1: head.1 = v
        case 2: head.2 = v
        case 3: head.3 = v
        default:
            // A list that spills is usually long (a container's width in
            // many rows): skip the smallest growth steps.
            if overflow.isEmpty { overflow.reserveCapacity(8) }
            overflow.append(v)
        }
        stored += 1
    }

    /// Empties the list and releases its overflow storage.
    mutating func removeAll() {
        overflow = []
        stored = 0
    }

    /// The list with each element `x` written as `f(x)`.
    /// By index, not through an iterator, which holds a copy of the list.
    func mapped(_ f: (Int) -> Int) -> SmallList {
        var out = SmallList()
        let n = count
        if n > 0 { out.append(f(Int(head.0))) }
        if n > 1 { out.append(f(Int(head.1))) }
        if n > 2 { out.append(f(Int(head.2))) }
        if n > 3 { out.append(f(Int(head.3))) }
        for x in overflow { out.append(f(Int(x))) }
        return out
    }

    func contains(_ x: Int) -> Bool {
        for y in self where y == x { return true }
        return false
    }

    func makeIterator() -> Iterator { Iterator(list: self) }

    /// Iterates a copy: changing the list meanwhile does not affect it.
    struct Iterator: IteratorProtocol {
        private let list: SmallList
        private var i = 0

        fileprivate init(list: SmallList) { self.list = list }

        @inline(__always) mutating func next() -> Int? {
            guard i < list.count else { return nil }
            defer { i += 1 }
            switch i {
            case 0: return Int(list.head.0)
            case 1: return Int(list.head.1)
            case 2: return Int(list.head.2)
            case 3: return Int(list.head.3)
            default: return Int(list.overflow[i - SmallList.inlineCapacity])
            }
        }
    }
}
