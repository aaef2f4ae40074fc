import Randomness

/// Section extents with prefix sums: where each section starts along the
/// scroll axis, and which section holds an offset.
///
/// An implicit-key treap (a node's index is the size of what precedes it in
/// order) whose nodes keep the sum and size of their subtree. Changing,
/// inserting or removing one section's extent costs O(log S) expected, so a
/// batch that inserts, deletes or moves sections never rewrites the starts of
/// the sections after them: those starts are sums.
///
/// Priorities come from a seeded generator, so the same operations build the
/// same tree and the same sums, bit for bit, and the same `visits`. (Two
/// histories that end with equal extents may group the sums differently; with
/// extents that are whole points, as in every layout here, that is exact.)
///
/// `extents` mirrors the tree as a plain array for O(1) reads while walking
/// sections in order; inserting or removing shifts it (a memmove, like the
/// layout's array of section roots), but no section is visited.
struct SectionOffsets: ArrayTreap {
    struct Node: ArrayTreapNode {
        var extent: Double
        var priority: UInt64
        var left: Int32 = -1
        var right: Int32 = -1
        var size = 1
        var sum: Double
    }

    private(set) var extents: [Double] = []
    /// Internal (not private) only for ``ArrayTreap``.
    var nodes: [Node] = []
    private var free: [Int32] = []
    private var root: Int32 = -1
    private var random = SplitMix64(seed: 0x5EC7_105E)
    /// Tree nodes written (built, split, merged or re-summed): the work
    /// counter behind ``FlowLayout/Counters/sectionsVisited``. Queries count nothing.
    var visits = 0

    /// A tree of `extents` in order; `visits` carries a count over from the
    /// tree it replaces. - Complexity: O(S) (a Cartesian-tree build).
    init(_ extents: [Double] = [], visits: Int = 0) {
        self.visits = visits + extents.count
        self.extents = extents
        root = buildTree(extents)
    }

    var count: Int { extents.count }

    /// The sum of every extent. - Complexity: O(1).
    var total: Double { sum(root) }

    // MARK: Edits

    /// Sets section `s`'s extent: one descent, then the sums on its path.
    /// - Complexity: O(log S).
    mutating func set(_ s: Int, _ extent: Double) {
        guard extents[s] != extent else { return }
        extents[s] = extent
        var path: [Int32] = []
        var n = root, k = s
        while true {
            path.append(n)
            let leftSize = size(nodes[Int(n)].left)
            if k < leftSize {
                n = nodes[Int(n)].left
            } else if k == leftSize {
                break
            } else {
                k -= leftSize + 1
                n = nodes[Int(n)].right
            }
        }
        nodes[Int(n)].extent = extent
        for m in path.reversed() { update(m) }
        visits += path.count
    }

    /// Inserts a section of `extent` before section `s` (at the end when
    /// `s == count`). - Complexity: O(log S), plus the memmove of `extents`.
    mutating func insert(_ extent: Double, at s: Int) {
        extents.insert(extent, at: s)
        let t = make(extent)
        update(t)
        visits += 1
        let (a, b) = split(root, s)
        root = merge(merge(a, t), b)
    }

    /// Removes section `s`. - Complexity: O(log S), plus the memmove of `extents`.
    mutating func remove(at s: Int) {
        extents.remove(at: s)
        let (a, rest) = split(root, s)
        let (one, b) = split(rest, 1)
        free.append(one)
        root = merge(a, b)
    }

    // MARK: Queries

    /// The start of section `s`: the sum of the extents before it (the total
    /// when `s == count`). - Complexity: O(log S).
    func start(_ s: Int) -> Double {
        var sum = 0.0, n = root, k = s
        while n >= 0 {
            let node = nodes[Int(n)]
            let leftSize = size(node.left)
            if k <= leftSize {
                n = node.left
            } else {
                sum += self.sum(node.left) + node.extent
                k -= leftSize + 1
                n = node.right
            }
        }
        return sum
    }

    /// The first section that ends after `v` (count when none does). Ends
    /// never decrease along the sections, so this is one descent.
    /// - Complexity: O(log S).
    func firstSection(endingAfter v: Double) -> Int {
        var n = root, before = 0, start = 0.0
        var best = count
        while n >= 0 {
            let node = nodes[Int(n)]
            let here = start + sum(node.left)
            if here + node.extent > v {
                best = before + size(node.left)
                n = node.left
            } else {
                before += size(node.left) + 1
                start = here + node.extent
                n = node.right
            }
        }
        return best
    }

    // MARK: Treap

    private func size(_ t: Int32) -> Int { t < 0 ? 0 : nodes[Int(t)].size }
    private func sum(_ t: Int32) -> Double { t < 0 ? 0 : nodes[Int(t)].sum }

    mutating func update(_ t: Int32) {
        let i = Int(t), l = nodes[i].left, r = nodes[i].right
        nodes[i].size = size(l) + 1 + size(r)
        nodes[i].sum = sum(l) + nodes[i].extent + sum(r)
    }

    /// Well-spread priorities from a fixed seed.
    private mutating func nextPriority() -> UInt64 { random.next() }

    mutating func make(_ extent: Double) -> Int32 {
        let node = Node(extent: extent, priority: nextPriority(), sum: extent)
        if let t = free.popLast() {
            nodes[Int(t)] = node
            return t
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// (the first `k` sections, the rest). - Complexity: O(log S).
    private mutating func split(_ t: Int32, _ k: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        visits += 1
        let leftSize = size(nodes[Int(t)].left)
        if k <= leftSize {
            let (a, b) = split(nodes[Int(t)].left, k)
            nodes[Int(t)].left = b
            update(t)
            return (a, t)
        } else {
            let (a, b) = split(nodes[Int(t)].right, k - leftSize - 1)
            nodes[Int(t)].right = a
            update(t)
            return (t, b)
        }
    }

    /// The sections of `a`, then those of `b`. - Complexity: O(log S).
    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        visits += 1
        if nodes[Int(a)].priority > nodes[Int(b)].priority {
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            update(a)
            return a
        } else {
            nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
            update(b)
            return b
        }
    }
}
