import Testing
import Randomness
@testable import TextMeasurement

/// Invariants of wrapping over random texts and widths, for both measurers
/// (they share the line breaker, so both must satisfy the same rules).
@Suite struct WrappingPropertyTests {
    static let cases = 300

    @Test(arguments: MeasurerKind.allCases)
    func linesCoverTheTextAndFitTheWidth(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        measurer.isCacheEnabled = false
        var generator = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<Self.cases {
            let text = randomText(using: &generator)
            let width = Double.random(in: 5...300, using: &generator)
            let font = Bool.random(using: &generator) ? Font.system(size: 13) : .boldSystem(size: 17)
            let metrics = measurer.measure(text, font: font, availableWidth: width, numberOfLines: 0)
            try checkInvariants(metrics, text: text, width: width, font: font, measurer: measurer)
        }
    }

    @Test(arguments: MeasurerKind.allCases)
    func lineLimitKeepsAPrefixOfTheUnlimitedLayout(_ kind: MeasurerKind) throws {
        let measurer = try kind.make()
        var generator = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<Self.cases {
            let text = randomText(using: &generator)
            let width = Double.random(in: 20...200, using: &generator)
            let limit = Int.random(in: 1...4, using: &generator)
            let font = Font.system(size: 12)
            let all = measurer.measure(text, font: font, availableWidth: width, numberOfLines: 0)
            let limited = measurer.measure(text, font: font, availableWidth: width, numberOfLines: limit)
            #expect(limited.lines == Array(all.lines.prefix(limit)), "\(text.debugDescription) at \(width)")
            #expect(limited.isTruncated == (all.lineCount > limit))
            #expect(limited.size.height == Double(min(limit, all.lineCount)) * all.lineHeight)

            let truncated = measurer.measure(text, font: font, availableWidth: width, numberOfLines: limit,
                                             lineBreakMode: .byTruncatingTail)
            #expect(truncated.lineCount == limited.lineCount)
            #expect(truncated.size.width <= max(width, all.size.width) + 1e-6)
            if truncated.isTruncated, let last = truncated.lines.last {
                #expect(last.width <= width + 1e-6 || last.characterRange.isEmpty,
                        "a truncated line fits unless even the ellipsis alone does not")
            }
        }
    }

    /// The rules every layout with a positive width keeps.
    private func checkInvariants(_ metrics: TextLayoutMetrics, text: String, width: Double, font: Font,
                                 measurer: any TextMeasurer) throws {
        let characters = Array(text)
        let context = "\(text.debugDescription) at \(width)"
        guard !characters.isEmpty else {
            #expect(metrics.lineCount == 0, "\(context)")
            return
        }
        // Contiguous cover: each line starts where the previous one ended,
        // or just after the newline that ended its paragraph.
        var next = 0
        for line in metrics.lines {
            if line.characterRange.lowerBound != next {
                #expect(line.characterRange.lowerBound == next + 1 && characters[next].isNewline, "\(context)")
            }
            #expect(!characters[line.characterRange].contains { $0.isNewline }, "\(context)")
            next = line.characterRange.upperBound
        }
        #expect(next == characters.count, "\(context)")
        #expect(metrics.lineCount >= characters.filter(\.isNewline).count + 1, "\(context)")

        for (index, line) in metrics.lines.enumerated() {
            // No line wider than the width, unless it is one character that is
            // (followed perhaps by spaces, which do not count).
            let shown = String(characters[line.characterRange])
            let visible = shown.reversed().drop { $0 == " " }.count
            #expect(line.width <= width + 1e-6 || visible == 1,
                    "line \(index) is \(line.width) wide: \(context)")
            // The line's width is its text measured alone, without trailing spaces.
            let alone = measurer.measure(shown, font: font, numberOfLines: 1).size.width
            #expect(abs(alone - line.width) < 1e-9, "line \(index) \(shown.debugDescription): \(context)")
        }
        #expect(metrics.size.width == metrics.lines.map(\.width).max())
    }
}
