/// Lays out a request with advances from any `GlyphAdvanceSource`:
/// paragraphs → word segments → greedy lines → truncation → metrics.
enum TextLayouter {
    /// The metrics of `request`, and how many graphemes its text has.
    static func layout<Source: GlyphAdvanceSource>(
        _ request: TextMeasurementRequest, source: inout Source
    ) -> (metrics: TextLayoutMetrics, characterCount: Int) {
        var shaped = ShapedText(text: request.text, font: request.font)
        return layout(request, shaped: &shaped, source: &source)
    }

    /// As `layout(_:source:)`, starting from `shaped` when it holds this
    /// text in this font (else from a new one, left in `shaped`): paragraphs
    /// it has shaped are not shaped again. `reused` tells whether it did.
    static func layout<Source: GlyphAdvanceSource>(
        _ request: TextMeasurementRequest, reusing shaped: inout ShapedText?, source: inout Source
    ) -> (metrics: TextLayoutMetrics, characterCount: Int, reused: Bool) {
        if shaped?.matches(request) == true {
            let (metrics, count) = layout(request, shaped: &shaped!, source: &source)
            return (metrics, count, true)
        }
        var fresh = ShapedText(text: request.text, font: request.font)
        let (metrics, count) = layout(request, shaped: &fresh, source: &source)
        shaped = fresh
        return (metrics, count, false)
    }

    private static func layout<Source: GlyphAdvanceSource>(
        _ request: TextMeasurementRequest, shaped: inout ShapedText, source: inout Source
    ) -> (metrics: TextLayoutMetrics, characterCount: Int) {
        guard shaped.analyzed.count > 0 else {
            return (TextLayoutMetrics(size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0,
                                      lineHeight: 0, isTruncated: false), 0)
        }
        return (breakLines(request, shaped: &shaped, source: &source), shaped.analyzed.count)
    }

    /// Lines for a non-empty text, shaping the paragraphs they reach first.
    private static func breakLines<Source: GlyphAdvanceSource>(
        _ request: TextMeasurementRequest, shaped: inout ShapedText, source: inout Source
    ) -> TextLayoutMetrics {
        let font = source.fontMetrics(for: request.font)
        let maxLines = request.numberOfLines > 0 ? request.numberOfLines : Int.max
        var lines: [TextLine] = []
        var isTruncated = false
        var lastParagraph = 0..<0  // the paragraph of the last line laid out
        var segmentEnd = 0  // paragraphs' segments follow each other in `shaped.segments`

        for (index, paragraph) in shaped.analyzed.paragraphs.enumerated() {
            if lines.count == maxLines {
                isTruncated = true  // whole paragraphs are left over
                break
            }
            if index == shaped.shapedParagraphs { shape(paragraph, of: &shaped, source: &source) }
            let segmentStart = segmentEnd
            while segmentEnd < shaped.segments.count, shaped.segments[segmentEnd].start < paragraph.upperBound {
                segmentEnd += 1
            }
            let breaker = LineBreaker(availableWidth: request.availableWidth,
                                      maxLines: maxLines - lines.count)
            let paragraphLines = breaker.lines(of: shaped.segments[segmentStart..<segmentEnd], paragraph: paragraph,
                                               advances: shaped.advances)
            lines += paragraphLines
            lastParagraph = paragraph
            if let last = paragraphLines.last,
               last.characterRange.upperBound < shaped.analyzed.contentEnd(of: paragraph) {
                isTruncated = true  // the line limit fell inside this paragraph
                break
            }
        }
        if isTruncated, request.lineBreakMode == .byTruncatingTail, let last = lines.last {
            // The last line gets the rest of its paragraph, cut to fit with
            // an ellipsis; if it ended its paragraph it gets the ellipsis only.
            lines[lines.count - 1] = truncatedLine(from: last.characterRange.lowerBound,
                                                   to: shaped.analyzed.contentEnd(of: lastParagraph),
                                                   text: shaped.analyzed, advances: shaped.advances, font: font,
                                                   availableWidth: request.availableWidth)
        }
        return metrics(of: lines, font: font, lineHeight: request.lineHeight, isTruncated: isTruncated)
    }

    /// Shapes the next paragraph of `shaped` and splits it into word segments.
    private static func shape<Source: GlyphAdvanceSource>(_ paragraph: Range<Int>, of shaped: inout ShapedText,
                                                          source: inout Source) {
        if !paragraph.isEmpty {
            var utf8Text = shaped.text
            utf8Text.withUTF8 { utf8 in
                source.measureAdvances(of: paragraph, in: shaped.analyzed, utf8: utf8, font: shaped.font,
                                       into: &shaped.advances)
            }
        }
        shaped.appendSegments(WordSegmenter.segments(of: paragraph, in: shaped.analyzed, advances: shaped.advances))
    }

    /// The line that starts at `start` and shows as much of the text up to
    /// `end` as fits in front of an ellipsis, cut between graphemes (as
    /// UIKit's tail truncation does). Spaces before the ellipsis are dropped.
    /// The ellipsis is measured alone, so kerning between it and the last
    /// character shown is left out.
    private static func truncatedLine(from start: Int, to end: Int, text: AnalyzedText,
                                      advances: GlyphAdvances, font: FontMetrics,
                                      availableWidth: Double?) -> TextLine {
        let limit = max(availableWidth ?? .infinity, 0) + LineBreaker.tolerance
        var shownEnd = start
        var shownWidth = 0.0
        var soFar = 0.0  // width of start..<index with more text following
        for index in start..<max(start, end) {
            let width = soFar + advances.atLineEnd[index]
            if width + font.ellipsisWidth > limit { break }
            if text.kinds[index] != .breakingSpace {
                shownEnd = index + 1
                shownWidth = width
            }
            soFar += advances.inLine[index]
        }
        return TextLine(width: shownWidth + font.ellipsisWidth, characterRange: start..<shownEnd)
    }

    private static func metrics(of lines: [TextLine], font: FontMetrics, lineHeight: LineHeight,
                                isTruncated: Bool) -> TextLayoutMetrics {
        let height: Double = switch lineHeight {
        case .natural: font.naturalLineHeight
        case let .multiple(factor): font.naturalLineHeight * factor
        case let .exactly(points): points
        }
        // Like TextKit, extra height goes above the glyphs and the line gap
        // below them, so the baseline sits a descent and a gap above the
        // line's bottom. With natural height this puts it at the ascent.
        let baseline = height - font.descent - font.lineGap
        let widest = lines.reduce(0) { max($0, $1.width) }
        return TextLayoutMetrics(
            size: TextSize(width: widest, height: Double(lines.count) * height),
            lines: lines,
            firstBaseline: baseline,
            lastBaseline: Double(lines.count - 1) * height + baseline,
            lineHeight: height,
            isTruncated: isTruncated)
    }
}
