/// An incremental constraint solver in the Cassowary family.
///
/// Add and remove constraints, change their constants in place, drive edit
/// variables with `suggestValue`, and read values. Work is deferred: adding
/// constraints only updates the tableau, and error minimisation runs when a
/// value is read (or on `solve()`), once per touched component. Independent
/// blocks of constraints live in separate components, so their cost adds up
/// linearly and a change in one block never touches another.
///
/// Every failing call throws a `SolverError` and leaves the solver as it was.
public final class Solver {
    var tableau = Tableau()
    private var symbolOf = IntIndex<Int>()       // variable id → symbol
    private var variableOf: [Variable?] = []
    private var reported: [Double] = []
    private var recordOf = IntIndex<Int>()       // constraint id → record
    private var constraintOf: [Constraint?] = []
    private var constantOf: [Double] = []
    private var edits: [UInt64: Edit] = [:]
    /// Variables that lost their last constraint while reported non-zero:
    /// they read 0 now, which the next `takeChangedVariables` must say.
    private var forgottenNonZero: [(variable: Variable, reported: Double)] = []

    private struct Edit {
        var constraint: Constraint
        var value: Double
    }

    public init() {}

    /// A solver that folds a new row's dummies from `foldThreshold` on
    /// (tests use small values to reach folding with small systems).
    init(foldThreshold: Int) {
        tableau.foldThreshold = foldThreshold
    }

    // MARK: Constraints

    /// Adds one constraint.
    /// - Throws: `.duplicateConstraint`, `.nonFinite`, or `.unsatisfiable`
    ///   with the required constraints it conflicts with.
    public func add(_ constraint: Constraint) throws(SolverError) {
        guard recordOf[key(constraint.id)] == nil else { throw .duplicateConstraint(constraint) }
        guard isFinite(constraint.expression) else { throw .nonFinite(constraint) }
        var created: [Int] = []
        var terms: [(symbol: Int, coefficient: Double)] = []
        terms.reserveCapacity(constraint.expression.terms.count)
        for term in constraint.expression.terms {
            terms.append((symbol(for: term.variable, created: &created), term.coefficient))
        }
        let slot: Int
        do {
            slot = try tableau.addConstraint(terms: terms, constant: constraint.expression.constant,
                                             relation: constraint.relation,
                                             priority: constraint.priority.rawValue)
        } catch {
            for s in created where tableau.referenceCount[s] == 0 { forgetSymbol(s, free: true) }
            throw .unsatisfiable(constraint, conflicts: error.records.compactMap { constraintOf[$0] })
        }
        if slot >= constraintOf.count {
            constraintOf.append(contentsOf: repeatElement(nil, count: slot + 1 - constraintOf.count))
            constantOf.append(contentsOf: repeatElement(0, count: slot + 1 - constantOf.count))
        }
        constraintOf[slot] = constraint
        constantOf[slot] = constraint.expression.constant
        recordOf[key(constraint.id)] = slot
    }

    /// Adds constraints as one batch: the objective is minimised once, when
    /// values are next read. All or nothing: if one fails, those already
    /// added by this call are removed again before the error is thrown.
    public func add(_ constraints: [Constraint]) throws(SolverError) {
        var done: [Constraint] = []
        done.reserveCapacity(constraints.count)
        for c in constraints {
            do {
                try add(c)
                done.append(c)
            } catch {
                for d in done.reversed() { try? remove(d) }
                throw error
            }
        }
    }

