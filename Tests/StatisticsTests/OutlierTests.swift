import Testing
import Statistics

@Suite("Tukey fences")
struct OutlierTests {
    @Test func labelsByHand() throws {
        // n = 12, sorted 1…10, 18, 100. Q1: h = 2.75 → 3.75; Q3: h = 8.25 → 9.25;
        // IQR 5.5; inner fences −4.5 / 17.5; outer −12.75 / 25.75.
        let x: [Double] = [100, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18]
        let fences = try TukeyFences(x)
        #expect(fences.lowerQuartile == 3.75 && fences.upperQuartile == 9.25)
        #expect(fences.lowMild == -4.5 && fences.highMild == 17.5)
        #expect(fences.lowSevere == -12.75 && fences.highSevere == 25.75)
        // One label per input value, in input order; nothing dropped.
        #expect(fences.labels.count == x.count)
        #expect(fences.labels[0] == .highSevere)
        #expect(fences.labels[11] == .highMild)
        #expect(fences.labels[1...10].allSatisfy { $0 == .notOutlier })
        #expect(fences.outlierCount == 2)
        #expect(fences.count(of: .highSevere) == 1 && fences.count(of: .lowMild) == 0)
    }

    @Test func aValueOnAFenceIsNotBeyondIt() throws {
        // 1…5: Q1 = 2, Q3 = 4, IQR = 2, inner fences −1 and 7, outer −4 and 10.
        let fences = try TukeyFences([1, 2, 3, 4, 5])
        #expect(fences.classify(7) == .notOutlier)
        #expect(fences.classify(7.000001) == .highMild)
        #expect(fences.classify(10) == .highMild)
        #expect(fences.classify(10.5) == .highSevere)
        #expect(fences.classify(-1) == .notOutlier)
        #expect(fences.classify(-2) == .lowMild)
        #expect(fences.classify(-5) == .lowSevere)
    }

    @Test func emptyInputIsRejected() {
        #expect(throws: StatisticsError.emptySample) { try TukeyFences([]) }
    }

    @Test(arguments: 0..<40)
    func onlyValuesOutsideTheQuartilesAreFlagged(seed: Int) throws {
        var rng = Xoshiro256StarStar(seed: UInt64(3000 + seed))
        let x = logNormalSample(5 + rng.uniformIndex(below: 60), median: 100, sigma: 0.3, using: &rng)
        let fences = try TukeyFences(x)
        var total = 0
        for kind in OutlierKind.allCases { total += fences.count(of: kind) }
        #expect(total == x.count)
        for (value, label) in zip(x, fences.labels) where label.isOutlier {
            #expect(value < fences.lowerQuartile || value > fences.upperQuartile)
        }
        #expect(fences.lowSevere <= fences.lowMild && fences.highMild <= fences.highSevere)
    }
}
