import Testing
@testable import TextMeasurement

@Suite struct CacheAndStatisticsTests {
    static let request = TextMeasurementRequest(text: "Settings", font: .system(size: 17),
                                                availableWidth: 200, numberOfLines: 0)

    @Test(arguments: MeasurerKind.allCases)
    func sameRequestTwiceIsOneMeasurementAndOneHit(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        let first = measurer.measure(Self.request)
        let second = measurer.measure(Self.request)
        #expect(first == second)
        #expect(measurer.statistics.measurements == 1)
        #expect(measurer.statistics.cacheHits == 1)
        #expect(measurer.statistics.charactersMeasured == 8)
        #expect(measurer.statistics.requests == 2)
    }

    @Test(arguments: MeasurerKind.allCases)
    func anyChangedParameterIsANewMeasurement(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        var request = Self.request
        _ = measurer.measure(request)
        request.availableWidth = 100
        _ = measurer.measure(request)
        request.numberOfLines = 1
        _ = measurer.measure(request)
        request.font = .boldSystem(size: 17)
        _ = measurer.measure(request)
        request.lineHeight = .multiple(1.5)
        _ = measurer.measure(request)
        request.lineBreakMode = .byTruncatingTail
        _ = measurer.measure(request)
        request.text = "Settings!"
        _ = measurer.measure(request)
        #expect(measurer.statistics.measurements == 7)
        #expect(measurer.statistics.cacheHits == 0)
    }

    @Test(arguments: MeasurerKind.allCases)
    func disabledCacheMeasuresEveryTimeAndKeepsEntries(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        _ = measurer.measure(Self.request)
        measurer.isCacheEnabled = false
        _ = measurer.measure(Self.request)
        _ = measurer.measure(Self.request)
        #expect(measurer.statistics.measurements == 3)
        #expect(measurer.statistics.cacheHits == 0)
        measurer.isCacheEnabled = true
        _ = measurer.measure(Self.request)
        #expect(measurer.statistics.cacheHits == 1)
    }

    @Test(arguments: MeasurerKind.allCases)
    func clearedCacheMeasuresAgain(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        _ = measurer.measure(Self.request)
        measurer.clearCache()
        _ = measurer.measure(Self.request)
        #expect(measurer.statistics.measurements == 2)
        #expect(measurer.statistics.cacheHits == 0)
    }

    @Test func fullCacheStartsOver() {
        let measurer = ApproximateTextMeasurer(cacheCapacity: 2)
        for text in ["a", "b", "c", "a"] { _ = measurer.measure(text, font: .system(size: 10)) }
        // "c" found the cache full and emptied it, so "a" is measured again.
        #expect(measurer.statistics.measurements == 4)
        for text in ["c", "a"] { _ = measurer.measure(text, font: .system(size: 10)) }
        #expect(measurer.statistics.cacheHits == 2)
    }

    @Test func aCacheStartsOverPastItsByteBudget() {
        // Each entry is taken to hold its text's UTF-8 and 192 bytes: two fit.
        let long = String(repeating: "x", count: 100)
        let measurer = ApproximateTextMeasurer(cacheByteBudget: 2 * (192 + 101))
        for text in ["a", "b", "c", "a"] { _ = measurer.measure(long + text, font: .system(size: 10)) }
        #expect(measurer.statistics.measurements == 4)
        for text in ["c", "a"] { _ = measurer.measure(long + text, font: .system(size: 10)) }
        #expect(measurer.statistics.cacheHits == 2)
    }

    /// A list revisiting more texts than the cache holds would measure
    /// nearly all of them again: the default bounds hold a long list.
    @Test func theDefaultCacheHoldsALongList() {
        let measurer = ApproximateTextMeasurer()
        let texts = (0..<30_000).map { "Item \($0): a caption of a few words" }
        for _ in 0..<2 { for text in texts { _ = measurer.measure(text, font: .system(size: 12)) } }
        #expect(measurer.statistics.measurements == texts.count)
        #expect(measurer.statistics.cacheHits == texts.count)
    }

    @Test func everyMissShapesAndNoHitDoes() throws {
        let measurer = try HarfBuzzTextMeasurer()
        _ = measurer.measure(Self.request)
        #expect(measurer.shapingCalls == 1)
        _ = measurer.measure(Self.request)
        #expect(measurer.shapingCalls == 1)
        measurer.isCacheEnabled = false
        _ = measurer.measure(Self.request)
        #expect(measurer.shapingCalls == 2)
        // One shaping run per non-empty paragraph laid out.
        _ = measurer.measure("one\n\ntwo", font: .system(size: 12), numberOfLines: 0)
        #expect(measurer.shapingCalls == 4)
        // Paragraphs past the line limit are not shaped.
        _ = measurer.measure("one\ntwo\nthree", font: .system(size: 12), numberOfLines: 1)
        #expect(measurer.shapingCalls == 5)
    }

    @Test(arguments: MeasurerKind.allCases)
    func statisticsCountCharactersAsGraphemes(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        _ = measurer.measure("Hello", font: .system(size: 12))
        _ = measurer.measure("he\u{301}llo\nwo\u{308}rld", font: .system(size: 12))  // 11 graphemes
        _ = measurer.measure("", font: .system(size: 12))
        _ = measurer.measure("Hello", font: .system(size: 12))  // a hit: not counted
        #expect(measurer.statistics.measurements == 3)
        #expect(measurer.statistics.charactersMeasured == 16)
        #expect(measurer.statistics.cacheHits == 1)
        #expect(measurer.statistics.measuringNanoseconds > 0)
        measurer.resetStatistics()
        #expect(measurer.statistics == TextMeasurementStatistics())
        _ = measurer.measure("Hello", font: .system(size: 12))
        #expect(measurer.statistics.cacheHits == 1, "resetting statistics keeps the cache")
    }
}