    /// Removes one constraint.
    /// - Throws: `.unknownConstraint`.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let slot = recordOf.remove(key(constraint.id)) else {
            throw .unknownConstraint(constraint)
        }
        let released = tableau.removeConstraint(slot)
        for s in released { forgetSymbol(s, free: false) }
        constraintOf[slot] = nil
    }

    /// Removes constraints as one batch; checks them all before removing any.
    public func remove(_ constraints: [Constraint]) throws(SolverError) {
        for c in constraints where recordOf[key(c.id)] == nil { throw .unknownConstraint(c) }
        for c in constraints { try remove(c) }
    }

    public func contains(_ constraint: Constraint) -> Bool { recordOf[key(constraint.id)] != nil }

    public var constraintCount: Int { recordOf.count }

    /// The constant currently in effect for `constraint`'s expression.
    public func constant(of constraint: Constraint) -> Double? {
        recordOf[key(constraint.id)].map { constantOf[$0] }
    }

    /// Changes the constant of `constraint`'s expression (`Σ aᵢxᵢ + constant`)
    /// in place: the dependency-tracking path used when a view is dragged,
    /// far cheaper than removing the constraint and adding a new one.
    /// - Throws: `.unknownConstraint`, `.nonFinite`, or `.unsatisfiable` when
    ///   a required constraint cannot take the new constant (it keeps the old).
    public func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
        guard let slot = recordOf[key(constraint.id)] else { throw .unknownConstraint(constraint) }
        guard constant.isFinite else { throw .nonFinite(constraint) }
        let delta = constant - constantOf[slot]
        guard delta != 0 else { return }
        tableau.optimizeDirty()
        do {
            try tableau.shiftConstant(slot, by: delta)
        } catch {
            throw .unsatisfiable(constraint, conflicts: error.records.filter { $0 != slot }.compactMap { constraintOf[$0] })
        }
        constantOf[slot] = constant
        tableau.counters.constantUpdates += 1
    }

    // MARK: Edit variables

    /// Makes `variable` editable at `priority` (below required), starting
    /// from its current value so that adding the edit moves nothing.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard edits[variable.id] == nil else { throw .duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let start = value(of: variable)
        let c = Constraint(Expression(variable) - start, .equal, priority: priority)
        try add(c)
        edits[variable.id] = Edit(constraint: c, value: start)
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable.id) else { throw .unknownEditVariable(variable) }
        try remove(edit.constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    /// Suggests a value for an edit variable; dual simplex moves only what
    /// depends on it.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var edit = edits[variable.id] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue(variable, value) }
        try setConstant(-value, for: edit.constraint)
        edit.value = value
        edits[variable.id] = edit
        tableau.counters.suggestions += 1
    }

    // MARK: Values

    /// Minimises the error of every component changed since the last call.
    public func solve() { tableau.optimizeDirty() }

    /// The variable's value in the current optimal solution (0 if no
    /// constraint mentions it).
    public func value(of variable: Variable) -> Double {
        tableau.optimizeDirty()
        guard let s = symbolOf[key(variable.id)] else { return 0 }
        return tableau.value(of: s)
    }

    /// The variables whose value differs from what the previous call (or, for
    /// new variables, zero) reported, in the order they were touched. Only
    /// rows that changed are visited.
    public func takeChangedVariables() -> [Variable] {
        tableau.optimizeDirty()
        var out: [Variable] = []
        var seen = Set<UInt64>()
        for (v, last) in forgottenNonZero where seen.insert(v.id).inserted {
            let now = value(of: v)
            if let s = symbolOf[key(v.id)] { reported[s] = now }   // compared with what was reported, not 0
            if now != last { out.append(v) }
        }
        forgottenNonZero.removeAll()
        for s in tableau.changed {
            tableau.changedFlag[s] = false
            guard tableau.kind[s] == .external, let v = variableOf[s] else { continue }
            let x = tableau.value(of: s)
            if x != reported[s] {
                reported[s] = x
                if !seen.contains(v.id) { out.append(v) }
            }
        }
        tableau.changed.removeAll(keepingCapacity: true)
        return out
    }

    // MARK: Introspection

    /// Work done so far; deterministic for a given sequence of calls.
    public var counters: SolverCounters { tableau.counters }
    /// States exact arithmetic rules out, met and survived. Zero when healthy.
    public var anomalies: Int { tableau.anomalies }
    /// Rows in the tableau.
    public var rowCount: Int { tableau.rows.count - tableau.freeRows.count }
    /// Live components (independent blocks).
    public var componentCount: Int { tableau.components.count - tableau.freeComponents.count }
    /// Terms across every component's objective.
    public var objectiveTermCount: Int {
        tableau.components.reduce(0) { $0 + $1.levels.reduce(0) { $0 + $1.row.cells.count } }
    }
    /// Times a block's folded dummy terms (see `DummyNode`) were written out:
    /// building a chain folds them; the first removal (or split) in that
    /// block writes them out once. Constant changes follow folded terms.
    public var unfolds: Int { tableau.unfoldCount }
    /// Symbols in use (variables, slacks, errors, markers).
    public var symbolCount: Int { tableau.kind.count - tableau.freeSymbols.count }

    /// Whether two variables are in the same independent block.
    public func sharesComponent(_ a: Variable, _ b: Variable) -> Bool {
        guard let x = symbolOf[key(a.id)], let y = symbolOf[key(b.id)] else { return false }
        let c = tableau.componentOf[x]
        return c >= 0 && c == tableau.componentOf[y]
    }

    // MARK: Private

    private func symbol(for v: Variable, created: inout [Int]) -> Int {
        if let s = symbolOf[key(v.id)] { return s }
        let s = tableau.newSymbol(.external)
        symbolOf[key(v.id)] = s
        if s >= variableOf.count {
            variableOf.append(contentsOf: repeatElement(nil, count: s + 1 - variableOf.count))
            reported.append(contentsOf: repeatElement(0, count: s + 1 - reported.count))
        }
        variableOf[s] = v
        reported[s] = 0
        created.append(s)
        return s
    }

    private func forgetSymbol(_ s: Int, free: Bool) {
        if free { tableau.freeSymbol(s) }
        if let v = variableOf[s] {
            symbolOf[key(v.id)] = nil
            if reported[s] != 0 { forgottenNonZero.append((v, reported[s])) }
        }
        variableOf[s] = nil
    }

    @inline(__always) private func key(_ id: UInt64) -> Int { Int(truncatingIfNeeded: id) }

    private func isFinite(_ e: Expression) -> Bool {
        e.constant.isFinite && e.terms.allSatisfy { $0.coefficient.isFinite }
    }
}
