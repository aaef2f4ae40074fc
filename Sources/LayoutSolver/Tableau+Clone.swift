/// Copying a solved component under new symbols. A batch that adds the same
/// structure many times over (a list's identical cells, each its own block
/// of constraints) solves the first copy and clones it for the rest; the
/// caller then moves each copy's constants to its own (`shiftShared`, or
/// `shiftConstants` once the copy is written out).
///
/// A copy starts shared: it reads its rows from the template's
/// `ComponentImage` and holds only its row constants (see
/// `Tableau+SharedCopies.swift`).
extension Tableau {
    /// Whether component `c` can be cloned: alive, written out, optimal,
    /// without folded dummies (their nodes are shared structure, not
    /// copied), and not in the middle of a journalled operation.
    func isCloneable(_ c: Int) -> Bool {
        c >= 0 && components[c].alive && components[c].shared == nil && !components[c].needsOptimize
            && !components[c].hasFolded && journal == nil
    }

    /// Component `c` written over local symbols, for copies whose records
    /// are made in the order of `templateRecords` (every record of `c`),
    /// whose constants in effect are `recordConstants`. Nil when `c` cannot
    /// be cloned or the records are not exactly `c`'s.
    func image(of c: Int, records templateRecords: [Int], constants recordConstants: [Double]) -> ComponentImage? {
        guard isCloneable(c), templateRecords.count == components[c].constraintCount,
              recordConstants.count == templateRecords.count else { return nil }
        let members = components[c].symbols
        for r in templateRecords where r >= records.count || symbolInfo[records[r].marker].componentOf != c {
            return nil
        }
        @inline(__always) func local(_ s: Int) -> Int { symbolInfo[s].componentPosition }

        var kinds: [SymbolKind] = [], rowOf = [Int32](repeating: -1, count: members.count)
        var rowBasic: [Int32] = [], rowConstants: [Double] = [], rowStart: [Int32] = [0], cells: [Cell] = []
        // Sized first and read through the buffers: an image is taken for
        // every basis a batch meets, most of the fixed cost of a small batch.
        var rowCount = 0, cellCount = 0
        for s in members where symbolInfo[s].rowOf >= 0 {
            rowCount += 1
            cellCount += rows[symbolInfo[s].rowOf].cells.count
        }
        kinds.reserveCapacity(members.count)
        rowBasic.reserveCapacity(rowCount)
        rowConstants.reserveCapacity(rowCount)
        rowStart.reserveCapacity(rowCount + 1)
        cells.reserveCapacity(cellCount)
        symbolInfo.withUnsafeBufferPointer { info in
            rows.withUnsafeBufferPointer { rows in
                for (i, s) in members.enumerated() {
                    kinds.append(info[s].kind)
                    let r = info[s].rowOf
                    guard r >= 0 else { continue }
                    rowOf[i] = Int32(truncatingIfNeeded: rowBasic.count)
                    rowBasic.append(Int32(truncatingIfNeeded: i))
                    rowConstants.append(rows[r].constant)
                    rows[r].cells.withUnsafeBufferPointer { row in
                        for cell in row {
                            cells.append(Cell(symbol: info[cell.symbol].componentPosition, coefficient: cell.coefficient))
                        }
                    }
                    rowStart.append(Int32(truncatingIfNeeded: cells.count))
                }
            }
        }
        var levelPriorities: [Float] = [], levelConstants: [Double] = [], levelStart: [Int32] = [0]
        var levelCells: [Cell] = []
        for level in components[c].levels {
            levelPriorities.append(level.priority)
            levelConstants.append(level.row.constant)
            for cell in level.row.cells { levelCells.append(Cell(symbol: local(cell.symbol), coefficient: cell.coefficient)) }
            levelStart.append(Int32(truncatingIfNeeded: levelCells.count))
        }

        var imageRecords = ImageRecords()
        imageRecords.markers.reserveCapacity(templateRecords.count)
        imageRecords.others.reserveCapacity(templateRecords.count)
        imageRecords.markerCoefficients.reserveCapacity(templateRecords.count)
        imageRecords.otherCoefficients.reserveCapacity(templateRecords.count)
        for slot in templateRecords {
            let record = records[slot]
            imageRecords.markers.append(Int32(truncatingIfNeeded: local(record.marker)))
            imageRecords.others.append(record.other >= 0 ? Int32(truncatingIfNeeded: local(record.other)) : -1)
            imageRecords.markerCoefficients.append(record.markerCoefficient)
            imageRecords.otherCoefficients.append(record.otherCoefficient)
        }
        imageRecords.indexMarkers(symbolCount: members.count)
        return ComponentImage(kinds: kinds, rowOf: rowOf, rowBasic: rowBasic, rowConstants: rowConstants,
                              rowStart: rowStart, cells: cells, levelPriorities: levelPriorities,
                              levelConstants: levelConstants, levelStart: levelStart, levelCells: levelCells,
                              records: imageRecords, recordConstants: recordConstants)
    }

