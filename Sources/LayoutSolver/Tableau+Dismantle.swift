/// Taking a whole component apart at once, for a batch of removals that
/// leaves little of it: cheaper than pivoting each marker out of rows that
/// are about to go anyway.
extension Tableau {
    /// The record whose marker `s` is, if any: a record belongs to the
    /// component its marker is in (its error symbols name it as owner too).
    @inline(__always) func record(markedBy s: Int) -> Int? {
        let o = symbolInfo[s].ownerOf
        return o >= 0 && records[o].marker == s ? o : nil
    }

    /// The records of component `c` with a marker in it, in component order.
    func records(of c: Int) -> [Int] {
        components[c].symbols.compactMap(record(markedBy:))
    }

    /// Whether a record of component `c` meets `predicate`: `records(of:)`
    /// without the array, for the check after every read.
    func anyRecord(of c: Int, where predicate: (Int) -> Bool) -> Bool {
        for s in components[c].symbols {
            if let o = record(markedBy: s), predicate(o) { return true }
        }
        return false
    }

    /// Drops component `c`: its rows, its objective, its slack, error and
    /// dummy symbols and every record in it. The records `keep` says so are
    /// freed too; the caller adds them again. Externals stay allocated while a
    /// kept record mentions them; the others are freed and returned, as
    /// `removeConstraint` returns them. Every external of `c` is marked
    /// changed: until the kept records are back, each reads 0.
    ///
    /// - Complexity: O(symbols + rows + records of `c`); rows are dropped
    ///   whole, without substituting anything.
    mutating func dismantle(_ c: Int, keep: (Int) -> Bool) -> (kept: [Int], released: [Int]) {
        let members = components[c].symbols
        let owned = records(of: c)
        var rowsDropped = 0, termsDropped = 0
        revision &+= 1
        for s in members {
            let r = symbolInfo[s].rowOf
            if r >= 0 {
                termsDropped += rows[r].cells.count + rows[r].refs.count
                rowsDropped += 1
                rows[r] = Row()
                basicOf[r] = -1
                freeRows.append(r)
                symbolInfo[s].rowOf = -1
            }
            symbolInfo[s].column.removeAll(in: &listStore)
        }
        // A row only names symbols of its own component, so no other row
        // (and no other column) refers to what went.
        var kept: [Int] = [], removed = 0
        var stillNamed: [Int] = []   // externals a kept record mentions
        for o in owned {
            let externals = records[o].externals
            for k in 0..<externals.count { symbolInfo[externals.element(k, in: listStore)].referenceCount -= 1 }
            if keep(o) {
                kept.append(o)
                for k in 0..<externals.count { stillNamed.append(externals.element(k, in: listStore)) }
            } else {
                removed += 1
            }
        }
        splitEpoch += 1
        for e in stillNamed { splitMark[e] = splitEpoch }
        var released: [Int] = []
        for s in members {
            symbolInfo[s].componentOf = -1
            symbolInfo[s].componentPosition = -1
            if symbolInfo[s].kind == .external && splitMark[s] == splitEpoch {
                markChanged(s)
                continue
            }
            if symbolInfo[s].kind == .external { released.append(s) }
            symbolInfo[s].kind = .free
            symbolInfo[s].ownerOf = -1
            symbolInfo[s].referenceCount = 0
            freeSymbols.append(s)
        }
        for o in owned { freeRecord(o) }
        if components[c].shared != nil { sharedCopies -= 1 }
        components[c] = Component(alive: false)
        freeComponents.append(c)
        counters.constraintsRemoved += removed
        counters.rowsTouched += rowsDropped
        counters.termsTouched += termsDropped + members.count
        return (kept, released)
    }
}
