/// The primal and dual simplex loops over one component's lexicographic objective.
extension Tableau {
    /// Minimises component `c`'s objective, considering the first `levelLimit`
    /// levels for entering symbols (all of them by default). Entering: the
    /// smallest symbol whose reduced cost is lexicographically negative;
    /// leaving: the minimum ratio, ties to the smallest basic symbol — Bland's
    /// rule, so degenerate pivots cannot cycle.
    mutating func optimize(_ c: Int, levelLimit: Int = .max) {
        let whole = levelLimit == .max
        // Restricted rows may hold links while the loop runs; every other
        // algorithm reads them written out.
        defer { expandRestrictedRows() }
        var stalled = 0
        while let entering = whole && !components[c].scansWholeObjective
                ? touchedEnteringSymbol(c, bland: stalled >= Tableau.stallLimit)
                : enteringSymbol(c, levelLimit: levelLimit, bland: stalled >= Tableau.stallLimit) {
            counters.objectiveIterations += 1
            guard let slot = restrictedLinked.isEmpty ? leavingRow(for: entering) : leavingRowThroughLinks(for: entering) else {
                anomalies += 1   // unbounded: impossible with errors ≥ 0; stop rather than loop
                return
            }
            stalled = abs(rows[slot].constant) <= epsilon ? stalled + 1 : 0
            pivot(slot, entering: entering, linkingExternals: true)
        }
        if whole {
            // A small objective is scanned faster than a list is kept.
            var terms = 0
            for li in components[c].levels.indices { terms += components[c].levels[li].row.cells.count }
            components[c].scansWholeObjective = terms < 64
            components[c].objectiveTouched.removeAll(keepingCapacity: true)
        }
    }

    /// Notes that the objective terms of `row`'s symbols in component `c` change.
    @inline(__always) mutating func touchObjective(_ c: Int, _ row: borrowing Row) {
        guard !components[c].scansWholeObjective else { return }
        for i in 0..<row.cells.count { touchObjective(c, row.cells[i].symbol) }
    }

    @inline(__always) mutating func touchObjective(_ c: Int, _ s: Int) {
        guard !components[c].scansWholeObjective else { return }
        components[c].objectiveTouched.append(s)
        if components[c].objectiveTouched.count > 4096 {
            // Past this, one scan of the levels costs less than the list.
            components[c].scansWholeObjective = true
            components[c].objectiveTouched.removeAll()
        }
    }

    /// Degenerate pivots in a row (the leaving basic at zero, the objective
    /// unchanged) after which the entering symbol is Bland's alone until the
    /// objective moves again: a choice by column length could cycle among
    /// degenerate bases, Bland's rule cannot.
    static let stallLimit = 32

    /// The entering symbol among the candidates offered: Bland's, the
    /// smallest, unless a pivot on it rewrites more than `longColumn` rows;
    /// then the candidate that the fewest rows name (the smallest of those).
    /// A pivot substitutes the entering symbol's new row into every row
    /// naming it: when a preference ties two groups of views, rewriting the
    /// smaller group is union by size, where the smallest symbol can be the
    /// bound slack that the largest group hangs from.
    struct EnteringChoice {
        var bland = Int.max, shortest = Int.max, shortestRows = Int.max

        /// Whether `s` would change the choice: it is Bland's so far, or its
        /// column is the shortest so far.
        func improves(_ s: Int, rows: Int) -> Bool {
            s < bland || rows < shortestRows || (rows == shortestRows && s < shortest)
        }

        mutating func offer(_ s: Int, rows: Int) {
            if s < bland { bland = s }
            if rows < shortestRows || (rows == shortestRows && s < shortest) {
                shortest = s
                shortestRows = rows
            }
        }

        func chosen(_ tableau: borrowing Tableau, blandOnly: Bool) -> Int? {
            guard bland != Int.max else { return nil }
            if blandOnly || tableau.symbolInfo[bland].column.live <= tableau.longColumn { return bland }
            return shortest
        }
    }

    /// `enteringSymbol` over all levels, reading only the symbols touched
    /// since the component was last optimal (every other reduced cost is
    /// lexicographically ≥ 0 still). Symbols that cannot enter are dropped
    /// from the list: a later change to one touches it again.
    mutating func touchedEnteringSymbol(_ c: Int, bland: Bool) -> Int? {
        var touched: [Int] = []
        swap(&touched, &components[c].objectiveTouched)
        defer { swap(&touched, &components[c].objectiveTouched) }
        var choice = EnteringChoice(), kept = 0
        for i in 0..<touched.count {
            let s = touched[i]
            guard symbolInfo[s].kind != .dummy, symbolInfo[s].kind != .free, symbolInfo[s].componentOf == c,
                  enters(s, c) else { continue }
            touched[kept] = s
            kept += 1
            choice.offer(s, rows: symbolInfo[s].column.live)
        }
        touched.removeSubrange(kept...)
        return choice.chosen(self, blandOnly: bland)
    }

