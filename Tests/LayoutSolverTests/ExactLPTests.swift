import BigInt
import Testing
import LayoutSolver

/// Known answers for the exact reference itself, so the differential test
/// judges the solver against something that is right.
@Suite struct ExactLPTests {
    let x = Fraction(mantissa: 1, exponent: 0)

    @Test func fractionsStayInLowestTerms() {
        let a = Fraction(mantissa: 5, exponent: -6), b = Fraction(mantissa: 3, exponent: 3)
        #expect(a * b == Fraction(3, 200))
        #expect(a + a == Fraction(1, 100_000))
        #expect((a - a).isZero)
        #expect(Fraction(4, -6) == Fraction(-2, 3))
    }

    @Test func productsGrowWithoutOverflow() {
        let big = Fraction(BigInt(1) << 120)
        #expect((big * big).numerator == BigInt(1) << 240)
        #expect((big * big / big) == big)
    }

    @Test func aDoubleIsReadExactly() {
        // 0.1 is 3602879701896397 / 2^55, not 1/10; 0x1p-1030 is subnormal.
        #expect(Fraction(exactly: 0.1) == Fraction(3_602_879_701_896_397, BigInt(1) << 55))
        #expect(Fraction(exactly: 0.1) != Fraction(mantissa: 1, exponent: -1))
        for x in [0.1, -2.5e-6, 3e12, 0x1p-1030, -Double.greatestFiniteMagnitude, 0.0] {
            #expect(Fraction(exactly: x).double == x)
        }
    }

    @Test func contradictoryEqualitiesAreInfeasible() throws {
        let equalities = [
            ExactConstraint(terms: [(0, Fraction(-5, 1_000_000))], constant: Fraction(-17, 1000), relation: .equal,
                            priority: .required),
            ExactConstraint(terms: [(0, Fraction(3, 1000))], constant: Fraction(29), relation: .equal,
                            priority: .required),
        ]
        #expect(ExactLexicographic.optima(equalities, variables: 1) == nil)
        #expect(ExactLexicographic.optima([equalities[0]], variables: 1) != nil)
    }

    @Test func levelsAreMinimisedInTurn() throws {
        // x ≤ 10 required; x == 30 strong; x == 0 weak: strong wins, 20 off; weak then 10 off.
        let system = [
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-10), relation: .lessThanOrEqual, priority: .required),
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-30), relation: .equal, priority: 750),
            ExactConstraint(terms: [(0, .one)], constant: .zero, relation: .equal, priority: 250),
        ]
        let optima = try #require(ExactLexicographic.optima(system, variables: 1))
        #expect(optima.map(\.0) == [750, 250])
        #expect(optima.map(\.1) == [Fraction(20), Fraction(10)])
    }

    @Test func slackAboveALevelLowersWhatItCanReach() {
        // x ≤ 10 required; x == 30 strong (optimum 20 off); x == 0 weak.
        let system = [
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-10), relation: .lessThanOrEqual, priority: .required),
            ExactConstraint(terms: [(0, .one)], constant: Fraction(-30), relation: .equal, priority: 750),
            ExactConstraint(terms: [(0, .one)], constant: .zero, relation: .equal, priority: 250),
        ]
        func least(strong: Int, required: Int) -> Fraction? {
            ExactLexicographic.leastViolation(of: 250, system, variables: 1,
                                              requiredSlack: [Fraction(BigInt(required)), .zero, .zero],
                                              higherBound: [750: Fraction(BigInt(strong))])
        }
        #expect(least(strong: 20, required: 0) == Fraction(10))
        #expect(least(strong: 21, required: 0) == Fraction(9))
        #expect(least(strong: 19, required: 0) == nil)
        #expect(least(strong: 19, required: 1) == Fraction(11))
    }
}
