import Testing
import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Mann–Whitney U and Benjamini–Hochberg")
struct HypothesisTestTests {
    // References: scipy.stats.mannwhitneyu(method="asymptotic", use_continuity=True),
    // which matches R's wilcox.test(exact = FALSE, correct = TRUE).
    @Test func completelySeparatedSamples() throws {
        let r = try mannWhitneyU([1, 2, 3], [4, 5, 6])
        #expect(r.u == 0)
        #expect(isClose(r.pValue, 0.08085559837005224, relative: 1e-12))
        #expect(r.probabilityOfSuperiority == 0)
    }

    @Test func tiesAndOneSidedAlternatives() throws {
        let x: [Double] = [1, 2, 2, 3, 4]
        let y: [Double] = [2, 3, 3, 5, 6, 7]
        let two = try mannWhitneyU(x, y)
        #expect(two.u == 6)
        #expect(isClose(two.pValue, 0.11390314458853068, relative: 1e-12))
        #expect(isClose(try mannWhitneyU(x, y, alternative: .greater).pValue, 0.9613756091726351, relative: 1e-12))
        #expect(isClose(try mannWhitneyU(x, y, alternative: .less).pValue, 0.05695157229426534, relative: 1e-12))
    }

    @Test func allTiedGivesNoEvidence() throws {
        let r = try mannWhitneyU([5, 5, 5], [5, 5])
        #expect(r.pValue == 1 && r.probabilityOfSuperiority == 0.5)
    }

    @Test(arguments: 0..<30)
    func swappingTheSamplesMirrorsU(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(8000 + seed))
        let x = (0..<(2 + rng.uniformIndex(below: 20))).map { _ in Double(rng.uniformIndex(below: 10)) }
        let y = (0..<(2 + rng.uniformIndex(below: 20))).map { _ in Double(rng.uniformIndex(below: 10)) }
        let xy = try mannWhitneyU(x, y), yx = try mannWhitneyU(y, x)
        #expect(isClose(xy.u + yx.u, Double(x.count * y.count)))
        #expect(isClose(xy.pValue, yx.pValue, relative: 1e-12))
        #expect(0 <= xy.pValue && xy.pValue <= 1)
    }

    @Test func slowerTimingsAreDetected() throws {
        var rng = Xoshiro256StarStar(seed: 11)
        let base = logNormalSample(30, median: 100, sigma: 0.05, using: &rng)
        let candidate = logNormalSample(30, median: 110, sigma: 0.05, using: &rng)
        #expect(try mannWhitneyU(candidate, base, alternative: .greater).pValue < 0.001)
        #expect(try mannWhitneyU(candidate, base, alternative: .less).pValue > 0.5)
    }

    @Test func benjaminiHochbergOnTheirPaperExample() throws {
        // Benjamini & Hochberg (1995), §4: 15 p-values, q = 0.05 → 4 rejections
        // (Bonferroni would reject 3). Adjusted values by hand: p₍ᵢ₎·15/i, then
        // running minima from the largest.
        let p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.000]
        let expected = [0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.0298 * 15 / 7,
                        0.0298 * 15 / 7, 0.0645, 0.0765, 0.486, 0.4262 * 15 / 11,
                        0.714875, 0.6528 * 15 / 13, 0.759 * 15 / 14, 1]
        let result = try benjaminiHochberg(p, rate: 0.05)
        #expect(result.rejectionCount == 4)
        #expect(result.rejected == (0..<15).map { $0 < 4 })
        for (got, want) in zip(result.adjustedPValues, expected) {
            #expect(isClose(got, want, relative: 1e-12))
        }
        // Input order is kept.
        let reversed = try benjaminiHochberg(p.reversed(), rate: 0.05)
        #expect(reversed.adjustedPValues == result.adjustedPValues.reversed())
    }

    @Test(arguments: 0..<30)
    func adjustedPValuesAreBoundedAndOrderPreserving(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(9000 + seed))
        let p = (0..<(1 + rng.uniformIndex(below: 40))).map { _ in pow(rng.unitInterval(), 3) }
        let result = try benjaminiHochberg(p)
        for i in p.indices {
            #expect(p[i] <= result.adjustedPValues[i] && result.adjustedPValues[i] <= 1)
            for j in p.indices where p[i] < p[j] {
                #expect(result.adjustedPValues[i] <= result.adjustedPValues[j])
            }
        }
    }

    @Test func invalidPValuesAreRejected() {
        #expect(throws: StatisticsError.probabilityOutOfRange(1.2)) { try benjaminiHochberg([0.1, 1.2]) }
        #expect(throws: StatisticsError.emptySample) { try benjaminiHochberg([]) }
        #expect(throws: StatisticsError.invalidOption(name: "rate", value: 0)) { try benjaminiHochberg([0.1], rate: 0) }
    }
}
