import LayoutSolver
import ScenarioCatalog

/// Accumulates engine counters for a driver: the work of solvers it has
/// thrown away plus, at read time, the live solver's. Drivers that make a
/// fresh solver per step absorb each one's counters before dropping it.
public struct CounterLedger: Sendable {
    private var solverTotals = SolverCounters()
    /// Driver-level counters (enginesCreated, constraintsBroken, …).
    public var extra: [String: Int] = [:]

    public init() {}

    /// Adds a finished solver's counters, and counts it as an engine created.
    public mutating func absorb(_ solver: Solver, created: Bool = true) {
        solverTotals = solverTotals + solver.counters
        if created { count(CounterNames.enginesCreated) }
    }

    public mutating func count(_ name: String, _ by: Int = 1) { extra[name, default: 0] += by }

    /// Totals, with `live` solvers' counters added (not absorbed).
    public func snapshot(live: [Solver] = []) -> [String: Int] {
        var total = solverTotals
        for s in live { total = total + s.counters }
        var result = extra
        for (name, value) in total.named { result[name] = value }
        result[CounterNames.solverWork] = total.work
        result[CounterNames.enginesCreated, default: 0] += 0
        return result
    }
}

extension SolverCounters {
    static func + (a: SolverCounters, b: SolverCounters) -> SolverCounters {
        a - (SolverCounters() - b)
    }
}
