/// Measures text by shaping it with HarfBuzz in the DejaVu Sans faces,
/// loaded through FreeType: real advances with kerning and ligatures, the
/// shared greedy word wrapping, and line heights from the font's hhea
/// metrics (ascender + descender + line gap, as `UIFont.lineHeight`).
///
/// Every cache miss shapes each paragraph it lays out; only the cache, or a
/// caller's `ShapedText` of the same text and font, skips that work. Faces
/// are loaded once, when the measurer is created; a point size needs no
/// font object of its own, only a scale factor (see `FreeTypeFace`). Not
/// thread-safe and not `Sendable`: use one measurer per engine, from one
/// isolation domain (see `TextMeasurer`). Every FreeType and HarfBuzz object
/// is freed when the measurer is.
public final class HarfBuzzTextMeasurer: TextMeasurer, MeasuringCoreOwner {
    var core: MeasuringCore<HarfBuzzShaper>

    /// Loads the regular and bold faces from `fontDirectory`.
    /// - Parameters:
    ///   - kerning: apply the fonts' kerning (the OpenType `kern` feature), as UIKit does.
    ///   - cacheCapacity: the most measurements remembered; when full the cache starts over.
    ///   - cacheByteBudget: the most memory (estimated) the remembered
    ///     measurements may hold; past it the cache starts over too.
    /// - Throws: `TextMeasurementError.fontFileMissing` (naming the path and
    ///   the Debian package to install) or another `TextMeasurementError` if
    ///   FreeType or HarfBuzz cannot read a face.
    public init(fontDirectory: String = Font.defaultDirectory,
                kerning: Bool = true,
                cacheCapacity: Int = 1_000_000,
                cacheByteBudget: Int = 64 << 20) throws(TextMeasurementError) {
        let shaper = try HarfBuzzShaper(fontDirectory: fontDirectory, kerning: kerning)
        core = MeasuringCore(source: shaper, cacheCapacity: cacheCapacity, cacheByteBudget: cacheByteBudget)
    }

    /// `hb_shape` calls made by measurements so far (tests use it to check
    /// that a cache miss really shapes).
    var shapingCalls: Int { core.source.shapingCalls }
}
