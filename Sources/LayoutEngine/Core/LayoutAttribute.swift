/// A part of a view or guide that a constraint can relate, as
/// `NSLayoutConstraint.Attribute`. Leading and trailing resolve to left or
/// right by the item's layout direction when the constraint is installed.
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing
    case width, height, centerX, centerY
    case firstBaseline, lastBaseline
    /// No attribute: the second half of a constant constraint (`width == 40`).
    case notAnAttribute

    /// True for width and height, which need no common coordinate space.
    public var isDimension: Bool { self == .width || self == .height }
    /// The first or the last baseline.
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// The axis the attribute measures along (nil for `notAnAttribute`).
    public var axis: LayoutAxis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        case .notAnAttribute: nil
        }
    }

    /// Leading and trailing made physical for `direction`; others unchanged.
    func resolved(_ direction: LayoutDirection) -> LayoutAttribute {
        switch (self, direction) {
        case (.leading, .leftToRight): .left
        case (.leading, .rightToLeft): .right
        case (.trailing, .leftToRight): .right
        case (.trailing, .rightToLeft): .left
        default: self
        }
    }
}

/// How the two sides of a constraint compare.
public enum LayoutRelation: String, Sendable, Hashable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}
