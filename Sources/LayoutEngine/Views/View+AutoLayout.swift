/// How a view takes part in Auto Layout: its frame as constraints when it
/// is placed by hand, its intrinsic size as hugging and compression
/// resistance preferences when it is not.
extension View {
    // MARK: Constraints

    /// Activates constraints, as the old `UIView.addConstraints`.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }
    /// Activates one constraint.
    public func addConstraint(_ constraint: LayoutConstraint) { LayoutConstraint.activate([constraint]) }
    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    /// Active app constraints that name this view (as first or second item).
    public var constraintsReferencingView: [LayoutConstraint] { Array(references) }

    /// Every constraint of this view installed in an engine, including the
    /// ones the engine made for its frame and intrinsic size. A two-sided
    /// content-size preference, which the view holds as an equation (see
    /// `ContentSizeEquation`), appears as a detached constraint that
    /// describes it: changing that one changes nothing.
    public var installedConstraints: [LayoutConstraint] {
        var out = references.filter { $0.isInstalled } + autoresizingConstraints.filter { $0.isInstalled }
        for axis in LayoutAxis.allCases {
            let i = axis == .horizontal ? 0 : 2
            if let e = contentSizeEquations[axis], engine != nil {
                let c = LayoutConstraint(kind: .contentSize, self, axis == .horizontal ? .width : .height, .equal,
                                         nil, .notAnAttribute, constant: e.constant, priority: e.resist)
                c.huggingPriority = e.hug
                c.active = true
                out.append(c)
            }
            for j in i...i + 1 { if let c = contentSizeConstraints[j], c.isInstalled { out.append(c) } }
        }
        return out
    }

    // MARK: Entering the engine

    func enterEngine(_ engine: Engine) {
        // Content-size equations or constraints still here were another
        // engine's, closed with its window without this view leaving it
        // (see `Engine.close`): made again in this one's update pass.
        if !contentSizeEquations.isEmpty || !contentSizeConstraints.isEmpty {
            contentSizeEquations = ContentSizeEquations()
            contentSizeConstraints = ContentSizeSlots()
        }
        if translatesAutoresizingMaskIntoConstraints {
            installAutoresizingConstraints(engine)
        } else {
            intrinsicSizeIsInvalid = true
            setNeedsUpdateConstraints()
            engineValuesChanged()
        }
    }

    func leaveEngine(_ engine: Engine) {
        for c in autoresizingConstraints where c.isInstalled(in: engine) { engine.uninstall(c) }
        uninstallContentSize(from: engine)
        autoresizingConstraints = []
        intrinsicSizeIsInvalid = true
    }

    func autoresizingModeChanged() {
        guard let engine else { return }
        if translatesAutoresizingMaskIntoConstraints {
            uninstallContentSize(from: engine)
            installAutoresizingConstraints(engine)
        } else {
            for c in autoresizingConstraints { engine.uninstall(c) }
            autoresizingConstraints = []
            intrinsicSizeIsInvalid = true
            setNeedsUpdateConstraints()
            engineValuesChanged()
        }
    }

    /// Removes every content-size equation and constraint, axis by axis.
    private func uninstallContentSize(from engine: Engine) {
        for axis in LayoutAxis.allCases {
            let i = axis == .horizontal ? 0 : 2
            if let e = contentSizeEquations[axis] { engine.uninstallContentSize(e, of: self) }
            for j in i...i + 1 { if let c = contentSizeConstraints[j], c.isInstalled(in: engine) { engine.uninstall(c) } }
        }
        contentSizeEquations = ContentSizeEquations()
        contentSizeConstraints = ContentSizeSlots()
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
        contentPrioritiesChanged(axis)
    }

