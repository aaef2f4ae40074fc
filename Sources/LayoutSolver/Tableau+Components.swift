/// Components: independent blocks of the tableau, merged when a constraint
/// links them and split again when the links go.
extension Tableau {
    mutating func newComponent(symbols capacity: Int = 8) -> Int {
        // Room for a few constraints' symbols up front: growing from empty
        // would reallocate at 1, 2, 4 and 8.
        // Built in place: assigning a prepared local retained its array.
        let c: Int
        if let free = freeComponents.popLast() {
            c = free
            components[c] = Component()
        } else {
            c = components.count
            components.append(Component())
        }
        components[c].symbols.reserveCapacity(capacity)
        return c
    }

    mutating func attach(_ s: Int, to c: Int) {
        symbolInfo[s].componentOf = c
        symbolInfo[s].componentPosition = components[c].symbols.count
        components[c].symbols.append(s)
    }

    mutating func detachFromComponent(_ s: Int) {
        let c = symbolInfo[s].componentOf
        guard c >= 0 else { return }
        let i = symbolInfo[s].componentPosition
        let last = components[c].symbols.removeLast()
        if last != s {
            components[c].symbols[i] = last
            symbolInfo[last].componentPosition = i
        }
        symbolInfo[s].componentOf = -1
        symbolInfo[s].componentPosition = -1
    }

    mutating func markDirty(_ c: Int) {
        if !components[c].needsOptimize {
            components[c].needsOptimize = true
            dirtyComponents.append(c)
        }
    }

    /// The component that a new constraint's row must belong to: its
    /// externals' components merged (smaller into larger), with unattached
    /// externals and the constraint's fresh `marker` and `other` (or -1)
    /// joining it. The row's other symbols came in with the basic rows of
    /// its externals, so they already share those components: visiting them
    /// too cost a loop over the row and a retain of its cells per add.
    mutating func unify(_ externals: SmallList, marker: Int, other: Int) -> Int {
        var target = -1
        for k in 0..<externals.count {
            let s = externals.element(k, in: listStore)
            let c = symbolInfo[s].componentOf
            guard c >= 0, c != target else { continue }
            if target < 0 {
                target = c
            } else if components[c].symbols.count > components[target].symbols.count {
                merge(target, into: c)
                target = c
            } else {
                merge(c, into: target)
            }
        }
        if target < 0 { target = newComponent() }
        for k in 0..<externals.count {
            let s = externals.element(k, in: listStore)
            if symbolInfo[s].componentOf < 0 { attach(s, to: target) }
        }
        attach(marker, to: target)
        if other >= 0 { attach(other, to: target) }
        return target
    }

    /// Moves every symbol and objective term of `source` into `target`.
    mutating func merge(_ source: Int, into target: Int) {
        // Moved out, not copied: a copy retained its symbols and levels.
        var moving = Component(alive: false)
        swap(&moving, &components[source])
        for s in moving.symbols { attach(s, to: target) }
        if moving.scansWholeObjective {
            components[target].scansWholeObjective = true
            components[target].objectiveTouched.removeAll()
        } else if !components[target].scansWholeObjective {
            for level in moving.levels { touchObjective(target, level.row) }
            for s in moving.objectiveTouched { touchObjective(target, s) }
        }
        for level in moving.levels {
            let i = levelIndex(target, level.priority)
            components[target].levels[i].row.add(level.row, times: 1, added: &scratchAdded, removed: &scratchRemoved)
            scratchAdded.reset()
            scratchRemoved.reset()
        }
        components[target].constraintCount += moving.constraintCount
        if moving.hasFolded { components[target].hasFolded = true }
        counters.termsTouched += moving.symbols.count
        if moving.needsOptimize { markDirty(target) }
        freeComponents.append(source)
        counters.componentsMerged += 1
    }

    /// The index of `priority`'s objective level in component `c`, created if missing.
    mutating func levelIndex(_ c: Int, _ priority: Float) -> Int {
        // Read in place: a local copy of the levels would make the insert
        // below copy every level.
        var i = 0
        let n = components[c].levels.count
        while i < n && components[c].levels[i].priority > priority { i += 1 }
        if i < n && components[c].levels[i].priority == priority { return i }
        // Room for a few errors: a level grows one term per preference, and
        // from empty it would reallocate at 1, 2 and 4 terms.
        components[c].levels.insert(ObjectiveLevel(priority: priority, row: Row(constant: 0, capacity: 8)), at: i)
        return i
    }

    /// Frees a component that holds no constraint; its remaining symbols
    /// (variables no constraint mentions) belong to none.
    mutating func retire(_ c: Int) {
        for s in components[c].symbols {
            symbolInfo[s].componentOf = -1
            symbolInfo[s].componentPosition = -1
        }
        components[c] = Component(alive: false)
        freeComponents.append(c)
    }

    /// After a removal: retire an empty component, or look for a split.
    /// Small components are checked every time; large ones once their removal
    /// count reaches a quarter of their size, which keeps the checks
    /// amortised O(1) per removal while a long chain is dismantled.
    mutating func componentLostConstraint(_ c: Int) {
        components[c].constraintCount -= 1
        components[c].levels.removeAll { $0.row.isEmpty }
        if components[c].constraintCount == 0 { return retire(c) }
        markDirty(c)
        components[c].removalsSinceSplitCheck += 1
        if !splitChecksDeferred { checkSplit(c) }
    }

