/// Safe area, layout margins and readable content, as UIKit 11 defines them
/// (WWDC 2018 session 235):
///
/// - A view's safe area comes from its parent's, but only where the view
///   overlaps the parent's unsafe region, and never more than the parent's;
///   `additionalSafeAreaInsets` adds to it. The window's comes from its device.
/// - Layout margins sit inside the safe area by default
///   (`insetsLayoutMarginsFromSafeArea`: the margin is added to the safe
///   inset); `preservesSuperviewLayoutMargins` keeps at least the parent's
///   margin where the view reaches into it; directional margins follow the
///   layout direction.
/// - The readable content guide is the margins guide narrowed to a readable
///   width, which grows with the window's body text size.
///
/// Each system guide is placed by its own constraints whose constants are
/// these insets, changed in place (`Solver.setConstant`) when they move.
extension View {
    // MARK: Safe area

    /// The insets of the unsafe region (status bar, notch, home indicator, bars).
    public var safeAreaInsets: EdgeInsets { baseSafeAreaInsets() + additionalSafeAreaInsets }

    /// Extra insets added to this view's safe area (and passed on to its subviews).
    public var additionalSafeAreaInsets: EdgeInsets {
        get { systemGuides?.additionalSafeAreaInsets ?? .zero }
        set {
            guard newValue != additionalSafeAreaInsets else { return }
            ownGuides.additionalSafeAreaInsets = newValue
            systemInsetsChanged()
        }
    }

    /// The parent's safe area, clipped to where this view overlaps it.
    func inheritedSafeAreaInsets() -> EdgeInsets {
        guard let parent = superview else { return .zero }
        let p = parent.safeAreaInsetsForSubviews()
        if p == .zero { return .zero }
        let b = parent.bounds
        let f = storedFrame
        func clip(_ overlap: Double, _ limit: Double, _ extent: Double) -> Double {
            max(0, min(overlap, limit, extent))
        }
        return EdgeInsets(top: clip(b.minY + p.top - f.minY, p.top, f.height),
                          left: clip(b.minX + p.left - f.minX, p.left, f.width),
                          bottom: clip(f.maxY - (b.maxY - p.bottom), p.bottom, f.height),
                          right: clip(f.maxX - (b.maxX - p.right), p.right, f.width))
    }

    /// The safe area as a guide (created on first use; placed only once constrained to).
    public var safeAreaLayoutGuide: LayoutGuide {
        if let g = systemGuides?.safeAreaGuide { return g }
        let g = makeSystemGuide(.safeArea)
        ownGuides.safeAreaGuide = g
        return g
    }

    // MARK: Layout margins

    /// The view's own margins (physical edges); 8 points on every side by default.
    public var layoutMargins: EdgeInsets {
        get {
            guard let guides = systemGuides else { return SystemGuides.defaultMargins }
            return guides.directionalMargins?.resolved(rightToLeft: effectiveLayoutDirection == .rightToLeft)
                ?? guides.layoutMargins
        }
        set {
            let guides = ownGuides
            guides.layoutMargins = newValue
            guides.directionalMargins = nil
            systemInsetsChanged()
        }
    }

