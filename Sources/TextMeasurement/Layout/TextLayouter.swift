/// Lays out a request with advances from any `GlyphAdvanceSource`:
/// paragraphs → word segments → greedy lines → truncation → metrics.
enum TextLayouter {
    /// The metrics of `request`, and how many graphemes its text has.
    static func layout<Source: GlyphAdvanceSource>(
        _ request: TextMeasurementRequest, source: inout Source
    ) -> (metrics: TextLayoutMetrics, characterCount: Int) {
        let text = AnalyzedText(request.text)
        guard text.count > 0 else {
            return (TextLayoutMetrics(size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0,
                                      lineHeight: 0, isTruncated: false), 0)
        }
        var utf8Text = request.text
        let metrics = utf8Text.withUTF8 { utf8 in
            layout(text, utf8: utf8, request: request, source: &source)
        }
        return (metrics, text.count)
    }

    private static func layout<Source: GlyphAdvanceSource>(
        _ text: AnalyzedText, utf8: UnsafeBufferPointer<UInt8>,
        request: TextMeasurementRequest, source: inout Source
    ) -> TextLayoutMetrics {
        let font = source.fontMetrics(for: request.font)
        let maxLines = request.numberOfLines > 0 ? request.numberOfLines : Int.max
        var advances = GlyphAdvances(count: text.count)
        var lines: [TextLine] = []
        var isTruncated = false
        var lastParagraph = 0..<0  // the paragraph of the last line laid out

        for paragraph in text.paragraphs {
            if lines.count == maxLines {
                isTruncated = true  // whole paragraphs are left over
                break
            }
            if !paragraph.isEmpty {
                source.measureAdvances(of: paragraph, in: text, utf8: utf8, font: request.font,
                                       into: &advances)
            }
            let segments = WordSegmenter.segments(of: paragraph, in: text, advances: advances)
            let breaker = LineBreaker(availableWidth: request.availableWidth,
                                      maxLines: maxLines - lines.count)
            let paragraphLines = breaker.lines(of: segments, paragraph: paragraph, advances: advances)
            lines += paragraphLines
            lastParagraph = paragraph
            if let last = paragraphLines.last, last.characterRange.upperBound < text.contentEnd(of: paragraph) {
                isTruncated = true  // the line limit fell inside this paragraph
                break
            }
        }
        if isTruncated, request.lineBreakMode == .byTruncatingTail, let last = lines.last {
            // The last line gets the rest of its paragraph, cut to fit with
            // an ellipsis; if it ended its paragraph it gets the ellipsis only.
            lines[lines.count - 1] = truncatedLine(from: last.characterRange.lowerBound,
                                                   to: text.contentEnd(of: lastParagraph), text: text,
                                                   advances: advances, font: font,
                                                   availableWidth: request.availableWidth)
        }
        return metrics(of: lines, font: font, lineHeight: request.lineHeight, isTruncated: isTruncated)
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
