/// A journal of row changes, kept only while an operation that may be
/// rejected runs (the artificial phase of an add, a required constant
/// change). Rolling back restores every touched row and objective level
/// bit for bit, so a rejected call leaves values exactly where they were —
/// undoing by pivoting back would land on another optimal vertex.
struct RowJournal {
    var saved: [Int: (basic: Int, row: Row)] = [:]
    var created: Set<Int> = []
    /// The component whose objective levels are saved (-1: none).
    var levelsComponent = -1
    var levels: [ObjectiveLevel] = []
    /// Rows whose constant alone changed, with the constant they had: a
    /// required constant change shifts rows before it pivots any, and
    /// saving each shifted row whole (into the dictionary, retaining its
    /// buffers) was over half the cost of a change that needs no pivot.
    var constants: [(slot: Int, constant: Double)] = []
}

extension Tableau {
    mutating func beginJournal(component c: Int) {
        var j = RowJournal()
        if c >= 0 {
            j.levelsComponent = c
            j.levels = components[c].levels
        }
        // The constants' buffer is kept from one journal to the next.
        swap(&j.constants, &spareJournalConstants)
        journal = j
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

    /// Saves row `slot`'s constant before a shift changes it (and nothing
    /// else of the row). Shifts come before any pivot of the operation, so
    /// no row has been saved whole or created yet.
    @inline(__always) mutating func noteConstant(_ slot: Int) {
        if journal != nil { noteConstantSlow(slot) }
    }

    private mutating func noteConstantSlow(_ slot: Int) {
        assert(journal!.saved.isEmpty && journal!.created.isEmpty, "a constant noted after a pivot")
        journal!.constants.append((slot, rows[slot].constant))
    }

    mutating func commitJournal() {
        guard var j = journal else { return }
        journal = nil
        j.constants.removeAll(keepingCapacity: true)
        swap(&j.constants, &spareJournalConstants)
    }

    /// Puts every journalled row and level back as it was.
    mutating func rollbackJournal() {
        guard let j = journal else { return }
        journal = nil
        revision &+= 1
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
            if symbolInfo[basic].kind == .external || linkedRowsMade > 0 { markChanged(basic) }
        }
        // Whole rows were saved after their constants were shifted: the
        // constants go back last, the first noted of each slot winning.
        for (slot, constant) in j.constants.reversed() { rows[slot].constant = constant }
        if j.levelsComponent >= 0 && components[j.levelsComponent].alive {
            components[j.levelsComponent].levels = j.levels
            components[j.levelsComponent].scansWholeObjective = true
        }
        infeasible.removeAll()
    }
}