    /// Margins by leading and trailing edge; they swap sides right-to-left.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            if let d = systemGuides?.directionalMargins { return d }
            let m = systemGuides?.layoutMargins ?? SystemGuides.defaultMargins
            return effectiveLayoutDirection == .rightToLeft
                ? DirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
                : DirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set {
            ownGuides.directionalMargins = newValue
            systemInsetsChanged()
        }
    }

    /// Whether the margins are measured from the safe area's edges (true by default).
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { systemGuides?.insetsLayoutMarginsFromSafeArea ?? true }
        set { ownGuides.insetsLayoutMarginsFromSafeArea = newValue; systemInsetsChanged() }
    }

    /// Whether the view keeps at least its superview's margins where it reaches into them.
    public var preservesSuperviewLayoutMargins: Bool {
        get { systemGuides?.preservesSuperviewLayoutMargins ?? false }
        set { ownGuides.preservesSuperviewLayoutMargins = newValue; systemInsetsChanged() }
    }

    /// The margins the layout margins guide uses, from the view's bounds:
    /// own margins, raised to the superview's where preserved, plus the safe area.
    public var effectiveLayoutMargins: EdgeInsets {
        var m = layoutMargins
        if preservesSuperviewLayoutMargins, let parent = superview {
            let p = parent.effectiveLayoutMargins
            let b = parent.bounds, f = storedFrame
            m.top = max(m.top, b.minY + p.top - f.minY)
            m.left = max(m.left, b.minX + p.left - f.minX)
            m.bottom = max(m.bottom, f.maxY - (b.maxY - p.bottom))
            m.right = max(m.right, f.maxX - (b.maxX - p.right))
            if insetsLayoutMarginsFromSafeArea { return m.atLeast(safeAreaInsets) }
            return m
        }
        return insetsLayoutMarginsFromSafeArea ? m + safeAreaInsets : m
    }

    /// The margins as a guide.
    public var layoutMarginsGuide: LayoutGuide {
        if let g = systemGuides?.marginsGuide { return g }
        let g = makeSystemGuide(.layoutMargins)
        ownGuides.marginsGuide = g
        return g
    }

    /// A guide inside the margins no wider than a comfortable line of body text.
    public var readableContentGuide: LayoutGuide {
        if let g = systemGuides?.readableGuide { return g }
        let g = makeSystemGuide(.readableContent)
        ownGuides.readableGuide = g
        return g
    }

    /// The readable width for the window's body text size.
    var readableWidth: Double { (window?.bodyTextSize ?? 17) * Window.readableEmsPerLine }

    // MARK: Guides

    private func makeSystemGuide(_ role: LayoutGuide.Role) -> LayoutGuide {
        let g = LayoutGuide(role: role, owner: self)
        func c(_ a: LayoutAttribute, _ r: LayoutRelation, _ b: LayoutAttribute, multiplier: Double = 1,
               priority: LayoutPriority = .required, toOwner: Bool = true) -> LayoutConstraint {
            LayoutConstraint(kind: .guide, g, a, r, toOwner ? self : nil, b, constant: 0, priority: priority)
        }
        switch role {
        case .safeArea, .layoutMargins, .custom:
            g.systemConstraints = [c(.left, .equal, .left), c(.top, .equal, .top),
                                   c(.right, .equal, .right), c(.bottom, .equal, .bottom)]
        case .readableContent:
            g.systemConstraints = [c(.left, .greaterThanOrEqual, .left), c(.top, .equal, .top),
                                   c(.right, .lessThanOrEqual, .right), c(.bottom, .equal, .bottom),
                                   c(.width, .lessThanOrEqual, .notAnAttribute, toOwner: false),
                                   c(.width, .equal, .width, priority: 999),
                                   c(.centerX, .equal, .centerX)]
        }
        layoutGuides.append(g)
        updateGuideConstants(g)
        return g
    }

    /// Sets a system guide's constants from the current insets.
    /// Returns whether any changed.
    @discardableResult
    func updateGuideConstants(_ g: LayoutGuide) -> Bool {
        let cs = g.systemConstraints
        let insets: EdgeInsets
        switch g.role {
        case .custom: return false
        case .safeArea: insets = safeAreaInsets
        case .layoutMargins, .readableContent: insets = effectiveLayoutMargins
        }
        var constants = [insets.left, insets.top, -insets.right, -insets.bottom]
        if g.role == .readableContent {
            constants += [readableWidth, -(insets.left + insets.right), (insets.left - insets.right) / 2]
        }
        var changed = false
        for (c, k) in zip(cs, constants) where c.constant != k {
            c.constant = k
            changed = true
        }
        return changed
    }

    /// Margins, safe-area settings or the device changed: re-check this subtree.
    func systemInsetsChanged() {
        window?.safeAreaMayHaveChanged(below: self)
        setNeedsLayout()
    }
}

extension EdgeInsets {
    func atLeast(_ o: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, o.top), left: max(left, o.left), bottom: max(bottom, o.bottom), right: max(right, o.right))
    }
}

extension Window {
    /// Brings system guides up to date after frames, devices or settings
    /// moved: walks only the branches below a changed view that hold
    /// safe-area-tracking views.
    func settleSystemGuides() {
        guard !safeAreaRoots.isEmpty else { return }
        let roots = safeAreaRoots
        safeAreaRoots.removeAll(keepingCapacity: true)
        for root in roots where root.window === self {
            settle(root)
        }
        layoutEngine.flushChanges()
    }

    private func settle(_ view: View) {
        guard view.guideDependents > 0 else { return }
        var changed = false
        for g in view.layoutGuides where g.role != .custom && g.engine != nil {
            if view.updateGuideConstants(g) { changed = true }
        }
        if changed {
            view.setNeedsLayout()
            view.safeAreaInsetsDidChange()
            view.layoutMarginsDidChange()
        }
        for s in view.subviews { settle(s) }
    }
}

/// Per-view safe-area and margin settings and the system guides made for
/// them, boxed: most views never set or use them (a feed cell's none do).
/// Inline they would add a couple of hundred bytes to every view, pushing a
/// label over glibc's largest small request: each label would then take
/// the allocator's slow path, which first merges every small block freed
/// since the last such request. A view reads the defaults without a box and
/// makes one on its first write (`View.ownGuides`).
final class SystemGuides {
    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var readableGuide: LayoutGuide?
    /// The view's own margins; `directional` wins when set.
    var layoutMargins = SystemGuides.defaultMargins
    var directionalMargins: DirectionalEdgeInsets?
    var insetsLayoutMarginsFromSafeArea = true
    var preservesSuperviewLayoutMargins = false
    var additionalSafeAreaInsets = EdgeInsets.zero
}

extension View {
    /// The view's guide settings, made on first use, for writing.
    var ownGuides: SystemGuides {
        if let g = systemGuides { return g }
        let g = SystemGuides()
        systemGuides = g
        return g
    }
}
