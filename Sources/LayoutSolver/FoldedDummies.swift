/// Dummy terms kept folded instead of written out.
///
/// A required equality's marker (a dummy) only records which constraint a
/// row depends on: dummies are always 0, never enter the basis while
/// optimising, and are read only to remove a constraint, to change a
/// required equality's constant, or to name the constraints in a conflict.
/// Written out, they make a chain quadratic: in a row of N views pinned
/// leading-to-trailing, view i's row holds one dummy per constraint before
/// it, so the reduced tableau has ~N² terms even though nothing else in it
/// grows (the original Cassowary, kiwi and amoeba all pay this).
///
/// A folded row keeps its dummy terms as `Σ kᵢ × node`, where a node is an
/// immutable sum of explicit dummy terms and further nodes (a DAG). Reusing
/// a row's dummies in a new row is then one reference, not a copy: building
/// the chain costs O(1) per constraint. A required equality's constant
/// change reads each node's coefficient of its dummy once
/// (`shiftFoldedRows`). Before a removal or a split check reads dummy
/// columns, the tableau expands the component's folded terms into ordinary
/// cells (`Tableau.unfold`), paying then what eager substitution paid up front.
final class DummyNode {
    /// Explicit dummy terms.
    let cells: [Cell]
    /// Further folded terms. Mutated only by `deinit`.
    private(set) var refs: [FoldedRef]
    /// Scratch for expansion: visit epoch, accumulated weight, and whether
    /// the node is on the traversal stack.
    var mark = 0
    var weight = 0.0
    /// The largest contribution summed into `weight`: a weight far below it
    /// is contributions cancelling, rounding noise rather than a term.
    var weightScale = 0.0
    /// The node's expansion, kept only while `Tableau.unfold` runs.
    var memo: Row? = nil

    init(cells: [Cell], refs: [FoldedRef]) {
        self.cells = cells
        self.refs = refs
    }

    /// Releases a long chain of nodes iteratively: the default recursive
    /// release would go one stack frame per link.
    deinit {
        var stack: [DummyNode] = []
        for r in refs { stack.append(r.node) }
        refs = []
        while var n = stack.popLast() {
            if isKnownUniquelyReferenced(&n) {
                for r in n.refs { stack.append(r.node) }
                n.refs = []
            }
        }
    }
}

/// `coefficient × node`.
struct FoldedRef {
    var coefficient: Double
    var node: DummyNode
}

/// Visits every node reachable from `root` not yet marked with `epoch`,
/// children before parents (iterative, so a chain thousands deep cannot
/// overflow the stack), marking each as it is entered.
@inline(__always)
func visitPostOrder(from root: DummyNode, epoch e: Int, _ visit: (DummyNode) -> Void) {
    guard root.mark != e else { return }
    root.mark = e
    var stack: [(node: DummyNode, next: Int)] = [(root, 0)]
    while !stack.isEmpty {
        let (n, i) = stack[stack.count - 1]
        if i < n.refs.count {
            stack[stack.count - 1].next = i + 1
            let child = n.refs[i].node
            if child.mark != e {
                child.mark = e
                stack.append((child, 0))
            }
        } else {
            stack.removeLast()
            visit(n)
        }
    }
}

/// Adds the expansion of `refs` to `out` as explicit terms; symbols that
/// appear or cancel go to `added` / `removed`. Shared sub-sums are visited
/// once: weights are pushed down the DAG in topological order, so the cost is
/// the number of nodes and edges reachable, never the number of paths.
/// Returns the number of terms read.
func expandFolded(_ refs: [FoldedRef], into out: inout Row, epoch: inout Int,
                  added: inout SymbolBuffer, removed: inout SymbolBuffer) -> Int {
    guard !refs.isEmpty else { return 0 }
    epoch += 1
    let e = epoch
    // Post-order; `order` reversed is topological.
    var order: [DummyNode] = []
    for r in refs { visitPostOrder(from: r.node, epoch: e) { order.append($0) } }
    for n in order { n.weight = 0; n.weightScale = 0 }
    @inline(__always) func push(_ n: DummyNode, _ k: Double) {
        n.weight += k
        n.weightScale = max(n.weightScale, abs(k))
    }
    for r in refs { push(r.node, r.coefficient) }
    var terms = 0
    for n in order.reversed() {
        // Paths that cancel (a dummy reached with +k and −k) leave noise, not
        // a term: written out, it would give every dummy below a coefficient
        // of 1e-16, which a later pivot can divide by.
        let w = abs(n.weight) < cancellation * n.weightScale ? 0 : n.weight
        for r in n.refs { push(r.node, w * r.coefficient) }
        terms += n.cells.count + n.refs.count
        guard w != 0 else { continue }
        for cell in n.cells {
            switch out.add(cell.symbol, w * cell.coefficient) {
            case 1: added.append(cell.symbol)
            case -1: removed.append(cell.symbol)
            default: break
            }
        }
    }
    return terms
}

