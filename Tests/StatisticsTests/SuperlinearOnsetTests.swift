import Testing
import Statistics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Super-linear onset")
struct SuperlinearOnsetTests {
    @Test func localSlopesByHand() throws {
        // t = 100 + n, exact, two runs per size: slope between 10 and 100 is
        // ln(200/110)/ln 10, between 100 and 1000 ln(1100/200)/ln 10.
        let sizes: [Double] = [10, 10, 100, 100, 1000, 1000]
        let result = try superlinearOnset(sizes: sizes, times: sizes.map { 100 + $0 })
        #expect(result.slopes.count == 2)
        #expect(isClose(result.slopes[0].slope, log(200.0 / 110) / log(10.0), relative: 1e-12))
        #expect(isClose(result.slopes[1].slope, log(1100.0 / 200) / log(10.0), relative: 1e-12))
        #expect(result.onset == nil)
        // n² exactly: slope 2 everywhere, so super-linear from the first size.
        let quadratic = try superlinearOnset(sizes: sizes, times: sizes.map { $0 * $0 })
        #expect(quadratic.onsetSize == 10)
        #expect(isClose(quadratic.slopes[1].slope, 2, relative: 1e-12))
    }

    @Test(arguments: accuracyScenarios)
    func linearTimingsAreNeverSuperLinear(scenario: TimingScenario) throws {
        var rng = Xoshiro256StarStar(seed: 31)
        var calls = 0
        for _ in 0..<100 {
            let data = scenario.generate(.linear, using: &rng)
            if try superlinearOnset(sizes: data.sizes, times: data.times).onset != nil { calls += 1 }
        }
        #expect(calls <= 1, "\(scenario): \(calls)/100 linear runs called super-linear")
    }

    @Test(arguments: accuracyScenarios)
    func quadraticGrowthIsFoundWhereTheOverheadStopsDominating(scenario: TimingScenario) throws {
        var rng = Xoshiro256StarStar(seed: 32)
        var found = 0
        for _ in 0..<100 {
            let data = scenario.generate(.quadratic, using: &rng)
            let result = try superlinearOnset(sizes: data.sizes, times: data.times)
            guard let onset = result.onset else { continue }
            found += 1
            // The flagged pair really is super-linear: its noise-free slope
            // exceeds 1 (the overhead can hold the first pairs below it).
            let trueSlope = log(data.trueTime(onset.upperSize) / data.trueTime(onset.lowerSize))
                / log(onset.upperSize / onset.lowerSize)
            #expect(trueSlope > 1, "\(scenario): onset at \(onset.lowerSize), true slope \(trueSlope)")
        }
        #expect(found >= 95, "\(scenario): onset found \(found)/100")
    }

    @Test func inputIsValidated() {
        #expect(throws: StatisticsError.tooFewSizes(needed: 3, got: 2)) {
            try superlinearOnset(sizes: [1, 1, 2, 2], times: [1, 1, 2, 2])
        }
        #expect(throws: StatisticsError.invalidConfidence(0)) {
            try superlinearOnset(sizes: [1, 1, 2, 2, 3, 3], times: [1, 1, 2, 2, 3, 3], confidence: 0)
        }
    }
}
