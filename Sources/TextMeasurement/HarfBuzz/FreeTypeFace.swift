import CFreeType
import CHarfBuzz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One FreeType library instance. Faces keep a reference to it, so it is
/// freed only after the last face (FreeType requires that order).
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(TextMeasurementError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freeTypeUnavailable(freeTypeError: error) }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A font face opened by FreeType, with a HarfBuzz font that reads its
/// OpenType tables through FreeType, so the file is opened once.
///
/// The HarfBuzz font works in font units (its scale is the face's units per
/// em) and uses HarfBuzz's own OpenType metrics, not hinted FreeType
/// advances: shaped advances are then the exact design advances plus GPOS
/// adjustments, and one face serves every point size by multiplying with
/// `pointSize / unitsPerEm`. This matches UIKit, which lays text out with
/// unhinted, fractional advances.
final class FreeTypeFace {
    let path: String
    /// Held only to keep FreeType alive while this face exists.
    private let library: FreeTypeLibrary
    private let face: FT_Face
    /// hb_font_t*, which holds the only reference to its hb_face_t.
    let harfBuzzFont: OpaquePointer
    let unitsPerEm: Double
    /// Vertical metrics in font units from FreeType, which takes them from
    /// the hhea table (falling back to OS/2): the same values UIKit uses
    /// for `UIFont.ascender`, `descender` (negative here) and `lineHeight`.
    let ascender: Double
    let descender: Double
    let height: Double

    /// Opens the font at `path`.
    /// - Throws: `TextMeasurementError.fontFileMissing` if there is no file,
    ///   `.fontFileUnreadable` if FreeType rejects it or it has no outlines,
    ///   `.harfBuzzRejectedFont` if HarfBuzz finds no glyphs in it.
    init(path: String, library: FreeTypeLibrary) throws(TextMeasurementError) {
        guard access(path, F_OK) == 0 else {
            throw .fontFileMissing(path: path, debianPackage: Font.debianPackage)
        }
        var opened: FT_Face?
        let error = FT_New_Face(library.handle, path, 0, &opened)
        guard error == 0, let face = opened else { throw .fontFileUnreadable(path: path, freeTypeError: error) }
        guard face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)  // a bitmap-only font: nothing to shape in font units
            throw .fontFileUnreadable(path: path, freeTypeError: 0)
        }
        let harfBuzzFace = hb_face_create_for_tables(readTableThroughFreeType,
                                                     UnsafeMutableRawPointer(face), nil)
        guard hb_face_get_glyph_count(harfBuzzFace) > 0 else {
            hb_face_destroy(harfBuzzFace)
            FT_Done_Face(face)
            throw .harfBuzzRejectedFont(path: path)
        }
        let font = hb_font_create(harfBuzzFace)!
        hb_face_destroy(harfBuzzFace)  // the font keeps its own reference
        hb_ot_font_set_funcs(font)
        let unitsPerEm = Int32(face.pointee.units_per_EM)
        hb_font_set_scale(font, unitsPerEm, unitsPerEm)

        self.path = path
        self.library = library
        self.face = face
        self.harfBuzzFont = font
        self.unitsPerEm = Double(unitsPerEm)
        self.ascender = Double(face.pointee.ascender)
        self.descender = Double(face.pointee.descender)
        self.height = Double(face.pointee.height)
    }

    deinit {
        // HarfBuzz reads tables through the FreeType face, so it goes first.
        hb_font_destroy(harfBuzzFont)
        FT_Done_Face(face)
    }
}

/// HarfBuzz's table loader: copies one OpenType table out of the FreeType
/// face given as `userData` into a blob that HarfBuzz frees with `free`.
/// HarfBuzz caches the tables it uses, so each is copied once per face.
private func readTableThroughFreeType(_ harfBuzzFace: OpaquePointer?, _ tag: hb_tag_t,
                                      _ userData: UnsafeMutableRawPointer?) -> OpaquePointer? {
    guard let userData else { return nil }
    let face = userData.assumingMemoryBound(to: FT_FaceRec_.self)
    var length: FT_ULong = 0
    // A zero-length buffer asks FreeType for the table's size (tag 0: the whole file).
    guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0,
          let bytes = malloc(Int(length)) else { return nil }
    guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, bytes.assumingMemoryBound(to: FT_Byte.self),
                             &length) == 0 else {
        free(bytes)
        return nil
    }
    return hb_blob_create(bytes.assumingMemoryBound(to: CChar.self), UInt32(length),
                          HB_MEMORY_MODE_WRITABLE, bytes, { free($0) })
}
