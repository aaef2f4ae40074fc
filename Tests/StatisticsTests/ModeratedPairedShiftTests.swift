import Testing
@testable import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Moderated paired shift")
struct ModeratedPairedShiftTests {
    // Closed forms: ψ(1) = −γ, ψ(½) = −γ − 2 ln 2, ψ₁(1) = π²/6, ψ₁(½) = π²/2; ψ(10), ψ₁(10) from SciPy.
    @Test func polygammaValues() {
        let gamma = 0.57721566490153286
        #expect(isClose(digamma(1), -gamma, relative: 1e-13))
        #expect(isClose(digamma(0.5), -gamma - 2 * log(2.0), relative: 1e-13))
        #expect(isClose(digamma(10), 2.251752589066721, relative: 1e-13))
        #expect(isClose(trigamma(1), Double.pi * Double.pi / 6, relative: 1e-13))
        #expect(isClose(trigamma(0.5), Double.pi * Double.pi / 2, relative: 1e-13))
        #expect(isClose(trigamma(10), 0.10516633568168575, relative: 1e-13))
        for y in [0.05, 0.5, 1, 3, 40, 2_000] {
            #expect(isClose(trigammaInverse(trigamma(y)), y, relative: 1e-9))
        }
    }

    @Test func withoutAPriorItIsThePairedTTest() throws {
        let d = [0.1, 0.3, 0.2]
        let test = try #require(moderatedPairedShift(d, prior: nil, confidence: 0.95))
        let t = 0.2 / (0.1 / 3.0.squareRoot())
        #expect(isClose(test.mean, 0.2) && isClose(test.variance, 0.01) && test.degreesOfFreedom == 2)
        #expect(isClose(test.t, t, relative: 1e-12))
        #expect(isClose(test.pGreater, studentTTwoSided(t, 2) / 2, relative: 1e-12))
        #expect(isClose(test.pGreater + test.pLess, 1, relative: 1e-12))
        // scipy.stats.t.ppf(0.975, 2) = 4.302652729749464
        #expect(isClose(test.upper - test.mean, 4.302652729749464 * 0.1 / 3.0.squareRoot(), relative: 1e-7))
        #expect(moderatedPairedShift([0.2], prior: nil, confidence: 0.95) == nil)
        // Identical differences: the shift is known exactly.
        let none = try #require(moderatedPairedShift([0, 0, 0], prior: nil, confidence: 0.95))
        #expect(none.lower == 0 && none.upper == 0 && none.pGreater == 0.5 && none.pLess == 0.5)
        let certain = try #require(moderatedPairedShift([0.1, 0.1], prior: nil, confidence: 0.95))
        #expect(certain.pGreater == 0 && certain.pLess == 1 && certain.lower == 0.1)
    }

    @Test func aPriorLendsDegreesOfFreedomAndPullsTheVarianceTowardItself() throws {
        let d = [0.1, 0.3, 0.2]
        let prior = VariancePrior(degreesOfFreedom: 20, variance: 0.0025)
        let test = try #require(moderatedPairedShift(d, prior: prior, confidence: 0.95))
        #expect(test.degreesOfFreedom == 22)
        #expect(isClose(test.moderatedVariance, (20 * 0.0025 + 2 * 0.01) / 22))
        let plain = try #require(moderatedPairedShift(d, prior: nil, confidence: 0.95))
        #expect(test.pGreater < plain.pGreater / 10)
        #expect(test.upper - test.lower < (plain.upper - plain.lower) / 3)
        // One round is enough once a prior exists: its variance is the prior's.
        let one = try #require(moderatedPairedShift([0.05], prior: prior, confidence: 0.95))
        #expect(isClose(one.moderatedVariance, 0.0025) && one.degreesOfFreedom == 20)
    }

    /// A cell whose rounds scatter far beyond the prior does not borrow it:
    /// the rounds of a recorded A/A cell where one candidate job ran 66 %
    /// slow (mean +8.5 %) were "slower" with the prior's variance, and are
    /// undecided on their own. An ordinary cell beside it still borrows.
    @Test func aHypervariableCellIsJudgedOnItsOwnVariance() throws {
        let prior = VariancePrior(degreesOfFreedom: 50, variance: 0.02 * 0.02)
        let outlier = [0.018, 0.075, 0.253, -0.0055]
        let test = try #require(moderatedPairedShift(outlier, prior: prior, confidence: 0.95))
        #expect(test.isHypervariable && test.degreesOfFreedom == 3)
        #expect(isClose(test.moderatedVariance, test.variance))
        #expect(test.pGreater > 0.05 && test.lower < 0)
        // What borrowing would have said: a confident shift.
        let pooled = (50 * prior.variance + 3 * test.variance) / 53
        #expect(test.mean / (pooled / 4).squareRoot() > 4)
        let ordinary = try #require(moderatedPairedShift([0.05, 0.07, 0.04, 0.06], prior: prior, confidence: 0.95))
        #expect(!ordinary.isHypervariable && ordinary.degreesOfFreedom == 53 && ordinary.pGreater < 1e-4)
        // At the edge: s²/s₀² just inside the upper 1 % of F(3, 50) borrows, just outside does not.
        func scaled(_ k: Double) -> [Double] { [-1.5, -0.5, 0.5, 1.5].map { $0 * k } }   // s² = k² · 5/3
        let edge = 0.0004 * fQuantile(0.99, 3, 50) * 3 / 5
        #expect(try #require(moderatedPairedShift(scaled(edge.squareRoot() * 0.99), prior: prior, confidence: 0.95)).isHypervariable == false)
        #expect(try #require(moderatedPairedShift(scaled(edge.squareRoot() * 1.01), prior: prior, confidence: 0.95)).isHypervariable)
    }

