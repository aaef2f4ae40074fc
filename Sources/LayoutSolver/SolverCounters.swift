/// Work the solver has done, counted exactly. The same operations give the
/// same counts in every process, so the harness can compare engine versions
/// without timing noise. Each counter counts real work, not calls.
public struct SolverCounters: Hashable, Sendable {
    /// Constraints put into the tableau, including those a rebuild after a
    /// large batch of removals puts back (see `Solver.remove`).
    public var constraintsAdded = 0
    public var constraintsRemoved = 0
    public var constantUpdates = 0
    public var suggestions = 0
    /// Basis exchanges (primal, dual, artificial and removal pivots).
    public var pivots = 0
    /// One symbol substituted out of one row (or objective level).
    public var rowSubstitutions = 0
    /// Rows read or written by an operation, counted once per visit.
    public var rowsTouched = 0
    /// Terms read or written while merging, scaling or scanning rows.
    public var termsTouched = 0
    /// Iterations of the primal and dual optimisation loops.
    public var objectiveIterations = 0
    public var componentsMerged = 0
    public var componentsSplit = 0
    /// Components copied from an identical one solved earlier in the same
    /// batch (see `Solver.add(batch:)`), instead of built constraint by constraint.
    public var componentsCloned = 0
    /// Cloned components whose rows were written out: a clone reads its rows
    /// from its template's image until an operation needs them (see
    /// `ComponentImage`).
    public var componentsMaterialized = 0
    /// Bases a shared copy needed that no earlier copy had met, found by
    /// dual simplex on its image, without writing it out (`discoverBasis`).
    public var basesDiscovered = 0
    /// Rows made infeasible by a constant change or suggestion and repaired by dual simplex.
    public var infeasibleRows = 0
    /// Fill-in: terms a substitution wrote into a row or objective level
    /// that did not hold them — a new row written over the basic rows it
    /// names, a pivot, links and folded markers written out. Part of
    /// `termsTouched`, not added to `work` again; a term that cancels later
    /// is not taken back.
    public var fillIn = 0
    /// Components whose values were computed afresh from their equations
    /// by a dense solve after a solve in a wide-scale system: a repair
    /// (also counted in `Solver.anomalies`) or the refresh of a small
    /// component (see `Solver.verifyRequired`).
    public var componentsRefreshed = 0

    public init() {}

    /// Every counter by name, in a fixed order.
    public var named: [(name: String, value: Int)] {
        [("constraintsAdded", constraintsAdded), ("constraintsRemoved", constraintsRemoved),
         ("constantUpdates", constantUpdates), ("suggestions", suggestions),
         ("pivots", pivots), ("rowSubstitutions", rowSubstitutions),
         ("rowsTouched", rowsTouched), ("termsTouched", termsTouched),
         ("objectiveIterations", objectiveIterations), ("componentsMerged", componentsMerged),
         ("componentsSplit", componentsSplit), ("infeasibleRows", infeasibleRows),
         ("componentsCloned", componentsCloned), ("componentsMaterialized", componentsMaterialized),
         ("basesDiscovered", basesDiscovered), ("fillIn", fillIn), ("componentsRefreshed", componentsRefreshed)]
    }

    /// Sum of the work counters (everything but the call counts): one number for "how much work".
    public var work: Int {
        pivots + rowSubstitutions + rowsTouched + termsTouched + objectiveIterations
    }

    public static func - (a: SolverCounters, b: SolverCounters) -> SolverCounters {
        var d = SolverCounters()
        d.constraintsAdded = a.constraintsAdded - b.constraintsAdded
        d.constraintsRemoved = a.constraintsRemoved - b.constraintsRemoved
        d.constantUpdates = a.constantUpdates - b.constantUpdates
        d.suggestions = a.suggestions - b.suggestions
        d.pivots = a.pivots - b.pivots
        d.rowSubstitutions = a.rowSubstitutions - b.rowSubstitutions
        d.rowsTouched = a.rowsTouched - b.rowsTouched
        d.termsTouched = a.termsTouched - b.termsTouched
        d.objectiveIterations = a.objectiveIterations - b.objectiveIterations
        d.componentsMerged = a.componentsMerged - b.componentsMerged
        d.componentsSplit = a.componentsSplit - b.componentsSplit
        d.componentsCloned = a.componentsCloned - b.componentsCloned
        d.componentsMaterialized = a.componentsMaterialized - b.componentsMaterialized
        d.basesDiscovered = a.basesDiscovered - b.basesDiscovered
        d.infeasibleRows = a.infeasibleRows - b.infeasibleRows
        d.fillIn = a.fillIn - b.fillIn
        d.componentsRefreshed = a.componentsRefreshed - b.componentsRefreshed
        return d
    }
}
