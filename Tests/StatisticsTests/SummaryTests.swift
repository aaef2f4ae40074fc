import Testing
@testable import Statistics

@Suite("Summary statistics")
struct SummaryTests {
    @Test func meanAndVarianceOfATextbookSample() throws {
        // Sample variance of 2, 4, 4, 4, 5, 5, 7, 9: Σ(x − 5)² = 32, s² = 32/7.
        let x: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
        #expect(try mean(x) == 5)
        #expect(isClose(try variance(x), 32.0 / 7))
        #expect(isClose(try standardDeviation(x), (32.0 / 7).squareRoot()))
        #expect(try minimum(x) == 2)
        #expect(try maximum(x) == 9)
    }

    @Test func largeOffsetsDoNotLosePrecision() throws {
        // The naive Σx² − n·x̄² form returns garbage here.
        let x: [Double] = [1e9 + 1, 1e9 + 2, 1e9 + 3]
        #expect(try mean(x) == 1e9 + 2)
        #expect(try variance(x) == 1)
    }

    @Test func constantDataHasZeroSpread() throws {
        let x = [Double](repeating: 0.1, count: 17)
        #expect(try variance(x) == 0)
        #expect(try medianAbsoluteDeviation(x) == 0)
    }

    @Test func summaryAgreesWithTheSingleFunctions() throws {
        let x: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
        let s = try Summary(of: x)
        #expect(s.count == 11)
        #expect(s.mean == (try mean(x)))
        #expect(s.variance == (try variance(x)))
        #expect(s.median == (try median(x)))
        #expect(s.lowerQuartile == (try quantile(x, 0.25)))
        #expect(s.upperQuartile == (try quantile(x, 0.75)))
        #expect(s.medianAbsoluteDeviation == (try medianAbsoluteDeviation(x)))
        #expect(s.scaledMedianAbsoluteDeviation == (try medianAbsoluteDeviation(x, scaled: true)))
        #expect(s.minimum == 1 && s.maximum == 9)
    }

    @Test func aSingleValueHasNoVariance() throws {
        let s = try Summary(of: [42])
        #expect(s.variance == nil && s.standardDeviation == nil)
        #expect(s.median == 42 && s.medianAbsoluteDeviation == 0)
        #expect(throws: StatisticsError.tooFewValues(needed: 2, got: 1)) { try variance([42]) }
    }

    @Test func badInputIsRejectedWithATypedError() {
        #expect(throws: StatisticsError.emptySample) { try mean([]) }
        #expect(throws: StatisticsError.emptySample) { try Summary(of: []) }
        #expect(throws: StatisticsError.nonFiniteValue(index: 1, value: .infinity)) {
            try mean([1, .infinity, 3])
        }
        #expect(throws: StatisticsError.self) { try median([1, .nan]) }
        #expect(throws: StatisticsError.self) { try maximum([]) }
    }

    @Test func errorMessagesSayWhatToDo() {
        let message = StatisticsError.tooFewSamplesPerSize(size: 1000, got: 1, needed: 2).description
        #expect(message.contains("1000.0") && message.contains("Repeat"))
    }

    @Test(arguments: 0..<50)
    func propertiesOfMeanAndVariance(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(seed))
        let n = 2 + rng.uniformIndex(below: 60)
        let x = uniformSample(n, in: -1e3...1e3, using: &rng)
        let m = try mean(x)
        #expect(try minimum(x) <= m && m <= (try maximum(x)))
        let v = try variance(x)
        #expect(v >= 0)
        // Shifting the data moves the mean and leaves the variance.
        let shifted = x.map { $0 + 12345 }
        #expect(isClose(try mean(shifted), m + 12345, relative: 1e-12))
        #expect(isClose(try variance(shifted), v, relative: 1e-8))
        // Scaling by c scales the variance by c².
        #expect(isClose(try variance(x.map { 3 * $0 }), 9 * v, relative: 1e-12))
    }
}
