import Testing
@testable import Statistics

@Suite("Median bootstrap by rank counting")
struct MedianBootstrapTests {
    /// Same seed, same draws: the fast path must give exactly the generic
    /// bootstrap's replicates, odd and even n, with ties, unsorted input.
    @Test(arguments: [2, 3, 7, 10, 31, 64])
    func matchesTheGenericBootstrapExactly(count: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(500 + count))
        // Rounded values so ties occur.
        let sample = logNormalSample(count, median: 100, sigma: 0.3, using: &rng).map { $0.rounded() }
        let fast = try bootstrapMedian(sample, resamples: 500, confidence: 0.9, seed: 42)
        let slow = try bootstrap(sample, statistic: median, resamples: 500, confidence: 0.9, seed: 42)
        #expect(fast.replicates == slow.replicates)
        #expect(fast.interval == slow.interval)
        #expect(fast.standardError == slow.standardError)
    }

    @Test func intervalContainsTheMedianAndIsDeterministic() throws {
        var rng = Xoshiro256StarStar(seed: 9)
        let sample = logNormalSample(200, median: 5, sigma: 0.1, using: &rng)
        let a = try bootstrapMedian(sample, resamples: 1000, seed: 7)
        let b = try bootstrapMedian(sample, resamples: 1000, seed: 7)
        #expect(a == b)
        #expect(a.interval.lower <= a.estimate && a.estimate <= a.interval.upper)
        #expect(a.estimate == (try median(sample)))
        // Every replicate is a value of the sample or a midpoint of two.
        #expect(a.replicates.allSatisfy { $0 >= sample.min()! && $0 <= sample.max()! })
    }

    @Test func rejectsBadInput() {
        #expect(throws: StatisticsError.tooFewValues(needed: 2, got: 1)) { try bootstrapMedian([1], seed: 1) }
        #expect(throws: StatisticsError.invalidResampleCount(0)) { try bootstrapMedian([1, 2], resamples: 0, seed: 1) }
    }
}

@Suite("Median ratio bootstrap by rank counting")
struct MedianRatioBootstrapTests {
    @Test(arguments: [(5, 8), (10, 10), (33, 4)])
    func matchesTheGenericRatioBootstrapExactly(sizes: (Int, Int)) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(sizes.0 * 100 + sizes.1))
        let base = logNormalSample(sizes.0, median: 10, sigma: 0.2, using: &rng)
        let candidate = logNormalSample(sizes.1, median: 5, sigma: 0.2, using: &rng).map { $0.rounded() }
        let fast = try bootstrapMedianRatio(base: base, candidate: candidate, resamples: 400, seed: 3)
        let slow = try bootstrapRatio(base: base, candidate: candidate, statistic: median, resamples: 400, seed: 3)
        #expect(fast.replicates == slow.replicates)
        #expect(fast.interval == slow.interval)
    }
}

@Suite("Ratio intervals from two sets of median replicates")
struct ReplicatePairingTests {
    /// Dividing two independent replicate sets index by index is a
    /// two-sample bootstrap: same interval as the direct one, up to
    /// Monte-Carlo error (different draws).
    @Test func pairedReplicatesGiveTheRatioInterval() throws {
        var rng = Xoshiro256StarStar(seed: 11)
        let base = logNormalSample(40, median: 10, sigma: 0.1, using: &rng)
        let candidate = logNormalSample(40, median: 5, sigma: 0.1, using: &rng)
        let b = try medianBootstrapReplicates(base, resamples: 4000, seed: 1)
        let c = try medianBootstrapReplicates(candidate, resamples: 4000, seed: 2)
        let paired = try percentileBootstrapEstimate(estimate: try median(candidate) / median(base),
                                                     replicates: zip(c, b).map { $0 / $1 })
        let direct = try bootstrapMedianRatio(base: base, candidate: candidate, resamples: 4000, seed: 3)
        #expect(paired.estimate == direct.estimate)
        #expect(abs(paired.interval.lower - direct.interval.lower) < 0.02 * direct.estimate)
        #expect(abs(paired.interval.upper - direct.interval.upper) < 0.02 * direct.estimate)
    }
}

@Suite("Median intervals over several worker processes")
struct TwoStageMedianTests {
    /// Cells of g jobs whose processes each run slower or faster as a
    /// whole (σ 0.2 between processes, 0.02 within): drawing samples alone
    /// reads the within-process spread and misses the truth about half the
    /// time; drawing jobs first covers it near the nominal rate.
    @Test(arguments: [3, 5])
    func processNoiseIsInTheInterval(jobs g: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(g))
        var coveredTwoStage = 0, coveredPooled = 0
        let cells = 300
        for cell in 0..<cells {
            let jobs = (0..<g).map { _ in
                let process = logNormalSample(1, median: 1, sigma: 0.2, using: &rng)[0]
                return logNormalSample(10, median: process, sigma: 0.02, using: &rng)
            }
            let pooled = jobs.flatMap { $0 }
            let estimate = try median(pooled)
            let twoStage = try percentileBootstrapEstimate(
                estimate: estimate, replicates: try twoStageMedianReplicates(jobs, resamples: 400, seed: UInt64(cell)))
            let samplesOnly = try percentileBootstrapEstimate(
                estimate: estimate, replicates: try medianBootstrapReplicates(pooled, resamples: 400, seed: UInt64(cell)))
            if twoStage.interval.lower <= 1 && 1 <= twoStage.interval.upper { coveredTwoStage += 1 }
            if samplesOnly.interval.lower <= 1 && 1 <= samplesOnly.interval.upper { coveredPooled += 1 }
        }
        // Three processes leave Student's heavy tails (2 degrees of freedom)
        // that a percentile interval does not reach: about 77 % there, 94 % with five.
        #expect(Double(coveredTwoStage) >= (g >= 5 ? 0.88 : 0.70) * Double(cells), "two-stage covered \(coveredTwoStage) of \(cells)")
        #expect(Double(coveredPooled) <= 0.65 * Double(cells), "samples alone covered \(coveredPooled) of \(cells)")
    }

    @Test func oneJobIsTheSampleBootstrap() throws {
        var rng = Xoshiro256StarStar(seed: 4)
        let job = logNormalSample(12, median: 3, sigma: 0.1, using: &rng)
        #expect(try twoStageMedianReplicates([job], resamples: 200, seed: 9) == medianBootstrapReplicates(job, resamples: 200, seed: 9))
    }
}
