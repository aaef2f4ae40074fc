/// Greedy line breaking over word widths, shared by every measurer.
///
/// Invariants of the result, for a positive `availableWidth`:
/// - the lines' character ranges are contiguous and cover the paragraph
///   (up to where `maxLines` stopped it);
/// - each line's width is the width of its text without trailing spaces
///   shaped alone (see `GlyphAdvances`);
/// - no line is wider than `availableWidth` unless it holds a single
///   grapheme that is wider by itself (a line always takes at least one, so
///   breaking always makes progress).
struct LineBreaker {
    /// How much a line may overshoot the width and still fit: absorbs the
    /// rounding of summed advances, so text measured at its own width fits.
    static let tolerance = 1e-6

    /// The widest a line may be; `.infinity` for no limit.
    let availableWidth: Double
    /// Stop after this many lines.
    let maxLines: Int

    init(availableWidth: Double?, maxLines: Int) {
        self.availableWidth = max(availableWidth ?? .infinity, 0) + Self.tolerance
        self.maxLines = maxLines
    }

    /// Lines of one paragraph, top to bottom. An empty paragraph is one empty line.
    func lines(of segments: ArraySlice<WordSegment>, paragraph: Range<Int>, advances: GlyphAdvances) -> [TextLine] {
        guard maxLines > 0 else { return [] }
        var lines: [TextLine] = []
        // The open line runs from `lineStart` to `lineEnd`. `lineWidth` is its
        // width if it ends here, `widthSoFar` its width if more words follow
        // (after `pendingSpace`, the spaces that trail it).
        var lineStart: Int?
        var lineEnd = paragraph.lowerBound
        var lineWidth = 0.0
        var widthSoFar = 0.0
        var pendingSpace = 0.0

        for segment in segments {
            if let start = lineStart {
                let widthWithSegment = widthSoFar + pendingSpace + segment.contentWidthAtLineEnd
                if widthWithSegment <= availableWidth {
                    lineWidth = widthWithSegment
                    widthSoFar += pendingSpace + segment.contentWidth
                    pendingSpace = segment.spaceWidth
                    lineEnd = segment.end
                    continue
                }
                lines.append(TextLine(width: lineWidth, characterRange: start..<lineEnd))
                if lines.count == maxLines { return lines }
            }
            // The segment starts a new line.
            var start = segment.start
            if segment.contentWidthAtLineEnd > availableWidth {
                // Too long for any line: break between graphemes, each line
                // taking as many as fit but at least one.
                var soFar = 0.0, width = 0.0
                for index in segment.start..<segment.contentEnd {
                    let widthWithGrapheme = soFar + advances.atLineEnd[index]
                    if widthWithGrapheme > availableWidth, index > start {
                        lines.append(TextLine(width: width, characterRange: start..<index))
                        if lines.count == maxLines { return lines }
                        start = index
                        soFar = 0
                    }
                    width = soFar + advances.atLineEnd[index]
                    soFar += advances.inLine[index]
                }
                lineWidth = width
                widthSoFar = soFar
            } else {
                lineWidth = segment.contentWidthAtLineEnd
                widthSoFar = segment.contentWidth
            }
            lineStart = start
            pendingSpace = segment.spaceWidth
            lineEnd = segment.end
        }
        lines.append(TextLine(width: lineWidth, characterRange: (lineStart ?? paragraph.lowerBound)..<lineEnd))
        return lines
    }
}