    /// Adds a shared copy of component `c` over `image` — `c`'s own, or that
    /// of a copy of `c` in another basis, one of `family` — with row
    /// constants `constants` (feasible in that basis; see `feasibleBasis`)
    /// and its records' constants `recordConstants`. Every external symbol
    /// `templateExternals[i]`
    /// becomes `newExternals[i]` (symbols in no component yet), every other
    /// symbol a new one of the same kind, and each record of
    /// `templateRecords` a new record, returned in the same order with the
    /// copy. The copy holds `c`'s equations with constants `recordConstants`
    /// in a basis where they are feasible and optimal; nothing outside it changes.
    ///
    /// Returns nil, changing nothing, when `c` cannot be cloned or the lists
    /// do not cover it: externals of `c` missing from `templateExternals`, or
    /// records of `c` missing from `templateRecords`.
    mutating func clone(_ c: Int, family: ImageFamily, image: ComponentImage, constants: [Double],
                        recordConstants: [Double], templateExternals: [Int], newExternals: [Int],
                        templateRecords: [Int]) -> (component: Int, slots: [Int])? {
        guard isCloneable(c), templateExternals.count == newExternals.count,
              templateRecords.count == components[c].constraintCount,
              image.kinds.count == components[c].symbols.count, image.shifts.count == templateRecords.count,
              constants.count == image.rowCount, recordConstants.count == templateRecords.count
        else { return nil }
        let members = components[c].symbols
        // Symbol → its copy, through a scratch table indexed by symbol
        // (moved out while in use; only `c`'s entries are read).
        var map: [Int32] = []
        swap(&map, &cloneMap)
        defer { swap(&map, &cloneMap) }
        coverSlots(&map, symbolInfo.count, with: -1)
        // Through the buffers: indexing the arrays checked their uniqueness per write.
        let covered = map.withUnsafeMutableBufferPointer { map in
            symbolInfo.withUnsafeBufferPointer { info in
                for s in members { map[s] = -1 }
                for (t, n) in zip(templateExternals, newExternals) {
                    guard t < map.count, info[t].componentOf == c, info[n].componentOf < 0 else { return false }
                    map[t] = Int32(truncatingIfNeeded: n)
                }
                for s in members where info[s].kind == .external && map[s] < 0 { return false }
                for r in templateRecords where r >= records.count || info[records[r].marker].componentOf != c {
                    return false
                }
                return true
            }
        }
        guard covered else { return nil }

        // Members in the template's order, so that a copy symbol's position
        // in its component is its local symbol in the image. Made first,
        // then described in one pass over the symbol table: attaching them
        // one by one checked the table's and the list's uniqueness per symbol.
        let copy = newComponent(symbols: 0)
        var symbols: [Int] = []
        symbols.reserveCapacity(members.count)
        if freeSymbols.isEmpty {
            // New symbols, numbered on from the table's end: made in one
            // append each for the tables, not one `newSymbol` per member.
            var fresh = 0
            for s in members where symbolInfo[s].kind != .external { fresh += 1 }
            var next = appendSymbols(fresh, kind: .free)   // kinds set below
            map.withUnsafeMutableBufferPointer { map in
                symbolInfo.withUnsafeMutableBufferPointer { info in
                    for s in members {
                        let kind = info[s].kind
                        var n = Int(map[s])
                        if kind != .external {
                            n = next
                            next += 1
                            info[n].kind = kind
                            map[s] = Int32(truncatingIfNeeded: n)
                        }
                        symbols.append(n)
                    }
                }
            }
        } else {
            for s in members {
                let kind = symbolInfo[s].kind
                let n = kind == .external ? Int(map[s]) : newSymbol(kind)
                map[s] = Int32(truncatingIfNeeded: n)
                symbols.append(n)
            }
        }
        var slots: [Int] = []
        slots.reserveCapacity(templateRecords.count)
        for r in templateRecords { slots.append(newRecord(records[r].renamed(map, in: &listStore))) }
        symbolInfo.withUnsafeMutableBufferPointer { info in
            for i in symbols.indices {
                let n = symbols[i]
                info[n].componentOf = copy
                info[n].componentPosition = i
                info[n].referenceCount = info[members[i]].referenceCount
            }
            records.withUnsafeBufferPointer { records in
                for slot in slots {
                    info[records[slot].marker].ownerOf = slot
                    if records[slot].other >= 0 { info[records[slot].other].ownerOf = slot }
                }
            }
        }
        components[copy].symbols = symbols
        components[copy].shared = SharedCopy(image: image, constants: constants, family: family,
                                             recordConstants: recordConstants)
        sharedCopies += 1
        components[copy].constraintCount = templateRecords.count
        // Its externals' values are new: the basic ones are reported, as
        // inserting their rows reported them.
        for r in 0..<image.rowCount {
            let b = Int(image.rowBasic[r])
            if image.kinds[b] == .external { markChanged(components[copy].symbols[b]) }
        }
        counters.termsTouched += members.count + templateRecords.count
        return (copy, slots)
    }
}
