/// Finding lines and items in a section's tree: one descent to the node, then
/// arithmetic inside it (a node's lines are identical, `step` apart).
extension LinePool {
    /// Where a line is: its node and index there, its index in the section,
    /// its first item, and its start along the scroll axis (from the section's
    /// first line).
    struct Position {
        var node: Int32
        /// Which of the node's repeated lines (0 for its first).
        var repeatIndex: Int
        var line: Int
        var firstItem: Int
        /// Where the node's first line starts; the line itself is `repeatIndex` steps further.
        var nodeStart: Double
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

    /// Line `j` of node `n`, whose first line is line `line`, starts with item `first` and at `start`.
    private func position(_ n: Int32, _ j: Int, line: Int, first: Int, start: Double) -> Position {
        let node = nodes[Int(n)]
        return Position(node: n, repeatIndex: j, line: line + j, firstItem: first + j * node.line.items.count,
                        nodeStart: start, v: start + Double(j) * node.step(spacing))
    }

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
            i -= leftItems
            let c = node.line.items.count, here = c * node.repeats
            if i < here { return (position(n, i / c, line: line, first: first, start: v), steps) }
            i -= here
            first += here
            line += node.repeats
            v += Double(node.repeats) * node.step(spacing)
            n = node.right
        }
    }

    /// The first line that ends after `v` (from the section's first line), or
    /// nil when none does. Line ends only grow along a section (each line
    /// starts after the previous one ends), so this is a binary search.
    private func lookUp(endingAfter v: Double, in t: Int32) -> (Position?, Int) {
        var n = t
        var line = 0, first = 0, start = 0.0
        var best: Position?
        var steps = 0
        while n >= 0 {
            steps += 1
            let node = nodes[Int(n)]
            let here = start + length(node.left)
            let j = firstRepeat(of: node, at: here, endingAfter: v)
            if j < node.repeats {
                best = position(n, j, line: line + lines(node.left), first: first + items(node.left), start: here)
                // Only when the node's first line qualifies can an earlier one.
                if j > 0 { break }
                n = node.left
            } else {
                line += lines(node.left) + node.repeats
                first += items(node.left) + node.line.items.count * node.repeats
                start = here + Double(node.repeats) * node.step(spacing)
                n = node.right
            }
        }
        return (best, steps)
    }

    /// The first of a node's lines (starting at `here`) that ends after `v`;
    /// `repeats` when none does. - Complexity: O(1).
    private func firstRepeat(of node: Node, at here: Double, endingAfter v: Double) -> Int {
        let thickness = node.line.thickness, step = node.step(spacing), m = node.repeats
        func ends(_ j: Int) -> Bool { here + Double(j) * step + thickness > v }
        guard step > 0 else { return ends(0) ? 0 : m }
        // Estimate, then correct the rounding of the division by a step or two.
        let estimate = ((v - here - thickness) / step).rounded(.down) + 1
        var j = estimate.isNaN ? 0 : Int(min(max(estimate, 0), Double(m)))
        while j > 0, ends(j - 1) { j -= 1 }
        while j < m, !ends(j) { j += 1 }
        return j
    }

    /// The item at index `i`. - Complexity: O(log L).
    mutating func item(_ i: Int, in t: Int32) -> FlowItem {
        let p = line(containingItem: i, in: t)
        return nodes[Int(p.node)].line.items[i - p.firstItem]
    }

    /// How many items equal to `x` follow in a row from item `i` (it
    /// included), at most `limit`, counted in `visits`.
    /// - Complexity: O(log L + nodes read + c): a node of identical lines of
    ///   `x` alone counts whole, however many lines it holds.
    mutating func count(of x: FlowItem, fromItem i: Int, in t: Int32, limit: Int) -> Int {
        guard limit > 0, i < items(t) else { return 0 }
        // Descend to item i's node, stacking the nodes that follow it in order.
        var stack: [Int32] = []
        var n = t, offset = i
        while true {
            visits += 1
            let node = nodes[Int(n)]
            let leftItems = items(node.left)
            if offset < leftItems {
                stack.append(n)
                n = node.left
                continue
            }
            offset -= leftItems
            let here = node.line.items.count * node.repeats
            if offset < here {
                stack.append(n)
                break
            }
            offset -= here
            n = node.right
        }
        var count = 0
        while let top = stack.popLast() {
            let line = nodes[Int(top)].line
            let here = line.items.count * nodes[Int(top)].repeats
            if line.items.all(equal: x) {
                count += here - offset
            } else {
                // A mixed line ends the stretch within a line, unless only its end was read.
                var k = offset
                while k < here, line.items[k % line.items.count] == x { k += 1 }
                count += k - offset
                if k < here { return min(limit, count) }
            }
            if count >= limit { return limit }
            offset = 0
            var r = nodes[Int(top)].right
            while r >= 0 {
                visits += 1
                stack.append(r)
                r = nodes[Int(r)].left
            }
        }
        return min(limit, count)
    }

    /// Visits lines in order from line `start.line`: `body(line, firstItem, v)`
    /// until it returns false. `start` comes from a lookup. A node's lines are
    /// visited one by one, each at its own offset.
    /// - Complexity: O(log L + lines visited).
    func forEachLine(from start: Position, in t: Int32, _ body: (FlowLine, Int, Double) -> Bool) {
        // The path to the start's node, with the nodes that follow it in order.
        var stack: [Int32] = []
        var n = t, k = start.line
        while n >= 0 {
            let node = nodes[Int(n)]
            let leftLines = lines(node.left)
            if k < leftLines {
                stack.append(n)
                n = node.left
            } else if k < leftLines + node.repeats {
                stack.append(n)
                break
            } else {
                k -= leftLines + node.repeats
                n = node.right
            }
        }
        var first = start.firstItem, nodeStart = start.nodeStart, j = start.repeatIndex
        while let top = stack.popLast() {
            let node = nodes[Int(top)]
            let step = node.step(spacing), c = node.line.items.count
            while j < node.repeats {
                guard body(node.line, first, nodeStart + Double(j) * step) else { return }
                first += c
                j += 1
            }
            nodeStart += Double(node.repeats) * step
            j = 0
            var r = node.right
            while r >= 0 {
                stack.append(r)
                r = nodes[Int(r)].left
            }
        }
    }
}
