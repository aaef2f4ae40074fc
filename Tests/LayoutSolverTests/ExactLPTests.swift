import Testing
import LayoutSolver

/// Known answers for the exact reference itself, so the differential test
/// judges the solver against something that is right.
@Suite struct ExactLPTests {
    let x = Fraction(mantissa: 1, exponent: 0)

    @Test func fractionsStayInLowestTerms() throws {
        let a = Fraction(mantissa: 5, exponent: -6), b = Fraction(mantissa: 3, exponent: 3)
        #expect(try a * b == Fraction(3, 200))
        #expect(try a + a == Fraction(1, 100_000))
        #expect(try (a - a).isZero)
        #expect(Fraction(4, -6) == Fraction(-2, 3))
    }

    @Test func overflowThrowsInsteadOfRounding() {
        let big = Fraction(Int128.max / 2)
        #expect(throws: Exact.overflow) { try big * big }
    }

    @Test func contradictoryEqualitiesAreInfeasible() throws {
        let equalities = [
            ExactConstraint(terms: [(0, Fraction(-5, 1_000_000))], constant: Fraction(-17, 1000), relation: .equal,
                            priority: .required),
            ExactConstraint(terms: [(0, Fraction(3, 1000))], constant: Fraction(29), relation: .equal,
                            priority: .required),
        ]
        #expect(try ExactLexicographic.optima(equalities, variables: 1) == nil)
        #expect(try ExactLexicographic.optima([equalities[0]], variables: 1) != nil)
    }

    @Test func levelsAreMinimisedInTurn() throws {
        // x ≤ 10 required; x == 30 strong; x == 0 weak: strong wins, 20 off; weak then 10 off.
        let system = [
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-10), relation: .lessThanOrEqual, priority: .required),
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-30), relation: .equal, priority: 750),
            ExactConstraint(terms: [(0, .one)], constant: .zero, relation: .equal, priority: 250),
        ]
        let optima = try #require(try ExactLexicographic.optima(system, variables: 1))
        #expect(optima.map(\.0) == [750, 250])
        #expect(optima.map(\.1) == [Fraction(20), Fraction(10)])
    }
}
