/// Removing a constraint and changing a constraint's constant in place.
extension Tableau {
    /// Removes the constraint in `slot`. Returns the externals no constraint
    /// mentions any more (already freed), so the caller can forget them.
    mutating func removeConstraint(_ slot: Int) -> [Int] {
        let record = records[slot]
        let marker = record.marker
        let c = symbolInfo[marker].componentOf
        materialize(c)   // removal pivots the marker out of rows
        unfold(c)   // removal reads the marker's column and pivots dummies

        // Take the constraint's errors out of the objective.
        if !record.isRequired && c >= 0 {
            for e in [record.marker, record.other] where e >= 0 && symbolInfo[e].kind == .error {
                let li = levelIndex(c, record.errorPriority(e))
                let r = symbolInfo[e].rowOf
                if r >= 0 {
                    touchObjective(c, rows[r])
                    components[c].levels[li].row.add(rows[r], times: -1, added: &scratchAdded, removed: &scratchRemoved)
                    scratchAdded.reset()
                    scratchRemoved.reset()
                } else {
                    touchObjective(c, e)
                    components[c].levels[li].row.add(e, -1)
                }
            }
        }

        // Make the marker basic, then drop its row: that removes exactly this
        // constraint's equation from the system.
        if symbolInfo[marker].rowOf < 0, let leaving = markerLeavingRow(marker) {
            if rows[leaving].linked {
                let (slot, keep) = linkedMarkerRow(marker, chosen: leaving)
                pivot(slot, entering: marker, keepingLinks: keep)
            } else {
                pivot(leaving, entering: marker)
            }
        }
        if symbolInfo[marker].rowOf >= 0 { dropRow(of: marker) }
        // The other error and the marker can only leave rounding residue now.
        for s in [marker, record.other] where s >= 0 { freeSymbol(s) }

        var released: [Int] = []
        // Its run stays in the store until `freeRecord`, below.
        for k in 0..<record.externals.count {
            let s = record.externals.element(k, in: listStore)
            symbolInfo[s].referenceCount -= 1
            if symbolInfo[s].referenceCount == 0 {
                freeSymbol(s)
                released.append(s)
            }
        }
        freeRecord(slot)
        counters.constraintsRemoved += 1
        if c >= 0 { componentLostConstraint(c) }
        return released
    }

    /// Which row the marker should pivot into on removal: a row whose basic
    /// is a dummy (a redundant required equality) if any; else the original
    /// Cassowary rule, as kiwi keeps it: a restricted row where the marker's
    /// coefficient is negative, by minimum ratio; else a restricted row by
    /// minimum ratio; else an unrestricted row. Ties go to the smaller basic.
    mutating func markerLeavingRow(_ marker: Int) -> Int? {
        var first = -1, second = -1, third = -1
        var r1 = Double.infinity, r2 = Double.infinity
        let candidates = symbolInfo[marker].column.slots
        counters.rowsTouched += candidates.count
        // Among equal ratios (and among unrestricted rows) the shortest row
        // wins: the marker's row is substituted into every row of its column,
        // so a short one keeps the removal proportional to what depends on it.
        func better(_ t: Int, than u: Int) -> Bool {
            u < 0 || rows[t].count < rows[u].count || (rows[t].count == rows[u].count && basicOf[t] < basicOf[u])
        }
        var redundant = -1
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            let b = basicOf[t]
            let k = rows[t].coefficient(of: marker)
            if k == 0 { continue }   // stale column entry
            if symbolInfo[b].kind == .dummy {
                // A required equality implied by this one (its dummy is
                // basic, its row constant 0): pivoting here hands the
                // equation over to it and moves no constant at all.
                if better(t, than: redundant) { redundant = t }
            } else if symbolInfo[b].kind == .external {
                if better(t, than: third) { third = t }
            } else if k < 0 {
                let r = -rows[t].constant / k
                if r < r1 || (r == r1 && better(t, than: first)) { r1 = r; first = t }
            } else {
                let r = rows[t].constant / k
                if r < r2 || (r == r2 && better(t, than: second)) { r2 = r; second = t }
            }
        }
        if redundant >= 0 { return redundant }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    /// Shifts the constant of the constraint in `slot` by `delta` in place:
    /// the marker (or the other error) absorbs the change, touched rows get
    /// their constants adjusted, and dual simplex restores feasibility. On a
    /// conflict the shift is undone and the conflicting records are thrown.
    /// A shared copy takes the change without being written out when one of
    /// its template's bases stays feasible; otherwise it is written out
    /// first, and the basis the change ends in joins the template's.
    mutating func shiftConstant(_ slot: Int, by delta: Double, to constant: Double) throws(Conflict) {
        let c = symbolInfo[records[slot].marker].componentOf
        if isShared(c) { return try shiftConstant(ofSharedCopy: c, slot, by: delta, to: constant) }
        try shiftWrittenOut(slot, by: delta)
    }