    /// The F quantile by bisection on the survival function (tested against SciPy below).
    func fQuantile(_ p: Double, _ d1: Double, _ d2: Double) -> Double {
        var lo = 0.0, hi = 1000.0
        for _ in 0..<200 { let mid = (lo + hi) / 2; if fDistributionSurvival(mid, d1, d2) > 1 - p { lo = mid } else { hi = mid } }
        return (lo + hi) / 2
    }

    @Test func fQuantileMatchesSciPy() {
        // scipy.stats.f.ppf(0.99, 3, 50) = 4.19939...
        #expect(isClose(fQuantile(0.99, 3, 50), 4.1993, relative: 1e-3))
    }

    /// Cell variances drawn from the model the prior assumes are fitted back.
    @Test func thePriorIsRecoveredFromSimulatedCells() throws {
        var rng = Xoshiro256StarStar(seed: 2024)
        func chiSquare(_ k: Int) -> Double { (0..<k).reduce(0) { s, _ in let z = rng.standardNormal(); return s + z * z } }
        let nu0 = 8, s0 = 0.0004
        var cells: [(variance: Double, degreesOfFreedom: Int)] = []
        for i in 0..<20_000 {
            let trueVariance = Double(nu0) * s0 / chiSquare(nu0)
            let df = 2 + i % 3
            cells.append((trueVariance * chiSquare(df) / Double(df), df))
        }
        let prior = try #require(VariancePrior.estimate(cells))
        #expect(prior.degreesOfFreedom > 6.5 && prior.degreesOfFreedom < 10, "ν₀ = \(prior.degreesOfFreedom)")
        #expect(abs(prior.variance / s0 - 1) < 0.05, "s₀² = \(prior.variance)")
        // Identical true variances: ν₀ at its cap.
        let alike = (0..<20_000).map { _ in (variance: s0 * chiSquare(4) / 4, degreesOfFreedom: 4) }
        let capped = try #require(VariancePrior.estimate(alike))
        #expect(capped.degreesOfFreedom == VariancePrior.maximumDegreesOfFreedom)
        // A prior never claims more degrees of freedom than the cells it came from.
        let few = try #require(VariancePrior.estimate(Array(repeating: (0.1, 1), count: 10)))
        #expect(few.degreesOfFreedom == 10)
        // Nine cells lend no prior at all.
        #expect(VariancePrior.estimate(Array(repeating: (0.1, 1), count: 9)) == nil)
    }

    /// Two shifts pooled by hand: mean of means, Σ SE² / k², Welch–Satterthwaite df.
    @Test func pooledShiftOfTwoKnownShifts() throws {
        let a = try #require(moderatedPairedShift([0.00, 0.04, 0.02], prior: nil, confidence: 0.95))   // s² = 0.0004, n = 3
        let b = try #require(moderatedPairedShift([0.01, 0.07, 0.04], prior: nil, confidence: 0.95))   // s² = 0.0009, n = 3
        let pooled = try #require(pooledShift([a, b], confidence: 0.95))
        let se2a = 0.0004 / 3, se2b = 0.0009 / 3
        let standardError = (se2a + se2b).squareRoot() / 2
        let df = (se2a + se2b) * (se2a + se2b) / (se2a * se2a / 2 + se2b * se2b / 2)
        #expect(pooled.count == 2 && isClose(pooled.mean, 0.03))
        #expect(isClose(pooled.standardError, standardError, relative: 1e-12))
        #expect(isClose(pooled.degreesOfFreedom, df, relative: 1e-12))
        #expect(isClose(pooled.t, 0.03 / standardError, relative: 1e-12))
        let critical = studentTTwoSidedCritical(0.05, df)
        #expect(isClose(pooled.lower, 0.03 - critical * standardError, relative: 1e-12))
        #expect(isClose(pooled.pGreater, studentTTwoSided(pooled.t, df) / 2, relative: 1e-12))
        #expect(isClose(pooled.pGreater + pooled.pLess, 1, relative: 1e-12))
    }

