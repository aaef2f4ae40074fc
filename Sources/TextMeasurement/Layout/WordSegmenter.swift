/// A word and the spaces after it: the unit the line breaker places.
///
/// A line may break only between segments (or, for a word too long for any
/// line, between the graphemes of its content).
struct WordSegment: Hashable {
    /// First grapheme of the word.
    var start: Int
    /// End of the word, where its trailing spaces begin.
    var contentEnd: Int
    /// End of the trailing spaces.
    var end: Int
    /// Advance of the word when more text follows it on the line.
    var contentWidth: Double
    /// Advance of the word when the line ends after it (differs from
    /// `contentWidth` by the kerning of its last glyph with the next one).
    var contentWidthAtLineEnd: Double
    /// Advance of the trailing spaces; counts only if another word follows on the same line.
    var spaceWidth: Double
}

/// Splits a paragraph into word segments at break opportunities: after a
/// run of spaces, and after a hyphen inside a word ("well-|known"). This is a
/// small subset of Unicode line breaking (UAX #14), enough for label text in
/// Latin, Greek and Cyrillic scripts; scripts without spaces (CJK, Thai) only
/// break where a word is too long for the line.
enum WordSegmenter {
    static func segments(of paragraph: Range<Int>, in text: AnalyzedText,
                         advances: GlyphAdvances) -> [WordSegment] {
        var segments: [WordSegment] = []
        let kinds = text.kinds
        var index = paragraph.lowerBound
        while index < paragraph.upperBound {
            let start = index
            var contentWidth = 0.0
            // Leading spaces of a paragraph give a segment with an empty word:
            // they indent the first word, as in UIKit.
            while index < paragraph.upperBound, kinds[index] != .breakingSpace {
                contentWidth += advances.inLine[index]
                let breaksAfter = kinds[index] == .hyphen && index > start
                index += 1
                if breaksAfter, index < paragraph.upperBound, kinds[index] == .other { break }
            }
            let contentEnd = index
            let widthAtLineEnd = contentEnd > start
                ? contentWidth - advances.inLine[contentEnd - 1] + advances.atLineEnd[contentEnd - 1]
                : 0
            var spaceWidth = 0.0
            while index < paragraph.upperBound, kinds[index] == .breakingSpace {
                spaceWidth += advances.inLine[index]
                index += 1
            }
            segments.append(WordSegment(start: start, contentEnd: contentEnd, end: index,
                                        contentWidth: contentWidth, contentWidthAtLineEnd: widthAtLineEnd,
                                        spaceWidth: spaceWidth))
        }
        return segments
    }
}
