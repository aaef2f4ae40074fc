/// Links: rows that name other rows' basic symbols.
///
/// A fully substituted tableau writes every upstream dependency into every
/// row: in a chain of N blocks, each block's right edge depends on every
/// width before it, so the rows hold about N²/2 terms and a removal near the
/// chain's head rewrites O(N) rows. Instead, a new row whose subject is a
/// fresh external symbol names a long basic row's symbol (a link) rather
/// than copying the row in, and an optimisation pivot leaves external rows
/// naming the entering slack or error when its row is long. The tableau is
/// then factored: external rows are equations over parameters and other
/// basics; restricted rows (slacks, errors, dummies) and the objective stay
/// fully substituted, so the simplex steps, which read only those, are as
/// before.
///
/// Invariants:
/// - only rows whose basic symbol is external hold links, and such a row is
///   flagged `linked` (the flag may outlive its links);
/// - a link to an external row names a row born before the one holding it,
///   and a link to a restricted row names a row with no links, so links are
///   acyclic and expanding a row newest link first expands each row once;
/// - a linked row's value is its constant plus each link's coefficient times
///   the linked row's value (parameters are zero);
/// - a basic symbol whose row moves by a constant change without its links
///   moving (a marker absorbing the change) moves its linking rows back
///   (`shiftLinks`); a dropped row is first substituted where it is linked.
///
/// Values of linked rows are computed on read and cached until the next
/// change to any row (`revision`).
extension Tableau {
    /// Whether a row this long is linked rather than copied into a new row.
    @inline(__always) func links(_ slot: Int) -> Bool {
        rows[slot].count + rows[slot].refs.count >= linkThreshold
    }

    /// The value of linked row `root`, from its links' values, cached. The
    /// walk is iterative: a chain of links may be 100,000 rows long.
    mutating func linkedValue(_ root: Int) -> Double {
        if linkedValueRevisions.count < rows.count {
            linkedValueRevisions.append(contentsOf: repeatElement(-1, count: rows.count - linkedValueRevisions.count))
            linkedValues.append(contentsOf: repeatElement(0, count: rows.count - linkedValues.count))
        }
        if linkedValueRevisions[root] == revision { return linkedValues[root] }
        var stack: [Int] = []
        swap(&stack, &scratchLinkStack)
        defer { stack.removeAll(keepingCapacity: true); swap(&stack, &scratchLinkStack) }
        stack.append(root)
        while let t = stack.last {
            if linkedValueRevisions[t] == revision { stack.removeLast(); continue }
            var sum = rows[t].constant, ready = true
            for i in 0..<rows[t].cells.count {
                let cell = rows[t].cells[i]
                let u = symbolInfo[cell.symbol].rowOf
                guard u >= 0 else { continue }
                if !rows[u].linked {
                    sum += cell.coefficient * rows[u].constant
                } else if linkedValueRevisions[u] == revision {
                    sum += cell.coefficient * linkedValues[u]
                } else {
                    ready = false
                    stack.append(u)
                }
            }
            if ready {
                linkedValues[t] = sum
                linkedValueRevisions[t] = revision
                stack.removeLast()
            }
        }
        return linkedValues[root]
    }

    /// The basic symbol's value, through links when its row has them.
    @inline(__always) mutating func currentValue(of s: Int) -> Double {
        let r = symbolInfo[s].rowOf
        if r >= 0 && rows[r].linked { return linkedValue(r) }
        return value(of: s)
    }

    /// Writes every link of row `slot` out: the row becomes fully
    /// substituted (over parameters only).
    mutating func expandLinks(_ slot: Int) {
        guard rows[slot].linked else { return }
        noteRow(slot)
        var row = takeRow(slot)
        expandLinks(of: &row, slot: slot)
        swap(&row, &rows[slot])
    }

