/// The check after a solve, for systems whose rows span many orders of
/// magnitude: in each component changed since the last check (in every
/// component, once wide coefficients are in), every required constraint is
/// evaluated from its equation as added, and a component where one has
/// drifted gets its values computed afresh from the original equations
/// (`refactor`), counted in `anomalies`.
///
/// Layout rows (coefficients within 2⁻⁷…2⁷, constants under 2²⁰) never
/// arm the check, so the common paths pay nothing for it. With wide
/// coefficients every small component is refreshed after each change;
/// with unit-scale coefficients and a constant of 2²⁰ or more (a list a
/// million points long) only a component where some equation, its error
/// terms included, no longer holds: a pass over the changed components'
/// terms after each change, not a dense solve of every cell of a long list.
extension Solver {
    /// Whether equation terms reach outside 2⁻⁷…2⁷, where rounding in a
    /// substituted row can outgrow a tolerance written for unit rows.
    static func isWideScale(_ terms: UnsafeBufferPointer<Term>) -> Bool {
        for t in terms where t.coefficient != 0 && (t.coefficient.exponent > 7 || t.coefficient.exponent < -7) {
            return true
        }
        return false
    }

    /// Whether a constant reaches 2²⁰ (about a million, beyond any screen
    /// coordinate): a value found by cancelling two such constants carries
    /// their rounding, 1e-10 and more, into a unit row that names it.
    static func isWideConstant(_ constant: Double) -> Bool {
        abs(constant) >= 0x1p20
    }

    /// The equation in `slot` at the current values: its constant and kept
    /// terms, with its marker and error terms when `withMarkers` (the
    /// system `refactor` solves), and the size of its largest term (the
    /// scale its rounding follows).
    private func evaluate(_ slot: Int, withMarkers: Bool) -> (sum: Double, magnitude: Double) {
        let r = recordInfo[slot]
        var sum = r.constant, magnitude = abs(r.constant)
        func add(_ a: Double, _ x: Double) {
            sum += a * x
            magnitude = Swift.max(magnitude, abs(a * x))
        }
        for t in keptTerms[r.termRange] {
            add(t.coefficient, symbolOf[key(t.variable.id)].map { tableau.currentValue(of: $0) } ?? 0)
        }
        if withMarkers {
            let record = tableau.records[slot]
            add(record.markerCoefficient, tableau.currentValue(of: record.marker))
            if record.other >= 0 { add(record.otherCoefficient, tableau.currentValue(of: record.other)) }
        }
        return (sum, magnitude)
    }

    /// Whether the equation in `slot` fails to hold at the current values
    /// by more than rounding of its largest term.
    private func drifts(_ slot: Int) -> Bool {
        let (sum, magnitude) = evaluate(slot, withMarkers: false)
        let off: Double = switch recordInfo[slot].relation {
            case .equal: abs(sum)
            case .lessThanOrEqual: Swift.max(0, sum)
            case .greaterThanOrEqual: Swift.max(0, -sum)
        }
        return off > 1e-10 * magnitude + 1e-300
    }

    /// Whether the equation in `slot`, with its marker and error terms,
    /// fails to hold by more than rounding of its largest term: a drift,
    /// which a violated preference (its errors carry the violation) is not.
    func equationDrifts(_ slot: Int) -> Bool {
        let (sum, magnitude) = evaluate(slot, withMarkers: true)
        return abs(sum) > 1e-10 * magnitude + 1e-300
    }

    /// Whether `slot` holds a live required equation that has drifted.
    private func requiredDrifts(_ slot: Int) -> Bool {
        recordInfo[slot].isLive && recordInfo[slot].priority.isRequired && drifts(slot)
    }

    /// Whether every required equation holds at the current values, to
    /// rounding of its own terms: a witness that they can all hold.
    func requiredEquationsHold() -> Bool {
        !recordInfo.indices.contains(where: requiredDrifts)
    }

