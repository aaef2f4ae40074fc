import Testing
@testable import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Reference values from SciPy 1.17 (scipy.stats / scipy.special) unless a
// closed form is given.
@Suite("Special functions")
struct SpecialFunctionTests {
    @Test func normalDistribution() throws {
        #expect(normalCDF(0) == 0.5)
        #expect(isClose(normalCDF(-3), 0.0013498980316300933, relative: 1e-13))
        #expect(isClose(try normalQuantile(0.975), 1.959963984540054, relative: 1e-14))
        #expect(isClose(try normalQuantile(1e-10), -6.361340902404056, relative: 1e-13))
        #expect(isClose(try normalQuantile(1 - 1e-12), 7.0344869100478356, relative: 1e-4))
        #expect(try normalQuantile(0.5) == 0)
        #expect(try normalQuantile(0) == -.infinity)
        #expect(throws: StatisticsError.probabilityOutOfRange(2)) { try normalQuantile(2) }
    }

    @Test(arguments: stride(from: 0.001, to: 1, by: 0.0371).map { $0 })
    func normalQuantileInvertsTheCDF(p: Double) throws {
        #expect(isClose(normalCDF(try normalQuantile(p)), p, relative: 1e-13))
    }

    @Test func logGammaAtKnownPoints() {
        #expect(isClose(logGamma(5), log(24.0), relative: 1e-14))
        #expect(isClose(logGamma(0.5), 0.5723649429247, relative: 1e-12))
        #expect(isClose(logGamma(10.3), 13.482036786138359, relative: 1e-13))
        #expect(isClose(logGamma(1), 0, absolute: 1e-14))
    }

    @Test func incompleteBetaClosedFormsAndReference() {
        for x in stride(from: 0.05, to: 1, by: 0.1) {
            #expect(isClose(regularizedIncompleteBeta(x, 1, 1), x, relative: 1e-13))
            #expect(isClose(regularizedIncompleteBeta(x, 3, 1), x * x * x, relative: 1e-12))
        }
        #expect(isClose(regularizedIncompleteBeta(0.3, 2.5, 4), 0.3521975859067672, relative: 1e-12))
        #expect(regularizedIncompleteBeta(0, 2, 3) == 0 && regularizedIncompleteBeta(1, 2, 3) == 1)
    }

    @Test func fAndTTails() {
        // d₁ = 2 has the closed form P(F > f) = (1 + 2f/d₂)^(−d₂/2).
        #expect(isClose(fDistributionSurvival(3, 2, 10), pow(1.6, -5), relative: 1e-12))
        #expect(isClose(fDistributionSurvival(2.5, 3, 12), 0.10915471239500621, relative: 1e-11))
        #expect(isClose(studentTTwoSided(2, 7), 0.08561932856297605, relative: 1e-11))
        #expect(isClose(studentTTwoSided(2.228138851986274, 10), 0.05, relative: 1e-11))
        #expect(isClose(studentTTwoSidedCritical(0.05, 10), 2.228138851986274, relative: 1e-7))
    }
}
