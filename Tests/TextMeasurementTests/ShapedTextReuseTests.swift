import Testing
import Randomness
@testable import TextMeasurement

/// A caller's `ShapedText` lets one text be measured at many widths while
/// shaped once; the metrics must be exactly a fresh measurement's.
@Suite struct ShapedTextReuseTests {
    @Test(arguments: MeasurerKind.allCases)
    func reusedShapingGivesTheMetricsOfAFreshMeasurement(_ kind: MeasurerKind) throws {
        let reusing = try kind.make(), fresh = try kind.make()
        reusing.isCacheEnabled = false
        fresh.isCacheEnabled = false
        var generator = SplitMix64(seed: 0x5EED_0005)
        var reuses = 0
        for _ in 0..<200 {
            let text = randomText(using: &generator)
            let font = Bool.random(using: &generator) ? Font.system(size: 13) : .boldSystem(size: 17)
            var shaped: ShapedText?
            // Unbounded first, as a wrapping label's first pass, then widths,
            // line limits and truncation over the same shaping.
            for round in 0..<4 {
                let request = TextMeasurementRequest(
                    text: text, font: font,
                    availableWidth: round == 0 ? nil : Double.random(in: 5...300, using: &generator),
                    numberOfLines: round == 0 ? 0 : Int.random(in: 0...3, using: &generator),
                    lineBreakMode: Bool.random(using: &generator) ? .byWordWrapping : .byTruncatingTail)
                let metrics = reusing.measure(request, reusing: &shaped)
                #expect(metrics == fresh.measure(request), "\(text.debugDescription), round \(round)")
                if round > 0 { reuses += 1 }
            }
        }
        #expect(reusing.statistics.shapingReuses == reuses)
        #expect(reusing.statistics.measurements == fresh.statistics.measurements)
        #expect(reusing.statistics.charactersMeasured == fresh.statistics.charactersMeasured)
    }

    @Test func anotherWidthBreaksLinesWithoutShaping() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let text = "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow!"
        var shaped: ShapedText?
        let unbounded = measure(measurer, text, lines: 0, &shaped)
        #expect(measurer.shapingCalls == 1)
        #expect(unbounded.lineCount == 1)
        let wrapped = measure(measurer, text, width: 120, lines: 0, &shaped)
        #expect(measurer.shapingCalls == 1)
        #expect(wrapped.lineCount == 5)
        #expect(measurer.statistics.measurements == 2)
        #expect(measurer.statistics.shapingReuses == 1)
    }

    @Test func anotherTextOrFontShapesAgain() throws {
        let measurer = try HarfBuzzTextMeasurer()
        measurer.isCacheEnabled = false   // the fresh measurement below must not be a hit
        var shaped: ShapedText?
        _ = measurer.measure(TextMeasurementRequest(text: "Hello", font: .system(size: 12)), reusing: &shaped)
        let bold = measurer.measure(TextMeasurementRequest(text: "Hello", font: .boldSystem(size: 12)), reusing: &shaped)
        #expect(measurer.shapingCalls == 2)
        #expect(bold == measurer.measure(TextMeasurementRequest(text: "Hello", font: .boldSystem(size: 12))))
        let other = measurer.measure(TextMeasurementRequest(text: "Hello!", font: .boldSystem(size: 12)),
                                     reusing: &shaped)
        #expect(measurer.shapingCalls == 4)
        #expect(other.size.width > bold.size.width)
        #expect(measurer.statistics.shapingReuses == 0)
    }

    /// Paragraphs past a line limit stay unshaped until a layout reaches them.
    @Test func paragraphsAreShapedWhenFirstReached() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let text = "one\ntwo\nthree"
        var shaped: ShapedText?
        let first = measure(measurer, text, lines: 1, &shaped)
        #expect(measurer.shapingCalls == 1)
        #expect(shaped?.shapedParagraphs == 1)
        #expect(first.isTruncated)
        let all = measure(measurer, text, lines: 0, &shaped)
        #expect(measurer.shapingCalls == 3)
        #expect(all.lineTexts(of: text) == ["one", "two", "three"])
        _ = measure(measurer, text, width: 10, lines: 0, &shaped)
        #expect(measurer.shapingCalls == 3)
    }

    /// A cache hit answers before any shaping is looked at or made.
    @Test func aCacheHitLeavesTheShapingAlone() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let request = TextMeasurementRequest(text: "Hello", font: .system(size: 12))
        _ = measurer.measure(request)
        var shaped: ShapedText?
        _ = measurer.measure(request, reusing: &shaped)
        #expect(shaped == nil)
        #expect(measurer.statistics.cacheHits == 1)
    }

    /// `text` in 12-point regular, measured through `shaped`.
    private func measure(_ measurer: HarfBuzzTextMeasurer, _ text: String, width: Double? = nil, lines: Int,
                         _ shaped: inout ShapedText?) -> TextLayoutMetrics {
        measurer.measure(TextMeasurementRequest(text: text, font: .system(size: 12), availableWidth: width,
                                                numberOfLines: lines), reusing: &shaped)
    }
}
