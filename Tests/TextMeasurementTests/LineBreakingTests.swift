import Testing
@testable import TextMeasurement

/// Wrapping rules, checked where the answer is known by hand: the
/// approximate measurer with a model of 0.5 em per character gives every
/// character 5 pt at 10 pt, so widths are character counts × 5.
@Suite struct LineBreakingTests {
    static let monospaced = ApproximateTextMeasurer.FontModel(regularAdvance: 0.5, boldAdvance: 0.5,
                                                               ascent: 0.8, descent: 0.2, lineGap: 0)
    static let font = Font.system(size: 10)  // 5 pt per character, 10 pt lines
    static let sentence = "The quick brown fox jumps over the lazy dog"

    func measure(_ text: String, width: Double?, lines: Int = 0,
                 mode: LineBreakMode = .byWordWrapping) -> TextLayoutMetrics {
        ApproximateTextMeasurer(model: Self.monospaced)
            .measure(text, font: Self.font, availableWidth: width, numberOfLines: lines, lineBreakMode: mode)
    }

    @Test(arguments: [
        (nil, ["The quick brown fox jumps over the lazy dog"]),
        (100.0, ["The quick brown fox ", "jumps over the lazy ", "dog"]),
        (50.0, ["The quick ", "brown fox ", "jumps over ", "the lazy ", "dog"]),  // "jumps over" is exactly 50
        (25.0, ["The ", "quick ", "brown ", "fox ", "jumps ", "over ", "the ", "lazy ", "dog"]),
        (15.0, ["The ", "qui", "ck ", "bro", "wn ", "fox ", "jum", "ps ", "ove", "r ", "the ", "laz", "y ", "dog"]),
    ] as [(Double?, [String])])
    func sentenceWrapsGreedilyAtWords(width: Double?, expected: [String]) {
        let metrics = measure(Self.sentence, width: width)
        #expect(metrics.lineTexts(of: Self.sentence) == expected)
        #expect(metrics.lineCount == expected.count)
        #expect(metrics.size.height == Double(expected.count) * 10)
        let widest = expected.map { Double($0.reversed().drop { $0 == " " }.count) * 5 }.max()!
        #expect(metrics.size.width == widest)
    }

    @Test func trailingSpacesDoNotCountLeadingSpacesDo() {
        #expect(measure("Hello   ", width: nil).size.width == 25)
        #expect(measure("  Hello", width: nil).size.width == 35)
        #expect(measure("   ", width: nil).size.width == 0)
        #expect(measure("   ", width: nil).lineCount == 1)
        // The spaces before a wrapped word stay on the line above, uncounted.
        let metrics = measure("ab    cd", width: 10)
        #expect(metrics.lineTexts(of: "ab    cd") == ["ab    ", "cd"])
        #expect(metrics.lines.map(\.width) == [10, 10])
    }

    @Test func newlineForcesABreak() {
        let metrics = measure("ab\ncd", width: nil)
        #expect(metrics.lineTexts(of: "ab\ncd") == ["ab", "cd"])
        #expect(metrics.lines.map(\.characterRange) == [0..<2, 3..<5])
        #expect(measure("a\n\nb", width: nil).lineCount == 3)
        #expect(measure("a\n", width: nil).lineCount == 2)
        #expect(measure("\n", width: nil).lineCount == 2)
        #expect(measure("\n", width: nil).size.width == 0)
        #expect(measure("ab\r\ncd", width: nil).lineCount == 2)  // CRLF is one newline
    }

    @Test func emptyTextHasNoLinesAndZeroSize() {
        let metrics = measure("", width: 100)
        #expect(metrics.lineCount == 0)
        #expect(metrics.size == .zero)
        #expect(metrics.firstBaseline == 0 && metrics.lastBaseline == 0)
        #expect(!metrics.isTruncated)
    }

    @Test func longWordBreaksBetweenCharacters() {
        let word = "Supercalifragilistic"  // 20 characters, 100 pt
        let metrics = measure(word, width: 32)  // 6 characters per line
        #expect(metrics.lineTexts(of: word) == ["Superc", "alifra", "gilist", "ic"])
        #expect(metrics.lines.allSatisfy { $0.width <= 32 })
        // A line narrower than one character still takes one, so layout ends.
        #expect(measure("abc", width: 1).lineCount == 3)
        #expect(measure("abc", width: 0).lineCount == 3)
    }

    @Test func longWordContinuesWithTheNextWordOnItsLastLine() {
        let text = "abcdefgh ij"
        #expect(measure(text, width: 30).lineTexts(of: text) == ["abcdef", "gh ij"])
    }

    @Test func combiningAccentsStayWithTheirLetter() {
        let text = "e\u{301}e\u{301}e\u{301}e\u{301}"  // four graphemes, eight scalars
        let metrics = measure(text, width: 10)
        #expect(metrics.lineCount == 2)
        #expect(metrics.lineTexts(of: text) == ["e\u{301}e\u{301}", "e\u{301}e\u{301}"])
    }

