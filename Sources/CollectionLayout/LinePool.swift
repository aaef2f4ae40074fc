import Geometry

/// One item of a flow layout line: its size and whether it is still an estimate.
struct FlowItem: Equatable {
    var size: Size
    var estimated: Bool
}

/// A line's items: the first kept inline, so a line of one item (the talk's
/// column layout on a phone) costs no allocation of its own.
struct LineItems: RandomAccessCollection, MutableCollection {
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
}

/// One line of a flow section: its items and their placement across the line.
/// Where the line sits along the scroll axis is not stored: it is the sum of
/// the lines before it, kept by ``LinePool`` as subtree sums.
struct FlowLine {
    var items: LineItems
    /// The line's extent along the scroll axis (its tallest item when vertical).
    var thickness: Double
    /// The first item's start along the line, from the line origin.
    var uStart: Double
    /// The distance between one item's end and the next one's start.
    var gap: Double
}

/// Every flow section's lines, as implicit-key treaps in one node pool.
///
/// A section is a root; in-order, its nodes are its lines. Each node keeps the
/// sums of its subtree — items, lines, and length along the scroll axis (each
/// line's thickness plus the line spacing) — so an item's line and a line's
/// offset are found by one descent, and splicing lines in or out (split,
/// merge) costs O(log L) whatever follows: following lines are never rewritten,
/// their offsets are the sums above them.
///
/// Priorities come from a seeded generator, so the trees (and the `visits`
/// work counter) are the same in every run of the same operations. Nodes live
/// in one array: the layout stays a value (copying it copies the pool).
struct LinePool {
    struct Node {
        var line: FlowLine
        var left: Int32 = -1
        var right: Int32 = -1
        var priority: UInt64
        var items = 0
        var lines = 0
        var length = 0.0
    }

    private(set) var nodes: [Node] = []
    private var free: [Int32] = []
    private var state: UInt64 = 0x5EED
    /// The line spacing added after every line in `length`.
    var spacing: Double
    /// Nodes visited by descents, splits, merges and builds: the work counter
    /// behind ``FlowLayout/Counters/linesVisited``.
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

    private mutating func update(_ t: Int32) {
        let i = Int(t)
        let l = nodes[i].left, r = nodes[i].right
        nodes[i].items = items(l) + nodes[i].line.items.count + items(r)
        nodes[i].lines = lines(l) + 1 + lines(r)
        nodes[i].length = length(l) + (nodes[i].line.thickness + spacing) + length(r)
    }

