import EngineCounterNames
import LayoutSolver

/// One thing the engine counts. The raw values fix the order counters are
/// listed in, so every snapshot prints and subtracts the same way.
public enum EngineCounter: Int, CaseIterable, Sendable {
    // The render loop.
    case frames, layoutLoopIterations, updateConstraintsCalls, layoutSubviewsCalls, displayCalls
    // Constraints as the view layer sees them (user, autoresizing, content size and guides).
    case constraintsAdded, constraintsRemoved, constraintChurn, constantChanges, priorityChanges
    case unsatisfiableConstraints
    // Engine → views.
    case variableChanges, framesApplied, intrinsicSizeUpdates
    // Text.
    case textMeasureRequests, textMeasurements, textCharactersMeasured
    // Fresh engines (systemLayoutSizeFitting).
    case enginesCreated, fittingSizeCalls
    // The solvers' own counters (the window's plus every fitting engine's).
    case solverConstraintsAdded, solverConstraintsRemoved, solverConstantUpdates, solverSuggestions
    case solverPivots, solverRowSubstitutions, solverRowsTouched, solverTermsTouched
    case solverObjectiveIterations, solverComponentsMerged, solverComponentsSplit, solverInfeasibleRows
    case solverComponentsCloned, solverComponentsMaterialized, solverBasesDiscovered, solverFillIn
    case solverComponentsRefreshed

    /// The counter's name in snapshots and JSON.
    public var name: String { Self.names[rawValue] }

    /// One name a case, in case order (a test checks the counts agree).
    private static let names = EngineCounterNames.view

    /// The counter with this name, if any.
    public init?(name: String) {
        guard let i = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: i)
    }
}

/// A snapshot of everything an engine counts: a name → Int64 map in a fixed
/// order. Take one before and one after the work and subtract:
///
/// ```swift
/// let before = window.counters
/// window.runFrame()
/// let frame = window.counters - before
/// frame[.textMeasurements]; frame["solver.pivots"]
/// ```
///
/// Every counter is deterministic for a given sequence of calls; the time
/// spent measuring text is a clock reading and lives apart, in
/// `textMeasurementNanoseconds`.
public struct EngineCounters: Hashable, Sendable, Sequence, CustomStringConvertible {
    private var values: [Int64]
    /// Wall-clock time spent in real text measurements (not deterministic).
    public var textMeasurementNanoseconds: Int64 = 0

    public init() { values = Array(repeating: 0, count: EngineCounter.allCases.count) }

    public subscript(_ counter: EngineCounter) -> Int64 {
        get { values[counter.rawValue] }
        set { values[counter.rawValue] = newValue }
    }

    /// The counter called `name`, or nil for an unknown name.
    public subscript(name: String) -> Int64? {
        EngineCounter(name: name).map { values[$0.rawValue] }
    }

    /// Names and values, in `EngineCounter` order.
    public var entries: [(name: String, value: Int64)] {
        EngineCounter.allCases.map { ($0.name, values[$0.rawValue]) }
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: Int64)> {
        entries.makeIterator()
    }

    @inline(__always) mutating func add(_ counter: EngineCounter, _ n: Int64 = 1) {
        values[counter.rawValue] &+= n
    }

    /// Adds a solver's counters into the `solver.*` entries.
    mutating func add(_ s: SolverCounters) {
        add(.solverConstraintsAdded, Int64(s.constraintsAdded))
        add(.solverConstraintsRemoved, Int64(s.constraintsRemoved))
        add(.solverConstantUpdates, Int64(s.constantUpdates))
        add(.solverSuggestions, Int64(s.suggestions))
        add(.solverPivots, Int64(s.pivots))
        add(.solverRowSubstitutions, Int64(s.rowSubstitutions))
        add(.solverRowsTouched, Int64(s.rowsTouched))
        add(.solverTermsTouched, Int64(s.termsTouched))
        add(.solverObjectiveIterations, Int64(s.objectiveIterations))
        add(.solverComponentsMerged, Int64(s.componentsMerged))
        add(.solverComponentsSplit, Int64(s.componentsSplit))
        add(.solverInfeasibleRows, Int64(s.infeasibleRows))
        add(.solverComponentsCloned, Int64(s.componentsCloned))
        add(.solverComponentsMaterialized, Int64(s.componentsMaterialized))
        add(.solverBasesDiscovered, Int64(s.basesDiscovered))
        add(.solverFillIn, Int64(s.fillIn))
        add(.solverComponentsRefreshed, Int64(s.componentsRefreshed))
    }

    /// Sum of the solver's work counters: one number for "how much solving".
    public var solverWork: Int64 {
        self[.solverPivots] + self[.solverRowSubstitutions] + self[.solverRowsTouched]
            + self[.solverTermsTouched] + self[.solverObjectiveIterations]
    }

    public static func - (a: EngineCounters, b: EngineCounters) -> EngineCounters {
        var d = a
        for i in d.values.indices { d.values[i] = a.values[i] &- b.values[i] }
        d.textMeasurementNanoseconds = a.textMeasurementNanoseconds - b.textMeasurementNanoseconds
        return d
    }

    public static func + (a: EngineCounters, b: EngineCounters) -> EngineCounters {
        var d = a
        for i in d.values.indices { d.values[i] = a.values[i] &+ b.values[i] }
        d.textMeasurementNanoseconds = a.textMeasurementNanoseconds + b.textMeasurementNanoseconds
        return d
    }

    /// `name=value` pairs, one per line, in order (the time last, marked as such).
    public var description: String {
        entries.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
            + "\n(textMeasurementNanoseconds=\(textMeasurementNanoseconds), not deterministic)"
    }
}

/// What one view has cost, counted since it was created (or `resetCounters()`).
public struct ViewCounters: Hashable, Sendable {
    /// Constraints installed or removed with this view as first item (or owner, for its guides).
    public var constraintsAdded: Int64 = 0
    public var constraintsRemoved: Int64 = 0
    /// Constraints removed and re-added equal within one pass.
    public var constraintChurn: Int64 = 0
    public var updateConstraintsCalls: Int64 = 0
    public var layoutSubviewsCalls: Int64 = 0
    public var displayCalls: Int64 = 0
    /// Frames this view took from the engine.
    public var framesApplied: Int64 = 0
    /// Real text measurements (cache misses) and their characters.
    public var textMeasurements: Int64 = 0
    public var textCharactersMeasured: Int64 = 0
    /// Wall-clock nanoseconds in those measurements (not deterministic).
    public var textMeasurementNanoseconds: Int64 = 0

    public init() {}
}