    /// Whether `s`'s reduced cost in component `c` is lexicographically
    /// negative: its first non-zero coefficient, level by level, is.
    func enters(_ s: Int, _ c: Int) -> Bool {
        for li in components[c].levels.indices {
            let k = components[c].levels[li].row.coefficient(of: s)
            if k != 0 { return k < 0 }
        }
        return false
    }

    /// Optimises every component flagged since the last call.
    mutating func optimizeDirty() {
        while let c = dirtyComponents.popLast() {
            guard components[c].alive, components[c].needsOptimize else { continue }
            optimize(c)
            components[c].needsOptimize = false
        }
    }

    /// The entering symbol (`EnteringChoice`) among the non-dummy symbols
    /// whose reduced cost is lexicographically negative: negative at some
    /// level and zero at every higher one.
    func enteringSymbol(_ c: Int, levelLimit: Int, bland: Bool) -> Int? {
        // Through a pointer to the levels, reading cells in place: copies of
        // the levels and of each level's cells would be retained and
        // released at every pivot.
        components[c].levels.withUnsafeBufferPointer { levels in
            let count = min(levels.count, levelLimit)
            guard let level = levels.baseAddress else { return nil }
            var choice = EnteringChoice()
            for li in 0..<count {
                // By index: iterating the cells retained their buffer.
                let n = level[li].row.cells.count
                var k = 0
                candidates: while k < n {
                    let cell = level[li].row.cells[k]
                    k += 1
                    guard cell.coefficient < 0 else { continue }
                    let s = cell.symbol
                    let rows = symbolInfo[s].column.live
                    // Neither Bland's nor a shorter column: no need to check it.
                    guard choice.improves(s, rows: rows) else { continue }
                    if symbolInfo[s].kind == .dummy { continue }
                    for lj in 0..<li where level[lj].row.coefficient(of: s) != 0 { continue candidates }
                    choice.offer(s, rows: rows)
                }
            }
            return choice.chosen(self, blandOnly: bland)
        }
    }

