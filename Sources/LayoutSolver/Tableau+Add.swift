/// Adding a constraint: build its row over the current parameters, pick a
/// subject to make basic, or fall back to an artificial variable.
extension Tableau {
    /// Adds `Σ terms + constant (relation) 0` at `priority` and returns its
    /// record. Does not optimise: the component is flagged, so a batch of
    /// additions is optimised once. On failure the tableau is unchanged up to
    /// an equivalent basis and throws the conflicting required records.
    /// A preferred equality's second error (the one that grows when the
    /// expression falls below zero) weighs at `otherPriority`: equal to
    /// `priority` for an ordinary constraint, lower or higher for a two-sided one.
    mutating func addConstraint(terms: [(symbol: Int, coefficient: Double)], constant: Double,
                                relation: Relation, priority: Float, otherPriority: Float) throws(Conflict) -> Int {
        // The new row is built over its variables' rows and may merge their components.
        materializeComponents(of: terms)
        // Start from the longest basic row: copying it is a memcpy, merging it
        // into a non-empty row would be a hash insert per cell.
        var longest = -1, longestCount = 0, others = 0
        for (i, term) in terms.enumerated() {
            let r = symbolInfo[term.symbol].rowOf
            guard r >= 0, !links(r) else { others += 1; continue }
            let n = rows[r].count
            if longest < 0 || n > longestCount {
                if longest >= 0 { others += longestCount }
                longest = i
                longestCount = n
            } else {
                others += n
            }
        }
        // Room for the copy, the other terms and the two error symbols, so the
        // row is allocated once. The others mostly overlap the longest row,
        // so their share is capped: long rows must not be stored at twice
        // their length.
        // A required row is the same constraint at any scale, so it enters
        // at unit scale: its marker then pivots among rows of like size and
        // no tolerance depends on the units it was written in.
        let scale = priority >= 1000 ? Tableau.unitScale(of: terms) : 1
        var row = Row(constant: constant * scale, capacity: longestCount + min(others, 16) + 2)
        if longest >= 0 {
            row.add(rows[symbolInfo[terms[longest].symbol].rowOf], times: terms[longest].coefficient * scale,
                    added: &scratchAdded, removed: &scratchRemoved)
            counters.fillIn += scratchAdded.count
            scratchAdded.reset()
        }
        for (i, (s, k0)) in terms.enumerated() where i != longest {
            let k = k0 * scale
            let r = symbolInfo[s].rowOf
            if r >= 0 && links(r) {
                // Named, not copied: see `Tableau+Links.swift`.
                row.add(s, k)
                row.linked = true
            } else if r >= 0 {
                row.add(rows[r], times: k, added: &scratchAdded, removed: &scratchRemoved)
                counters.fillIn += scratchAdded.count
                scratchAdded.reset()
                scratchRemoved.reset()
            } else {
                row.add(s, k)
            }
        }
        // A linked row stays linked only under a fresh symbol, which no row
        // names yet: anything else is written out here and added as usual.
        if row.linked {
            let s = externalSubject(row)
            if s < 0 || symbolInfo[s].referenceCount != 0 { expandLinks(of: &row, slot: -1) }
        }
        counters.termsTouched += row.cells.count + row.refs.count

        let required = priority >= 1000
        var record = ConstraintRecord(marker: -1, other: -1, markerCoefficient: 0, otherCoefficient: 0,
                                      priority: priority, otherPriority: relation == .equal ? otherPriority : priority,
                                      externals: SmallList())
        var errors = (-1, -1)
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = relation == .lessThanOrEqual ? 1 : -1
            record.marker = newSymbol(.slack)
            record.markerCoefficient = k / scale
            row.add(record.marker, k)
            if !required {
                record.other = newSymbol(.error)
                record.otherCoefficient = -k
                row.add(record.other, -k)
                errors = (record.other, -1)
            }
        case .equal:
            if required {
                record.marker = newSymbol(.dummy)
                record.markerCoefficient = 1 / scale
                row.add(record.marker, 1)
            } else {
                record.marker = newSymbol(.error)
                record.other = newSymbol(.error)
                record.markerCoefficient = -1
                record.otherCoefficient = 1
                row.add(record.marker, -1)
                row.add(record.other, 1)
                errors = (record.marker, record.other)
            }
        }
        if row.constant < 0 { row.scale(by: -1) }