    private mutating func nextPriority() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func make(_ line: FlowLine) -> Int32 {
        let node = Node(line: line, priority: nextPriority())
        if let t = free.popLast() {
            nodes[Int(t)] = node
            return t
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    // MARK: Building and splicing

    /// A tree of `lines` in order. - Complexity: O(lines) (a Cartesian-tree build).
    mutating func build(_ lines: [FlowLine]) -> Int32 {
        guard !lines.isEmpty else { return -1 }
        // The stack is the right spine; each node's right child is the one
        // above it, so a node is complete (and summed) when it is popped.
        var stack: [Int32] = []
        for line in lines {
            let t = make(line)
            var last: Int32 = -1
            while let top = stack.last, nodes[Int(top)].priority < nodes[Int(t)].priority {
                update(top)
                last = stack.removeLast()
            }
            nodes[Int(t)].left = last
            if let top = stack.last { nodes[Int(top)].right = t }
            stack.append(t)
        }
        for t in stack.reversed() { update(t) }
        visits += lines.count
        return stack[0]
    }

    /// Splits off the first `k` lines: (first k, the rest). - Complexity: O(log L).
    mutating func split(_ t: Int32, lines k: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        visits += 1
        let leftLines = lines(nodes[Int(t)].left)
        if k <= leftLines {
            let (a, b) = split(nodes[Int(t)].left, lines: k)
            nodes[Int(t)].left = b
            update(t)
            return (a, t)
        } else {
            let (a, b) = split(nodes[Int(t)].right, lines: k - leftLines - 1)
            nodes[Int(t)].right = a
            update(t)
            return (t, b)
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

    /// Returns a subtree's nodes to the pool. - Complexity: O(its lines).
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

    // MARK: Lookups

    /// Where a line is: its index, first item, and start along the scroll axis
    /// (from the section's first line).
    struct Position {
        var node: Int32
        var line: Int
        var firstItem: Int
        var v: Double
    }

    /// The line holding item `i` (0 ≤ i < items(t)), counted in `visits`. - Complexity: O(log L).
    mutating func line(containingItem i: Int, in t: Int32) -> Position {
        let (p, steps) = lookUp(containingItem: i, in: t)
        visits += steps
        return p
    }

    /// The first line ending after `v`, counted in `visits`. - Complexity: O(log L).
    mutating func line(endingAfter v: Double, in t: Int32) -> Position? {
        let (p, steps) = lookUp(endingAfter: v, in: t)
        visits += steps
        return p
    }

    /// ``line(containingItem:in:)`` for queries, which count nothing.
    func peekLine(containingItem i: Int, in t: Int32) -> Position { lookUp(containingItem: i, in: t).0 }

    /// ``line(endingAfter:in:)`` for queries, which count nothing.
    func peekLine(endingAfter v: Double, in t: Int32) -> Position? { lookUp(endingAfter: v, in: t).0 }

    private func lookUp(containingItem i: Int, in t: Int32) -> (Position, Int) {
        var n = t, i = i
        var line = 0, first = 0, v = 0.0
        var steps = 0
        while true {
            steps += 1
            let node = nodes[Int(n)]
            let leftItems = items(node.left)
            if i < leftItems {
                n = node.left
                continue
            }
            line += lines(node.left)
            v += length(node.left)
            first += leftItems
            if i < leftItems + node.line.items.count { return (Position(node: n, line: line, firstItem: first, v: v), steps) }
            i -= leftItems + node.line.items.count
            first += node.line.items.count
            line += 1
            v += node.line.thickness + spacing
            n = node.right
        }
    }

    /// The first line that ends after `v` (from the section's first line), or
    /// nil when none does.
    private func lookUp(endingAfter v: Double, in t: Int32) -> (Position?, Int) {
        var n = t
        var line = 0, first = 0, start = 0.0
        var best: Position?
        var steps = 0
        while n >= 0 {
            steps += 1
            let node = nodes[Int(n)]
            let here = start + length(node.left)
            if here + node.line.thickness > v {
                // This line qualifies; an earlier one may too.
                best = Position(node: n, line: line + lines(node.left), firstItem: first + items(node.left), v: here)
                n = node.left
            } else {
                line += lines(node.left) + 1
                first += items(node.left) + node.line.items.count
                start = here + node.line.thickness + spacing
                n = node.right
            }
        }
        return (best, steps)
    }

    /// The item at index `i`. - Complexity: O(log L).
    mutating func item(_ i: Int, in t: Int32) -> FlowItem {
        let p = line(containingItem: i, in: t)
        return nodes[Int(p.node)].line.items[i - p.firstItem]
    }

    /// Changes line `k` in place and refreshes the sums above it. - Complexity: O(log L).
    mutating func modifyLine(_ k: Int, in t: Int32, _ body: (inout FlowLine) -> Void) {
        var path: [Int32] = []
        var n = t, k = k
        while true {
            visits += 1
            path.append(n)
            let leftLines = lines(nodes[Int(n)].left)
            if k < leftLines { n = nodes[Int(n)].left } else if k == leftLines { break } else {
                k -= leftLines + 1
                n = nodes[Int(n)].right
            }
        }
        body(&nodes[Int(n)].line)
        for m in path.reversed() { update(m) }
    }

    /// Visits lines in order from line `k`: `body(line, firstItem, v)` until it returns false.
    /// `start` is line `k`'s position (from a lookup). - Complexity: O(log L + lines visited).
    func forEachLine(from start: Position, in t: Int32, _ body: (FlowLine, Int, Double) -> Bool) {
        var stack: [Int32] = []
        var n = t, k = start.line
        while n >= 0 {
            let leftLines = lines(nodes[Int(n)].left)
            if k < leftLines {
                stack.append(n)
                n = nodes[Int(n)].left
            } else if k == leftLines {
                stack.append(n)
                break
            } else {
                k -= leftLines + 1
                n = nodes[Int(n)].right
            }
        }
        var first = start.firstItem, v = start.v
        while let top = stack.popLast() {
            let line = nodes[Int(top)].line
            guard body(line, first, v) else { return }
            first += line.items.count
            v += line.thickness + spacing
            var r = nodes[Int(top)].right
            while r >= 0 {
                stack.append(r)
                r = nodes[Int(r)].left
            }
        }
    }
}
