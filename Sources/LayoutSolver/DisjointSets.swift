/// Union–find over `0..<count`, with path halving; a union keeps the
/// smaller root, so every set's root is its smallest member. Storage can be
/// handed in and taken back, so a check that runs often allocates nothing.
struct DisjointSets {
    private(set) var parent: [Int32]

    /// `count` singletons, in `storage`'s buffer (its contents are dropped).
    /// Consumed: a caller that still held the buffer would make clearing it
    /// copy it, an allocation per call.
    init(count: Int, reusing storage: consuming [Int32] = []) {
        parent = consume storage
        parent.removeAll(keepingCapacity: true)
        parent.reserveCapacity(count)
        for i in 0..<count { parent.append(Int32(truncatingIfNeeded: i)) }
    }

    /// The root of `i`'s set (see `Unions.find`).
    mutating func find(_ i: Int) -> Int { withUnions { $0.find(i) } }

    /// Joins the sets of `a` and `b` (see `Unions.union`).
    mutating func union(_ a: Int, _ b: Int) { withUnions { $0.union(a, b) } }

    /// Runs `body` with unions made through the storage's buffer: no bounds
    /// or uniqueness check per step (a batch's grouping makes thousands).
    mutating func withUnions<R>(_ body: (inout Unions) -> R) -> R {
        parent.withUnsafeMutableBufferPointer { p in
            var unions = Unions(parent: p)
            return body(&unions)
        }
    }

    struct Unions {
        let parent: UnsafeMutableBufferPointer<Int32>

        @inline(__always) func find(_ i: Int) -> Int {
            var i = i
            while Int(parent[i]) != i {
                parent[i] = parent[Int(parent[i])]
                i = Int(parent[i])
            }
            return i
        }

        @inline(__always) func union(_ a: Int, _ b: Int) {
            let x = find(a), y = find(b)
            if x != y { parent[max(x, y)] = Int32(truncatingIfNeeded: min(x, y)) }
        }
    }

    /// Points every member straight at its root, in one pass: a parent is
    /// never above its child (a union keeps the smaller root, halving moves
    /// to a smaller ancestor), so in ascending order each parent's entry is
    /// already its root. Then `root` reads it with no walk, until the next union.
    mutating func flatten() {
        parent.withUnsafeMutableBufferPointer { p in
            for i in p.indices { p[i] = p[Int(p[i])] }
        }
    }

    /// Member `i`'s root, after `flatten`.
    @inline(__always) func root(_ i: Int) -> Int { Int(parent[i]) }
}
