/// Finding the basis a shared copy's new constants need without writing the
/// copy out. When no basis of its family fits a copy's constants, the
/// written-out path writes every row into the tableau, repairs them by dual
/// simplex and takes an image of the result. Here the same dual simplex runs
/// on a scratch of the few rows it touches, reading the rest from the image,
/// and the result is a new image of the family: the copy stays shared, and
/// later copies find the basis as they find the others.
///
/// The pivots are the written-out path's exactly: the same rows with their
/// cells in the same order, the same leaving and entering choices and
/// tie-breaks (by tableau symbol), the same arithmetic, the rows substituted
/// in the order the written-out columns list them. So the image is the one
/// `image(of:)` would take of the repaired copy, bit for bit
/// (`SharedCopyTests` compares the two paths).
extension Tableau {
    /// The basis dual simplex reaches from `image` (row constants
    /// `constants`) once its records' constants move by `changes` (indexes
    /// in the image's record order, applied in order as `shiftConstants`
    /// applies them): its image, with record constants `recordConstants`,
    /// and its row constants. `symbols` are the copy's tableau symbols by
    /// local symbol, for the tie-breaks. Nil when some row cannot be made
    /// feasible (required constraints that conflict: the caller takes the
    /// written-out path, which reports them), or when the tableau is itself
    /// mid-repair.
    mutating func discoverBasis(from image: ComponentImage, constants: [Double],
                                changes: [(record: Int, delta: Double)], recordConstants: [Double],
                                symbols: [Int]) -> (image: ComponentImage, constants: [Double])? {
        guard infeasible.isEmpty, symbols.count == image.kinds.count else { return nil }
        var search = BasisSearch(image: image, constants: constants)
        for (k, delta) in changes { search.shift(record: k, by: delta) }
        var added = SymbolBuffer(), removed = SymbolBuffer()
        swap(&added, &scratchAdded)
        swap(&removed, &scratchRemoved)
        defer {
            swap(&added, &scratchAdded)
            swap(&removed, &scratchRemoved)
        }
        while let leaving = search.infeasible.popLast() {
            let r = Int(search.rowOf[leaving])
            guard r >= 0 else { continue }
            let constant = search.constant(r)
            let isDummy = image.kinds[leaving] == .dummy
            guard isDummy ? abs(constant) > epsilon : constant < -epsilon else { continue }
            counters.objectiveIterations += 1
            counters.infeasibleRows += 1
            guard let entering = search.dualEntering(r, sign: isDummy && constant > 0 ? -1 : 1, symbols: symbols)
            else { return nil }
            search.pivot(r, entering: entering, added: &added, removed: &removed, counters: &counters)
        }
        let found = search.image(recordConstants: recordConstants)
        counters.basesDiscovered += 1
        return (found, found.rowConstants)
    }

    /// Shared copy `c` now reads `image` with row constants `constants`,
    /// found by `discoverBasis` from `previous` (whose row constants were
    /// `previousConstants`): its externals whose values differ are reported.
    mutating func adopt(_ c: Int, image: ComponentImage, constants: [Double],
                        previous: ComponentImage, previousConstants: [Double]) {
        guard let copy = components[c].shared else { return }
        for i in image.kinds.indices where image.kinds[i] == .external {
            let before = previous.rowOf[i] >= 0 ? previousConstants[Int(previous.rowOf[i])] : 0
            let after = image.rowOf[i] >= 0 ? constants[Int(image.rowOf[i])] : 0
            if before != after { markChanged(components[c].symbols[i]) }
        }
        copy.previous = previous
        copy.image = image
        copy.constants = constants
    }
}

/// The scratch of one `discoverBasis`: the rows as the written-out copy
/// would hold them, each read from the image until a pivot writes it.
private struct BasisSearch {
    let image: ComponentImage
    /// Per row: its constant while it is read from the image.
    var constants: [Double]
    /// Per row its basic symbol; per symbol its row, or -1.
    var basic: [Int32]
    var rowOf: [Int32]
    /// Per row: its index in `rows` once written, else -1.
    var written: [Int32]
    var rows: [Row] = []
    var levels: [Row] = []
    /// The written-out columns, as far as order goes: a symbol's column
    /// lists the rows that held it when the copy was written out, in row
    /// order, then each row that gained it since (`gains`, in order); a
    /// pivot on it empties it (`clearedAt`: the length of `gains` then, or
    /// -1 before any).
    var gains: [(symbol: Int32, row: Int32)] = []
    var clearedAt: [Int32]
    /// Basic symbols whose rows may have become infeasible, as the tableau's
    /// `infeasible` stack.
    var infeasible: [Int] = []
    /// Reused by `pivot` for the rows it substitutes into.
    var scratchTargets: [Int] = []

