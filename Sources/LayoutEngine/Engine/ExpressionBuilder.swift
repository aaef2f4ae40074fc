import LayoutSolver

/// Turns a layout constraint into a solver expression.
///
/// Positions live in each item's coordinate parent's space, so an anchor is
/// expressed in the nearest common ancestor's space: the item's own x (or
/// y) plus those of every view between it and that ancestor. The ancestor's
/// own edges are 0 and its width or height. Siblings therefore relate
/// directly (`a.x + a.w + 8 == b.x`), a child to its parent by its own
/// variables alone (`child.x == 8`), and cousins through their containers.
enum ExpressionBuilder {
    struct Built {
        /// `first - (multiplier × second + constant)`.
        var expression: Expression
        /// What anchors contributed to the constant (baseline offsets).
        var anchorConstant: Double
    }

    /// The expression for `c`, or nil if its items share no ancestor.
    /// `touching` is called with each item whose variables appear, in order
    /// of first appearance, possibly more than once (callers that care skip
    /// repeats); nothing is called when the result is nil. A callback, not
    /// a list: collecting the items retained and released each of them.
    static func build(_ c: LayoutConstraint, touching: (LayoutItem) -> Void) -> Built? {
        // Each unowned item read once: every read is an atomic retain and release.
        let first = c.firstItem, second = c.secondItem
        let needsSpace = !c.firstAttribute.isDimension
            || (second != nil && !c.secondAttribute.isDimension)
        var space: LayoutItem?
        if needsSpace {
            if let second {
                guard let s = commonAncestor(first, second) else { return nil }
                space = s
            } else {
                space = first.coordinateParent
            }
        }
        var terms: [Term] = []
        terms.reserveCapacity(4)
        var constant = 0.0
        append(first, c.firstAttribute, in: space, scale: 1, &terms, &constant, touching)
        if let second {
            append(second, c.secondAttribute, in: space, scale: -c.multiplier, &terms, &constant, touching)
        }
        return Built(expression: Expression(terms, constant: constant - c.constant), anchorConstant: constant)
    }

    /// Only the anchors' constant part, for baselines that moved.
    static func anchorConstant(of c: LayoutConstraint) -> Double {
        var k = offset(c.firstItem, c.firstAttribute)
        if let second = c.secondItem { k -= c.multiplier * offset(second, c.secondAttribute) }
        return k
    }

    private static func offset(_ item: LayoutItem, _ attribute: LayoutAttribute) -> Double {
        guard item.hasBaselines else { return 0 }
        switch attribute {
        case .firstBaseline: return item.firstBaselineOffsetFromTop
        case .lastBaseline: return -item.lastBaselineOffsetFromBottom
        default: return 0
        }
    }

    /// Appends `scale × attribute(item)` in `space`'s coordinates.
    private static func append(_ item: LayoutItem, _ attribute: LayoutAttribute, in space: LayoutItem?,
                               scale: Double, _ terms: inout [Term], _ constant: inout Double,
                               _ touching: (LayoutItem) -> Void) {
        // Right-to-left, leading and trailing become right and left and their
        // axis flips: "+8 from the leading edge" still moves inwards.
        var scale = scale
        let direction = attribute == .leading || attribute == .trailing ? item.resolvedLayoutDirection : .leftToRight
        if direction == .rightToLeft { scale = -scale }
        var attribute = attribute.resolved(direction)
        if (attribute == .firstBaseline || attribute == .lastBaseline) && !item.hasBaselines { attribute = .bottom }
        var ownVariablesUsed = false
        switch attribute {
        case .notAnAttribute:
            return
        case .width:
            terms.append(Term(item.widthVar, scale))
            ownVariablesUsed = true
        case .height:
            terms.append(Term(item.heightVar, scale))
            ownVariablesUsed = true
        case .left, .right, .centerX, .leading, .trailing:
            ownVariablesUsed = appendOffset(item, in: space, horizontal: true, scale: scale, &terms, touching)
            if attribute == .right {
                terms.append(Term(item.widthVar, scale))
                ownVariablesUsed = true
            } else if attribute == .centerX {
                terms.append(Term(item.widthVar, scale * 0.5))
                ownVariablesUsed = true
            }
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline:
            ownVariablesUsed = appendOffset(item, in: space, horizontal: false, scale: scale, &terms, touching)
            switch attribute {
            case .bottom:
                terms.append(Term(item.heightVar, scale))
                ownVariablesUsed = true
            case .centerY:
                terms.append(Term(item.heightVar, scale * 0.5))
                ownVariablesUsed = true
            case .firstBaseline:
                constant += scale * item.firstBaselineOffsetFromTop
            case .lastBaseline:
                terms.append(Term(item.heightVar, scale))
                ownVariablesUsed = true
                constant -= scale * item.lastBaselineOffsetFromBottom
            default:
                break
            }
        }
        if ownVariablesUsed { touching(item) }
    }

    /// Adds the positions of `item` and each view up to (not including)
    /// `space`. Returns whether `item`'s own variable was used.
    private static func appendOffset(_ item: LayoutItem, in space: LayoutItem?, horizontal: Bool,
                                     scale: Double, _ terms: inout [Term], _ touching: (LayoutItem) -> Void) -> Bool {
        guard item !== space else { return false }
        var current: LayoutItem = item
        while true {
            terms.append(Term(horizontal ? current.xVar : current.yVar, scale))
            if current !== item { touching(current) }
            guard let parent = current.coordinateParent, parent !== space else { break }
            current = parent
        }
        return true
    }

    /// The nearest item that both are (or descend from); nil if none.
    static func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> LayoutItem? {
        if a === b { return a }
        // Each parent asked once (a virtual call returning a retained reference).
        let pa = a.coordinateParent, pb = b.coordinateParent
        if pa === b { return b }
        if pb === a { return a }
        if let pa, pa === pb { return pa }
        var depthA = 0, depthB = 0
        var p: LayoutItem? = a
        while let q = p { depthA += 1; p = q.coordinateParent }
        p = b
        while let q = p { depthB += 1; p = q.coordinateParent }
        var x: LayoutItem? = a, y: LayoutItem? = b
        while depthA > depthB { x = x?.coordinateParent; depthA -= 1 }
        while depthB > depthA { y = y?.coordinateParent; depthB -= 1 }
        while let u = x, let v = y, u !== v { x = u.coordinateParent; y = v.coordinateParent }
        return x
    }
}
