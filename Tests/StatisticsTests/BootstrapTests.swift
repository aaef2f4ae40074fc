import Testing
import Statistics

@Suite("Bootstrap")
struct BootstrapTests {
    @Test func theSameSeedGivesTheSameInterval() throws {
        var rng = Xoshiro256StarStar(seed: 5)
        let x = logNormalSample(25, median: 100, sigma: 0.2, using: &rng)
        let a = try bootstrap(x, statistic: median, resamples: 500, seed: 11)
        let b = try bootstrap(x, statistic: median, resamples: 500, seed: 11)
        let c = try bootstrap(x, statistic: median, resamples: 500, seed: 12)
        #expect(a == b)
        #expect(a.replicates != c.replicates)
        #expect(a.replicates.count == 500)
        #expect(a.estimate == (try median(x)))
    }

    @Test(arguments: 0..<40)
    func intervalsContainTheEstimateAndStayInTheData(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(5000 + seed))
        let x = logNormalSample(5 + rng.uniformIndex(below: 30), median: 50, sigma: 0.3, using: &rng)
        let lo = try minimum(x), hi = try maximum(x)
        for method in [BootstrapMethod.percentile, .bcaJackknife] {
            for statistic in [mean, median] as [SampleStatistic] {
                let result = try bootstrap(x, statistic: statistic, resamples: 300,
                                           confidence: 0.95, seed: UInt64(seed), method: method)
                let ci = result.interval
                #expect(ci.lower <= ci.upper)
                #expect(ci.contains(ci.estimate), "\(method) \(ci)")
                // Means and medians of resamples cannot leave the data's range.
                #expect(lo <= result.replicates.first! && result.replicates.last! <= hi)
                #expect(result.standardError >= 0)
            }
        }
    }

    @Test func percentileIntervalForTheMeanHasRoughlyNominalCoverage() throws {
        // 200 samples of 30 normal values, true mean 10: a 90 % interval
        // should cover about 180 times (the percentile method runs a little
        // short at n = 30; 95 % binomial range for 0.9·200 is 171–188).
        var rng = Xoshiro256StarStar(seed: 6)
        var covered = 0
        for trial in 0..<200 {
            let x = (0..<30).map { _ in 10 + rng.standardNormal() }
            let ci = try bootstrap(x, statistic: mean, resamples: 400, confidence: 0.9,
                                   seed: UInt64(trial)).interval
            if ci.contains(10) { covered += 1 }
        }
        #expect((165...192).contains(covered), "covered \(covered)/200")
    }

    @Test func ratioOfMediansOfAScaledCopyIsExactlyTheScale() throws {
        var rng = Xoshiro256StarStar(seed: 8)
        let base = logNormalSample(20, median: 1000, sigma: 0.1, using: &rng)
        let candidate = base.map { $0 * 1.25 }
        let r = try bootstrapRatio(base: base, candidate: candidate, statistic: median,
                                   resamples: 500, seed: 3)
        #expect(isClose(r.estimate, 1.25))
        #expect(r.interval.contains(1.25))
    }

    @Test func aCandidateFifteenPercentSlowerIsCalledSlowerByMoreThanFivePercent() throws {
        var rng = Xoshiro256StarStar(seed: 9)
        let base = logNormalSample(40, median: 1000, sigma: 0.05, using: &rng)
        let slower = logNormalSample(40, median: 1150, sigma: 0.05, using: &rng)
        let same = logNormalSample(40, median: 1000, sigma: 0.05, using: &rng)
        for method in [BootstrapMethod.percentile, .bcaJackknife] {
            let r = try bootstrapRatio(base: base, candidate: slower, statistic: median,
                                       resamples: 1000, seed: 4, method: method)
            #expect(r.interval.lower > 1.05, "\(r.interval)")
            let s = try bootstrapRatio(base: base, candidate: same, statistic: median,
                                       resamples: 1000, seed: 4, method: method)
            #expect(s.interval.contains(1) && s.interval.upper < 1.05, "\(s.interval)")
        }
    }

    @Test func badRequestsAreRejected() {
        #expect(throws: StatisticsError.tooFewValues(needed: 2, got: 1)) {
            try bootstrap([1], statistic: mean, seed: 0)
        }
        #expect(throws: StatisticsError.invalidResampleCount(0)) {
            try bootstrap([1, 2], statistic: mean, resamples: 0, seed: 0)
        }
        #expect(throws: StatisticsError.invalidConfidence(1)) {
            try bootstrap([1, 2], statistic: mean, confidence: 1, seed: 0)
        }
        // A zero median in the base makes the ratio infinite.
        #expect(throws: StatisticsError.self) {
            try bootstrapRatio(base: [0, 0, 0], candidate: [1, 2, 3], statistic: median,
                               resamples: 10, seed: 0)
        }
        // Errors thrown by the statistic come through unchanged.
        #expect(throws: StatisticsError.invalidConfidence(-1)) {
            try bootstrap([1, 2, 3], statistic: { _ throws(StatisticsError) in throw .invalidConfidence(-1) },
                          resamples: 10, seed: 0)
        }
    }
}