    /// The row that limits how far `entering` can grow: among restricted
    /// basic rows where it has a negative coefficient, the smallest
    /// `-constant / coefficient`.
    mutating func leavingRow(for entering: Int) -> Int? {
        var found = -1, pivot = 0.0
        var ratio = Double.infinity
        // Read in place: the loop changes nothing.
        let candidates = symbolInfo[entering].column.slots
        counters.rowsTouched += candidates.count
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            let k = rows[t].coefficient(of: entering)
            guard k < 0 else { continue }   // also skips stale column entries
            let b = basicOf[t]
            guard symbolInfo[b].kind != .external else { continue }   // dummy rows must stay 0, so they bound it too
            let r = -rows[t].constant / k
            if r < ratio || (r == ratio && found >= 0 && b < basicOf[found]) {
                ratio = r
                found = t
                pivot = k
            }
        }
        guard found >= 0 else { return nil }
        // Layout rows pivot on coefficients near 1 and never get here.
        return pivot > -1e-9 ? stableLeavingRow(for: entering) : found
    }

    /// The ratio test for when the minimum ratio's pivot is tiny: a
    /// coefficient of 1e-13 in a row whose constant is 1e-12 can be two
    /// roundings of zero whose ratio undercuts the true limit by a part in
    /// a million, and pivoting on it makes the basis nearly singular
    /// (coefficients of 1e22 after). Harris's two passes: the step may
    /// overshoot each row by `harrisTolerance` of its basic, and among the
    /// rows that then limit it the largest pivot wins (Bland's order on a
    /// tie). The basic of the row passed over ends at most that far below zero.
    mutating func stableLeavingRow(for entering: Int) -> Int {
        let candidates = symbolInfo[entering].column.slots
        var bound = Double.infinity
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            let k = rows[t].coefficient(of: entering)
            guard k < 0, symbolInfo[basicOf[t]].kind != .external else { continue }
            bound = Swift.min(bound, (Swift.max(rows[t].constant, 0) + Tableau.harrisTolerance) / -k)
        }
        var found = -1, largest = 0.0
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            let k = rows[t].coefficient(of: entering)
            guard k < 0, symbolInfo[basicOf[t]].kind != .external, -rows[t].constant / k <= bound else { continue }
            if -k > largest || (-k == largest && basicOf[t] < basicOf[found]) {
                largest = -k
                found = t
            }
        }
        return found
    }

    /// How far below zero the ratio test may leave a basic to pivot on a
    /// larger coefficient: far under `epsilon`, which the dual simplex
    /// and `nearZero` read as zero.
    static let harrisTolerance = 1e-10

    /// Restores feasibility after constants moved, keeping optimality (dual
    /// simplex). Throws the offending basic symbol when a row cannot be made
    /// feasible: the required constraints cannot all hold.
    ///
    /// A restricted row counts as infeasible below `-slackTolerance`: the
    /// absolute `epsilon` after ordinary pivots, whose noise it absorbs;
    /// zero after a refactor, whose values hold to rounding of their own
    /// terms, where a slack of −1e-12 in a unit row can be a millionth of
    /// the row's terms (x ≤ −2e-10 written as 5e6·x + 0.001 ≤ 0).
    mutating func dualOptimize(slackTolerance: Double = epsilon) throws(Conflict) {
        while let leaving = infeasible.popLast() {
            let slot = symbolInfo[leaving].rowOf
            guard slot >= 0 else { continue }
            let constant = rows[slot].constant
            let isDummy = symbolInfo[leaving].kind == .dummy
            guard isDummy ? abs(constant) > epsilon : constant < -slackTolerance else { continue }
            counters.objectiveIterations += 1
            counters.infeasibleRows += 1
            // A dummy above zero is a row below zero read the other way round.
            guard let entering = dualEnteringSymbol(slot, sign: isDummy && constant > 0 ? -1 : 1) else {
                infeasible.append(leaving)
                let owner = symbolInfo[leaving].ownerOf
                var culprits = requiredOwners(of: rows[slot], excluding: -1)
                if owner >= 0 && !culprits.contains(owner) { culprits.append(owner) }
                throw Conflict(records: culprits)
            }
            // Rows written out in full, as a shared copy's dual steps on its image
            // write them (`discoverBasis` must reach the same rows).
            pivot(slot, entering: entering)
        }
    }

    /// Among the row's symbols with a positive coefficient, the one with the
    /// lexicographically smallest objective-coefficient / row-coefficient.
    func dualEnteringSymbol(_ slot: Int, sign: Double) -> Int? {
        let c = symbolInfo[basicOf[slot]].componentOf
        let levels = c >= 0 ? components[c].levels : []
        var best = -1, bestK = 0.0
        for cell in rows[slot].cells where cell.coefficient * sign > 0 && symbolInfo[cell.symbol].kind != .dummy {
            let k = cell.coefficient * sign
            let order = best < 0 ? -1 : ratioOrder(levels.count, cell.symbol, k, best, bestK,
                                                   coefficient: { levels[$0].row.coefficient(of: $1) },
                                                   scale: { levels[$0].row.largestCoefficient })
            if order < 0 || (order == 0 && cell.symbol < best) {
                best = cell.symbol
                bestK = k
            }
        }
        return best >= 0 ? best : nil
    }
}

/// How symbol `a`'s ratios (each level's coefficient of it over `ka`)
/// compare with `b`'s (over `kb`), level by level: -1 when `a`'s are less,
/// 1 when `b`'s are, 0 when equal. Differences within rounding count as
/// equal, so noise at a higher level can never override a real difference
/// at a lower one. No ratio vector is made (one per candidate was an
/// allocation each).
///
/// Rounding is judged by the level, not by the ratios: a coefficient's
/// noise is a fraction of the level's largest coefficient (`scale`), so a
/// ratio's is that over its pivot. A bound on the ratios themselves
/// (1e-9 of the larger, or of 1) called 5e-10 and 0 equal when a row two
/// billion times its level's size offered both, and the dual simplex took
/// the symbol that costs at the higher level. Ratios within that bound are
/// rare, so the level is scanned only for them.
@inline(__always)
func ratioOrder(_ levels: Int, _ a: Int, _ ka: Double, _ b: Int, _ kb: Double,
                coefficient: (_ level: Int, _ symbol: Int) -> Double,
                scale: (_ level: Int) -> Double) -> Int {
    for l in 0..<levels {
        let x = coefficient(l, a) / ka, y = coefficient(l, b) / kb
        guard x != y else { continue }
        let difference = abs(x - y)
        if difference > 1e-9 * max(1, abs(x), abs(y))
            || difference > 1e-11 * scale(l) * (1 / ka + 1 / kb) { return x < y ? -1 : 1 }
    }
    return 0
}

extension Row {
    /// The largest coefficient's size (0 for a row with no cells).
    var largestCoefficient: Double { cells.reduce(0) { max($0, abs($1.coefficient)) } }
}
