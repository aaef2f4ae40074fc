/// A width and a height in points.
public struct TextSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = TextSize(width: 0, height: 0)

    public var description: String { "\(width)×\(height)" }
}

/// One laid-out line.
public struct TextLine: Hashable, Sendable {
    /// The advance width of the line's glyphs without trailing spaces, plus
    /// the ellipsis if the line was truncated.
    public var width: Double
    /// The characters (grapheme clusters, counted from the start of the text)
    /// shown on the line, including its trailing spaces but not its newline
    /// and not the ellipsis.
    public var characterRange: Range<Int>

    public init(width: Double, characterRange: Range<Int>) {
        self.width = width
        self.characterRange = characterRange
    }
}

/// The measured layout of a label's text.
///
/// Values are exact advances, not rounded to pixels; a view that wants
/// UIKit's behaviour rounds `size` up to its pixel grid.
///
/// Empty text has no lines and a zero size, as a `UILabel` with empty text
/// has a zero intrinsic content size; its baselines are then 0. Any other
/// text has at least one line per paragraph (text between newlines), so
/// "a\n" is two lines, the second one empty.
public struct TextLayoutMetrics: Hashable, Sendable {
    /// Width of the widest line; height is `lineCount` × line height.
    public var size: TextSize
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Distance from the top of the text to the first line's baseline.
    public var firstBaseline: Double
    /// Distance from the top of the text to the last line's baseline.
    public var lastBaseline: Double
    /// The height of every line, in points.
    public var lineHeight: Double
    /// True when `numberOfLines` cut text off (for either line break mode).
    public var isTruncated: Bool

    public init(size: TextSize, lines: [TextLine], firstBaseline: Double,
                lastBaseline: Double, lineHeight: Double, isTruncated: Bool) {
        self.size = size
        self.lines = lines
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
    }

    /// The number of lines laid out.
    public var lineCount: Int { lines.count }
}
