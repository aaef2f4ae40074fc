/// An invisible rectangle that takes part in constraints, as
/// `UILayoutGuide`: custom guides replace spacer views, and every view has
/// system guides for its safe area, layout margins and readable content.
///
/// A guide's position is in its owning view's coordinates. System guides
/// carry their own placement constraints, installed only once something
/// constrains to the guide, so unused guides cost nothing.
public final class LayoutGuide: LayoutItem {
    /// What the guide is for.
    public enum Role: Sendable, Hashable {
        case custom
        case safeArea
        case layoutMargins
        case readableContent
    }

    /// A name for logs.
    public var identifier: String
    public let role: Role
    /// The view the guide belongs to (set by `View.addLayoutGuide`).
    public internal(set) unowned var owningView: View? {
        didSet { linkToOwner() }
    }
    /// Placement constraints of system guides.
    var systemConstraints: [LayoutConstraint] = []

    /// A custom guide; add it to a view with `addLayoutGuide`.
    public init(identifier: String = "") {
        self.identifier = identifier
        self.role = .custom
        super.init()
    }

    init(role: Role, owner: View) {
        self.role = role
        self.owningView = owner
        switch role {
        case .custom: identifier = ""
        case .safeArea: identifier = "SafeAreaLayoutGuide"
        case .layoutMargins: identifier = "LayoutMarginsGuide"
        case .readableContent: identifier = "ReadableContentGuide"
        }
        super.init()
        linkToOwner()
    }

    private func linkToOwner() {
        parentLink = owningView.map(Unmanaged.passUnretained)
        hostLink = parentLink
    }

    public override var debugName: String {
        let owner = owningView?.debugName ?? "nil"
        return identifier.isEmpty ? "LayoutGuide(\(owner))" : "\(identifier)(\(owner))"
    }

    /// The guide's rectangle in the owning view's coordinates, as the engine
    /// solved it (zero when nothing constrains the guide).
    public var layoutFrame: Rect {
        engineRect() ?? .zero
    }

    override var engineOwnedConstraints: [LayoutConstraint] { systemConstraints }
    override func forEachEngineOwnedConstraint(_ body: (LayoutConstraint) -> Void) {
        for c in systemConstraints { body(c) }
    }

    override func didEnterEngine(_ engine: Engine) {
        owningView?.updateGuideConstants(self)
        for c in systemConstraints where !c.isInstalled {
            c.active = true
            engine.install(c)
        }
        if role != .custom, let owner = owningView {
            owner.addGuideDependents(1)
            owner.window?.safeAreaMayHaveChanged(below: owner)
        }
    }

    override func willLeaveEngine(_ engine: Engine) {
        for c in systemConstraints where c.isInstalled(in: engine) { engine.uninstall(c) }
        if role != .custom { owningView?.addGuideDependents(-1) }
    }
}

extension View {
    /// Adds a custom guide to this view.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.owningView == nil || guide.owningView === self, "a guide belongs to one view")
        guard guide.owningView !== self || !layoutGuides.contains(where: { $0 === guide }) else { return }
        guide.owningView = self
        layoutGuides.append(guide)
    }

    /// Removes a custom guide and deactivates the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let i = layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        LayoutConstraint.deactivate(Array(guide.references))
        if let engine = guide.engine { engine.leave(guide) }
        layoutGuides.remove(at: i)
        guide.owningView = nil
    }

    /// Adds `n` to the count of safe-area-tracking views in this subtree and its ancestors'.
    func addGuideDependents(_ n: Int) {
        guard n != 0 else { return }
        var v: View? = self
        while let u = v {
            u.guideDependents += n
            v = u.superview
        }
    }
}
