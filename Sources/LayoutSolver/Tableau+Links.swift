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
/// basics; between calls, restricted rows (slacks, errors, dummies) and the
/// objective are fully substituted, so the simplex steps, which read only
/// those, are as before (an optimisation links restricted rows while it
/// runs: "Restricted links" below).
///
/// Invariants between calls:
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
        coverSlots(&linkedValueRevisions, rows.count, with: -1)
        coverSlots(&linkedValues, rows.count, with: 0)
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
            writeOut(pending.remove(at: best), in: &row, slot: slot) { s, _ in
                if !pending.contains(s) { pending.append(s) }
            }
        }
        row.linked = false
    }

    /// Replaces link `x` in `row` by the row it names. `row` is out of the
    /// tableau: held out of `slot`, whose columns are kept, or -1. Each
    /// symbol the row gains that is itself a link goes to `found`, with its
    /// row's pivot stamp.
    @inline(__always)
    mutating func writeOut(_ x: Int, in row: inout Row, slot: Int, found: (_ link: Int, _ stamp: Int) -> Void) {
        let k = row.remove(x)
        if k == 0 { return }   // listed twice
        if slot >= 0 { symbolInfo[x].column.remove(slot) }
        let source = symbolInfo[x].rowOf
        counters.termsTouched += rows[source].cells.count + rows[source].refs.count
        row.add(rows[source], times: k, added: &scratchAdded, removed: &scratchRemoved)
        counters.fillIn += scratchAdded.count
        for i in 0..<scratchAdded.count {
            let s = scratchAdded[i]
            // Not `insertIntoColumn`: the row is out of its slot, and a
            // compaction now would drop the slot from the column.
            if slot >= 0 { symbolInfo[s].column.insert(slot, in: &listStore) }
            let u = symbolInfo[s].rowOf
            if u >= 0 { found(s, pivotStamp(u)) }
        }
        if slot >= 0 { for i in 0..<scratchRemoved.count { symbolInfo[scratchRemoved[i]].column.remove(slot) } }
        scratchAdded.reset()
        scratchRemoved.reset()
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

/// Restricted links: during one optimisation, slack and error rows link too.
///
/// A pivot that writes its row into every restricted row naming the
/// entering symbol costs the row's length times their number. Where the
/// optimum is a deep forest of tight preferences (random anchors between
/// views), each bound's slack is written over its view's whole path to a
/// root, and every pivot rewrites a subtree of such rows. So while
/// `optimize` runs, a pivot row whose writing-out would cost at least
/// `restrictedLinkWork` terms is named by the restricted rows that hold its
/// entering symbol, as external rows already name it (smaller ones are
/// written in, as before), and:
/// - the ratio test reads the entering symbol's column through the links
///   (`leavingRowThroughLinks`): a forward pass over the rows that reach it;
/// - a pivot row is written out before it pivots, each linked row once
///   (`expandRestrictedLinks`);
/// - when the loop ends, every restricted row is written out again
///   (`expandRestrictedRows`), so all other algorithms see the tableau
///   they always have.
///
/// Order: a link is made to the row that just pivoted, which then names
/// parameters only, from rows that did not; a row that pivots later is
/// written out first. So a restricted row only names rows with a newer
/// pivot stamp, and links stay acyclic.
extension Tableau {
    @inline(__always) mutating func stampPivot(_ slot: Int) {
        coverSlots(&pivotStamps, rows.count, with: -1)
        pivotClock += 1
        pivotStamps[slot] = pivotClock
    }

    @inline(__always) func pivotStamp(_ slot: Int) -> Int {
        slot < pivotStamps.count ? pivotStamps[slot] : -1
    }

    /// Writes restricted row `slot`'s links out, oldest pivot stamp first:
    /// a row's links name only newer rows, so each is written once.
    mutating func expandRestrictedLinks(_ slot: Int) {
        guard rows[slot].linked else { return }
        noteRow(slot)
        var row = takeRow(slot)
        var pending = StampHeap(newestFirst: false)
        for cell in row.cells {
            let u = symbolInfo[cell.symbol].rowOf
            if u >= 0 { pending.push(stamp: pivotStamp(u), cell.symbol) }
        }
        while let x = pending.pop() {
            writeOut(x, in: &row, slot: slot) { s, stamp in pending.push(stamp: stamp, s) }
        }
        row.linked = false
        swap(&row, &rows[slot])
    }

    /// Writes out every restricted row linked during the optimisation,
    /// newest pivot stamp first, so each names only rows already written
    /// out. Their values may have moved with their links': they are marked
    /// changed (for external rows linking them) and checked for feasibility.
    mutating func expandRestrictedRows() {
        guard !restrictedLinked.isEmpty else { return }
        var slots: [Int] = []
        swap(&slots, &restrictedLinked)
        defer { slots.removeAll(keepingCapacity: true); swap(&slots, &restrictedLinked) }
        slots.sort { pivotStamp($0) > pivotStamp($1) }
        for t in slots {
            let b = basicOf[t]
            guard b >= 0, rows[t].linked, symbolInfo[b].kind != .external else { continue }
            expandRestrictedLinks(t)
            markChanged(b)
            if violates(b, rows[t].constant) { infeasible.append(b) }
        }
    }

    /// `leavingRow` while restricted rows hold links: the entering symbol's
    /// coefficient in each restricted row written out is its own plus, for
    /// each link, the link's coefficient times the linked row's. Links name
    /// only newer rows, so rows taken newest pivot stamp first have every
    /// linked row's coefficient known before a row naming it needs it.
    ///
    /// The rows taken are those naming the symbol and those naming, through
    /// a link, a row taken whose coefficient is not zero. A row whose
    /// coefficient cancels passes nothing on: in a random graph of anchored
    /// views most rows a long history of pivots links together hold none of
    /// the entering symbol, and following their links too read nearly every
    /// restricted row of the component at a fifth of the pivots.
    mutating func leavingRowThroughLinks(for entering: Int) -> Int? {
        coverSlots(&reachedCoefficients, rows.count, with: 0)
        let epoch = beginVisit()
        var taking = StampHeap(newestFirst: true)
        var scanned = 0, taken = 0
        func reach(_ s: Int, linkedOnly: Bool) {
            let candidates = symbolInfo[s].column.slots
            scanned += candidates.count
            for i in 0..<candidates.count {
                let t = candidates.element(i, in: listStore)
                guard visitMarks[t] != epoch else { continue }
                let b = basicOf[t]
                guard b >= 0, symbolInfo[b].kind != .external, !linkedOnly || rows[t].linked,
                      rows[t].index(of: s) != nil else { continue }
                visitMarks[t] = epoch
                taking.push(stamp: pivotStamp(t), t)
            }
        }
        reach(entering, linkedOnly: false)
        var found = -1
        var ratio = Double.infinity
        while let t = taking.pop() {
            taken += 1
            var k = rows[t].coefficient(of: entering)
            if rows[t].linked {
                var size = abs(k)
                let n = rows[t].cells.count
                counters.termsTouched += n
                for j in 0..<n {
                    let cell = rows[t].cells[j]
                    let u = symbolInfo[cell.symbol].rowOf
                    guard u >= 0, visitMarks[u] == epoch else { continue }
                    let term = cell.coefficient * reachedCoefficients[u]
                    k += term
                    size = max(size, abs(term))
                }
                if cancelled(k, size, 0) { k = 0 }
            }
            reachedCoefficients[t] = k
            guard k != 0 else { continue }
            let b = basicOf[t]
            if symbolInfo[b].kind != .dummy && !symbolInfo[b].column.isEmpty { reach(b, linkedOnly: true) }
            guard k < 0 else { continue }
            let value = rows[t].linked ? linkedValue(t) : rows[t].constant
            let r = -value / k
            if r < ratio || (r == ratio && found >= 0 && basicOf[t] < basicOf[found]) {
                ratio = r
                found = t
            }
        }
        counters.rowsTouched += taken
        counters.termsTouched += scanned
        return found >= 0 ? found : nil
    }
}

/// Items (symbols, slots) by pivot stamp, oldest or newest first: a binary
/// heap, in which an item may be listed twice.
private struct StampHeap {
    private var items: [(stamp: Int, item: Int)] = []
    private let newestFirst: Bool

    init(newestFirst: Bool) { self.newestFirst = newestFirst }

    @inline(__always) private func before(_ a: Int, _ b: Int) -> Bool { newestFirst ? a > b : a < b }

    mutating func push(stamp: Int, _ item: Int) {
        items.append((stamp, item))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard before(items[i].stamp, items[parent].stamp) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && before(items[l].stamp, items[m].stamp) { m = l }
                if r < items.count && before(items[r].stamp, items[m].stamp) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top.item
    }
}