    /// The same after a solve, whose check refactors a component whose
    /// required equations drift. Right after an add the values carry the
    /// rounding of every pivot behind them, and can break a required
    /// equation that the basis meets once its values are computed afresh;
    /// a probe asked for a witness is read after that check.
    func requiredEquationsHoldWhenSolved() -> Bool {
        tableau.settleCopies()
        solve()
        return requiredEquationsHold()
    }

    /// After a solve: each required constraint must hold to rounding of its
    /// own terms; a component where one does not is refactored. Only the
    /// components of the equations changed since the last check are read
    /// (all of them when `needsVerification` or with wide coefficients):
    /// the others are as that check left them.
    func verifyRequired() {
        guard checkPending else { return }
        // With wide coefficients every component is read, changed or not:
        // a bent coefficient can hide a better basis in any of them.
        guard !needsVerification && !wideCoefficients else {
            needsVerification = false
            changedSinceCheck.removeAll(keepingCapacity: true)
            verifyEveryComponent()
            return
        }
        var changed: [Changed] = [], components: [Int] = []
        swap(&changed, &changedSinceCheck)
        swap(&components, &scratchComponents)
        defer {
            // Their room is kept for the next check.
            changed.removeAll(keepingCapacity: true)
            components.removeAll(keepingCapacity: true)
            if changedSinceCheck.isEmpty { swap(&changed, &changedSinceCheck) }
            swap(&components, &scratchComponents)
        }
        // The changed components, each once, in the order first changed. A
        // repair below only renumbers the component it rebuilds, so the
        // others' numbers stay good.
        var listed = IntIndex<Int>.unused
        for change in changed {
            guard let c = component(of: change) else { continue }
            if components.count < 32 {
                if components.contains(c) { continue }
            } else {
                if listed.count == 0 {
                    listed = IntIndex<Int>(minimumCapacity: 64)
                    for d in components { listed[d] = 1 }
                }
                if listed[c] != nil { continue }
                listed[c] = 1
            }
            components.append(c)
        }
        for i in components.indices {
            let c = components[i]
            guard tableau.components[c].alive, tableau.anyRecord(of: c, where: requiredDrifts) else { continue }
            components[i] = -1   // repaired: not refreshed again below
            repairRequired(c)
        }
        // Preferences drift too (a huge constant shifted away leaves its
        // rounding in the row): a small component where an equation no
        // longer holds with its errors takes its values afresh. Not a
        // repair: counted in componentsRefreshed, not in anomalies.
        for c in components where c >= 0 {
            guard tableau.components[c].alive, tableau.components[c].constraintCount <= 64,
                  tableau.anyRecord(of: c, where: equationDrifts) else { continue }
            refresh(c)
        }
    }

    /// `verifyRequired` over every record, in slot order.
    private func verifyEveryComponent() {
        var repaired = IntIndex<Int>()
        for slot in recordInfo.indices where requiredDrifts(slot) {
            let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
            guard c >= 0, repaired[c] == nil else { continue }
            repaired[c] = 1
            repairRequired(c)
        }
        // Preferences drift too (a removed row's rounding stays in the rows
        // it was substituted into, a huge constant shifted away leaves its
        // own): small components take their values afresh from the
        // equations after every change. With wide coefficients, always: a
        // bent coefficient can hide a better basis while the values hold.
        // Otherwise where an equation no longer holds with its errors.
        // Not a repair: counted in componentsRefreshed, not in anomalies.
        for slot in recordInfo.indices where recordInfo[slot].isLive {
            let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
            guard c >= 0, repaired[c] == nil, tableau.components[c].constraintCount <= 64,
                  wideCoefficients || equationDrifts(slot) else { continue }
            repaired[c] = 1
            refresh(c)
        }
    }

