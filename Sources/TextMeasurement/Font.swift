/// A font as labels ask for it: a face of the system family and a point size.
///
/// The "system" family is DejaVu Sans, read from the Debian package
/// `fonts-dejavu-core`, so that measurements are the same on every Linux
/// machine that runs the benchmark. A `Font` is only a description; measurers
/// load and cache the font data behind it.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The faces of the system family that labels can use.
    public enum Face: String, Hashable, Sendable, CaseIterable {
        case regular
        case bold

        /// The file of this face inside the font directory.
        var fileName: String {
            switch self {
            case .regular: "DejaVuSans.ttf"
            case .bold: "DejaVuSans-Bold.ttf"
            }
        }
    }

    /// The family every face belongs to.
    public static let familyName = "DejaVu Sans"

    /// Where Debian's `fonts-dejavu-core` installs the faces.
    public static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The Debian package that provides the faces.
    public static let debianPackage = "fonts-dejavu-core"

    public var face: Face
    /// The em size in points (1 pt = 1 layout unit, as in UIKit).
    public var pointSize: Double

    /// A font of `face` at `pointSize` points.
    public init(face: Face, pointSize: Double) {
        self.face = face
        self.pointSize = pointSize
    }

    /// The regular system face, like `UIFont.systemFont(ofSize:)`.
    public static func system(size: Double) -> Font {
        Font(face: .regular, pointSize: size)
    }

    /// The bold system face, like `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystem(size: Double) -> Font {
        Font(face: .bold, pointSize: size)
    }

    public var description: String {
        "\(Font.familyName) \(face.rawValue) \(pointSize)pt"
    }
}