    /// `shiftConstant` for a shared copy, apart so that the common path
    /// carries none of its state.
    @inline(never)
    private mutating func shiftConstant(ofSharedCopy c: Int, _ slot: Int, by delta: Double,
                                        to constant: Double) throws(Conflict) {
        let k = sharedRecord(slot, in: c)
        if !records[slot].isRequired, let copy = components[c].shared {
            // A preference's constant can always move (its errors absorb
            // any change), so the copy takes it when next read, with every
            // other change made until then (`settleCopy`).
            if copy.pending.isEmpty { unsettledCopies.append(c) }
            copy.pending.note(k, was: copy.recordConstants[k])
            copy.recordConstants[k] = constant
            return
        }
        settleCopy(c)
        if shiftShared(c, record: k, by: delta, to: constant) { return }
        if discoversOnImages, let copy = components[c].shared {
            var recordConstants = copy.recordConstants
            recordConstants[k] = constant
            if let found = discoverBasis(from: copy.image, constants: copy.constants, changes: [(k, delta)],
                                         recordConstants: recordConstants, symbols: components[c].symbols) {
                let previous = copy.image
                adopt(c, image: found.image, constants: found.constants,
                      previous: previous, previousConstants: copy.constants)
                copy.recordConstants = recordConstants
                copy.family.add(found.image, leaving: previous)
                return
            }
        }
        var learned: (family: ImageFamily, records: [Int], constants: [Double], leaving: ComponentImage)?
        if let copy = components[c].shared, !copy.family.isFull {
            learned = (copy.family, sharedRecords(c), copy.recordConstants, copy.image)
            learned!.constants[k] = constant
        }
        materialize(c)
        try shiftWrittenOut(slot, by: delta)
        if let learned {
            learnBasis(of: c, records: learned.records, constants: learned.constants, into: learned.family,
                       leaving: learned.leaving)
        }
    }

    /// `shiftConstant` on written-out rows.
    private mutating func shiftWrittenOut(_ slot: Int, by delta: Double) throws(Conflict) {
        let journalled = records[slot].isRequired   // only required changes can be rejected
        if journalled { beginJournal(component: symbolInfo[records[slot].marker].componentOf) }
        applyShift(slot, delta)
        do {
            try dualOptimize()
        } catch {
            rollbackJournal()
            throw error
        }
        if journalled { commitJournal() }
    }

    /// Moves the constants of several records at once, then restores
    /// feasibility once. Not journalled: on a conflict the rows are left
    /// mid-repair, so the caller must drop the component (a fresh copy,
    /// see `Solver.add(batch:)`).
    mutating func shiftConstants(_ shifts: [(slot: Int, delta: Double)]) throws(Conflict) {
        guard !shifts.isEmpty else { return }
        for (slot, delta) in shifts { applyShift(slot, delta) }
        do {
            try dualOptimize()
        } catch {
            infeasible.removeAll()
            throw error
        }
    }