    /// Component `c` has a required equation that does not hold: its values
    /// are computed afresh (and its rows, when small), and a small one whose
    /// basis no values solve, or that still drifts, is rebuilt. A repair.
    private func repairRequired(_ c: Int) {
        tableau.anomalies += 1
        tableau.counters.componentsRefreshed += 1
        let small = tableau.components[c].constraintCount <= 64
        let solved = refactor(c, rows: small)
        guard tableau.components[c].alive, small else { return }
        if solved { rebuildIfStillDrifting(c) } else { rebuildFromEquations(c) }
    }

    /// Small component `c` takes its values and rows afresh from its
    /// equations; not a repair unless its basis turns out singular.
    private func refresh(_ c: Int) {
        tableau.counters.componentsRefreshed += 1
        if !refactor(c, rows: true) && tableau.components[c].alive {
            tableau.anomalies += 1
            rebuildFromEquations(c)
        }
    }

    /// The component a change leads to, if it is still alive.
    private func component(of change: Changed) -> Int? {
        let s: Int
        switch change {
        case .equation(let id):
            guard let slot = recordOf[key(id)] else { return nil }
            s = tableau.records[slot].marker
        case .variable(let id):
            guard let v = symbolOf[key(id)] else { return nil }
            s = v
        }
        let c = tableau.symbolInfo[s].componentOf
        return c >= 0 && tableau.components[c].alive ? c : nil
    }

    /// After a refactor: a required constraint of `c` that still does not
    /// hold means the basis itself is wrong (singular, from a pivot on
    /// rounding, so no values solve it), and the component is built again
    /// from its equations.
    @discardableResult
    private func rebuildIfStillDrifting(_ c: Int) -> [UInt64: Conflict] {
        tableau.anyRecord(of: c, where: requiredDrifts) ? rebuildFromEquations(c) : [:]
    }

    /// What the check after a required add decided.
    enum AddedCheck {
        /// The required equations hold: the add stands.
        case holds
        /// The rebuild could not put the new equation back in.
        case refused(Conflict)
        /// No values hold it, and a probe refused it too or a rebuild from
        /// the equations took it back in and still none hold: the add is
        /// taken back by removing it, as a list add that fails takes back
        /// the ones it made. With the probe's conflicts, or else the
        /// required constraints that do not hold.
        case takeBack([Constraint])
    }

    /// The first step of the checks after a required add or constant
    /// change: whether small component `c` has a required equation that
    /// does not hold, even after a refactor (counted as a repair), and
    /// whether that refactor could solve its basis.
    private func breaksRequired(_ c: Int) -> (broken: Bool, solved: Bool) {
        guard c >= 0, tableau.components[c].constraintCount <= 64,
              tableau.anyRecord(of: c, where: requiredDrifts) else { return (false, true) }
        tableau.anomalies += 1
        tableau.counters.componentsRefreshed += 1
        let solved = refactor(c, rows: true)
        guard tableau.components[c].alive else { return (false, solved) }
        return (!solved || tableau.anyRecord(of: c, where: requiredDrifts), solved)
    }

    /// The check, run at once on the component of a required constraint
    /// just added (`slot`, whose id is `id`), when it is small. Phase one
    /// can reach zero through a coefficient that rounding kept in one row
    /// and cancelled in another (x ≥ 12000 accepted beside x ≤ 14 through
    /// a 1e-7 term); the values then break a required equation. After a
    /// refactor that still leaves one broken, a new equation the probe
    /// refuses (`refusedByProbe`, asked only then) is taken back; otherwise
    /// the component is rebuilt from its equations with the required ones
    /// back in addition order, so the new one is the one left out, and its
    /// conflict is returned: the add is refused instead of dropped unseen
    /// at the next read. If the rebuild takes it back in and its values
    /// still break a required equation, it is taken back.
    func confirmAdded(_ slot: Int, id: UInt64, refusedByProbe: () -> [Constraint]?) -> AddedCheck {
        let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
        let (broken, solved) = breaksRequired(c)
        guard broken else { return .holds }
        if let conflicts = refusedByProbe() { return .takeBack(conflicts) }
        let rebuilt = solved ? rebuildIfStillDrifting(c) : rebuildFromEquations(c)
        if let conflict = rebuilt[id] { return .refused(conflict) }
        // Put back in and still no values hold it: a phase one that read a
        // residual of 1.8e-5 as zero (values of 1e-9, a row scaled to unit
        // coefficients leaves its constant at 5e-9) accepts it every time.
        guard let again = recordOf[key(id)] else { return .holds }
        let d = tableau.symbolInfo[tableau.records[again].marker].componentOf
        guard d >= 0, tableau.components[d].constraintCount <= 64 else { return .holds }
        let drifting = tableau.records(of: d).filter(requiredDrifts)
        return drifting.isEmpty ? .holds : .takeBack(drifting.compactMap(keptConstraint))
    }

