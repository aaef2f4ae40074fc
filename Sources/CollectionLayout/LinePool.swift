import Geometry
import Randomness

/// One item of a flow layout line: its size and whether it is still an estimate.
struct FlowItem: Equatable {
    var size: Size
    var estimated: Bool
}

/// A line's items: the first kept inline, so a line of one item (the talk's
/// column layout on a phone) costs no allocation of its own.
struct LineItems: RandomAccessCollection, MutableCollection, Equatable {
    var head: FlowItem
    var tail: [FlowItem] = []

    init(_ head: FlowItem) { self.head = head }

    var startIndex: Int { 0 }
    var endIndex: Int { 1 + tail.count }

    subscript(i: Int) -> FlowItem {
        get { i == 0 ? head : tail[i - 1] }
        set { if i == 0 { head = newValue } else { tail[i - 1] = newValue } }
    }

    mutating func append(_ item: FlowItem) { tail.append(item) }

    /// True when every item equals `x`.
    func all(equal x: FlowItem) -> Bool { head == x && tail.allSatisfy { $0 == x } }
}

/// One line of a flow section: its items and their placement across the line.
/// Where the line sits along the scroll axis is not stored: it is the sum of
/// the lines before it, kept by ``LinePool`` as subtree sums.
struct FlowLine: Equatable {
    var items: LineItems
    /// The line's extent along the scroll axis (its tallest item when vertical).
    var thickness: Double
    /// The first item's start along the line, from the line origin.
    var uStart: Double
    /// The distance between one item's end and the next one's start.
    var gap: Double
}

/// A line repeated: the unit ``LinePool`` stores and builds from.
struct LineRun {
    var line: FlowLine
    var repeats: Int
}

extension [LineRun] {
    /// Appends `repeats` copies of `line`, lengthening the last run when it holds the same line.
    mutating func append(_ line: FlowLine, repeats: Int = 1) {
        guard repeats > 0 else { return }
        if let last = self.last, last.line == line { self[count - 1].repeats += repeats } else {
            append(LineRun(line: line, repeats: repeats))
        }
    }
}

/// Every flow section's lines, as implicit-key treaps in one node pool.
///
/// A section is a root; in-order, its nodes are its lines. A node holds one
/// line and how many times it repeats: identical lines in a row (in a greedy
/// layout, full lines of one item size: the talk's column layout) share a
/// node, so a section of uniform items is a node or two whatever its length.
/// Each node keeps the sums of its subtree — items, lines, and length along
/// the scroll axis (each line's thickness plus the line spacing) — so an
/// item's line and a line's offset are found by one descent and, inside a
/// node, by arithmetic; splicing lines in or out (split, which cuts a node
/// when the cut falls inside it, and join, which fuses equal lines meeting at
/// the seam) costs O(log L) whatever follows: following lines are never
/// rewritten, their offsets are the sums above them.
///
/// Priorities come from a seeded generator, so the trees (and the `visits`
/// work counter) are the same in every run of the same operations. Nodes live
/// in one array: the layout stays a value (copying it copies the pool).
struct LinePool: ArrayTreap {
    struct Node: ArrayTreapNode {
        var line: FlowLine
        /// Identical lines in a row this node stands for (at least 1).
        var repeats: Int
        var left: Int32 = -1
        var right: Int32 = -1
        var priority: UInt64
        var items = 0
        var lines = 0
        var length = 0.0

        /// The scroll-axis distance from one of the node's lines to the next.
        func step(_ spacing: Double) -> Double { line.thickness + spacing }
    }

    /// Settable in the module only for ``ArrayTreap``.
    var nodes: [Node] = []
    private var free: [Int32] = []
    private var random = SplitMix64(seed: 0x5EED)
    /// The line spacing added after every line in `length`.
    var spacing: Double
    /// Nodes visited by descents, splits, merges, joins and builds: the work
    /// counter behind ``FlowLayout/Counters/linesVisited``.
    var visits = 0

    /// An empty pool; `visits` carries a count over from the pool it replaces.
    init(spacing: Double, visits: Int = 0) {
        self.spacing = spacing
        self.visits = visits
    }

    // MARK: Aggregates

