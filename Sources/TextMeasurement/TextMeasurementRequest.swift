/// How a label breaks text that does not fit its width, as in UIKit.
public enum LineBreakMode: Hashable, Sendable {
    /// Wrap at word boundaries; a word wider than the line is broken between
    /// characters. Lines past `numberOfLines` are dropped.
    case byWordWrapping
    /// Wrap like `byWordWrapping`; when `numberOfLines` cuts text off, the
    /// last line is shortened by characters to make room for an ellipsis ("…").
    case byTruncatingTail
}

/// The height of each line of a label.
public enum LineHeight: Hashable, Sendable {
    /// The font's own line height (ascender + descender + line gap), like `UIFont.lineHeight`.
    case natural
    /// The natural height times this factor, like `NSParagraphStyle.lineHeightMultiple`.
    case multiple(Double)
    /// Exactly this many points, like setting both minimum and maximum line height.
    case exactly(Double)
}

/// Everything that decides the size of a label's text. Two equal requests
/// always give equal metrics, which is what makes them a cache key.
public struct TextMeasurementRequest: Hashable, Sendable {
    public var text: String
    public var font: Font
    /// The widest a line may be, in points; `nil` means unlimited, so only
    /// explicit newlines break lines. A width of zero or less leaves one
    /// character per line.
    public var availableWidth: Double?
    /// The most lines to lay out; 0 (or less) means unlimited, as `UILabel.numberOfLines`.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    public var lineHeight: LineHeight

    /// A request with UILabel's defaults: one line, word wrapping, natural line height.
    public init(text: String,
                font: Font,
                availableWidth: Double? = nil,
                numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byWordWrapping,
                lineHeight: LineHeight = .natural) {
        self.text = text
        self.font = font
        self.availableWidth = availableWidth
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.lineHeight = lineHeight
    }
}