    /// Looks for a split if `c`'s removals since the last look call for one.
    mutating func checkSplit(_ c: Int) {
        guard components[c].alive, components[c].removalsSinceSplitCheck > 0 else { return }
        let n = components[c].constraintCount
        if n <= 64 || components[c].removalsSinceSplitCheck * 4 >= n {
            splitIfDisconnected(c)
        }
    }

    /// Splits `c` into its connected pieces. Two symbols are connected when a
    /// row contains both (basic and parameter alike) or when they are the two
    /// error symbols of one constraint.
    mutating func splitIfDisconnected(_ c: Int) {
        unfold(c)   // folded dummies connect rows too
        components[c].removalsSinceSplitCheck = 0
        let members = components[c].symbols
        guard members.count > 1 else { return }
        // Union–find over the members' positions in the component: one pass
        // over the rows (a row ties its basic symbol to its parameters) and
        // the records (a preference ties its two errors), reading cells in
        // order — no column walk, no lookups in long rows. The parent array
        // is the tableau's scratch, and nothing else is allocated unless the
        // component really splits: small components are checked after every
        // removal, and the check's own arrays were a fifth of a churned
        // cell's constraint pass.
        var scratch: [Int32] = []
        swap(&scratch, &splitParent)
        var sets = DisjointSets(count: members.count, reusing: consume scratch)
        defer { splitParent = sets.parent }
        func find(_ i: Int) -> Int { sets.find(i) }
        func union(_ a: Int, _ b: Int) { sets.union(a, b) }
        var termsRead = members.count
        for i in 0..<members.count {
            let s = members[i]
            let o = symbolInfo[s].ownerOf
            if o >= 0 {
                let marker = records[o].marker, other = records[o].other
                if marker >= 0 && marker != s && symbolInfo[marker].componentOf == c { union(i, symbolInfo[marker].componentPosition) }
                if other >= 0 && other != s && symbolInfo[other].componentOf == c { union(i, symbolInfo[other].componentPosition) }
            }
            let r = symbolInfo[s].rowOf
            if r >= 0 {
                let count = rows[r].cells.count
                termsRead += count
                for k in 0..<count {
                    let t = rows[r].cells[k].symbol
                    if symbolInfo[t].componentOf == c { union(i, symbolInfo[t].componentPosition) }
                }
            }
        }
        counters.termsTouched += termsRead
        // Almost always one piece holds every constraint: then nothing moves.
        // (The first member's root is position 0, the smallest.)
        var splits = false
        for i in 1..<members.count where find(i) != 0 {
            let o = symbolInfo[members[i]].ownerOf
            if o >= 0 && records[o].marker == members[i] { splits = true; break }
        }
        guard splits else { return }
        // Pieces numbered in order of their first member, as before.
        var pieceOfRoot = [Int](repeating: -1, count: members.count)
        var pieceOf: [Int: Int] = [:]   // only symbols outside the first piece
        var pieceHasConstraint: [Bool] = []
        var piece = -1
        for (i, s) in members.enumerated() {
            let root = find(i)
            if pieceOfRoot[root] < 0 {
                piece += 1
                pieceOfRoot[root] = piece
                pieceHasConstraint.append(false)
            }
            let p = pieceOfRoot[root]
            if p > 0 { pieceOf[s] = p }
            if record(markedBy: s) != nil { pieceHasConstraint[p] = true }
        }
        // Pieces without a constraint (isolated variables) stay with the first piece.
        var newComponentOfPiece = [Int](repeating: c, count: piece + 1)
        var created = 0
        for p in 1..<(piece + 1) where pieceHasConstraint[p] {
            newComponentOfPiece[p] = newComponent()
            created += 1
        }
        guard created > 0 else { return }
        let wasDirty = components[c].needsOptimize
        for s in members {
            guard let p = pieceOf[s] else { continue }
            let target = newComponentOfPiece[p]
            guard target != c else { continue }
            detachFromComponent(s)
            attach(s, to: target)
            if record(markedBy: s) != nil {
                components[target].constraintCount += 1
                components[c].constraintCount -= 1
            }
        }
        // Objective terms follow their symbols.
        for level in components[c].levels {
            var keep = Row(constant: level.row.constant)
            for cell in level.row.cells {
                let target = symbolInfo[cell.symbol].componentOf
                if target == c || target < 0 {
                    keep.add(cell.symbol, cell.coefficient)
                } else {
                    let i = levelIndex(target, level.priority)
                    components[target].levels[i].row.add(cell.symbol, cell.coefficient)
                }
            }
            let i = levelIndex(c, level.priority)
            components[c].levels[i].row = keep
        }
        components[c].levels.removeAll { $0.row.cells.isEmpty }
        for p in 1..<(piece + 1) where newComponentOfPiece[p] != c {
            let target = newComponentOfPiece[p]
            components[target].levels.removeAll { $0.row.cells.isEmpty }
            if wasDirty { markDirty(target) }
        }
        counters.componentsSplit += created
    }
}
