import Testing
import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Linear regression and power-law fits")
struct RegressionTests {
    @Test func anExactLineIsRecoveredWithZeroError() throws {
        let x: [Double] = [1, 2, 4, 8, 16]
        let fit = try linearRegression(x: x, y: x.map { 3 + 2 * $0 })
        #expect(isClose(fit.intercept, 3) && isClose(fit.slope, 2))
        #expect(fit.rSquared == 1)
        #expect(fit.slopeStandardError < 1e-12 && fit.interceptStandardError < 1e-12)
        #expect(fit.slopePValue == 0)
        #expect(isClose(fit.predict(10), 23))
    }

    @Test func aTextbookExampleByHand() throws {
        // x̄ = 3, ȳ = 4, Sxx = 10, Sxy = 6 → b = 0.6, a = 2.2; RSS = 2.4,
        // Syy = 6 → R² = 0.6; σ̂² = 0.8 → SE(b) = √0.08, SE(a) = √(0.8·1.1).
        let fit = try linearRegression(x: [1, 2, 3, 4, 5], y: [2, 4, 5, 4, 5])
        #expect(isClose(fit.slope, 0.6) && isClose(fit.intercept, 2.2))
        #expect(isClose(fit.rSquared, 0.6))
        #expect(isClose(fit.residualStandardError, 0.8.squareRoot()))
        #expect(isClose(fit.slopeStandardError, 0.08.squareRoot()))
        #expect(isClose(fit.interceptStandardError, 0.88.squareRoot()))
        #expect(fit.degreesOfFreedom == 3)
    }

    @Test func aZeroWeightDropsAPoint() throws {
        let x: [Double] = [1, 2, 3, 4, 5, 6]
        let y: [Double] = [2, 4, 5, 4, 5, 1000]
        let weighted = try linearRegression(x: x, y: y, weights: [1, 1, 1, 1, 1, 0])
        let dropped = try linearRegression(x: Array(x.prefix(5)), y: Array(y.prefix(5)))
        #expect(isClose(weighted.slope, dropped.slope) && isClose(weighted.intercept, dropped.intercept))
        #expect(isClose(weighted.slopeStandardError, dropped.slopeStandardError))
    }

