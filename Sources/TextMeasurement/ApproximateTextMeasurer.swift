/// Measures text without fonts: every character has the same advance, a
/// fixed fraction of the point size. Wrapping, truncation and line heights
/// are the shared ones, so only the widths are approximate.
///
/// For platforms without HarfBuzz or the DejaVu fonts, and for scenarios
/// that want measurement to be nearly free. Not thread-safe; see `TextMeasurer`.
public final class ApproximateTextMeasurer: TextMeasurer, MeasuringCoreOwner {
    /// Per-em proportions the approximation uses.
    public struct FontModel: Hashable, Sendable {
        /// Advance of every character in the regular face, as a fraction of the point size.
        public var regularAdvance: Double
        /// Advance of every character in the bold face, as a fraction of the point size.
        public var boldAdvance: Double
        /// Ascender, descender (positive) and line gap, as fractions of the point size.
        public var ascent: Double
        public var descent: Double
        public var lineGap: Double

        public init(regularAdvance: Double, boldAdvance: Double,
                    ascent: Double, descent: Double, lineGap: Double) {
            self.regularAdvance = regularAdvance
            self.boldAdvance = boldAdvance
            self.ascent = ascent
            self.descent = descent
            self.lineGap = lineGap
        }

        /// DejaVu Sans: vertical metrics from its hhea table (1901, 483 and 0
        /// of 2048 units); advances are the mean over an English sample
        /// sentence (0.515 and 0.579 em), so English labels come out about
        /// as wide as the shaped ones.
        public static let dejaVuSans = FontModel(regularAdvance: 0.515, boldAdvance: 0.579,
                                                 ascent: 1901.0 / 2048, descent: 483.0 / 2048,
                                                 lineGap: 0)
    }

    var core: MeasuringCore<FixedAdvanceSource>

    /// A measurer using `model`, caching up to `cacheCapacity` measurements
    /// holding about `cacheByteBudget` bytes; when either is reached the cache starts over.
    public init(model: FontModel = .dejaVuSans, cacheCapacity: Int = 1_000_000, cacheByteBudget: Int = 64 << 20) {
        core = MeasuringCore(source: FixedAdvanceSource(model: model), cacheCapacity: cacheCapacity,
                             cacheByteBudget: cacheByteBudget)
    }
}

/// Gives every grapheme the model's advance for the face.
struct FixedAdvanceSource: GlyphAdvanceSource {
    let model: ApproximateTextMeasurer.FontModel

    private func advance(for font: Font) -> Double {
        (font.face == .bold ? model.boldAdvance : model.regularAdvance) * font.pointSize
    }

    func fontMetrics(for font: Font) -> FontMetrics {
        FontMetrics(ascent: model.ascent * font.pointSize, descent: model.descent * font.pointSize,
                    lineGap: model.lineGap * font.pointSize, ellipsisWidth: advance(for: font))
    }

    func measureAdvances(of paragraph: Range<Int>, in text: AnalyzedText,
                         utf8: UnsafeBufferPointer<UInt8>, font: Font, into advances: inout GlyphAdvances) {
        let width = advance(for: font)
        for index in paragraph {
            advances.inLine[index] = width
            advances.atLineEnd[index] = width  // nothing kerns
        }
    }
}