extension Tableau {
    /// The row's cells with its folded dummies written out (for naming the
    /// constraints in a conflict); the tableau is not changed.
    mutating func expandedCells(_ row: Row) -> [Cell] {
        guard !row.refs.isEmpty else { return row.cells }
        var copy = row
        let refs = copy.takeRefs()
        counters.termsTouched += expandFolded(refs, into: &copy, epoch: &expansionEpoch,
                                              added: &scratchAdded, removed: &scratchRemoved)
        scratchAdded.reset()
        scratchRemoved.reset()
        return copy.cells
    }

    /// Writes out every folded dummy term of component `c` (rows and
    /// objective levels) as ordinary cells with their column entries. Done
    /// before any operation that reads dummy columns: removal, splitting.
    mutating func unfold(_ c: Int) {
        guard c >= 0, components[c].hasFolded else { return }
        components[c].hasFolded = false
        unfoldCount += 1
        // Each row becomes a copy of its node's expansion; a node's expansion
        // starts as a copy of its largest child's. In a chain, node i's
        // expansion is node i-1's plus a few terms, so writing out the chain
        // is mostly memcpy, as eager substitution was, not one hash insert
        // per term. (Releasing nodes is iterative: order does not matter.)
        var slots: [Int] = []
        for s in components[c].symbols {
            let r = symbolInfo[s].rowOf
            if r >= 0 && !rows[r].refs.isEmpty { slots.append(r) }
        }
        slots.sort()
        var memoized: [DummyNode] = []
        for t in slots {
            noteRow(t)
            var row = takeRow(t)
            let refs = row.takeRefs()
            for r in refs {
                let m = expansion(of: r.node, memoized: &memoized)
                counters.termsTouched += m.count
                row.add(m, times: r.coefficient, added: &scratchAdded, removed: &scratchRemoved)
            }
            swap(&row, &rows[t])
            counters.fillIn += scratchAdded.count
            // By index, not `for x in`: iterating makes a slice of the buffer, a
            // retain and a release of it per row while `self` changes.
            for i in 0..<scratchAdded.count { insertIntoColumn(scratchAdded[i], t) }
            for i in 0..<scratchRemoved.count { symbolInfo[scratchRemoved[i]].column.remove(t) }
            scratchAdded.reset()
            scratchRemoved.reset()
        }
        for n in memoized { n.memo = nil }
        for i in components[c].levels.indices where !components[c].levels[i].row.refs.isEmpty {
            var level = components[c].levels[i].row
            components[c].levels[i].row = Row()
            let refs = level.takeRefs()
            counters.termsTouched += expandFolded(refs, into: &level, epoch: &expansionEpoch,
                                                  added: &scratchAdded, removed: &scratchRemoved)
            counters.fillIn += scratchAdded.count
            scratchAdded.reset()
            scratchRemoved.reset()
            components[c].levels[i].row = level
        }
    }

    /// The expansion of `root` (weight 1) as a row without folded terms,
    /// memoised on the nodes (listed in `memoized` for the caller to clear).
    /// Children are expanded before parents, iteratively.
    mutating func expansion(of root: DummyNode, memoized: inout [DummyNode]) -> Row {
        if let m = root.memo { return m }
        expansionEpoch += 1
        let e = expansionEpoch
        root.mark = e
        var order: [DummyNode] = []
        var stack: [(node: DummyNode, next: Int)] = [(root, 0)]
        while !stack.isEmpty {
            let (n, i) = stack[stack.count - 1]
            if i < n.refs.count {
                stack[stack.count - 1].next = i + 1
                let child = n.refs[i].node
                if child.memo == nil && child.mark != e {
                    child.mark = e
                    stack.append((child, 0))
                }
            } else {
                stack.removeLast()
                order.append(n)
            }
        }
        var added = SymbolBuffer(), removed = SymbolBuffer()
        for n in order {
            var row = Row()
            var first = -1
            for (j, r) in n.refs.enumerated() where first < 0 || r.node.memo!.count > n.refs[first].node.memo!.count {
                first = j
            }
            var terms = n.cells.count
            if first >= 0 {
                let r = n.refs[first]
                row.add(r.node.memo!, times: r.coefficient, added: &added, removed: &removed)
                terms += r.node.memo!.count
            }
            for (j, r) in n.refs.enumerated() where j != first {
                row.add(r.node.memo!, times: r.coefficient, added: &added, removed: &removed)
                terms += r.node.memo!.count
            }
            added.reset()
            removed.reset()
            for cell in n.cells { row.add(cell.symbol, cell.coefficient) }
            counters.termsTouched += terms
            n.memo = row
            memoized.append(n)
        }
        return root.memo!
    }
}
