import Testing
import LayoutSolver

/// Minimal reproductions of the solver bugs the property and behaviour tests
/// found (named by the `KnownBug` cases in SolverSession.swift), each
/// asserting the behaviour the fix restored.
@Suite struct SolverRegressionTests {
    // MARK: KnownBug.rejectedAddKeepsComponent

    @Test func rejectedConstantOnlyConstraintLeavesAComponent() throws {
        let solver = Solver()
        let impossible = Constraint(Expression(constant: -16), .equal)   // −16 == 0
        #expect(throws: SolverError.unsatisfiable(impossible, conflicts: [])) { try solver.add(impossible) }
        do {   // was: the component made for the rejected row stays alive
            #expect(solver.componentCount == 0)
        }
    }

    @Test func rejectedLinkLeavesBlocksMerged() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10, b = y == 20
        try solver.add([a, b])
        #expect(solver.componentCount == 2)
        let link = x + y == 0
        #expect(throws: SolverError.unsatisfiable(link, conflicts: [a, b])) { try solver.add(link) }
        do {   // was: unify() merged the components before the add failed; nothing splits them
            #expect(solver.componentCount == 2)
            #expect(!solver.sharesComponent(x, y))
        }
    }

    // MARK: KnownBug.redundantEquality

    @Test func removingOneOfTwoEqualRequiredEqualities() throws {
        let solver = Solver()
        let x = Variable("x")
        let first = x == 32, second = x == 32
        try solver.add([first, second])
        #expect(solver.value(of: x) == 32)
        try solver.remove(first)
        do {   // was: the marker pivots into x's row instead of the redundant dummy row; x == 32 is lost
            #expect(solver.value(of: x) == 32)   // actual: 0
        }
    }

    @Test func removingAPartnerOfAnImpliedEquality() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10
        try solver.add([a, y == 5, x - y == 5])   // the third is implied: an all-dummy row
        try solver.remove(a)
        do {   // was: removing a loses x - y == 5
            #expect(solver.value(of: x) == 10)
        }
    }

    @Test func removingARequiredEqualityWithADuplicateAndAPreference() throws {
        // The marker appears in the preference's error row (first by kiwi's
        // ratio rule) and in the duplicate's dummy row; only the dummy row
        // keeps the duplicate's equation.
        let solver = Solver()
        let x0 = Variable("x0")
        let first = -x0 - 35 == 0
        try solver.add([first, (x0 == 43).priority(500), -x0 - 35 == 0])
        try solver.remove(first)
        #expect(solver.value(of: x0) == -35)
    }

    @Test func newConstantForAnImpliedEqualityIsNotChecked() throws {
        let solver = Solver()
        let x = Variable("x")
        let first = x == 10, second = x == 10
        try solver.add([first, second])
        do {   // was: a dummy basic row with a positive constant is not treated as infeasible
            #expect(throws: SolverError.self) { try solver.setConstant(-15, for: second) }   // x == 15: accepted
            #expect(solver.constant(of: second) == -10)
        }
        #expect(solver.value(of: x) == 10)   // so the accepted x == 15 does not hold
    }

    @Test func newConstantForATautologyIsNotChecked() throws {
        let solver = Solver()
        let tautology = Constraint(Expression(constant: 0), .equal)   // 0 == 0, fine
        try solver.add(tautology)
        do {   // was: −16 == 0 is accepted
            #expect(throws: SolverError.self) { try solver.setConstant(-16, for: tautology) }
        }
    }

    // MARK: KnownBug.dualRatioTie

    @Test func dualSimplexTieLeavesALowerLevelSuboptimal() throws {
        // After the suggestion the dual ratio test compares (0, 0.4999999999999999…, −2)
        // with (0, 1, −3) as vectors: the rounding at level 500 beats the real
        // difference at level 250, the pivot breaks dual feasibility at 250,
        // and the component is not re-optimised.
        let solver = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2"), x3 = Variable("x3")
        let constraints = [
            (x0 - 10 <= 0).priority(500),
            (x2 + 8 <= 0).priority(500),
            (3 * x2 + x0 + 30 <= 0).priority(250),
            2 * x0 - 32 >= 0,
            (-x1 - x3 + 12 == 0).priority(750),
            x0 - x1 + x2 - 48 == 0,
        ]
        try solver.add(constraints)
        try solver.addEditVariable(x3, priority: 500)
        try solver.suggestValue(2, for: x3)
        let model = constraints + [(x3 == 2).priority(500)]
        let reference = try #require(LexicographicReference(model).solve())
        let got = levelViolations(model, priorities: reference.levels.map(\.priority)) { solver.value(of: $0) }
        #expect(zip(reference.levels.map(\.violation), [0, 56, 22]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(abs(got[0]) < 1e-6 && abs(got[1] - 56) < 1e-6)
        do {   // was: the ratio comparison (now `ratioOrder`) compared with exact !=
            #expect(abs(got[2] - 22) < 1e-6)   // actual: 72 (x0 = 66 instead of 16)
        }
    }

    // MARK: KnownBug.rejectedCallMovesValues

    @Test func rejectedAddMovesValues() throws {
        let solver = Solver()
        let x = Variable("x")
        let ceiling = x <= 6
        try solver.add([x >= 6, ceiling])
        try solver.setConstant(-27, for: ceiling)   // x ≤ 27; the dual pivot leaves x = 27
        #expect(solver.value(of: x) == 27)
        #expect(throws: SolverError.self) { try solver.add(x <= -9) }
        do {   // was: the artificial phase pivots and nothing restores the basis
            #expect(solver.value(of: x) == 27)   // actual: 6
        }
    }

    @Test func rejectedConstantMovesValues() throws {
        let solver = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2")
        let bound = x2 - 2 * x1 + 48 >= 0
        try solver.add([2 * x2 - 3 * x1 + 28 == 0, -x0 + x2 - 13 == 0, (-x2 + 3 * x0 - 22 >= 0).priority(750),
                        bound, x1 - 26 >= 0])
        let before = solver.value(of: x0)
        #expect(throws: SolverError.self) { try solver.setConstant(12, for: bound) }
        do {   // was: undoing the shift by dual simplex lands on another optimal vertex
            #expect(solver.value(of: x0) == before)   // 17.5 before, 75 after
        }
    }

    // MARK: KnownBug.forgottenVariableChange

    @Test func variableLeftWithoutConstraintsIsNotReported() throws {
        // A consumer mirrors values by applying takeChangedVariables(); its
        // copy must then equal value(of:) for every variable it has seen.
        let solver = Solver()
        let x = Variable("x")
        var shown: [Variable: Double] = [:]
        func sync() { for v in solver.takeChangedVariables() { shown[v] = solver.value(of: v) } }

        let c = (x >= 35).priority(250)
        try solver.add(c)
        sync()
        #expect(shown[x] == 35)
        try solver.remove(c)
        sync()
        try solver.addEditVariable(x, priority: 999)   // x constrained again, at 0
        sync()
        do {   // was: forgetting a symbol drops its reported value; 35 → 0 is never reported
            #expect(shown[x] == solver.value(of: x))   // shown 35, value 0
        }
    }

    // MARK: Coefficients below the tableau's epsilon

    @Test func tinyCoefficientIsDroppedAndTheConstraintRejected() throws {
        let solver = Solver()
        let x = Variable("x")
        do {   // was: |1e-9| < epsilon is dropped from the row, leaving 5 == 0 with no conflicts
            try solver.add(1e-9 * x == 5)
            #expect(abs(solver.value(of: x) - 5e9) < 1)
        }
    }
}