    init(image: ComponentImage, constants: [Double]) {
        self.image = image
        self.constants = constants
        basic = image.rowBasic
        rowOf = image.rowOf
        written = [Int32](repeating: -1, count: image.rowCount)
        clearedAt = [Int32](repeating: -1, count: image.kinds.count)
        // Built in a local: appended to `levels` from the closure, every
        // level copied the whole search (a retain and a release per table).
        var levels: [Row] = []
        levels.reserveCapacity(image.levelPriorities.count)
        image.levelCells.withUnsafeBufferPointer { cells in
            for l in image.levelPriorities.indices {
                let run = UnsafeBufferPointer(rebasing: cells[Int(image.levelStart[l])..<Int(image.levelStart[l + 1])])
                levels.append(Row(constant: image.levelConstants[l], copying: run))
            }
        }
        self.levels = levels
    }

    func constant(_ r: Int) -> Double {
        written[r] >= 0 ? rows[Int(written[r])].constant : constants[r]
    }

    /// Calls `body` with row `r`'s cells, in order.
    @inline(__always)
    func withCells<T>(_ r: Int, _ body: (UnsafeBufferPointer<Cell>) -> T) -> T {
        if written[r] >= 0 { return rows[Int(written[r])].cells.withUnsafeBufferPointer(body) }
        return image.cells.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(image.rowStart[r])..<Int(image.rowStart[r + 1])]))
        }
    }

    /// Row `r`'s index in `rows`, writing it there first if it is still read from the image.
    mutating func write(_ r: Int) -> Int {
        if written[r] >= 0 { return Int(written[r]) }
        // The constant read first: a closure that read it captured (copied) the search.
        let constant = constants[r]
        let row = withCells(r) { Row(constant: constant, copying: $0) }
        written[r] = Int32(truncatingIfNeeded: rows.count)
        rows.append(row)
        return rows.count - 1
    }

    func violates(_ b: Int, _ constant: Double) -> Bool {
        switch image.kinds[b] {
        case .slack, .error: return constant < 0
        case .dummy: return abs(constant) > epsilon
        default: return false
        }
    }

    /// `Tableau.adjustBasic` on row `r`, which is still read from the image.
    mutating func adjust(_ r: Int, by amount: Double) {
        constants[r] += amount
        let b = Int(basic[r])
        if violates(b, constants[r]) { infeasible.append(b) }
    }

    /// `Tableau.applyShift` for record `k`, through the image's shift data
    /// (its rows are the written-out copy's, in order, before any pivot).
    mutating func shift(record k: Int, by delta: Double) {
        let shift = image.shifts[k]
        switch shift.mode {
        case .markerRow, .otherRow:
            adjust(Int(shift.row), by: -delta / shift.divisor)
        case .column:
            let amount = delta / shift.divisor
            for e in Int(image.effectStart[k])..<Int(image.effectStart[k + 1]) {
                adjust(Int(image.effectRows[e]), by: image.effectCoefficients[e] * amount)
            }
        }
    }

    /// `Tableau.dualEnteringSymbol`: among row `r`'s symbols with a positive
    /// coefficient (times `sign`), the one with the lexicographically
    /// smallest objective ratio; ties to the smallest tableau symbol.
    func dualEntering(_ r: Int, sign: Double, symbols: [Int]) -> Int? {
        var best = -1, bestK = 0.0
        withCells(r) { cells in
            for cell in cells where cell.coefficient * sign > 0 && image.kinds[cell.symbol] != .dummy {
                let k = cell.coefficient * sign
                let order = best < 0 ? -1 : ratioOrder(levels.count, cell.symbol, k, best, bestK,
                                                       coefficient: { levels[$0].coefficient(of: $1) },
                                                       scale: { levels[$0].largestCoefficient })
                if order < 0 || (order == 0 && symbols[cell.symbol] < symbols[best]) {
                    best = cell.symbol
                    bestK = k
                }
            }
        }
        return best >= 0 ? best : nil
    }

    /// `Tableau.pivot`: row `r` solved for `entering`, which then leaves
    /// every other row and the objective.
    mutating func pivot(_ r: Int, entering: Int, added: inout SymbolBuffer, removed: inout SymbolBuffer,
                        counters: inout SolverCounters) {
        let leaving = Int(basic[r])
        let w = write(r)
        rows[w].solve(lhs: leaving, rhs: entering)
        gains.append((Int32(truncatingIfNeeded: leaving), Int32(truncatingIfNeeded: r)))
        basic[r] = Int32(truncatingIfNeeded: entering)
        rowOf[entering] = Int32(truncatingIfNeeded: r)
        rowOf[leaving] = -1
        counters.pivots += 1
        counters.termsTouched += rows[w].cells.count
        let source = rows[w]

        // The rows in the order of `entering`'s written-out column (in a
        // buffer the search keeps: taken out while in use).
        var targets: [Int] = []
        swap(&targets, &scratchTargets)
        defer {
            targets.removeAll(keepingCapacity: true)
            swap(&targets, &scratchTargets)
        }
        if clearedAt[entering] < 0 {
            for t in 0..<image.rowCount where holdsInImage(t, entering) {
                targets.append(t)
            }
        }
        for g in max(0, Int(clearedAt[entering]))..<gains.count where Int(gains[g].symbol) == entering {
            targets.append(Int(gains[g].row))
        }
        clearedAt[entering] = Int32(truncatingIfNeeded: gains.count)
        var substituted = 0
        for t in targets {
            guard let i = withCells(t, { cells in cells.firstIndex { $0.symbol == entering } }) else { continue }
            let tw = write(t)
            substituted += 1
            counters.termsTouched += source.count
            rows[tw].substitute(at: i, with: source, added: &added, removed: &removed)
            for k in 0..<added.count {
                gains.append((Int32(truncatingIfNeeded: added[k]), Int32(truncatingIfNeeded: t)))
            }
            added.reset()
            removed.reset()
            let b = Int(basic[t])
            if violates(b, rows[tw].constant) { infeasible.append(b) }
        }
        counters.rowSubstitutions += substituted
        counters.rowsTouched += substituted
        for l in levels.indices {
            let k = levels[l].remove(entering)
            if k != 0 {
                counters.rowSubstitutions += 1
                counters.termsTouched += source.count
                levels[l].add(source, times: k, added: &added, removed: &removed, indexing: false)
                added.reset()
                removed.reset()
            }
        }
    }

    /// Whether row `t` held `s` as the image has it (when written out).
    func holdsInImage(_ t: Int, _ s: Int) -> Bool {
        for i in Int(image.rowStart[t])..<Int(image.rowStart[t + 1]) where image.cells[i].symbol == s { return true }
        return false
    }

    /// The image of the basis reached, as `Tableau.image(of:)` writes it:
    /// rows in order of their basic symbol.
    func image(recordConstants: [Double]) -> ComponentImage {
        let n = image.kinds.count
        var newRowOf = [Int32](repeating: -1, count: n)
        // Every table reserved before its first element (an array literal's
        // buffer was made again at the reservation), and cells appended one
        // by one: a row's few through `append(contentsOf:)` took its generic
        // path, a fifth of making the image.
        var rowBasic: [Int32] = [], rowConstants: [Double] = [], rowStart: [Int32] = [], cells: [Cell] = []
        rowBasic.reserveCapacity(image.rowCount)
        rowConstants.reserveCapacity(image.rowCount)
        rowStart.reserveCapacity(image.rowCount + 1)
        rowStart.append(0)
        cells.reserveCapacity(image.cells.count + image.cells.count / 4 + 16)
        for s in 0..<n where rowOf[s] >= 0 {
            let r = Int(rowOf[s])
            newRowOf[s] = Int32(truncatingIfNeeded: rowBasic.count)
            rowBasic.append(Int32(truncatingIfNeeded: s))
            rowConstants.append(constant(r))
            withCells(r) { for cell in $0 { cells.append(cell) } }
            rowStart.append(Int32(truncatingIfNeeded: cells.count))
        }
        var levelConstants: [Double] = [], levelStart: [Int32] = [], levelCells: [Cell] = []
        levelConstants.reserveCapacity(levels.count)
        levelStart.reserveCapacity(levels.count + 1)
        levelStart.append(0)
        levelCells.reserveCapacity(image.levelCells.count + 8)
        for level in levels {
            levelConstants.append(level.constant)
            level.cells.withUnsafeBufferPointer { for cell in $0 { levelCells.append(cell) } }
            levelStart.append(Int32(truncatingIfNeeded: levelCells.count))
        }
        return ComponentImage(kinds: image.kinds, rowOf: newRowOf, rowBasic: rowBasic, rowConstants: rowConstants,
                              rowStart: rowStart, cells: cells, levelPriorities: image.levelPriorities,
                              levelConstants: levelConstants, levelStart: levelStart, levelCells: levelCells,
                              records: image.records, recordConstants: recordConstants)
    }
}
