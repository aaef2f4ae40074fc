/// Equations for `Solver.add(batch:failed:)`, laid out flat: one buffer holds
/// every equation's terms, so queuing an equation allocates nothing and the
/// solver reads a batch front to back.
///
/// A view layer queues the equations of the constraints it installs here
/// (thousands for a list of cells), where each `Constraint` value would be
/// a terms buffer of its own, allocated, moved through the queue, kept by
/// the solver and freed, cold, when the window goes.
///
/// ```swift
/// var batch = EquationBatch()
/// batch.terms.append(Term(x)); batch.terms.append(Term(y, -1))
/// let id = batch.endEquation(constant: -8, relation: .equal, priority: .required)
/// solver.add(batch: batch) { i, error in … }
/// ```
package struct EquationBatch: Sendable {
    /// One equation: `Σ terms + constant  relation  0`, as `Constraint`.
    package struct Equation: Sendable {
        /// The id its constraint has (`Constraint.id`); the solver knows it by this.
        package var id: UInt64
        package var constant: Double
        /// Its terms: `terms[termStart ..< termStart + termCount]`.
        package var termStart: Int
        package var termCount: Int
        package var relation: Relation
        package var priority: Priority
        /// Set for a two-sided preference (see `Constraint.abovePriority`).
        package var abovePriority: Priority?

        var termRange: Range<Int> { termStart..<(termStart + termCount) }

        /// This equation over `terms` (its own, however they are held) as a
        /// `Constraint` value with its id: for errors and logs.
        func constraint(over terms: some Sequence<Term>) -> Constraint {
            Constraint(id: id, terms: Array(terms), constant: constant, relation: relation,
                       priority: priority, abovePriority: abovePriority)
        }
    }

    package private(set) var equations: [Equation] = []
    /// Every equation's terms, in order. The next equation's terms are
    /// appended here, then `endEquation` closes it.
    package var terms: [Term] = []

    package init() {}

    package var count: Int { equations.count }
    /// How many equations it holds without growing.
    package var equationCapacity: Int { equations.capacity }
    package var isEmpty: Bool { equations.isEmpty }
    package var indices: Range<Int> { equations.indices }

    /// Closes an equation over the terms appended since the previous one,
    /// under a new constraint id (returned). Terms naming one variable twice
    /// are folded into one, as `Constraint` does.
    @discardableResult
    package mutating func endEquation(constant: Double, relation: Relation, priority: Priority,
                                      abovePriority: Priority? = nil, id given: UInt64? = nil) -> UInt64 {
        let start = equations.last.map { $0.termStart + $0.termCount } ?? 0
        reduceTerms(from: start)
        let id = given ?? Constraint.nextID()
        equations.append(Equation(id: id, constant: constant, termStart: start, termCount: terms.count - start,
                                  relation: relation, priority: priority, abovePriority: abovePriority))
        return id
    }

    /// Appends `constraint` as it is (its id, its reduced terms).
    package mutating func append(_ constraint: borrowing Constraint) {
        let start = terms.count
        terms.append(contentsOf: constraint.expression.terms)
        equations.append(Equation(id: constraint.id, constant: constraint.expression.constant, termStart: start,
                                  termCount: terms.count - start, relation: constraint.relation,
                                  priority: constraint.priority, abovePriority: constraint.abovePriority))
    }

    /// Drops the last equation and its terms (queued, then taken back).
    package mutating func removeLast() {
        let e = equations.removeLast()
        terms.removeSubrange(e.termStart...)
    }

    /// Drops the first `n` equations (the ones already handed on).
    package mutating func removeFirst(_ n: Int) {
        guard n > 0 else { return }
        let cut = n < equations.count ? equations[n].termStart : terms.count
        equations.removeFirst(n)
        terms.removeFirst(cut)
        for i in equations.indices { equations[i].termStart -= cut }
    }

    package mutating func removeAll(keepingCapacity: Bool = false) {
        equations.removeAll(keepingCapacity: keepingCapacity)
        terms.removeAll(keepingCapacity: keepingCapacity)
    }

    package mutating func reserveCapacity(equations n: Int, terms t: Int) {
        equations.reserveCapacity(n)
        terms.reserveCapacity(t)
    }

    /// Equation `i` as a `Constraint` value (same id): for errors and logs.
    package func constraint(at i: Int) -> Constraint {
        equations[i].constraint(over: terms[equations[i].termRange])
    }

    /// Folds repeated variables among `terms[start...]` (rare: a constraint
    /// relating an item to itself) and drops zero coefficients.
    private mutating func reduceTerms(from start: Int) {
        let n = terms.count - start
        if n == 0 { return }
        if n <= 8 {
            // Through the buffer, without writing: read through the array, the
            // check cost about as much as queuing the rest of the equation.
            let distinct = terms.withUnsafeBufferPointer { all in
                for i in start..<all.count {
                    if all[i].coefficient == 0 { return false }
                    let id = all[i].variable.id
                    for j in (i + 1)..<all.count where all[j].variable.id == id { return false }
                }
                return true
            }
            if distinct { return }
        }
        let folded = Expression(Array(terms[start...])).reduced().terms
        terms.replaceSubrange(start..., with: folded)
    }
}
