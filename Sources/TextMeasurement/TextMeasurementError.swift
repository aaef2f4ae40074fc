/// Why a measurer could not be set up. Measuring itself cannot fail: all
/// fonts are loaded when the measurer is created.
public enum TextMeasurementError: Error, Equatable, CustomStringConvertible {
    /// No font file at `path`.
    case fontFileMissing(path: String, debianPackage: String)
    /// FreeType could not open the file at `path` as a font.
    case fontFileUnreadable(path: String, freeTypeError: Int32)
    /// FreeType itself would not start (out of memory, or a broken install).
    case freeTypeUnavailable(freeTypeError: Int32)
    /// HarfBuzz would not read the font at `path`.
    case harfBuzzRejectedFont(path: String)

    public var description: String {
        switch self {
        case let .fontFileMissing(path, package):
            return "No font file at \(path). Install it with `apt-get install \(package)`, "
                + "or pass a fontDirectory that holds \(Font.Face.allCases.map(\.fileName).joined(separator: " and "))."
        case let .fontFileUnreadable(path, error):
            return "FreeType could not open \(path) as a font (FreeType error \(error)). "
                + "The file may be damaged: reinstall it with `apt-get install --reinstall \(Font.debianPackage)`."
        case let .freeTypeUnavailable(error):
            return "FreeType failed to initialise (FreeType error \(error)). "
                + "Check that libfreetype6 is installed and that memory is not exhausted."
        case let .harfBuzzRejectedFont(path):
            return "HarfBuzz could not read \(path) as a font. "
                + "Check the file with `fc-scan \(path)` and reinstall \(Font.debianPackage) if it is damaged."
        }
    }
}