    private mutating func applyShift(_ slot: Int, _ delta: Double) {
        let r = records[slot]
        let m = r.marker, o = r.other
        if symbolInfo[m].rowOf >= 0 {
            adjustBasic(symbolInfo[m].rowOf, by: -delta / r.markerCoefficient)
            shiftLinks(to: m, by: delta / r.markerCoefficient)
        } else if o >= 0 && symbolInfo[o].rowOf >= 0 {
            adjustBasic(symbolInfo[o].rowOf, by: -delta / r.otherCoefficient)
            shiftLinks(to: o, by: delta / r.otherCoefficient)
        } else {
            let shift = delta / r.markerCoefficient
            let c = symbolInfo[m].componentOf
            let folded = symbolInfo[m].kind == .dummy && c >= 0 && components[c].hasFolded
            shiftRows(naming: m, by: shift, skippingFolded: folded)
            if folded { shiftFoldedRows(c, marker: m, by: shift) }   // in the same epoch
        }
    }

    /// Moves each row that names `s` by its coefficient of `s` times
    /// `shift`, once however often the column lists it, in a new
    /// `splitEpoch`. With `skippingFolded`, rows holding folded terms are
    /// left to `shiftFoldedRows`, which counts them with those terms.
    @inline(__always) private mutating func shiftRows(naming s: Int, by shift: Double, skippingFolded: Bool = false) {
        splitEpoch += 1
        let candidates = symbolInfo[s].column.slots   // shifting constants leaves columns alone
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            if skippingFolded && !rows[t].refs.isEmpty { continue }
            let k = rows[t].coefficient(of: s)
            guard k != 0, splitMark[basicOf[t]] != splitEpoch else { continue }
            splitMark[basicOf[t]] = splitEpoch   // a row may be listed twice
            counters.rowsTouched += 1
            adjustBasic(t, by: k * shift)
        }
    }

    /// The shift for rows of component `c` that hold folded dummies: each
    /// node's coefficient of `m` is computed once (children first), so a
    /// chain's rows shift in time linear in the folded storage, without
    /// writing the chain out — a resize frame costs the same from the first.
    private mutating func shiftFoldedRows(_ c: Int, marker m: Int, by shift: Double) {
        var slots: [Int] = []
        for s in components[c].symbols {
            let r = symbolInfo[s].rowOf
            if r >= 0 && !rows[r].refs.isEmpty { slots.append(r) }
        }
        slots.sort()
        expansionEpoch += 1
        let e = expansionEpoch
        var terms = 0
        for t in slots {
            var k = rows[t].coefficient(of: m)
            for ref in rows[t].refs {
                // A node's weight: m's coefficient in its expansion, children first.
                visitPostOrder(from: ref.node, epoch: e) { n in
                    var w = 0.0
                    for cell in n.cells where cell.symbol == m { w += cell.coefficient }
                    for r in n.refs { w += r.coefficient * r.node.weight }
                    n.weight = w
                    terms += n.cells.count + n.refs.count
                }
                k += ref.coefficient * ref.node.weight
            }
            counters.rowsTouched += 1
            guard !nearZero(k), splitMark[basicOf[t]] != splitEpoch else { continue }
            splitMark[basicOf[t]] = splitEpoch
            adjustBasic(t, by: k * shift)
        }
        counters.termsTouched += terms
    }

    /// When basic symbol `s` absorbs a constant change (its value moves by
    /// `-shift`), rows that link it keep their values, as rows written out
    /// would (they never name a basic symbol): each moves by its link's
    /// coefficient times `shift`. Its own row never names it, so only
    /// linking rows move.
    private mutating func shiftLinks(to s: Int, by shift: Double) {
        guard linkedRowsMade > 0, !symbolInfo[s].column.isEmpty else { return }
        shiftRows(naming: s, by: shift)
    }

    private mutating func adjustBasic(_ t: Int, by amount: Double) {
        noteConstant(t)
        revision &+= 1
        rows[t].constant += amount
        let b = basicOf[t]
        if symbolInfo[b].kind == .external {
            markChanged(b)
        } else {
            if violates(b, rows[t].constant) { infeasible.append(b) }
            if linkedRowsMade > 0 && !symbolInfo[b].column.isEmpty { markChanged(b) }   // linked: its value moved
        }
    }
}