    func items(_ t: Int32) -> Int { t < 0 ? 0 : nodes[Int(t)].items }
    func lines(_ t: Int32) -> Int { t < 0 ? 0 : nodes[Int(t)].lines }
    /// Sum of thickness + spacing over the subtree's lines.
    func length(_ t: Int32) -> Double { t < 0 ? 0 : nodes[Int(t)].length }

    mutating func update(_ t: Int32) {
        let i = Int(t)
        let l = nodes[i].left, r = nodes[i].right
        let m = nodes[i].repeats
        nodes[i].items = items(l) + nodes[i].line.items.count * m + items(r)
        nodes[i].lines = lines(l) + m + lines(r)
        nodes[i].length = length(l) + Double(m) * nodes[i].step(spacing) + length(r)
    }

    /// Well-spread priorities from a fixed seed.
    private mutating func nextPriority() -> UInt64 { random.next() }

    mutating func make(_ run: LineRun) -> Int32 {
        let node = Node(line: run.line, repeats: run.repeats, priority: nextPriority())
        if let t = free.popLast() {
            nodes[Int(t)] = node
            return t
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    // MARK: Building and splicing

    /// A tree of `runs` in order, one node each. - Complexity: O(runs) (a Cartesian-tree build).
    mutating func build(_ runs: [LineRun]) -> Int32 {
        let root = buildTree(runs)
        visits += runs.count
        return root
    }

    /// Splits off the first `k` lines: (first k, the rest). A node the cut
    /// falls inside is cut in two. - Complexity: O(log L).
    mutating func split(_ t: Int32, lines k: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        visits += 1
        let leftLines = lines(nodes[Int(t)].left), m = nodes[Int(t)].repeats
        if k <= leftLines {
            let (a, b) = split(nodes[Int(t)].left, lines: k)
            nodes[Int(t)].left = b
            update(t)
            return (a, t)
        } else if k >= leftLines + m {
            let (a, b) = split(nodes[Int(t)].right, lines: k - leftLines - m)
            nodes[Int(t)].right = a
            update(t)
            return (t, b)
        } else {
            // `t` keeps its first lines and its left subtree; a new node takes
            // the other lines, in front of `t`'s right subtree.
            let kept = k - leftLines
            let rest = make(LineRun(line: nodes[Int(t)].line, repeats: m - kept))
            update(rest)
            let right = nodes[Int(t)].right
            nodes[Int(t)].right = -1
            nodes[Int(t)].repeats = kept
            update(t)
            return (t, merge(rest, right))
        }
    }

    /// The lines of `a`, then those of `b`. - Complexity: O(log L).
    mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
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

    /// ``merge(_:_:)`` that fuses `a`'s last node and `b`'s first into one
    /// when they hold the same line, so runs of identical lines stay one node
    /// across splices. - Complexity: O(log L + c) for c items in the seam's line.
    mutating func join(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        var path: [Int32] = []
        var n = a
        while n >= 0 {
            visits += 1
            path.append(n)
            n = nodes[Int(n)].right
        }
        var first = b
        while nodes[Int(first)].left >= 0 {
            visits += 1
            first = nodes[Int(first)].left
        }
        let last = path[path.count - 1]
        guard nodes[Int(last)].line == nodes[Int(first)].line else { return merge(a, b) }
        let extra = nodes[Int(first)].repeats
        let (head, rest) = split(b, lines: extra)       // `head` is `first` alone
        release(head)
        nodes[Int(last)].repeats += extra
        for m in path.reversed() { update(m) }
        return merge(a, rest)
    }

    /// Returns a subtree's nodes to the pool. - Complexity: O(its nodes).
    mutating func release(_ t: Int32) {
        var stack: [Int32] = t >= 0 ? [t] : []
        while let n = stack.popLast() {
            let node = nodes[Int(n)]
            if node.left >= 0 { stack.append(node.left) }
            if node.right >= 0 { stack.append(node.right) }
            nodes[Int(n)].line.items.tail = []
            free.append(n)
        }
    }

    /// Changes line `k` and returns the new root: the line is cut out of its
    /// run (if any), changed, and joined back, fusing with equal neighbours.
    /// - Complexity: O(log L + c).
    mutating func modifyLine(_ k: Int, in t: Int32, _ body: (inout FlowLine) -> Void) -> Int32 {
        let (before, from) = split(t, lines: k)
        let (one, after) = split(from, lines: 1)
        body(&nodes[Int(one)].line)
        update(one)
        return join(join(before, one), after)
    }
}
