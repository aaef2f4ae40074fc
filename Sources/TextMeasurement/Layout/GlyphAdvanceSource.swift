/// Vertical font metrics and the ellipsis width, in points.
struct FontMetrics: Hashable {
    /// Height above the baseline.
    var ascent: Double
    /// Depth below the baseline, positive.
    var descent: Double
    /// Extra space the font asks for between lines.
    var lineGap: Double
    /// Advance of "…", for truncated lines.
    var ellipsisWidth: Double

    /// The font's own line height, like `UIFont.lineHeight`.
    var naturalLineHeight: Double { ascent + descent + lineGap }
}

/// How wide each grapheme of a text is, in points, two ways.
///
/// A shaper puts a kerning adjustment on the first glyph of the pair, so a
/// grapheme's advance depends on what follows it. `inLine` is the advance
/// with the grapheme followed by the next one, as in the middle of a line;
/// `atLineEnd` is its advance when a line ends after it. A line's width is
/// its `inLine` advances with the last one taken from `atLineEnd`, which is
/// exactly the width of the line's text shaped alone.
struct GlyphAdvances {
    var inLine: [Double]
    var atLineEnd: [Double]

    /// Zero advances for `count` graphemes.
    init(count: Int) {
        inLine = Self.zeros(count)
        atLineEnd = Self.zeros(count)
    }

    /// Reserved, then appended: `Array(repeating:count:)` allocates through
    /// an unspecialised path that looks up the array type's metadata on
    /// every call, twice per measurement.
    private static func zeros(_ count: Int) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(count)
        out.append(contentsOf: repeatElement(0, count: count))
        return out
    }
}

/// The one thing that differs between measurers: how wide each character is.
/// Everything else (segmenting, wrapping, truncating, line heights) is
/// shared, so the approximate and the shaped measurer wrap identically given
/// the same advances.
protocol GlyphAdvanceSource {
    /// Vertical metrics and the ellipsis width of `font`.
    mutating func fontMetrics(for font: Font) -> FontMetrics

    /// Writes the advances of each grapheme of `paragraph` (indices into
    /// `text`) into `advances`, which holds zeros there on entry. `utf8` is
    /// the whole text, so shapers can see context around the paragraph.
    mutating func measureAdvances(of paragraph: Range<Int>,
                                  in text: AnalyzedText,
                                  utf8: UnsafeBufferPointer<UInt8>,
                                  font: Font,
                                  into advances: inout GlyphAdvances)
}
