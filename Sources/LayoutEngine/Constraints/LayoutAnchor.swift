/// Phantom types that keep anchors of different kinds apart at compile
/// time, as `NSLayoutXAxisAnchor`, `NSLayoutYAxisAnchor` and `NSLayoutDimension`.
public enum XAxis {}
public enum YAxis {}
public enum Dimension {}

/// One attribute of one item, the factory for constraints on it.
///
/// `title.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8)`
/// makes an inactive constraint; activate it (or use `NSLayoutConstraint`-style
/// batch `LayoutConstraint.activate`).
///
/// An anchor does not keep its item alive (UIKit's anchors hold theirs
/// weakly; a constraint holds its items unretained): keep the view while
/// you use its anchors. Held, every anchor made would cost atomic reference
/// count operations, and a cell's constraints make many.
public struct LayoutAnchor<Kind> {
    /// The item, unretained.
    let link: Unmanaged<LayoutItem>
    public let attribute: LayoutAttribute

    /// The item whose attribute this is.
    public var item: LayoutItem { link.takeUnretainedValue() }

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.link = .passUnretained(item)
        self.attribute = attribute
    }

    // Two makers, not one taking an optional anchor: an optional's item was
    // a retained copy (a constraint holds its items unretained).
    private func make(_ relation: LayoutRelation, _ other: LayoutAnchor<Kind>, multiplier: Double,
                      constant: Double) -> LayoutConstraint {
        LayoutConstraint(first: link, attribute, relation,
                         second: other.link, other.attribute, multiplier: multiplier, constant: constant)
    }

    private func make(_ relation: LayoutRelation, constant: Double) -> LayoutConstraint {
        LayoutConstraint(first: link, attribute, relation,
                         second: nil, .notAnAttribute, multiplier: 1, constant: constant)
    }

    /// `self == other + constant`.
    public func constraint(equalTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other, multiplier: 1, constant: constant)
    }
    /// `self >= other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, other, multiplier: 1, constant: constant)
    }
    /// `self <= other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, other, multiplier: 1, constant: constant)
    }
}

extension LayoutAnchor where Kind == Dimension {
    /// `self == multiplier × other + constant`.
    public func constraint(equalTo other: LayoutAnchor<Dimension>, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other, multiplier: multiplier, constant: constant)
    }
    /// `self >= multiplier × other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<Dimension>, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, other, multiplier: multiplier, constant: constant)
    }
    /// `self <= multiplier × other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<Dimension>, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, other, multiplier: multiplier, constant: constant)
    }
    /// `self == constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        make(.equal, constant: constant)
    }
    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, constant: constant)
    }
    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, constant: constant)
    }
}

extension LayoutAnchor where Kind == XAxis {
    /// `self == multiplier × other + constant` (multipliers on positions, as the
    /// `NSLayoutConstraint` initialiser allows).
    public func constraint(equalTo other: LayoutAnchor<XAxis>, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other, multiplier: multiplier, constant: constant)
    }
}

extension LayoutAnchor where Kind == YAxis {
    /// `self == multiplier × other + constant`.
    public func constraint(equalTo other: LayoutAnchor<YAxis>, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other, multiplier: multiplier, constant: constant)
    }
}

extension LayoutItem {
    public var leftAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .left) }
    public var rightAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .right) }
    public var leadingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .leading) }
    public var trailingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .trailing) }
    public var centerXAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .centerX) }
    public var topAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .top) }
    public var bottomAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .bottom) }
    public var centerYAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .centerY) }
    public var widthAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .width) }
    public var heightAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .height) }
}

extension View {
    /// The first line's baseline (labels); other views use their bottom.
    public var firstBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .firstBaseline) }
    /// The last line's baseline (labels); other views use their bottom.
    public var lastBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .lastBaseline) }
}