    /// Writes `row`'s links out, newest first, so each linked row is written
    /// once however many paths lead to it. `slot` is the row's own slot,
    /// whose columns are kept, or -1 for a row not in the tableau.
    mutating func expandLinks(of row: inout Row, slot: Int) {
        var pending: [Int] = []   // link symbols
        for cell in row.cells where symbolInfo[cell.symbol].rowOf >= 0 { pending.append(cell.symbol) }
        while !pending.isEmpty {
            var best = 0
            for i in pending.indices.dropFirst()
            where rows[symbolInfo[pending[i]].rowOf].birth > rows[symbolInfo[pending[best]].rowOf].birth {
                best = i
            }
            let x = pending.remove(at: best)
            let k = row.remove(x)
            if k == 0 { continue }   // listed twice
            if slot >= 0 { symbolInfo[x].column.remove(slot) }
            let source = symbolInfo[x].rowOf
            counters.termsTouched += rows[source].cells.count + rows[source].refs.count
            row.add(rows[source], times: k, added: &scratchAdded, removed: &scratchRemoved)
            counters.fillIn += scratchAdded.count
            for i in 0..<scratchAdded.count {
                let s = scratchAdded[i]
                if slot >= 0 { insertIntoColumn(s, slot) }
                if symbolInfo[s].rowOf >= 0 && !pending.contains(s) { pending.append(s) }
            }
            if slot >= 0 { for i in 0..<scratchRemoved.count { symbolInfo[scratchRemoved[i]].column.remove(slot) } }
            scratchAdded.reset()
            scratchRemoved.reset()
        }
        row.linked = false
    }

    /// Numbers the live rows' births 0, 1, … in their order, once the
    /// counter reaches its 32-bit end (after two billion rows).
    mutating func renumberBirths() {
        var live = rows.indices.filter { basicOf[$0] >= 0 }
        live.sort { rows[$0].birth < rows[$1].birth }
        for (k, t) in live.enumerated() { rows[t].birth = Int32(k) }
        nextBirth = Int32(live.count)
    }

    /// Whether a row of component `c` holds a link (or did).
    func hasLinks(_ c: Int) -> Bool {
        guard linkedRowsMade > 0 else { return false }
        for s in components[c].symbols where isBasicInLinkedRow(s) { return true }
        return false
    }

    /// Whether `s` is basic in a row that holds a link (or did).
    private func isBasicInLinkedRow(_ s: Int) -> Bool {
        let r = symbolInfo[s].rowOf
        return r >= 0 && rows[r].linked
    }

    /// Writes out every link in component `c`, oldest row first, so later
    /// rows copy expanded ones: before its rows are read as fully
    /// substituted (an image for copies, a repair from the equations).
    mutating func expandLinks(inComponent c: Int) {
        guard linkedRowsMade > 0, c >= 0 else { return }
        var slots: [Int] = []
        for s in components[c].symbols where isBasicInLinkedRow(s) { slots.append(symbolInfo[s].rowOf) }
        slots.sort { rows[$0].birth < rows[$1].birth }
        for t in slots { expandLinks(t) }
    }

    /// Marks changed every external basic whose row depends, through links,
    /// on a symbol already marked: a link's value moves with its row's.
    mutating func propagateChangesThroughLinks() {
        guard linkedRowsMade > 0 else { return }
        var i = 0
        while i < changed.count {
            let s = changed[i]
            i += 1
            guard !symbolInfo[s].column.isEmpty else { continue }
            let slots = symbolInfo[s].column.slots
            for j in 0..<slots.count {
                let t = slots.element(j, in: listStore)
                let b = basicOf[t]
                guard b >= 0, rows[t].linked, symbolInfo[b].kind == .external, rows[t].index(of: s) != nil else { continue }
                markChanged(b)
            }
        }
    }

    /// For a removal whose marker pivots into an external row (no slack,
    /// error or dummy row names the marker) when `chosen` holds links: the
    /// oldest external row naming the marker. No row upstream of it names
    /// the marker (all of them are older), so the marker's coefficient is
    /// the same written out, and rows that take its expression are all
    /// younger than its links: links stay acyclic without writing it out.
    /// Written out only when the objective names the marker, which must
    /// stay over parameters.
    mutating func linkedMarkerRow(_ marker: Int, chosen: Int) -> (slot: Int, keepingLinks: Bool) {
        var oldest = chosen
        let candidates = symbolInfo[marker].column.slots
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            guard basicOf[t] >= 0, rows[t].coefficient(of: marker) != 0 else { continue }
            if rows[t].birth < rows[oldest].birth { oldest = t }
        }
        let c = symbolInfo[marker].componentOf
        if c >= 0 && components[c].levels.contains(where: { $0.row.coefficient(of: marker) != 0 }) {
            expandLinks(oldest)
            return (oldest, false)
        }
        return (oldest, true)
    }
}
