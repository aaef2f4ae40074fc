import Testing
import Statistics
import Randomness

@Suite("Seeded generators")
struct RandomTests {
    @Test func splitMix64MatchesTheReferenceStream() {
        // splitmix64.c from seed 0.
        var g = SplitMix64(seed: 0)
        #expect((0..<4).map { _ in g.next() } ==
                [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC])
    }

    @Test func xoshiroMatchesThePublishedVector() {
        // xoshiro256starstar.c from state {1, 2, 3, 4}.
        var g = Xoshiro256StarStar(state: (1, 2, 3, 4))
        let expected: [UInt64] = [
            11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
            607988272756665600, 16172922978634559625, 8476171486693032832,
            10595114339597558777, 2904607092377533576,
        ]
        #expect((0..<10).map { _ in g.next() } == expected)
    }

    @Test func theZeroStateIsAvoided() {
        var g = Xoshiro256StarStar(state: (0, 0, 0, 0))
        #expect((0..<4).contains { _ in g.next() != 0 })
    }

    @Test func sameSeedSameStreamDifferentSeedDifferentStream() {
        var a = Xoshiro256StarStar(seed: 42)
        var b = Xoshiro256StarStar(seed: 42)
        var c = Xoshiro256StarStar(seed: 43)
        let sa = (0..<100).map { _ in a.next() }
        #expect(sa == (0..<100).map { _ in b.next() })
        #expect(sa != (0..<100).map { _ in c.next() })
    }

    @Test func boundedIndicesAreInRangeAndEvenlySpread() {
        var g = Xoshiro256StarStar(seed: 1)
        let bins = 10
        let draws = 50_000
        var counts = [Int](repeating: 0, count: bins)
        for _ in 0..<draws {
            let i = g.uniformIndex(below: bins)
            #expect(i >= 0 && i < bins)
            counts[i] += 1
        }
        // χ² with 9 df: 99.9th percentile is 27.9.
        let expected = Double(draws) / Double(bins)
        let chi = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(chi < 27.9)
        #expect(g.uniformIndex(below: 1) == 0)
    }

    @Test func unitIntervalAndNormalDrawsHaveTheRightMoments() throws {
        var g = Xoshiro256StarStar(seed: 2)
        let u = (0..<20_000).map { _ in g.unitInterval() }
        #expect(u.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(abs(try mean(u) - 0.5) < 0.01)
        let z = (0..<20_000).map { _ in g.standardNormal() }
        #expect(abs(try mean(z)) < 0.03)
        #expect(abs(try variance(z) - 1) < 0.04)
    }

    @Test(arguments: 0..<30)
    func aResampleIsDrawnFromTheSample(seed: Int) throws {
        var g = Xoshiro256StarStar(seed: UInt64(4000 + seed))
        let sample = uniformSample(1 + g.uniformIndex(below: 50), in: 0...1, using: &g)
        let r = try resample(sample, using: &g)
        #expect(r.count == sample.count)
        let members = Set(sample)
        #expect(r.allSatisfy { members.contains($0) })
    }

    @Test func resamplingNothingIsAnError() {
        var g = Xoshiro256StarStar(seed: 0)
        #expect(throws: StatisticsError.emptySample) { try resample([], using: &g) }
    }
}
