import CHarfBuzz

/// Advances from real shaping: each paragraph goes through `hb_shape` with
/// the face's OpenType features (kerning, ligatures, marks), and each
/// glyph's advance is added to the grapheme its cluster starts in.
///
/// One shaping run per paragraph, with the script and direction HarfBuzz
/// guesses from its text: there is no bidi or script itemisation and no font
/// fallback (characters DejaVu lacks get its .notdef advance). Kerning
/// across a line break is removed from the line's width (see `GlyphAdvances`).
final class HarfBuzzShaper: GlyphAdvanceSource {
    private let faces: [Font.Face: FreeTypeFace]
    /// Advance of "…" in font units, per face.
    private var ellipsisUnits: [Font.Face: Double] = [:]
    /// hb_buffer_t*, reused by every shaping call to save allocations.
    private let buffer: OpaquePointer
    private let features: [hb_feature_t]
    /// `hb_shape` calls made for measurements: evidence for tests that a
    /// measurement did real shaping.
    private(set) var shapingCalls = 0

    /// Loads every face of the system family from `fontDirectory`.
    /// - Throws: `TextMeasurementError` naming the file that could not be loaded.
    init(fontDirectory: String, kerning: Bool) throws(TextMeasurementError) {
        let library = try FreeTypeLibrary()
        var faces: [Font.Face: FreeTypeFace] = [:]
        for face in Font.Face.allCases {
            faces[face] = try FreeTypeFace(path: fontDirectory + "/" + face.fileName, library: library)
        }
        self.faces = faces
        buffer = hb_buffer_create()
        features = kerning ? [] : [hb_feature_t(tag: hb_tag_from_string("kern", -1), value: 0,
                                                start: 0, end: UInt32.max)]
        var ellipsis = "…"
        for (face, loaded) in faces {
            ellipsisUnits[face] = ellipsis.withUTF8 { utf8 in
                var units = 0.0
                shape(utf8, bytes: 0..<utf8.count, with: loaded) { _, _, advance in units += Double(advance) }
                return units
            }
        }
    }

    deinit { hb_buffer_destroy(buffer) }

    private func loaded(_ face: Font.Face) -> FreeTypeFace {
        guard let loaded = faces[face] else { preconditionFailure("init loads every face; \(face) is missing") }
        return loaded
    }

    func fontMetrics(for font: Font) -> FontMetrics {
        let face = loaded(font.face)
        let scale = font.pointSize / face.unitsPerEm
        return FontMetrics(ascent: face.ascender * scale,
                           descent: -face.descender * scale,
                           lineGap: (face.height - face.ascender + face.descender) * scale,
                           ellipsisWidth: (ellipsisUnits[font.face] ?? 0) * scale)
    }

    func measureAdvances(of paragraph: Range<Int>, in text: AnalyzedText,
                         utf8: UnsafeBufferPointer<UInt8>, font: Font, into advances: inout GlyphAdvances) {
        let face = loaded(font.face)
        let scale = font.pointSize / face.unitsPerEm
        var grapheme = paragraph.lowerBound
        shapingCalls += 1
        shape(utf8, bytes: text.utf8Range(of: paragraph), with: face) { cluster, glyph, advance in
            grapheme = text.grapheme(containingUTF8Offset: cluster, in: paragraph, hint: grapheme)
            // Any change the shaper made to the advance of a grapheme's last
            // glyph is taken as pair kerning with the next glyph, which a
            // line break removes. A zero advance (a mark) stays zero.
            let nominal = advance == 0 ? 0 : hb_font_get_glyph_h_advance(face.harfBuzzFont, glyph)
            advances.atLineEnd[grapheme] = advances.inLine[grapheme] + Double(nominal) * scale
            advances.inLine[grapheme] += Double(advance) * scale
        }
    }

    /// Shapes `bytes` of `utf8` (the rest is context) and reports each
    /// glyph's cluster (a UTF-8 offset into `utf8`), glyph index and x
    /// advance in font units, in visual order.
    private func shape(_ utf8: UnsafeBufferPointer<UInt8>, bytes: Range<Int>, with face: FreeTypeFace,
                       glyph: (_ cluster: Int, _ glyph: hb_codepoint_t, _ advance: Int32) -> Void) {
        guard let base = utf8.baseAddress, !bytes.isEmpty else { return }
        hb_buffer_clear_contents(buffer)
        UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
            hb_buffer_add_utf8(buffer, chars, Int32(utf8.count), UInt32(bytes.lowerBound), Int32(bytes.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        features.withUnsafeBufferPointer { hb_shape(face.harfBuzzFont, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        for index in 0..<Int(count) {
            glyph(Int(infos[index].cluster), infos[index].codepoint, positions[index].x_advance)
        }
    }
}
