/// Why a Visual Format Language string was rejected. Each case carries the
/// 0-based offset of the character at fault; `description` prints the
/// format with a caret under it, as UIKit does.
public struct VisualFormatError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// The format is empty (or only an orientation).
        case emptyFormat
        /// Something else was expected here, e.g. "']'", "a view", "a number or metric name".
        case expected(String)
        /// A view name that is not a key of `views`.
        case unknownView(String)
        /// A metric name that is not a key of `metrics`.
        case unknownMetric(String)
        /// `|` somewhere other than the start or the end.
        case misplacedSuperview
        /// `|` is used but the first view has no superview.
        case noSuperview(String)
        /// A priority outside 1…1000.
        case invalidPriority(Double)
        /// An alignment option along the format's own axis (`alignAllLeading` in `H:`).
        case alignmentAlongAxis
        /// Characters left over after a complete format.
        case unexpectedCharacter(Character)
    }

    public let reason: Reason
    /// 0-based offset into `format`.
    public let offset: Int
    public let format: String

    /// 1-based column, as an editor shows it.
    public var column: Int { offset + 1 }

    public var description: String {
        let what: String
        switch reason {
        case .emptyFormat: what = "The format is empty; write something like H:|-[view]-|."
        case let .expected(thing): what = "Expected \(thing)."
        case let .unknownView(name): what = "\(name) is not a key in the views dictionary; add it or fix the spelling."
        case let .unknownMetric(name): what = "\(name) is not a key in the metrics dictionary; add it or use a number."
        case .misplacedSuperview: what = "'|' may only come first or last; split the format in two."
        case let .noSuperview(name): what = "Unable to interpret '|' because \(name) has no superview; add it to one first."
        case let .invalidPriority(p): what = "Priority \(formatNumber(p)) is out of range; use 1 to 1000."
        case .alignmentAlongAxis:
            what = "Options ask for alignment along the format's own axis; use top/bottom/centerY/baselines for H:, left/right/leading/trailing/centerX for V:."
        case let .unexpectedCharacter(c): what = "Unexpected '\(c)' after the end of the format."
        }
        return "Unable to parse constraint format: \n\(what) \n\(format) \n"
            + String(repeating: " ", count: max(0, offset)) + "^"
    }
}
