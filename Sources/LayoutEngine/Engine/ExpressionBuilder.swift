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
    /// An expression's parts besides its terms.
    struct Parts {
        /// The expression's constant: `first - (multiplier × second + constant)`.
        var constant: Double
        /// What anchors contributed to it (baseline offsets).
        var anchorConstant: Double
        /// The first item's view (whose counters the constraint counts in), unretained.
        var owner: Unmanaged<View>?
    }

    /// The expression for `c`, or nil if its items share no ancestor (see
    /// `build(_:first:second:into:touching:)`).
    static func expression(for c: LayoutConstraint, touching: (LayoutItem) -> Void) -> Expression? {
        var terms: [Term] = []
        terms.reserveCapacity(4)
        guard let parts = build(c, into: &terms, touching: touching) else { return nil }
        return Expression(terms, constant: parts.constant)
    }

    /// Appends the terms of `c`'s expression to `terms` (the engine queues
    /// them without an array of their own) and returns its other parts, or
    /// nil, appending nothing, if its items share no ancestor. `touching`
    /// is called with each item whose variables appear, in order of first
    /// appearance, possibly more than once (callers that care skip
    /// repeats); nothing is called when the result is nil. A callback, not a list: collecting the items
    /// retained and released each of them.
    static func build(_ c: LayoutConstraint, into terms: inout some TermSink, touching: (LayoutItem) -> Void) -> Parts? {
        // The items as links, borrowed where used: an `if let` of a
        // borrowed item still copied it (a retain and a release).
        let first = c.firstLink, second = c.secondLink
        let needsSpace = !c.firstAttribute.isDimension
            || (second != nil && !c.secondAttribute.isDimension)
        // The tree is walked through unretained links (see `LayoutItem.parentLink`):
        // the items are in a live tree while their constraint is built.
        var space: ItemLink?
        if needsSpace {
            if let second {
                guard let s = commonAncestor(first, second) else { return nil }
                space = s
            } else {
                space = parent(first)
            }
        }
        var constant = 0.0
        first._withUnsafeGuaranteedRef { append($0, c.firstAttribute, in: space, scale: 1, &terms, &constant, touching) }
        if let second {
            second._withUnsafeGuaranteedRef {
                append($0, c.secondAttribute, in: space, scale: -c.multiplier, &terms, &constant, touching)
            }
        }
        return Parts(constant: constant - c.constant, anchorConstant: constant,
                     owner: first._withUnsafeGuaranteedRef { $0.hostLink })
    }

    /// Only the anchors' constant part, for baselines that moved.
    static func anchorConstant(of c: LayoutConstraint) -> Double {
        c.withItems { first, second in
            var k = offset(first, c.firstAttribute)
            if let second { k -= c.multiplier * offset(second, c.secondAttribute) }
            return k
        }
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
    private static func append(_ item: LayoutItem, _ attribute: LayoutAttribute, in space: ItemLink?,
                               scale: Double, _ terms: inout some TermSink, _ constant: inout Double,
                               _ touching: (LayoutItem) -> Void) {
        // Right-to-left, leading and trailing become right and left and their
        // axis flips: "+8 from the leading edge" still moves inwards.
        var scale = scale
        let direction = attribute == .leading || attribute == .trailing ? item.resolvedLayoutDirection : .leftToRight
        if direction == .rightToLeft { scale = -scale }
        var attribute = attribute.resolved(direction)
        if attribute.isBaseline && !item.hasBaselines { attribute = .bottom }
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
    private static func appendOffset(_ item: LayoutItem, in space: ItemLink?, horizontal: Bool,
                                     scale: Double, _ terms: inout some TermSink, _ touching: (LayoutItem) -> Void) -> Bool {
        let stop = space?.toOpaque()
        var current = ItemLink.passUnretained(item)
        guard current.toOpaque() != stop else { return false }
        while true {
            current._withUnsafeGuaranteedRef { view in
                terms.append(Term(horizontal ? view.xVar : view.yVar, scale))
                if view !== item { touching(view) }
            }
            guard let parent = current._withUnsafeGuaranteedRef({ $0.parentLink }), parent.toOpaque() != stop else { break }
            current = link(parent)
        }
        return true
    }

    /// The nearest item that both are (or descend from), or nil; walked
    /// through unretained links, which the items' live tree keeps valid.
    static func commonAncestor(_ a: ItemLink, _ b: ItemLink) -> ItemLink? {
        if a.toOpaque() == b.toOpaque() { return a }
        let pa = parent(a), pb = parent(b)
        if pa?.toOpaque() == b.toOpaque() { return b }
        if pb?.toOpaque() == a.toOpaque() { return a }
        if let pa, pa.toOpaque() == pb?.toOpaque() { return pa }
        var depthA = 0, depthB = 0
        var p: ItemLink? = a
        while let q = p { depthA += 1; p = parent(q) }
        p = b
        while let q = p { depthB += 1; p = parent(q) }
        var x: ItemLink? = a, y: ItemLink? = b
        while depthA > depthB { x = x.flatMap(parent); depthA -= 1 }
        while depthB > depthA { y = y.flatMap(parent); depthB -= 1 }
        while let u = x, let v = y, u.toOpaque() != v.toOpaque() { x = parent(u); y = parent(v) }
        return x
    }

    @inline(__always) private static func parent(_ item: ItemLink) -> ItemLink? {
        item._withUnsafeGuaranteedRef { $0.parentLink }.map(link)
    }

    @inline(__always) private static func link(_ view: Unmanaged<View>) -> ItemLink {
        ItemLink.fromOpaque(view.toOpaque())
    }
}

typealias ItemLink = Unmanaged<LayoutItem>
