/// A journal of row changes, kept only while an operation that may be
/// rejected runs (the artificial phase of an add, a required constant
/// change). Rolling back restores every touched row and objective level
/// bit for bit, so a rejected call leaves values exactly where they were —
/// undoing by pivoting back would land on another optimal vertex.
struct RowJournal {
    var saved: [Int: (basic: Int, row: Row)] = [:]
    var created: Set<Int> = []
    var levels: [(component: Int, levels: [ObjectiveLevel])] = []
}

extension Tableau {
    mutating func beginJournal(component c: Int) {
        journal = RowJournal(levels: c >= 0 ? [(c, components[c].levels)] : [])
    }

    /// Saves row `slot` the first time the journalled operation touches it.
    @inline(__always) mutating func noteRow(_ slot: Int) {
        if journal != nil { noteRowSlow(slot) }
    }

    private mutating func noteRowSlow(_ slot: Int) {
        if journal!.created.contains(slot) || journal!.saved[slot] != nil { return }
        journal!.saved[slot] = (basicOf[slot], rows[slot])
    }

    @inline(__always) mutating func noteCreated(_ slot: Int) {
        if journal != nil { journal!.created.insert(slot) }
    }

    mutating func commitJournal() { journal = nil }

    /// Puts every journalled row and level back as it was.
    mutating func rollbackJournal() {
        guard let j = journal else { return }
        journal = nil
        for slot in j.created.sorted() where basicOf[slot] >= 0 { _ = removeRow(slot) }
        let slots = j.saved.keys.sorted()
        for slot in slots {
            if basicOf[slot] >= 0 {
                for cell in rows[slot].cells { symbolInfo[cell.symbol].column.remove(slot) }
                symbolInfo[basicOf[slot]].rowOf = -1
            } else if let i = freeRows.firstIndex(of: slot) {
                freeRows.remove(at: i)
            }
        }
        for slot in slots {
            let (basic, row) = j.saved[slot]!
            rows[slot] = row
            basicOf[slot] = basic
            symbolInfo[basic].rowOf = slot
            for cell in row.cells { insertIntoColumn(cell.symbol, slot) }
            if symbolInfo[basic].kind == .external { markChanged(basic) }
        }
        for (c, levels) in j.levels where components[c].alive { components[c].levels = levels }
        infeasible.removeAll()
    }
}
