import Testing
import LayoutSolver

/// The oracle checked on its own, on programs with known optima, before any
/// solver test trusts it.
@Suite struct ReferenceLPTests {
    @Test func textbookMaximumAsDenseLP() throws {
        // maximise 3x + 5y  s.t. x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18, x, y ≥ 0  →  36 at (2, 6).
        var lp = DenseLP(variableCount: 2, isFree: [false, false])
        lp.objective = [-3, -5]
        lp.addRow([1, 0], .lessOrEqual, 4)
        lp.addRow([0, 2], .lessOrEqual, 12)
        lp.addRow([3, 2], .lessOrEqual, 18)
        guard case let .optimal(value, point) = lp.minimize() else { Issue.record("not optimal"); return }
        #expect(abs(value + 36) < 1e-9)
        #expect(abs(point[0] - 2) < 1e-9 && abs(point[1] - 6) < 1e-9)
    }

    @Test func bealesCyclingExampleTerminates() throws {
        // Beale (1955): cycles under Dantzig's rule; Bland's rule must finish.
        // minimise −¾x₁ + 150x₂ − x₃/50 + 6x₄ → −1/20 at (1/25, 0, 1, 0).
        var lp = DenseLP(variableCount: 4, isFree: [false, false, false, false])
        lp.objective = [-0.75, 150, -0.02, 6]
        lp.addRow([0.25, -60, -0.04, 9], .lessOrEqual, 0)
        lp.addRow([0.5, -90, -0.02, 3], .lessOrEqual, 0)
        lp.addRow([0, 0, 1, 0], .lessOrEqual, 1)
        guard case let .optimal(value, point) = lp.minimize() else { Issue.record("not optimal"); return }
        #expect(abs(value + 0.05) < 1e-9)
        #expect(abs(point[0] - 0.04) < 1e-9 && abs(point[2] - 1) < 1e-9)
    }

    @Test func freeVariablesGoNegative() throws {
        // minimise x + y with x free, y free, x ≥ −7, y ≥ 2x  →  −21 at (−7, −14).
        var lp = DenseLP(variableCount: 2, isFree: [true, true])
        lp.objective = [1, 1]
        lp.addRow([1, 0], .greaterOrEqual, -7)
        lp.addRow([-2, 1], .greaterOrEqual, 0)
        guard case let .optimal(value, point) = lp.minimize() else { Issue.record("not optimal"); return }
        #expect(abs(value + 21) < 1e-9)
        #expect(abs(point[0] + 7) < 1e-9 && abs(point[1] + 14) < 1e-9)
    }

    @Test func infeasibleAndUnbounded() {
        var infeasible = DenseLP(variableCount: 1, isFree: [true])
        infeasible.addRow([1], .greaterOrEqual, 10)
        infeasible.addRow([1], .lessOrEqual, 5)
        guard case .infeasible = infeasible.minimize() else { Issue.record("expected infeasible"); return }

        var unbounded = DenseLP(variableCount: 1, isFree: [true])
        unbounded.objective = [1]
        unbounded.addRow([1], .lessOrEqual, 5)
        guard case .unbounded = unbounded.minimize() else { Issue.record("expected unbounded"); return }
    }

    @Test func redundantEqualitiesAreDropped() throws {
        // x + y = 10 three times over (one scaled), x − y = 2  →  (6, 4).
        var lp = DenseLP(variableCount: 2, isFree: [true, true])
        lp.addRow([1, 1], .equal, 10)
        lp.addRow([2, 2], .equal, 20)
        lp.addRow([-1, -1], .equal, -10)
        lp.addRow([1, -1], .equal, 2)
        guard case let .optimal(_, point) = lp.minimize() else { Issue.record("not optimal"); return }
        #expect(abs(point[0] - 6) < 1e-9 && abs(point[1] - 4) < 1e-9)
    }

    // MARK: The lexicographic problem, phrased with the solver's types

    @Test func textbookMaximumAsPreference() throws {
        let x = Variable("x"), y = Variable("y")
        let constraints = [
            x >= 0, y >= 0, x <= 4, 2 * y <= 12, 3 * x + 2 * y <= 18,
            (3 * x + 5 * y >= 100).priority(500),   // violation 100 − (3x + 5y), least at 36
        ]
        let solution = try #require(LexicographicReference(constraints).solve())
        #expect(solution.levels.count == 1)
        #expect(abs(solution.levels[0].violation - 64) < 1e-7)
        #expect(abs(solution.values[x]! - 2) < 1e-7 && abs(solution.values[y]! - 6) < 1e-7)
    }

    @Test func requiredConflictIsInfeasible() {
        let x = Variable("x")
        #expect(LexicographicReference([x >= 10, x <= 5]).solve() == nil)
        #expect(LexicographicReference([x >= 10, (x <= 5).priority(999)]).solve() != nil)
    }

    @Test func higherLevelDominatesAnyNumberBelow() throws {
        let x = Variable("x")
        var constraints = [(x == 100).priority(751)]
        for _ in 0..<30 { constraints.append((x <= 0).priority(750)) }
        let solution = try #require(LexicographicReference(constraints).solve())
        #expect(solution.levels.map(\.priority) == [751, 750])
        #expect(abs(solution.levels[0].violation) < 1e-7)
        #expect(abs(solution.levels[1].violation - 3000) < 1e-6)
        #expect(abs(solution.values[x]! - 100) < 1e-7)
    }

    @Test func violationsWithinOneLevelAdd() throws {
        // |x| + |x − 10| + |y − x − 4| at one level: 10, anywhere on [0, 10]
        // with y = x + 4. Below it 2|x − 7| + max(0, 13 − y) is least, 2, at x = 7.
        let x = Variable("x"), y = Variable("y")
        let constraints = [
            (x == 0).priority(500), (x == 10).priority(500), (y == x + 4).priority(500),
            (x == 7).priority(1), (x == 7).priority(1), (y >= 13).priority(1),
        ]
        let solution = try #require(LexicographicReference(constraints).solve())
        #expect(abs(solution.levels[0].violation - 10) < 1e-7)
        #expect(abs(solution.levels[1].violation - 2) < 1e-6)
        #expect(abs(solution.values[x]! - 7) < 1e-6 && abs(solution.values[y]! - 11) < 1e-6)
    }

    @Test func violationMeasure() {
        let x = Variable("x")
        let at3: (Variable) -> Double = { _ in 3 }
        #expect((x == 5).violation(at3) == 2)
        #expect((x <= 5).violation(at3) == 0)
        #expect((x >= 5).violation(at3) == 2)
        #expect((x <= 1).violation(at3) == 2)
        #expect((x == 5).withConstant(-3).violation(at3) == 0)
    }
}
