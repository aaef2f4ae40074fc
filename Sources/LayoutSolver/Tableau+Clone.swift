/// Copying a solved component under new symbols. A batch that adds the same
/// structure many times over (a list's identical cells, each its own block
/// of constraints) solves the first copy and clones it for the rest; the
/// caller then moves each copy's constants to its own (`shiftConstants`).
extension Tableau {
    /// Whether component `c` can be cloned: alive, optimal, without folded
    /// dummies (their nodes are shared structure, not copied), and not in
    /// the middle of a journalled operation.
    func isCloneable(_ c: Int) -> Bool {
        c >= 0 && components[c].alive && !components[c].needsOptimize && !components[c].hasFolded && journal == nil
    }

    /// Adds a copy of component `c`: every external symbol `templateExternals[i]`
    /// becomes `newExternals[i]` (symbols in no component yet), every other
    /// symbol a new one of the same kind, and each record of `templateRecords`
    /// a new record, returned in the same order. The copy holds the same
    /// equations with the same constants, so it is feasible and optimal as
    /// `c` is, and nothing outside it changes.
    ///
    /// Returns nil, changing nothing, when `c` cannot be cloned or the lists
    /// do not cover it: externals of `c` missing from `templateExternals`, or
    /// records of `c` missing from `templateRecords`.
    mutating func clone(_ c: Int, templateExternals: [Int], newExternals: [Int], templateRecords: [Int]) -> [Int]? {
        guard isCloneable(c), templateExternals.count == newExternals.count,
              templateRecords.count == components[c].constraintCount else { return nil }
        let members = components[c].symbols
        // Symbol → its copy, through a scratch table indexed by symbol
        // (moved out while in use; only `c`'s entries are read).
        var map: [Int32] = []
        swap(&map, &cloneMap)
        defer { swap(&map, &cloneMap) }
        if map.count < symbolInfo.count { map.append(contentsOf: repeatElement(-1, count: symbolInfo.count - map.count)) }
        for s in members { map[s] = -1 }
        for (t, n) in zip(templateExternals, newExternals) {
            guard t < map.count, symbolInfo[t].componentOf == c, symbolInfo[n].componentOf < 0 else { return nil }
            map[t] = Int32(truncatingIfNeeded: n)
        }
        for s in members where symbolInfo[s].kind == .external && map[s] < 0 { return nil }
        for r in templateRecords where r >= records.count || symbolInfo[records[r].marker].componentOf != c { return nil }

        // Sized for the copy: grown from eight, its symbol list reallocated four times per cell.
        let copy = newComponent(symbols: members.count)
        for s in members {
            let n = symbolInfo[s].kind == .external ? Int(map[s]) : newSymbol(symbolInfo[s].kind)
            map[s] = Int32(truncatingIfNeeded: n)
            attach(n, to: copy)
            symbolInfo[n].referenceCount = symbolInfo[s].referenceCount
        }
        var slots: [Int] = []
        slots.reserveCapacity(templateRecords.count)
        for r in templateRecords {
            let record = records[r].renamed(map, in: &listStore)
            let marker = record.marker, other = record.other
            let slot = newRecord(record)
            symbolInfo[marker].ownerOf = slot
            if other >= 0 { symbolInfo[other].ownerOf = slot }
            slots.append(slot)
        }
        // Rows in the template's member order: the copy's columns list rows
        // in a fixed order, and leaving-row ties go by symbol anyway.
        var terms = members.count
        var levels: [ObjectiveLevel] = []
        levels.reserveCapacity(components[c].levels.count)
        map.withUnsafeBufferPointer { m in
            for s in members {
                let r = symbolInfo[s].rowOf
                guard r >= 0 else { continue }
                precondition(rows[r].refs.isEmpty, "a row with folded dummies cannot be copied")
                let row = rows[r].cells.withUnsafeBufferPointer { Row(constant: rows[r].constant, renaming: $0, m) }
                terms += row.count
                insertRow(basic: Int(m[s]), row)
            }
            for level in components[c].levels.indices {
                let row = components[c].levels[level].row
                precondition(row.refs.isEmpty, "a row with folded dummies cannot be copied")
                terms += row.count
                levels.append(ObjectiveLevel(priority: components[c].levels[level].priority,
                                             row: row.cells.withUnsafeBufferPointer { Row(constant: row.constant, renaming: $0, m) }))
            }
        }
        components[copy].levels = levels
        components[copy].constraintCount = templateRecords.count
        counters.termsTouched += terms
        return slots
    }
}