    /// Compression resistance: how strongly the view resists shrinking below its intrinsic size.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.0 : compressionResistance.1
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { compressionResistance.0 = priority } else { compressionResistance.1 = priority }
        contentPrioritiesChanged(axis)
    }

    /// New priorities reach installed content-size constraints in place
    /// (or, when the axis changes form, in the next update pass).
    private func contentPrioritiesChanged(_ axis: LayoutAxis) {
        let i = axis == .horizontal ? 0 : 2
        let resist = contentCompressionResistancePriority(for: axis)
        let hug = contentHuggingPriority(for: axis)
        let form = ContentSizeForm(resist: resist, hug: hug)
        if var e = contentSizeEquations[axis] {
            guard form == .twoSided, let link = engineLink else { return invalidateIntrinsicContentSize() }
            link._withUnsafeGuaranteedRef { $0.changeContentPriorities(&e, resist: resist, hug: hug) }
            contentSizeEquations[axis] = e
            return
        }
        guard let first = contentSizeConstraints[i] else { return }
        switch (form, contentSizeConstraints[i + 1]) {
        case (.twoSided, nil) where first.huggingPriority != nil:
            first.setContentPriorities(compressionResistance: resist, hugging: hug)
        case (.inequalities, let second?):
            first.priority = resist
            second.priority = hug
        case (.equality, nil) where first.huggingPriority == nil:
            break
        default:
            invalidateIntrinsicContentSize()
        }
    }

    /// Asks `intrinsicContentSize` and sets the content-size constraints of
    /// both axes (see `ContentSizeForm`), changing constants in place.
    func updateContentSizeConstraints(_ engine: Engine) {
        intrinsicSizeIsInvalid = false
        let size = intrinsicContentSize
        engine.counters.add(.intrinsicSizeUpdates)
        // No intrinsic metric and no constraint yet: nothing to set or
        // remove (containers are most views).
        if size.width < 0, size.height < 0, contentSizeConstraints.isEmpty, contentSizeEquations.isEmpty {
            intrinsicSizeDidUpdate(engine)
            return
        }
        setContentSize(size.width, axis: .horizontal, engine)
        setContentSize(size.height, axis: .vertical, engine)
        intrinsicSizeDidUpdate(engine)
    }

    /// One axis, in slots `i` and `i + 1` of `contentSizeConstraints`: one
    /// constraint for `.twoSided` and `.equality`, two for `.inequalities`
    /// (compression resistance first). Nothing without an intrinsic metric.
    private func setContentSize(_ value: Double, axis: LayoutAxis, _ engine: Engine) {
        let i = axis == .horizontal ? 0 : 2
        let attribute: LayoutAttribute = axis == .horizontal ? .width : .height
        let resistPriority = contentCompressionResistancePriority(for: axis)
        let hugPriority = contentHuggingPriority(for: axis)
        let form = ContentSizeForm(resist: resistPriority, hug: hugPriority)
        if var e = contentSizeEquations[axis] {
            // Priorities reach it as they change (`contentPrioritiesChanged`):
            // only the size can differ here.
            if value >= 0, value.isFinite, form == .twoSided, e.resist == resistPriority, e.hug == hugPriority {
                engine.changeContentSize(&e, to: value)
                contentSizeEquations[axis] = e
                return
            }
            engine.uninstallContentSize(e, of: self)
            contentSizeEquations[axis] = nil
        }
        if value >= 0, let first = contentSizeConstraints[i] {
            let second = contentSizeConstraints[i + 1]
            let same = switch form {
            case .twoSided: second == nil && first.huggingPriority != nil
            case .equality: second == nil && first.huggingPriority == nil
            case .inequalities: second != nil
            }
            if same {
                first.constant = value
                second?.constant = value
                return
            }
        }
        for j in i...i + 1 {
            if let c = contentSizeConstraints[j] { engine.uninstall(c); contentSizeConstraints[j] = nil }
        }
        guard value >= 0 else { return }
        if form == .twoSided, value.isFinite {
            contentSizeEquations[axis] = engine.installContentSize(of: self, axis: axis, constant: value,
                                                                  resist: resistPriority, hug: hugPriority)
            return
        }
        switch form {
        case .twoSided, .equality:
            let c = LayoutConstraint(kind: .contentSize, self, attribute, .equal, nil, .notAnAttribute,
                                     constant: value, priority: resistPriority)
            if form == .twoSided { c.huggingPriority = hugPriority }
            c.active = true
            contentSizeConstraints[i] = c
            engine.install(c)
        case .inequalities:
            let resist = LayoutConstraint(kind: .contentSize, self, attribute, .greaterThanOrEqual, nil, .notAnAttribute,
                                          constant: value, priority: resistPriority)
            let hug = LayoutConstraint(kind: .contentSize, self, attribute, .lessThanOrEqual, nil, .notAnAttribute,
                                       constant: value, priority: hugPriority)
            resist.active = true
            hug.active = true
            contentSizeConstraints[i] = resist
            contentSizeConstraints[i + 1] = hug
            engine.install(resist)
            engine.install(hug)
        }
    }
}

/// How one axis of an intrinsic size becomes constraints. UIKit keeps one
/// content-size constraint per axis with both priorities; so does the
/// engine whenever the solver can take it as one equation.
enum ContentSizeForm {
    /// Both priorities below required: one two-sided preference,
    /// `size == intrinsic`, hugging above and compression resistance below
    /// (one row and two error symbols in the solver, where two inequalities
    /// took two rows and four symbols).
    case twoSided
    /// Both required: one required equality.
    case equality
    /// One side required: `size >= intrinsic` at compression resistance and
    /// `size <= intrinsic` at hugging.
    case inequalities

    init(resist: LayoutPriority, hug: LayoutPriority) {
        switch (resist.isRequired, hug.isRequired) {
        case (false, false): self = .twoSided
        case (true, true): self = .equality
        default: self = .inequalities
        }
    }
}
