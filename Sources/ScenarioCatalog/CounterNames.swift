import EngineCounterNames

/// Counter names drivers report, per iteration. Solver counters come from
/// `SolverCounters.named` (LayoutSolver), view counters from `EngineCounter`
/// (LayoutEngine); the rest are counted by the drivers. Kept here,
/// engine-free, so the loader can check names (tests keep them equal).
public enum CounterNames {
    /// `SolverCounters.named`, in its order.
    public static let solver = EngineCounterNames.solver
    /// Sum of the solver's work counters (pivots, substitutions, rows, terms, iterations).
    public static let solverWork = "solverWork"
    /// Solvers (engines) created during the iteration.
    public static let enginesCreated = "enginesCreated"
    /// Required constraints the engine broke because they could not be satisfied.
    public static let constraintsBroken = "constraintsBroken"
    /// Layout attributes collection queries returned (`layoutAttributesForElements(in:)`).
    public static let itemsReturned = "itemsReturned"
    /// Layout attributes computed from scratch (collection layouts).
    public static let attributesComputed = "attributesComputed"

    /// What the view layer's engine counts (`EngineCounter` names in LayoutEngine)
    /// plus `solverWork`: what every view-layer driver reports.
    public static let view = EngineCounterNames.view + [solverWork]

    /// What every solver-level driver reports.
    public static let solverLevel = solver + [solverWork, enginesCreated]
}
