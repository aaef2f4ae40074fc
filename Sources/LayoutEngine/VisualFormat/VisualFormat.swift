/// Options for the Visual Format Language, as `NSLayoutConstraint.FormatOptions`:
/// align every view in the format on one attribute, and choose which
/// horizontal edges `H:` formats use.
public struct VisualFormatOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alignAllLeft = VisualFormatOptions(rawValue: 1 << 0)
    public static let alignAllRight = VisualFormatOptions(rawValue: 1 << 1)
    public static let alignAllTop = VisualFormatOptions(rawValue: 1 << 2)
    public static let alignAllBottom = VisualFormatOptions(rawValue: 1 << 3)
    public static let alignAllLeading = VisualFormatOptions(rawValue: 1 << 4)
    public static let alignAllTrailing = VisualFormatOptions(rawValue: 1 << 5)
    public static let alignAllCenterX = VisualFormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterY = VisualFormatOptions(rawValue: 1 << 7)
    public static let alignAllFirstBaseline = VisualFormatOptions(rawValue: 1 << 8)
    public static let alignAllLastBaseline = VisualFormatOptions(rawValue: 1 << 9)
    /// `H:` uses leading and trailing (the default).
    public static let directionLeadingToTrailing = VisualFormatOptions([])
    /// `H:` uses left and right whatever the layout direction.
    public static let directionLeftToRight = VisualFormatOptions(rawValue: 1 << 16)
    /// `H:` runs from right to left.
    public static let directionRightToLeft = VisualFormatOptions(rawValue: 1 << 17)

    fileprivate static let alignments: [(VisualFormatOptions, LayoutAttribute)] = [
        (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
        (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        (.alignAllCenterY, .centerY), (.alignAllFirstBaseline, .firstBaseline), (.alignAllLastBaseline, .lastBaseline),
    ]
}

/// The Visual Format Language (`H:|-8-[avatar(40)]-8-[title(>=100@750)]-|`).
public enum VisualFormat {
    /// The standard gap between sibling views (`[a]-[b]`).
    public static let standardSpacing = 8.0
    /// The standard gap to the superview's edge (`|-[a]`).
    public static let standardSuperviewSpacing = 20.0
}

extension LayoutConstraint {
    /// The constraints a Visual Format Language string describes, not yet
    /// active, as `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    /// - Throws: `VisualFormatError`, whose description points at the column at fault.
    public static func constraints(withVisualFormat format: String, options: VisualFormatOptions = [],
                                   metrics: [String: Double] = [:],
                                   views: [String: View]) throws(VisualFormatError) -> [LayoutConstraint] {
        var parser = VisualFormatParser(format, metrics: metrics)
        let syntax = try parser.parse()
        func fail(_ reason: VisualFormatError.Reason, _ offset: Int) -> VisualFormatError {
            VisualFormatError(reason: reason, offset: offset, format: format)
        }
        func lookUp(_ name: String, _ offset: Int) throws(VisualFormatError) -> View {
            guard let v = views[name] else { throw fail(.unknownView(name), offset) }
            return v
        }
        var terms: [View] = []
        for term in syntax.views { terms.append(try lookUp(term.name, term.offset)) }

        let (lead, trail, dimension): (LayoutAttribute, LayoutAttribute, LayoutAttribute)
        if syntax.vertical {
            (lead, trail, dimension) = (.top, .bottom, .height)
        } else if options.contains(.directionLeftToRight) {
            (lead, trail, dimension) = (.left, .right, .width)
        } else if options.contains(.directionRightToLeft) {
            (lead, trail, dimension) = (.right, .left, .width)
        } else {
            (lead, trail, dimension) = (.leading, .trailing, .width)
        }
        // Right-to-left gaps run towards smaller x.
        let sign = !syntax.vertical && options.contains(.directionRightToLeft) ? -1.0 : 1.0

        var out: [LayoutConstraint] = []
        func add(_ first: View, _ a1: LayoutAttribute, _ p: VisualFormatParser.Predicate, _ second: View?,
                 _ a2: LayoutAttribute, constantSign: Double = 1) {
            guard case let .constant(k) = p.object else { return }
            // A gap measured towards smaller x flips the inequality with the sign.
            var relation = p.relation
            if constantSign < 0 {
                relation = relation == .lessThanOrEqual ? .greaterThanOrEqual
                    : relation == .greaterThanOrEqual ? .lessThanOrEqual : .equal
            }
            let c = LayoutConstraint(item: first, attribute: a1, relatedBy: relation, toItem: second,
                                     attribute: a2, constant: k * constantSign)
            if let pr = p.priority { c.priority = LayoutPriority(Float(pr)) }
            out.append(c)
        }
        func gap(_ spacing: VisualFormatParser.Connection.Spacing, standard: Double) -> [VisualFormatParser.Predicate] {
            switch spacing {
            case .flush: [.init(relation: .equal, object: .constant(0), priority: nil, offset: 0)]
            case .standard: [.init(relation: .equal, object: .constant(standard), priority: nil, offset: 0)]
            case let .predicates(ps): ps
            }
        }

        if syntax.leading != nil || syntax.trailing != nil {
            guard let superview = terms[0].superview else {
                throw fail(.noSuperview(syntax.views[0].name), syntax.superviewOffset)
            }
            if let leading = syntax.leading {
                for p in gap(leading.spacing, standard: VisualFormat.standardSuperviewSpacing) {
                    add(terms[0], lead, p, superview, lead, constantSign: sign)
                }
            }
            if let trailing = syntax.trailing {
                for p in gap(trailing.spacing, standard: VisualFormat.standardSuperviewSpacing) {
                    add(superview, trail, p, terms[terms.count - 1], trail, constantSign: sign)
                }
            }
        }
        for (index, term) in syntax.views.enumerated() {
            for p in term.predicates {
                switch p.object {
                case .constant:
                    add(terms[index], dimension, p, nil, .notAnAttribute)
                case let .view(name):
                    let other = try lookUp(name, p.offset)
                    let c = LayoutConstraint(item: terms[index], attribute: dimension, relatedBy: p.relation,
                                             toItem: other, attribute: dimension)
                    if let pr = p.priority { c.priority = LayoutPriority(Float(pr)) }
                    out.append(c)
                }
            }
            if index > 0 {
                for p in gap(syntax.connections[index - 1].spacing, standard: VisualFormat.standardSpacing) {
                    add(terms[index], lead, p, terms[index - 1], trail, constantSign: sign)
                }
            }
        }
        for (option, attribute) in VisualFormatOptions.alignments where options.contains(option) {
            guard attribute.axis != (syntax.vertical ? .vertical : .horizontal) else {
                throw fail(.alignmentAlongAxis, 0)
            }
            for v in terms.dropFirst() {
                out.append(LayoutConstraint(item: v, attribute: attribute, relatedBy: .equal,
                                            toItem: terms[0], attribute: attribute))
            }
        }
        return out
    }
}

extension View {
    /// Parses `format` and activates its constraints; returns them.
    /// - Throws: `VisualFormatError`.
    @discardableResult
    public func addConstraints(withVisualFormat format: String, options: VisualFormatOptions = [],
                               metrics: [String: Double] = [:],
                               views: [String: View]) throws(VisualFormatError) -> [LayoutConstraint] {
        let cs = try LayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                  metrics: metrics, views: views)
        LayoutConstraint.activate(cs)
        return cs
    }
}
