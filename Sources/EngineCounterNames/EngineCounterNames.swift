/// The names the engine's counters go by, in the order snapshots list them.
/// Dependency-free, so that the view layer, which counts, and the scenario
/// catalog, which the harness links to check workload files, read one list.
public enum EngineCounterNames {
    /// The solver's counters (`SolverCounters.named` in LayoutSolver, in its order).
    public static let solver = [
        "constraintsAdded", "constraintsRemoved", "constantUpdates", "suggestions", "pivots",
        "rowSubstitutions", "rowsTouched", "termsTouched", "objectiveIterations",
        "componentsMerged", "componentsSplit", "infeasibleRows", "componentsCloned", "componentsMaterialized",
        "basesDiscovered", "fillIn", "componentsRefreshed",
    ]

    /// What the view layer's engine counts (`EngineCounter` in LayoutEngine,
    /// case for case): the render loop, constraints, text, fresh engines,
    /// then the solvers' own counters prefixed `solver.`.
    public static let view = [
        "frames", "layoutLoopIterations", "updateConstraintsCalls", "layoutSubviewsCalls", "displayCalls",
        "constraintsAdded", "constraintsRemoved", "constraintChurn", "constantChanges", "priorityChanges",
        "unsatisfiableConstraints",
        "variableChanges", "framesApplied", "intrinsicSizeUpdates",
        "textMeasureRequests", "textMeasurements", "textCharactersMeasured",
        "enginesCreated", "fittingSizeCalls",
    ] + solver.map { "solver." + $0 }
}
