import Testing
@testable import LayoutSolver

/// `Solver.restore(removed:as:)`: a removal still pending is taken back when
/// the same equation comes back, and only then.
@Suite struct RestoreTests {
    /// x between two walls with a preferred width: three rows, a pivot or two.
    func scene() throws -> (Solver, Variable, Variable, Constraint) {
        let solver = Solver()
        let x = Variable("x"), w = Variable("w")
        try solver.add(x == 10)
        let width = (w == 40).priority(.required)
        try solver.add(width)
        try solver.add((x + w <= 300))
        #expect(solver.value(of: w) == 40)
        return (solver, x, w, width)
    }

    @Test func aPendingRemovalOfTheSameEquationIsTakenBackWithNoWork() throws {
        let (solver, _, w, width) = try scene()
        let before = solver.counters
        try solver.remove(width)
        #expect(!solver.contains(width))
        let again = Constraint(width.expression, .equal)
        #expect(solver.restore(removed: width.id, as: again))
        #expect(solver.contains(width) && !solver.contains(again))
        #expect(solver.value(of: w) == 40)
        let after = solver.counters
        #expect(after.constraintsRemoved == before.constraintsRemoved && after.constraintsAdded == before.constraintsAdded)
        #expect(after.pivots == before.pivots && after.rowsTouched == before.rowsTouched)
        // It is the solver's constraint again: removing it works as before.
        try solver.remove(width)
        solver.solve()
        #expect(solver.counters.constraintsRemoved == before.constraintsRemoved + 1)
    }

    @Test func anotherEquationOrAFlushedRemovalIsNotTakenBack() throws {
        let (solver, _, w, width) = try scene()
        try solver.remove(width)
        #expect(!solver.restore(removed: width.id, as: Constraint(w - 41, .equal)))            // another constant
        #expect(!solver.restore(removed: width.id, as: Constraint(2 * w - 80, .equal)))        // other terms
        #expect(!solver.restore(removed: width.id, as: Constraint(w - 40, .greaterThanOrEqual))) // another relation
        #expect(!solver.restore(removed: width.id, as: Constraint(w - 40, .equal, priority: .defaultHigh)))
        #expect(!solver.contains(width))
        // A read carries the removal out: there is nothing left to take back.
        solver.solve()
        #expect(!solver.restore(removed: width.id, as: Constraint(w - 40, .equal)))
        #expect(solver.counters.constraintsRemoved == 1)
    }

    @Test func theConstantInEffectIsWhatMustMatch() throws {
        let (solver, _, w, width) = try scene()
        try solver.setConstant(-60, for: width)   // w == 60 now
        #expect(solver.value(of: w) == 60)
        try solver.remove(width)
        #expect(!solver.restore(removed: width.id, as: Constraint(w - 40, .equal)))
        #expect(solver.restore(removed: width.id, as: Constraint(w - 60, .equal)))
        #expect(solver.value(of: w) == 60)
    }

    @Test func onlyTheLatestPendingRemovalsAreSearched() throws {
        let solver = Solver()
        let vs = (0..<20).map { Variable("v\($0)") }
        let cs = vs.enumerated().map { i, v in Constraint(v - Double(i), .equal) }
        try solver.add(cs)
        for c in cs { try solver.remove(c) }
        // The first removal has 19 after it: beyond the bounded search, so it stays removed.
        #expect(!solver.restore(removed: cs[0].id, as: Constraint(vs[0] - 0, .equal)))
        #expect(solver.restore(removed: cs[19].id, as: Constraint(vs[19] - 19, .equal)))
        #expect(solver.value(of: vs[19]) == 19 && solver.value(of: vs[0]) == 0)
        #expect(solver.constraintCount == 1)
    }
}