    /// The check after a required constraint's constant changed (`slot`,
    /// from `was`), in a system with wide coefficients: the dual simplex
    /// reads a row below zero by its absolute tolerance, and with values of
    /// 1e-15 a contradiction can be smaller than that (x1 = −7e-15 fixed by
    /// one row, x1 ≤ −1.6e-11 asked by the other). If the required
    /// equations do not hold, after a refactor, and a probe holding only
    /// them finds no values that do, the constant goes back and the
    /// constraints that do not hold are returned; nil when the change stands.
    func confirmConstant(_ slot: Int, was: Double) -> [Constraint]? {
        let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
        guard breaksRequired(c).broken else { return nil }
        if let probe = requiredProbe(requiredSlots(of: c)), probe.requiredEquationsHoldWhenSolved() {
            rebuildFromEquations(c)
            return nil
        }
        let drifting = tableau.records(of: c).filter { $0 != slot && requiredDrifts($0) }.compactMap(keptConstraint)
        let delta = was - recordInfo[slot].constant
        recordInfo[slot].constant = was
        do throws(Conflict) {
            try tableau.shiftConstant(slot, by: delta, to: was)
        } catch {
            tableau.infeasible.removeAll()
            rebuildFromEquations(c)
        }
        return drifting
    }

    /// Recomputes component `c`'s basic values from the original equations:
    /// with every parameter at zero, the basic symbols solve the square
    /// system of its constraints (terms as added, markers and errors by
    /// their coefficients in the original units), by Gaussian elimination
    /// with rows equilibrated and partial pivoting. Rounding then follows
    /// the equations, not the history of pivots that led to the basis.
    ///
    /// With `rows`, each basic row's coefficients are recomputed the same
    /// way (one right-hand side per parameter) and the objective levels are
    /// summed afresh from them, then the component is optimised again: a
    /// coefficient that rounding bent or dropped can hide a better basis
    /// (a reduced cost of −3e-12 read as zero), which new values alone
    /// would keep.
    ///
    /// Returns false when the equations cannot be solved for the basic
    /// symbols: the basis is singular (a pivot on a coefficient that was
    /// rounding of zero took a symbol into a row whose equation does not
    /// name it), no values hold every equation in it, and only a rebuild
    /// from the equations repairs it. True otherwise, a refactor that was
    /// not attempted included.
    @discardableResult
    func refactor(_ c: Int, rows rebuild: Bool = false, attempts: Int = 3) -> Bool {
        tableau.materialize(c)
        if rebuild {
            // A constraint whose row lost its terms to cancellation can be
            // split from its variables' component; its equation still ties
            // them, so they are refactored together.
            for s in tableau.components[c].symbols {
                guard let owner = tableau.record(markedBy: s), recordInfo[owner].isLive else { continue }
                for t in keptTerms[recordInfo[owner].termRange] {
                    guard let v = symbolOf[key(t.variable.id)] else { continue }
                    let other = tableau.symbolInfo[v].componentOf
                    guard other >= 0, other != c, tableau.components[other].alive else { continue }
                    tableau.materialize(other)
                    tableau.merge(other, into: c)
                }
            }
            tableau.unfold(c)
        }
        tableau.expandLinks(inComponent: c)   // basic values are written as row constants
        var slots: [Int] = [], basics: [Int] = [], parameters: [Int] = []
        var column = IntIndex<Int>()
        for s in tableau.components[c].symbols {
            if tableau.symbolInfo[s].rowOf >= 0 {
                column[s] = basics.count
                basics.append(s)
            } else if rebuild && tableau.symbolInfo[s].kind != .free {
                parameters.append(s)
            }
            if let owner = tableau.record(markedBy: s), recordInfo[owner].isLive { slots.append(owner) }
        }
        let n = basics.count, p = parameters.count
        guard n == slots.count, n > 0, n <= 512 else { return true }
        for (k, s) in parameters.enumerated() { column[s] = n + 1 + k }
        // Row-major n × (n + 1 + p): the equations over the basic symbols,
        // then −constant, then minus each parameter's coefficient.
        let w = n + 1 + p
        var m = [Double](repeating: 0, count: n * w)
        for (i, slot) in slots.enumerated() {
            let r = recordInfo[slot], record = tableau.records[slot]
            func put(_ s: Int, _ a: Double) {
                guard let j = column[s] else { return }
                if j < n { m[i * w + j] += a } else { m[i * w + j] -= a }
            }
            for t in keptTerms[r.termRange] {
                if let s = symbolOf[key(t.variable.id)] { put(s, t.coefficient) }
            }
            put(record.marker, record.markerCoefficient)
            if record.other >= 0 { put(record.other, record.otherCoefficient) }
            m[i * w + n] = -r.constant
            var largest = 0.0
            for j in 0..<n { largest = Swift.max(largest, abs(m[i * w + j])) }
            guard largest > 0 else { return false }
            // By a power of two, so the scaled equation is the same one
            // exactly: dividing by 5 rounded 3e-6 / 5, and two rows that
            // are parallel in some symbols stopped being exactly parallel.
            let scale = Double(sign: .plus, exponent: -largest.exponent, significand: 1)
            for j in 0..<w { m[i * w + j] *= scale }
        }
        guard let solutions = Solver.solveSquare(&m, n, rightHandSides: 1 + p) else { return false }
        let x = solutions[0]
        if rebuild {
            var fresh: [Row] = []
            fresh.reserveCapacity(n)
            for j in 0..<n {
                var row = Row(constant: x[j])
                for k in 0..<p where solutions[1 + k][j] != 0 { row.add(parameters[k], solutions[1 + k][j]) }
                fresh.append(row)
            }
            for (j, b) in basics.enumerated() {
                _ = tableau.removeRow(tableau.symbolInfo[b].rowOf)
                tableau.insertRow(basic: b, fresh[j])
            }
            // Each level: the sum of its errors, basic ones by their rows.
            var added = SymbolBuffer(), removed = SymbolBuffer()
            for li in tableau.components[c].levels.indices {
                let priority = tableau.components[c].levels[li].priority
                var level = Row()
                for slot in slots {
                    let record = tableau.records[slot]
                    for e in [record.marker, record.other] where e >= 0 && tableau.symbolInfo[e].kind == .error
                        && record.errorPriority(e) == priority {
                        if let j = column[e], j < n {
                            level.add(fresh[j], times: 1, added: &added, removed: &removed)
                            added.reset()
                            removed.reset()
                        } else {
                            level.add(e, 1)
                        }
                    }
                }
                tableau.components[c].levels[li].row = level
            }
            tableau.components[c].scansWholeObjective = true
        } else {
            for (j, b) in basics.enumerated() {
                let row = tableau.symbolInfo[b].rowOf
                tableau.revision &+= 1
                tableau.rows[row].constant = x[j]
                if tableau.symbolInfo[b].kind == .external { tableau.markChanged(b) }
            }
        }
        let pivots = tableau.counters.pivots
        for (j, b) in basics.enumerated() where tableau.violates(b, x[j]) { tableau.infeasible.append(b) }
        do throws(Conflict) {
            try tableau.dualOptimize(slackTolerance: 0)
        } catch {
            tableau.infeasible.removeAll()
        }
        guard rebuild else { return true }
        tableau.optimize(c)
        // Pivots bend the rows again: a new basis is refactored in turn.
        guard tableau.counters.pivots != pivots && attempts > 1 else { return true }
        return refactor(c, rows: true, attempts: attempts - 1)
    }