    @Test func hyphenIsABreakOpportunity() {
        let text = "well-known fact"
        #expect(measure(text, width: 45).lineTexts(of: text) == ["well-", "known ", "fact"])
        #expect(measure(text, width: 50).lineTexts(of: text) == ["well-known ", "fact"])
        #expect(measure(text, width: 70).lineTexts(of: text) == ["well-known ", "fact"])
        #expect(measure(text, width: 75).lineTexts(of: text) == ["well-known fact"])
        // Not after a leading minus, nor before a space.
        #expect(measure("-5 x", width: 10).lineTexts(of: "-5 x") == ["-5 ", "x"])
    }

    @Test func otherSpacesAndNewlinesAreRecognised() {
        #expect(measure("ab\tcd", width: 10).lineTexts(of: "ab\tcd") == ["ab\t", "cd"])
        #expect(measure("ab\u{2003}cd", width: 10).lineCount == 2)  // em space breaks
        #expect(measure("ab\u{2028}cd", width: nil).lineCount == 2)  // line separator
        #expect(measure("ab\u{2010}cd", width: 15).lineTexts(of: "ab\u{2010}cd") == ["ab\u{2010}", "cd"])
    }

    @Test func noBreakAtNoBreakSpace() {
        let text = "10\u{00A0}kg of flour"
        #expect(measure(text, width: 30).lineTexts(of: text) == ["10\u{00A0}kg ", "of ", "flour"])
    }

    @Test func numberOfLinesLimitsLinesAndHeight() {
        let metrics = measure(Self.sentence, width: 50, lines: 2)
        #expect(metrics.lineTexts(of: Self.sentence) == ["The quick ", "brown fox "])
        #expect(metrics.size.height == 20)
        #expect(metrics.isTruncated)
        #expect(!measure(Self.sentence, width: 50, lines: 5).isTruncated)
        #expect(measure(Self.sentence, width: 50, lines: 0).lineCount == 5)
        // Newlines count toward the limit as well.
        let paragraphs = measure("one\ntwo\nthree", width: nil, lines: 2)
        #expect(paragraphs.lineCount == 2)
        #expect(paragraphs.isTruncated)
    }

    @Test func truncatingTailFillsTheLastLineWithAnEllipsis() {
        // Ellipsis is one 5 pt character in this model.
        let metrics = measure(Self.sentence, width: 50, lines: 2, mode: .byTruncatingTail)
        #expect(metrics.lineCount == 2)
        #expect(metrics.isTruncated)
        // "brown fox jumps…": as many characters as fit with the ellipsis (9 + 1 = 10).
        #expect(metrics.lineTexts(of: Self.sentence) == ["The quick ", "brown fox"])
        #expect(metrics.lines[1].width == 50)
        let oneLine = measure(Self.sentence, width: 42, lines: 1, mode: .byTruncatingTail)
        #expect(oneLine.lineTexts(of: Self.sentence) == ["The qui"])  // 7 characters + ellipsis = 40 pt
        #expect(oneLine.size.width == 40)
        // Cut at a newline: the line is whole and still gets its ellipsis.
        let cut = measure("one\ntwo", width: nil, lines: 1, mode: .byTruncatingTail)
        #expect(cut.lineTexts(of: "one\ntwo") == ["one"])
        #expect(cut.size.width == 20)
        // Text that fits is not truncated.
        let fits = measure("one two", width: 100, lines: 1, mode: .byTruncatingTail)
        #expect(!fits.isTruncated)
        #expect(fits.size.width == 35)
        // Unlimited width, one line, one paragraph: nothing to truncate.
        #expect(!measure(Self.sentence, width: nil, lines: 1, mode: .byTruncatingTail).isTruncated)
    }

    @Test func lineHeightMultipleAndExactLineHeight() {
        // Natural line: 8 pt ascent + 2 pt descent = 10 pt, baseline at 8.
        let natural = measure("a\nb\nc", width: nil)
        #expect(natural.size.height == 30)
        #expect(natural.firstBaseline == 8)
        #expect(natural.lastBaseline == 28)
        let doubled = ApproximateTextMeasurer(model: Self.monospaced)
            .measure("a\nb\nc", font: Self.font, numberOfLines: 0, lineHeight: .multiple(2))
        #expect(doubled.size.height == 60)
        #expect(doubled.firstBaseline == 18)  // extra space goes above the glyphs
        #expect(doubled.lastBaseline == 58)
        let exact = ApproximateTextMeasurer(model: Self.monospaced)
            .measure("a\nb", font: Self.font, numberOfLines: 0, lineHeight: .exactly(14))
        #expect(exact.size.height == 28)
        #expect(exact.firstBaseline == 12)
        #expect(exact.lineHeight == 14)
    }

    @Test func approximateBoldUsesItsOwnAdvance() {
        let measurer = ApproximateTextMeasurer()
        let regular = measurer.measure("abcd", font: .system(size: 10)).size.width
        let bold = measurer.measure("abcd", font: .boldSystem(size: 10)).size.width
        #expect(abs(regular - 4 * 5.15) < 1e-9)
        #expect(abs(bold - 4 * 5.79) < 1e-9)
    }
}