    /// Inverse-variance weights by hand: wᵢ = 1/SEᵢ², mean Σ wᵢ d̄ᵢ / W, SE = 1/√W,
    /// df (Σ wᵢ)² / Σ (wᵢ² / νᵢ).
    @Test func inverseVarianceWeightsByHand() throws {
        let a = try #require(moderatedPairedShift([0.00, 0.04, 0.02], prior: nil, confidence: 0.95))   // SE² = 0.0004/3
        let b = try #require(moderatedPairedShift([0.01, 0.07, 0.04], prior: nil, confidence: 0.95))   // SE² = 0.0009/3
        let pooled = try #require(pooledShift([a, b], confidence: 0.95, weighting: .inverseVariance))
        let wa = 3 / 0.0004, wb = 3 / 0.0009
        #expect(isClose(pooled.mean, (wa * 0.02 + wb * 0.04) / (wa + wb), relative: 1e-12))
        #expect(isClose(pooled.standardError, 1 / (wa + wb).squareRoot(), relative: 1e-12))
        #expect(isClose(pooled.degreesOfFreedom, (wa + wb) * (wa + wb) / (wa * wa / 2 + wb * wb / 2), relative: 1e-12))
    }

    /// One noisy cell beside precise ones: equal weights let its noise swamp
    /// a shift the precise cells agree on; inverse-variance weights do not.
    @Test func aNoisyCellCannotSwampInverseVariancePooling() throws {
        let precise = try #require(moderatedPairedShift([0.045, 0.055, 0.05], prior: nil, confidence: 0.95))
        let noisy = try #require(moderatedPairedShift([0.40, -0.35, -0.05], prior: nil, confidence: 0.95))
        let equal = try #require(pooledShift([precise, precise, noisy], confidence: 0.95))
        let weighted = try #require(pooledShift([precise, precise, noisy], confidence: 0.95, weighting: .inverseVariance))
        #expect(equal.lower < 0, "equal weights: \(equal)")
        #expect(weighted.lower > 0.04 && weighted.upper < 0.06, "inverse-variance: \(weighted)")
    }

    /// Shifts that scatter more than their standard errors allow get a
    /// between-shift variance τ² (DerSimonian–Laird, by hand here), which
    /// widens the pooled interval; shifts that agree get none.
    @Test func scatteredShiftsWidenTheInverseVariancePool() throws {
        let high = try #require(moderatedPairedShift([0.10, 0.11, 0.09], prior: nil, confidence: 0.95))   // SE² = 0.0001/3
        let low = try #require(moderatedPairedShift([-0.01, 0.00, 0.01], prior: nil, confidence: 0.95))
        let pooled = try #require(pooledShift([high, low, high, low], confidence: 0.95, weighting: .inverseVariance))
        let v = 0.0001 / 3, w = 1 / v
        let q = 4 * w * 0.05 * 0.05, c = 4 * w - 4 * w * w / (4 * w)
        let tau2 = (q - 3) / c
        #expect(isClose(pooled.heterogeneity, tau2, relative: 1e-9))
        #expect(isClose(pooled.mean, 0.05, relative: 1e-9))
        #expect(isClose(pooled.standardError, ((v + tau2) / 4).squareRoot(), relative: 1e-9))
        #expect(pooled.lower < 0, "four cells that disagree this much show no shared shift: \(pooled)")
        let agreeing = try #require(pooledShift([high, high, high, high], confidence: 0.95, weighting: .inverseVariance))
        #expect(agreeing.heterogeneity == 0 && agreeing.lower > 0.09)
    }

    /// k cells of equal noise: the pooled interval is √k narrower than one cell's.
    @Test func poolingNarrowsTheIntervalBySquareRootOfK() throws {
        let one = try #require(moderatedPairedShift([0.10, -0.02, 0.07], prior: nil, confidence: 0.95))
        let sixteen = try #require(pooledShift(Array(repeating: one, count: 16), confidence: 0.95))
        #expect(isClose(sixteen.mean, one.mean, relative: 1e-12))
        #expect(isClose(sixteen.standardError * 4, (one.moderatedVariance / 3).squareRoot(), relative: 1e-12))
        #expect(isClose(sixteen.degreesOfFreedom, 16 * one.degreesOfFreedom, relative: 1e-12))
        #expect(pooledShift([], confidence: 0.95) == nil)
        // Equal noise: both weightings agree.
        let weighted = try #require(pooledShift(Array(repeating: one, count: 16), confidence: 0.95, weighting: .inverseVariance))
        #expect(isClose(weighted.standardError, sixteen.standardError, relative: 1e-12) && isClose(weighted.mean, sixteen.mean, relative: 1e-12))
    }
}