    /// Solves the n × n system in `m` (row-major, `r` right-hand sides last) by
    /// elimination with threshold Markowitz pivoting; nil if it is singular.
    /// Among entries at least a tenth of their column's largest, the pivot is
    /// the one whose row and column have the fewest other entries: an
    /// equation that names one unknown fixes it from its own terms, where
    /// the largest entry could be a huge slack's row whose rounding would
    /// swamp it.
    ///
    /// Elimination is stable for the system as a whole, not for each
    /// equation: an unknown found by cancelling two huge values carries
    /// their rounding into every small equation that names it. So the
    /// answer is refined: each equation's residual, summed in twice the
    /// working precision, is solved for a correction with the same
    /// factors, until the corrections stop shrinking. Stopping once each
    /// residual is down to rounding of its own terms is too soon where
    /// two equations are nearly parallel: both held so with 200 read as
    /// 200.00000000002584, which left a 1e-13 in a third unknown that
    /// should be zero.
    static func solveSquare(_ m: inout [Double], _ n: Int, rightHandSides r: Int = 1) -> [[Double]]? {
        let w = n + r
        let original = m
        var rowLeft = [Bool](repeating: true, count: n), columnLeft = [Bool](repeating: true, count: n)
        var order: [(row: Int, column: Int)] = []
        var step = [Int](repeating: 0, count: n)
        var rowCount = [Int](repeating: 0, count: n), columnCount = [Int](repeating: 0, count: n)
        var columnMax = [Double](repeating: 0, count: n)
        for _ in 0..<n {
            for i in 0..<n { rowCount[i] = 0 }
            for j in 0..<n { columnCount[j] = 0; columnMax[j] = 0 }
            for i in 0..<n where rowLeft[i] {
                for j in 0..<n where columnLeft[j] && m[i * w + j] != 0 {
                    rowCount[i] += 1
                    columnCount[j] += 1
                    columnMax[j] = Swift.max(columnMax[j], abs(m[i * w + j]))
                }
            }
            var best: (row: Int, column: Int)? = nil
            var bestCost = Int.max, bestSize = 0.0
            for i in 0..<n where rowLeft[i] {
                for j in 0..<n where columnLeft[j] {
                    let a = abs(m[i * w + j])
                    guard a != 0, a >= 0.1 * columnMax[j] else { continue }
                    let cost = (rowCount[i] - 1) * (columnCount[j] - 1)
                    if cost < bestCost || (cost == bestCost && a > bestSize) {
                        best = (i, j)
                        bestCost = cost
                        bestSize = a
                    }
                }
            }
            guard let (p, q) = best else { return nil }
            rowLeft[p] = false
            columnLeft[q] = false
            step[p] = order.count
            order.append((p, q))
            for i in 0..<n where rowLeft[i] && m[i * w + q] != 0 {
                let f = m[i * w + q] / m[p * w + q]
                for j in 0..<w where j >= n || columnLeft[j] {
                    let a = m[i * w + j], b = f * m[p * w + j], d = a - b
                    // Coefficient columns drop cancellation noise as rows do.
                    m[i * w + j] = j > n && cancelled(d, a, b) ? 0 : d
                }
                m[i * w + q] = f   // the multiplier, for the refinement's right-hand sides
            }
        }
        // Back substitution: a pivot row names only its own column and the
        // columns pivoted after it.
        func backSubstitute(_ rhs: (Int) -> Double) -> [Double] {
            var x = [Double](repeating: 0, count: n)
            for k in stride(from: n - 1, through: 0, by: -1) {
                let (p, q) = order[k]
                var sum = rhs(p)
                for later in order[(k + 1)...] { sum -= m[p * w + later.column] * x[later.column] }
                x[q] = sum / m[p * w + q]
            }
            return x
        }
        // Every column is refined, not only the values. A parameter's
        // coefficient found by cancelling two larger ones (2e-4 − 2e-4
        // around a cycle of rows) is a real 2.4e-19 that elimination
        // alone rounds to noise, and it can be the only reduced cost that
        // tells a level it can still improve. What refinement cannot tell
        // from zero comes out zero, as in the tableau's rows (a reduced
        // cost of 1e-13 that should be zero let a symbol in through a
        // pivot of 1e-13).
        return (0..<r).map { h in
            h == 0 ? refine(backSubstitute { m[$0 * w + n] }, rhs: n)
                   : droppingNoise(refine(backSubstitute { m[$0 * w + n + h] }, rhs: n + h), rhs: n + h)
        }
        // Zero: a coefficient whose term is noise in every equation naming
        // it, below `cancellation` of that equation's largest (a
        // difference of rounded data: 0.005 and 3e-6 as doubles are not
        // exactly in the ratio of −5 and −3e-3), or below 2⁻⁹⁶ of the
        // largest term anywhere (the refinement's residuals hold about
        // 2⁻¹⁰⁴ of their terms; two unknowns that are both such noise name
        // each other in an equation where neither is small).
        func droppingNoise(_ start: [Double], rhs: Int) -> [Double] {
            var x = start
            var size = [Double](repeating: 0, count: n), largest = 0.0
            for i in 0..<n {
                size[i] = abs(original[i * w + rhs])
                for j in 0..<n { size[i] = Swift.max(size[i], abs(original[i * w + j] * start[j])) }
                largest = Swift.max(largest, size[i])
            }
            for j in 0..<n where x[j] != 0 {
                var kept = false
                for i in 0..<n where original[i * w + j] != 0 {
                    let term = abs(original[i * w + j] * start[j])
                    if term >= cancellation * size[i] && term >= 0x1p-96 * largest { kept = true; break }
                }
                if !kept { x[j] = 0 }
            }
            return x
        }
        func refine(_ start: [Double], rhs: Int) -> [Double] {
            var x = start
            var residual = [Double](repeating: 0, count: n)
            var previous = Double.infinity
            for _ in 0..<8 {
                for i in 0..<n {
                    var sum = original[i * w + rhs]
                    var error = 0.0
                    for j in 0..<n where original[i * w + j] != 0 {
                        let a = -original[i * w + j]
                        let p = a * x[j], pe = (-p).addingProduct(a, x[j])   // the product's rounding, exactly
                        let t = sum + p, z = t - sum
                        error += (sum - (t - z)) + (p - z) + pe
                        sum = t
                    }
                    residual[i] = sum + error
                }
                for k in 0..<n {
                    let (p, q) = order[k]
                    let r = residual[p]
                    guard r != 0 else { continue }
                    for i in 0..<n where step[i] > k && m[i * w + q] != 0 { residual[i] -= m[i * w + q] * r }
                }
                let d = backSubstitute { residual[$0] }
                var change = 0.0, size = 0.0
                for j in 0..<n {
                    change = Swift.max(change, abs(d[j]))
                    size = Swift.max(size, abs(x[j]))
                }
                // A correction that grows is the factors' rounding, not the answer's.
                guard change < previous else { break }
                for j in 0..<n { x[j] += d[j] }
                guard change > 0x1p-104 * size, change < previous * 0.5 else { break }
                previous = change
            }
            return x
        }
    }
}