        var externals = SmallList()
        for (s, _) in terms where !externals.contains(s, in: listStore) { externals.append(s, in: &listStore) }
        record.externals = externals
        let c = unify(externals, marker: record.marker, other: record.other)
        assert(row.cells.allSatisfy { symbolInfo[$0.symbol].componentOf == c }, "a row symbol outside the new row's component")
        if !row.refs.isEmpty { components[c].hasFolded = true }
        let slot = newRecord(record)
        symbolInfo[record.marker].ownerOf = slot
        if record.other >= 0 { symbolInfo[record.other].ownerOf = slot }
        // Two calls, not a loop over an array literal (one allocation per add).
        if errors.0 >= 0 { addToObjective(errors.0, record, c) }
        if errors.1 >= 0 { addToObjective(errors.1, record, c) }

        // A preference always has a subject (one of its fresh error or slack
        // symbols has a negative coefficient), so the paths below without one
        // are a required constraint's, which put nothing into the objective:
        // the levels need no saved copy (one taken here made every add copy
        // the objective's rows on their next write).
        var subject = chooseSubject(row, record)
        if subject < 0 && row.cells.allSatisfy({ symbolInfo[$0.symbol].kind == .dummy }) {
            guard nearZero(row.constant) else {
                let conflicts = requiredOwners(of: row, excluding: slot)
                discardRecord(slot)
                settle(c)
                throw Conflict(records: conflicts)
            }
            subject = record.marker   // redundant but consistent: keep it so removal works
        }
        if subject >= 0 {
            row.solve(for: subject)
            fold(&row, in: c)
            if row.linked { linkedRowsMade += 1 }
            substitute(subject, with: row)
            insertRow(basic: subject, consume row)
        } else {
            fold(&row, in: c)
            beginJournal(component: c)
            if let conflicts = addWithArtificialVariable(row, component: c, record: slot) {
                rollbackJournal()
                discardRecord(slot)
                settle(c)
                throw Conflict(records: conflicts)
            }
            commitJournal()
        }
        for k in 0..<externals.count { symbolInfo[externals.element(k, in: listStore)].referenceCount += 1 }
        components[c].constraintCount += 1
        markDirty(c)
        counters.constraintsAdded += 1
        return slot
    }

    /// The power of two that brings the largest of `terms`' coefficients
    /// near 1 — exact, so a row keeps every bit — or 1 when it is within
    /// 2⁻⁷…2⁷ already (a layout's rows: they stay as written).
    static func unitScale(of terms: [(symbol: Int, coefficient: Double)]) -> Double {
        var largest = 0.0
        for t in terms { largest = max(largest, abs(t.coefficient)) }
        guard largest > 0, largest.exponent > 7 || largest.exponent < -7 else { return 1 }
        return Double(sign: .plus, exponent: -largest.exponent, significand: 1)
    }

    /// Folds `row`'s dummies, so that a later row reusing this one (the
    /// next link of a chain) copies one reference, not one term per
    /// constraint upstream; component `c` then holds folded terms.
    private mutating func fold(_ row: inout Row, in c: Int) {
        row.foldDummies(threshold: foldThreshold, symbols: symbolInfo)
        if !row.refs.isEmpty { components[c].hasFolded = true }
    }

    /// Puts error symbol `e` of `record` into component `c`'s objective at its level.
    private mutating func addToObjective(_ e: Int, _ record: ConstraintRecord, _ c: Int) {
        let li = levelIndex(c, record.errorPriority(e))
        touchObjective(c, e)
        components[c].levels[li].row.add(e, 1)
    }

    /// The external symbol in the fewest rows (substituting it visits each
    /// of them; ties go to the smallest, kiwi's choice); else the marker or
    /// other error if it is restricted with a negative coefficient (its row
    /// then stays feasible); else none.
    ///
    /// An external whose coefficient is under 2⁻¹⁰ of the row's largest
    /// external coefficient is no subject: dividing by it writes the row's
    /// other terms back a thousand times larger or more, and their rounding
    /// with them, into every row that names the subject.
    func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Int {
        let best = externalSubject(row)
        if best >= 0 { return best }
        if isRestricted(record.marker) && row.coefficient(of: record.marker) < 0 { return record.marker }
        if record.other >= 0 && isRestricted(record.other) && row.coefficient(of: record.other) < 0 { return record.other }
        return -1
    }

    /// `chooseSubject`'s external choice, or -1. A link (an external that
    /// is basic already) is never one.
    func externalSubject(_ row: Row) -> Int {
        var best = Int.max, bestLive = Int.max
        var largest = 0.0
        for cell in row.cells where symbolInfo[cell.symbol].kind == .external {
            largest = max(largest, abs(cell.coefficient))
        }
        let smallest = largest * 0x1p-10
        for cell in row.cells where symbolInfo[cell.symbol].kind == .external && abs(cell.coefficient) >= smallest
                                    && symbolInfo[cell.symbol].rowOf < 0 {
            let live = symbolInfo[cell.symbol].column.live
            if live < bestLive || (live == bestLive && cell.symbol < best) { best = cell.symbol; bestLive = live }
        }
        return best == Int.max ? -1 : best
    }

    /// Phase one for a row with no usable subject: minimise an artificial
    /// variable equal to the row. Zero means the constraint can hold; the row
    /// then joins the tableau. Returns nil on success, else the conflicting
    /// required records (whose markers bound the artificial variable).
    mutating func addWithArtificialVariable(_ row: Row, component c: Int, record: Int) -> [Int]? {
        let art = newSymbol(.slack)
        attach(art, to: c)
        insertRow(basic: art, row)
        components[c].levels.insert(ObjectiveLevel(priority: .infinity, row: row), at: 0)
        optimize(c, levelLimit: 1)
        let success = nearZero(components[c].levels[0].row.constant)
        components[c].levels.removeFirst()

        if symbolInfo[art].rowOf >= 0 {
            var artRow = removeRow(symbolInfo[art].rowOf)
            if !success {
                let conflicts = requiredOwners(of: artRow, excluding: record)
                freeSymbol(art)
                return conflicts
            }
            // Folded dummies count as cells here: a row of dummies alone has
            // no restricted symbol to enter, whether they are folded or not.
            if !artRow.cells.isEmpty || !artRow.refs.isEmpty {
                var entering = Int.max
                for cell in artRow.cells where cell.symbol < entering && isRestricted(cell.symbol) { entering = cell.symbol }
                guard entering != Int.max else {
                    let conflicts = requiredOwners(of: artRow, excluding: record)
                    freeSymbol(art)
                    return conflicts
                }
                artRow.solve(lhs: art, rhs: entering)
                substitute(entering, with: artRow)
                insertRow(basic: entering, artRow)
            }
        }
        freeSymbol(art)   // a parameter now: eliminating it sets it to zero, i.e. enforces the row
        return nil
    }

    /// After a rejected add: the component `unify` made or merged for it is
    /// retired if it holds no constraint, or split if the merge linked
    /// nothing that stayed.
    mutating func settle(_ c: Int) {
        guard components[c].alive else { return }
        components[c].levels.removeAll { $0.row.isEmpty }
        if components[c].constraintCount == 0 { retire(c) } else { splitIfDisconnected(c) }
    }

    /// Undoes a record that never made it into the tableau (or whose row was
    /// dropped): its symbols are zeroed out of rows and objective, then freed.
    mutating func discardRecord(_ slot: Int) {
        let r = records[slot]
        for s in [r.marker, r.other] where s >= 0 { freeSymbol(s) }
        freeRecord(slot)
    }
}
