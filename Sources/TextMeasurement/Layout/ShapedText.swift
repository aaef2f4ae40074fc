/// The part of laying out a text that does not depend on the width: its
/// graphemes, their shaped advances and its word segments. A caller that
/// measures one text at several widths (a wrapping label: unbounded first,
/// then at the width it was laid out with) keeps one and passes it back, so
/// the later measurements only break lines, as a Core Text typesetter does.
///
/// Paragraphs are shaped when a layout first reaches them, so a text cut off
/// after its first lines never shapes the rest. A value is tied to the text
/// and font it was made for; handed a request for another text or font, the
/// measurer starts a new one. Opaque outside this module.
public struct ShapedText {
    let text: String
    let font: Font
    let analyzed: AnalyzedText
    var advances: GlyphAdvances
    /// Word segments of the paragraphs shaped so far, in order (one flat
    /// array: a one-paragraph text, the usual label, allocates no list of lists).
    var segments: [WordSegment] = []
    /// Paragraphs shaped so far: always the first ones.
    private(set) var shapedParagraphs = 0

    init(text: String, font: Font) {
        self.text = text
        self.font = font
        analyzed = AnalyzedText(text)
        advances = GlyphAdvances(count: analyzed.count)
    }

    /// Whether this holds the shaping of `request`'s text in its font.
    func matches(_ request: TextMeasurementRequest) -> Bool {
        font == request.font && text == request.text
    }

    /// Records the segments of the next paragraph.
    mutating func appendSegments(_ paragraphSegments: [WordSegment]) {
        if segments.isEmpty { segments = paragraphSegments } else { segments += paragraphSegments }
        shapedParagraphs += 1
    }
}
