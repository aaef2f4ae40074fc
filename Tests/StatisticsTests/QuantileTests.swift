import Testing
@testable import Statistics

@Suite("Quantiles, median, MAD")
struct QuantileTests {
    @Test func type7QuantilesOfOneToTen() throws {
        // R: quantile(1:10, c(0, .25, .5, .9, 1)) = 1, 3.25, 5.5, 9.1, 10.
        var rng = Xoshiro256StarStar(seed: 7)
        let x = (1...10).map(Double.init).shuffled(using: &rng)
        let q = try quantiles(x, [0, 0.25, 0.5, 0.9, 1])
        #expect(q[0] == 1 && q[1] == 3.25 && q[2] == 5.5 && q[4] == 10)
        #expect(isClose(q[3], 9.1))
    }

    @Test func type7QuantilesByHand() throws {
        // Sorted 1, 2, 3, 4, 7; h = 4p: p = .1 → 1 + 0.4·1; p = .75 → x₃ = 4.
        let x: [Double] = [1, 3, 2, 4, 7]
        #expect(isClose(try quantile(x, 0.1), 1.4))
        #expect(try quantile(x, 0.5) == 3)
        #expect(try quantile(x, 0.75) == 4)
        #expect(try percentiles(x, [10, 50, 75]) == (try quantiles(x, [0.1, 0.5, 0.75])))
    }

    @Test func medians() throws {
        #expect(try median([1, 3, 2]) == 2)
        #expect(try median([4, 1, 3, 2]) == 2.5)
        #expect(try median([7]) == 7)
    }

    @Test func madOfTheWikipediaExample() throws {
        // 1 1 2 2 4 6 9: median 2, deviations 1 1 0 0 2 4 7, their median 1.
        let x: [Double] = [1, 1, 2, 2, 4, 6, 9]
        #expect(try medianAbsoluteDeviation(x) == 1)
        #expect(try medianAbsoluteDeviation(x, scaled: true) == 1.4826)
    }

    @Test func levelsOutsideZeroOneAreRejected() {
        #expect(throws: StatisticsError.probabilityOutOfRange(1.5)) { try quantile([1, 2], 1.5) }
        #expect(throws: StatisticsError.self) { try quantile([1, 2], .nan) }
        #expect(throws: StatisticsError.probabilityOutOfRange(-0.01)) { try percentiles([1, 2], [-1]) }
        #expect(throws: StatisticsError.emptySample) { try quantile([], 0.5) }
    }

    @Test(arguments: 0..<50)
    func quantileIsMonotoneAndBounded(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(1000 + seed))
        let n = 1 + rng.uniformIndex(below: 40)
        // Few distinct values on purpose, so ties are common.
        let x = (0..<n).map { _ in Double(rng.uniformIndex(below: 7)) * 0.5 }
        let levels = (0...100).map { Double($0) / 100 }
        let q = try quantiles(x, levels)
        for i in 1..<q.count { #expect(q[i - 1] <= q[i]) }
        let lo = try minimum(x), hi = try maximum(x)
        #expect(q.first == lo && q.last == hi)
        #expect(try median(x) == q[50])
        // Order of the input does not matter.
        #expect(try quantiles(x.reversed(), levels) == q)
    }

    @Test(arguments: 0..<30)
    func madIsShiftInvariantAndScaleEquivariant(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(2000 + seed))
        let x = uniformSample(1 + rng.uniformIndex(below: 30), in: 0...100, using: &rng)
        let mad = try medianAbsoluteDeviation(x)
        #expect(mad >= 0)
        #expect(isClose(try medianAbsoluteDeviation(x.map { $0 + 1000 }), mad, relative: 1e-9, absolute: 1e-9))
        #expect(isClose(try medianAbsoluteDeviation(x.map { -2 * $0 }), 2 * mad, relative: 1e-12))
    }
}

@Suite("Hodges–Lehmann centre")
struct HodgesLehmannTests {
    @Test func walshAverageMediansByHand() throws {
        // 1, 2, 3 → Walsh averages 1, 1.5, 2, 2, 2.5, 3 → median 2.
        #expect(try hodgesLehmann([3, 1, 2]) == 2)
        // 0, 0, 10 → 0, 0, 0, 5, 5, 10 → median 2.5.
        #expect(try hodgesLehmann([0, 10, 0]) == 2.5)
        #expect(try hodgesLehmann([4]) == 4)
        #expect(throws: StatisticsError.emptySample) { try hodgesLehmann([]) }
    }

    @Test func oneWildValueInFiveBarelyMovesIt() throws {
        // The mean jumps from 1 to ~20.8; HL stays within the clean values.
        let clean: [Double] = [0.98, 0.99, 1.0, 1.01, 1.02]
        var spiked = clean
        spiked[4] = 100
        let centre = try hodgesLehmann(spiked)
        #expect(centre >= 0.98 && centre <= 1.02, "\(centre)")
    }

    @Test(arguments: 0..<30)
    func itIsShiftAndScaleEquivariant(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(11_000 + seed))
        let x = uniformSample(1 + rng.uniformIndex(below: 25), in: -5...5, using: &rng)
        let h = try hodgesLehmann(x)
        #expect(try minimum(x) <= h && h <= (try maximum(x)))
        #expect(isClose(try hodgesLehmann(x.map { 2 * $0 + 7 }), 2 * h + 7, relative: 1e-12, absolute: 1e-12))
    }
}