    @Test func degenerateInputIsRejected() {
        #expect(throws: StatisticsError.constantRegressor) {
            try linearRegression(x: [2, 2, 2], y: [1, 2, 3])
        }
        #expect(throws: StatisticsError.tooFewValues(needed: 3, got: 2)) {
            try linearRegression(x: [1, 2], y: [1, 2])
        }
        #expect(throws: StatisticsError.lengthMismatch(first: 3, second: 2)) {
            try linearRegression(x: [1, 2, 3], y: [1, 2])
        }
        #expect(throws: StatisticsError.invalidWeight(index: 1, value: -1)) {
            try linearRegression(x: [1, 2, 3], y: [1, 2, 3], weights: [1, -1, 1])
        }
    }

    @Test(arguments: 0..<50)
    func exactLinesAreRecovered(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(6000 + seed))
        let a = 200 * rng.unitInterval() - 100
        let b = 20 * rng.unitInterval() - 10
        let x = uniformSample(3 + rng.uniformIndex(below: 30), in: -50...1e4, using: &rng)
        let fit = try linearRegression(x: x, y: x.map { a + b * $0 })
        #expect(isClose(fit.slope, b, relative: 1e-9, absolute: 1e-9))
        #expect(isClose(fit.intercept, a, relative: 1e-7, absolute: 1e-7))
    }

    @Test(arguments: 0..<30)
    func exactPowerLawsAreRecovered(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(7000 + seed))
        let k = 3 * rng.unitInterval()
        let c = 0.01 + 10 * rng.unitInterval()
        let sizes = logSpacedSizes(from: 1, to: 4, count: 6).flatMap { [$0, $0, $0] }
        let fit = try powerLawFit(sizes: sizes, times: sizes.map { c * pow($0, k) }, resamples: 50, seed: 1)
        #expect(isClose(fit.exponent, k, relative: 1e-9, absolute: 1e-9))
        #expect(isClose(fit.coefficient, c, relative: 1e-8))
        #expect(isClose(fit.exponentInterval.lower, k, absolute: 1e-9))
        #expect(isClose(fit.exponentInterval.upper, k, absolute: 1e-9))
    }

    @Test func noisyLinearTimingsGiveAnExponentIntervalAroundOne() throws {
        var rng = Xoshiro256StarStar(seed: 10)
        var sizes: [Double] = [], times: [Double] = []
        for n in logSpacedSizes(from: 3, to: 5, count: 9) {
            for t in logNormalSample(10, median: 0.02 * n, sigma: 0.1, using: &rng) {
                sizes.append(n)
                times.append(t)
            }
        }
        let within = try powerLawFit(sizes: sizes, times: times, resamples: 400, seed: 2)
        #expect(within.exponentInterval.contains(1), "\(within.exponentInterval)")
        #expect(within.exponentInterval.width < 0.05)
        #expect(within == (try powerLawFit(sizes: sizes, times: times, resamples: 400, seed: 2)))
        let residual = try powerLawFit(sizes: sizes, times: times, resamples: 400, seed: 2, resampling: .residuals)
        #expect(residual.exponentInterval.contains(1), "\(residual.exponentInterval)")
    }

    /// A bent curve (fixed cost plus n log n): its slope over the sweep is
    /// the same whether the top size has as many samples as the others or
    /// four times as many, as after settling adds jobs there.
    @Test func theExponentIsTheSweepsSlopeWhateverTheSamplesPerSize() throws {
        let distinct: [Double] = [100, 1_000, 10_000]
        func t(_ n: Double) -> Double { 1 + 0.001 * n * log(n) }
        let x = distinct.map { log($0) }, y = distinct.map { log(t($0)) }
        let xBar = x.reduce(0, +) / 3, yBar = y.reduce(0, +) / 3
        var sxy = 0.0, sxx = 0.0
        for i in x.indices {
            sxy += (x[i] - xBar) * (y[i] - yBar)
            sxx += (x[i] - xBar) * (x[i] - xBar)
        }
        let truth = sxy / sxx
        for top in [10, 40] {
            let sizes = distinct.flatMap { n in Array(repeating: n, count: n == 10_000 ? top : 10) }
            let fit = try powerLawFit(sizes: sizes, times: sizes.map(t), resamples: 50, seed: 1)
            #expect(isClose(fit.exponent, truth, relative: 1e-9), "\(top) samples at the top: \(fit.exponent) against \(truth)")
        }
    }

    /// The top of a bent curve: the least-squares slope over the sizes in
    /// the sweep's upper half on log axes (1,000 … 10,000 of 100 … 10,000,
    /// the log midpoint included), or the top pair when only it lies there.
    @Test func theTopSlopeSpansTheUpperHalfOfTheSweep() throws {
        func t(_ n: Double) -> Double { 1 + 0.001 * n * log(n) }
        func slope(_ n: [Double]) -> Double {
            let x = n.map { log($0) }, y = n.map { log(t($0)) }
            let xBar = x.reduce(0, +) / Double(x.count), yBar = y.reduce(0, +) / Double(y.count)
            var sxy = 0.0, sxx = 0.0
            for i in x.indices { sxy += (x[i] - xBar) * (y[i] - yBar); sxx += (x[i] - xBar) * (x[i] - xBar) }
            return sxy / sxx
        }
        for (distinct, top) in [([100.0, 316.23, 1_000, 3_162.3, 10_000], [1_000.0, 3_162.3, 10_000]),
                                ([100.0, 464.16, 2_154.4, 10_000], [2_154.4, 10_000]),
                                ([100.0, 200], [100.0, 200])] {
            let sizes: [Double] = distinct.flatMap { Array(repeating: $0, count: 5) }
            // ±1 % around the curve at every size, so the interval has a width.
            let times = sizes.indices.map { t(sizes[$0]) * (1 + 0.01 * Double($0 % 5 - 2)) }
            let fit = try powerLawFit(sizes: sizes, times: times, resamples: 200, seed: 2)
            let s = try #require(fit.topSlope)
            #expect(s.lowerSize == top.first! && s.upperSize == top.last!, "\(s)")
            #expect(isClose(s.slope, slope(top), relative: 1e-3), "\(s.slope) against \(slope(top))")
            #expect(s.interval.lower < s.slope && s.slope < s.interval.upper && s.interval.confidence == 0.999)
        }
        // The whole sweep's slope is lower: the fixed cost weighs on its lower half.
        let sweep: [Double] = [100, 316.23, 1_000, 3_162.3, 10_000]
        let sizes: [Double] = sweep.flatMap { Array(repeating: $0, count: 5) }
        let fit = try powerLawFit(sizes: sizes, times: sizes.map { t($0) }, resamples: 50, seed: 1)
        #expect(fit.exponent < fit.topSlope!.slope - 0.05)
    }

    @Test func withinSizeResamplingNeedsRepeatedRuns() throws {
        let sizes: [Double] = [10, 100, 1000]
        let times: [Double] = [1, 10, 100]
        #expect(throws: StatisticsError.tooFewSamplesPerSize(size: 10, got: 1, needed: 2)) {
            try powerLawFit(sizes: sizes, times: times, seed: 0)
        }
        let fit = try powerLawFit(sizes: sizes, times: times, resamples: 20, seed: 0, resampling: .residuals)
        #expect(isClose(fit.exponent, 1))
        #expect(throws: StatisticsError.nonPositiveValue(index: 1, value: 0)) {
            try powerLawFit(sizes: sizes, times: [1, 0, 3], seed: 0)
        }
    }
}
