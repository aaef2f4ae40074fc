/// How a view takes part in Auto Layout: its frame as constraints when it
/// is placed by hand, its intrinsic size as hugging and compression
/// resistance inequalities when it is not.
extension View {
    // MARK: Constraints

    /// Activates constraints, as the old `UIView.addConstraints`.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Activates one constraint.
    public func addConstraint(_ constraint: LayoutConstraint) { LayoutConstraint.activate([constraint]) }
    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    /// Active app constraints that name this view (as first or second item).
    public var constraintsReferencingView: [LayoutConstraint] { references }

    /// Every constraint of this view installed in an engine, including the
    /// ones the engine made for its frame and intrinsic size.
    public var installedConstraints: [LayoutConstraint] {
        references.filter { $0.engine != nil } + engineOwnedConstraints.filter { $0.engine != nil }
    }

    // MARK: Entering the engine

    func enterEngine(_ engine: Engine) {
        if translatesAutoresizingMaskIntoConstraints {
            installAutoresizingConstraints(engine)
        } else {
            intrinsicSizeIsInvalid = true
            setNeedsUpdateConstraints()
            engineValuesChanged()
        }
    }

    func leaveEngine(_ engine: Engine) {
        for c in engineOwnedConstraints where c.engine === engine { engine.uninstall(c) }
        autoresizingConstraints = []
        contentSizeConstraints = []
        intrinsicSizeIsInvalid = true
    }

    func autoresizingModeChanged() {
        guard let engine else { return }
        if translatesAutoresizingMaskIntoConstraints {
            for case let c? in contentSizeConstraints { engine.uninstall(c) }
            contentSizeConstraints = []
            installAutoresizingConstraints(engine)
        } else {
            for c in autoresizingConstraints { engine.uninstall(c) }
            autoresizingConstraints = []
            intrinsicSizeIsInvalid = true
            setNeedsUpdateConstraints()
            engineValuesChanged()
        }
    }

    /// The frame as four required equalities, as `NSAutoresizingMaskLayoutConstraint`.
    private func installAutoresizingConstraints(_ engine: Engine) {
        let f = storedFrame
        autoresizingConstraints = [
            LayoutConstraint(kind: .autoresizing, self, .left, .equal, nil, .notAnAttribute, constant: f.minX, priority: .required),
            LayoutConstraint(kind: .autoresizing, self, .top, .equal, nil, .notAnAttribute, constant: f.minY, priority: .required),
            LayoutConstraint(kind: .autoresizing, self, .width, .equal, nil, .notAnAttribute, constant: f.width, priority: .required),
            LayoutConstraint(kind: .autoresizing, self, .height, .equal, nil, .notAnAttribute, constant: f.height, priority: .required),
        ]
        for c in autoresizingConstraints { c.active = true; engine.install(c) }
    }

    /// A hand-set frame reaches the engine through the in-place path.
    func updateAutoresizingConstants() {
        guard autoresizingConstraints.count == 4 else { return }
        let f = storedFrame
        autoresizingConstraints[0].constant = f.minX
        autoresizingConstraints[1].constant = f.minY
        autoresizingConstraints[2].constant = f.width
        autoresizingConstraints[3].constant = f.height
    }

    // MARK: Intrinsic size

    /// Tells the engine the intrinsic size changed; it is asked again (and
    /// text re-measured) once, in the next update-constraints phase.
    public func invalidateIntrinsicContentSize() {
        intrinsicSizeIsInvalid = true
        if engine != nil, !translatesAutoresizingMaskIntoConstraints { setNeedsUpdateConstraints() }
    }

    /// Content hugging: how strongly the view resists growing past its intrinsic size.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? contentHugging.0 : contentHugging.1
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { contentHugging.0 = priority } else { contentHugging.1 = priority }
        if contentSizeConstraints.count == 4 { contentSizeConstraints[axis == .horizontal ? 1 : 3]?.priority = priority }
    }

    /// Compression resistance: how strongly the view resists shrinking below its intrinsic size.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.0 : compressionResistance.1
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { compressionResistance.0 = priority } else { compressionResistance.1 = priority }
        if contentSizeConstraints.count == 4 { contentSizeConstraints[axis == .horizontal ? 0 : 2]?.priority = priority }
    }

    /// Asks `intrinsicContentSize` and sets the four content-size
    /// inequalities (`width >= w` at compression resistance, `width <= w` at
    /// hugging, the same for height), changing constants in place.
    func updateContentSizeConstraints(_ engine: Engine) {
        intrinsicSizeIsInvalid = false
        let size = intrinsicContentSize
        engine.counters.add(.intrinsicSizeUpdates)
        if contentSizeConstraints.isEmpty { contentSizeConstraints = [nil, nil, nil, nil] }
        setContentSize(size.width, axis: .horizontal, engine)
        setContentSize(size.height, axis: .vertical, engine)
        intrinsicSizeDidUpdate(engine)
    }

    private func setContentSize(_ value: Double, axis: LayoutAxis, _ engine: Engine) {
        let i = axis == .horizontal ? 0 : 2
        let attribute: LayoutAttribute = axis == .horizontal ? .width : .height
        if value < 0 {
            for j in [i, i + 1] {
                if let c = contentSizeConstraints[j] { engine.uninstall(c); contentSizeConstraints[j] = nil }
            }
            return
        }
        if let resist = contentSizeConstraints[i], let hug = contentSizeConstraints[i + 1] {
            resist.constant = value
            hug.constant = value
            return
        }
        let resist = LayoutConstraint(kind: .contentSize, self, attribute, .greaterThanOrEqual, nil, .notAnAttribute,
                                      constant: value, priority: contentCompressionResistancePriority(for: axis))
        let hug = LayoutConstraint(kind: .contentSize, self, attribute, .lessThanOrEqual, nil, .notAnAttribute,
                                   constant: value, priority: contentHuggingPriority(for: axis))
        resist.active = true
        hug.active = true
        contentSizeConstraints[i] = resist
        contentSizeConstraints[i + 1] = hug
        engine.install(resist)
        engine.install(hug)
    }
}
