import Testing
@testable import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Complexity classification")
struct ComplexityClassifierTests {
    @Test(arguments: ComplexityClass.allCases)
    func exactDataRecoverTheClassAndCoefficients(complexity: ComplexityClass) throws {
        let sizes = logSpacedSizes(from: 1, to: 3, count: 7)
        let a = 5.0, b = complexity == .constant ? 0 : 0.25
        var n: [Double] = [], t: [Double] = []
        for size in sizes {
            for _ in 0..<3 {
                n.append(size)
                t.append(a + b * complexity.growth(size))
            }
        }
        let result = try classifyComplexity(sizes: n, times: t)
        #expect(result.complexity == complexity)
        let fit = result.chosenFit
        #expect(isClose(fit.intercept, a, relative: 1e-6))
        #expect(isClose(fit.coefficient, b, relative: 1e-6, absolute: 1e-12))
        #expect(fit.relativeRMSError < 1e-8)
        #expect(result.fitsWell && result.isConclusive)
    }

    @Test(arguments: 0..<40)
    func exactDataWithRandomCoefficients(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(10_000 + seed))
        let complexity = ComplexityClass.allCases[1 + rng.uniformIndex(below: 5)]
        let sizes = logSpacedSizes(from: 2, to: 4, count: 6)
        // Overhead from nothing to 3× the variable cost at the smallest size.
        let b = 1e-3 + rng.unitInterval()
        let a = 3 * rng.unitInterval() * b * complexity.growth(sizes[0])
        let n = sizes.flatMap { [$0, $0] }
        let result = try classifyComplexity(sizes: n, times: n.map { a + b * complexity.growth($0) })
        #expect(result.complexity == complexity)
        #expect(isClose(result.chosenFit.coefficient, b, relative: 1e-5))
        #expect(isClose(result.chosenFit.intercept, a, relative: 1e-4, absolute: 1e-6 * b * complexity.growth(sizes[0])))
    }

    /// The headline requirement: ≥ 95 of 100 seeded noisy trials right, for
    /// every class, in every scenario of `accuracyScenarios`.
    @Test(arguments: accuracyScenarios)
    func classifiesNoisyTimingsCorrectly(scenario: TimingScenario) throws {
        var rng = Xoshiro256StarStar(seed: 20_240_601)
        var report: [String] = []
        for complexity in ComplexityClass.allCases {
            var confusion = [Int](repeating: 0, count: ComplexityClass.allCases.count)
            for _ in 0..<100 {
                let data = scenario.generate(complexity, using: &rng)
                confusion[try classifyComplexity(sizes: data.sizes, times: data.times).complexity.rawValue] += 1
            }
            let correct = confusion[complexity.rawValue]
            report.append("\(complexity): \(correct)/100 \(confusion)")
            #expect(correct >= 95, "\(scenario): \(complexity) right \(correct)/100, confusion \(confusion)")
            if complexity == .linear {
                // Linear work must (essentially) never be called super-linear.
                let superLinear = confusion[ComplexityClass.linearithmic.rawValue...].reduce(0, +)
                #expect(superLinear <= 2, "\(scenario): linear called super-linear \(superLinear)/100")
            }
        }
        print("[accuracy] \(scenario): " + report.joined(separator: "; "))
    }

    @Test func fixedOverheadDoesNotHideLinearGrowth() throws {
        // Overhead 20× the variable cost at n = 1000: the first sizes look
        // flat. A fit without intercept (Google Benchmark's) calls this
        // sub-linear; with the intercept it is plainly O(n).
        var rng = Xoshiro256StarStar(seed: 12)
        var n: [Double] = [], t: [Double] = []
        for size in logSpacedSizes(from: 3, to: 5, count: 9) {
            for time in logNormalSample(8, median: 20_000 + size, sigma: 0.05, using: &rng) {
                n.append(size)
                t.append(time)
            }
        }
        let result = try classifyComplexity(sizes: n, times: t)
        #expect(result.complexity == .linear)
        #expect(isClose(result.chosenFit.intercept, 20_000, relative: 0.1))
        #expect(isClose(result.chosenFit.coefficient, 1, relative: 0.1))
        #expect(result.plausible == [.linear])
    }

    @Test func growthBetweenTheClassesIsFlaggedAsNotFitting() throws {
        // t = n^1.5: between O(n log n) and O(n²); no class should fit well.
        var rng = Xoshiro256StarStar(seed: 13)
        var n: [Double] = [], t: [Double] = []
        for size in logSpacedSizes(from: 2, to: 4, count: 9) {
            for time in logNormalSample(10, median: pow(size, 1.5), sigma: 0.05, using: &rng) {
                n.append(size)
                t.append(time)
            }
        }
        let result = try classifyComplexity(sizes: n, times: t)
        #expect(!result.fitsWell, "chose \(result.complexity), p = \(result.chosenFit.lackOfFitPValue)")
    }

    @Test func reportsEveryClassFitAndTheNoise() throws {
        var rng = Xoshiro256StarStar(seed: 14)
        let scenario = accuracyScenarios[0]
        let data = scenario.generate(.quadratic, using: &rng)
        let result = try classifyComplexity(sizes: data.sizes, times: data.times)
        #expect(result.fits.map(\.complexity) == ComplexityClass.allCases)
        #expect(result.fits.allSatisfy { $0.intercept >= 0 && $0.coefficient >= 0 && $0.chiSquared >= 0 })
        #expect(result.fit(.quadratic).chiSquared <= result.fit(.linear).chiSquared)
        #expect(result.sizes == scenario.sizes && result.centres.count == scenario.sizes.count)
        #expect(abs(result.logNoiseStandardDeviation - 0.10) < 0.02)
        // ν = 90 − 9 = 81: F₁,₈₁ at 0.99 and 0.95.
        #expect(abs(result.leaveConstantMargin - 6.96) < 0.01 && abs(result.margin - 3.96) < 0.01)
        // Growing classes nest O(1), so none fits worse than it.
        #expect(result.fits.dropFirst().allSatisfy { $0.chiSquared <= result.fits[0].chiSquared })
    }

    @Test func decisionRuleOnHandMadeChiSquares() {
        let margins = ComplexityMargins(leaveConstant: 6.63, betweenGrowing: 3.84)
        // Linear is best; n log n is 2 behind, within the margin but a higher
        // class; the simpler classes are far behind: O(n), conclusive.
        var d = decide(chiSquared: [50, 10, 0, 2, 30, 60], margins: margins)
        #expect(d.chosen == .linear && d.plausible == [.linear, .linearithmic] && d.isConclusive)
        #expect(d.againstSimpler == 10 && d.forHigher == -2)
        // n log n best by 3 over linear: not clearly better, so linear —
        // but the higher class fits better by more than half the margin.
        d = decide(chiSquared: [50, 20, 3, 0, 30, 60], margins: margins)
        #expect(d.chosen == .linear && !d.isConclusive && d.forHigher == 3)
        // O(1) loses by only 5 < 6.63: stays O(1), flagged.
        d = decide(chiSquared: [5, 0, 1, 2, 3, 4], margins: margins)
        #expect(d.chosen == .constant && !d.isConclusive && d.againstSimpler == nil)
        // Cubic clearly best.
        d = decide(chiSquared: [900, 800, 500, 400, 100, 0], margins: margins)
        #expect(d.chosen == .cubic && d.isConclusive && d.forHigher == nil && d.plausible == [.cubic])
    }

    @Test func inputThatCannotBeClassifiedIsRejected() {
        let sizes: [Double] = [10, 10, 100, 100, 1000, 1000]
        let times: [Double] = [1, 1, 2, 2, 3, 3]
        #expect(throws: StatisticsError.tooFewSizes(needed: 4, got: 3)) {
            try classifyComplexity(sizes: sizes, times: times)
        }
        let narrow: [Double] = [100, 100, 200, 200, 300, 300, 400, 400]
        #expect(throws: StatisticsError.self) {
            try classifyComplexity(sizes: narrow, times: narrow)
        }
        #expect(throws: StatisticsError.tooFewSamplesPerSize(size: 10, got: 1, needed: 2)) {
            try classifyComplexity(sizes: [10, 100, 1000, 10000], times: [1, 2, 3, 4])
        }
        #expect(throws: StatisticsError.sizeBelowOne(index: 0, value: 0.5)) {
            try classifyComplexity(sizes: [0.5, 100], times: [1, 2])
        }
        var options = ComplexityOptions()
        options.level = 0
        #expect(throws: StatisticsError.invalidOption(name: "level", value: 0)) {
            try classifyComplexity(sizes: sizes, times: times, options: options)
        }
    }
}
