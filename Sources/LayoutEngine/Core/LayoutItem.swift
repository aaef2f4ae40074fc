import LayoutSolver

/// Something constraints can position: a view or a layout guide.
///
/// Every item owns four solver variables — x, y, width and height — with
/// x and y in its coordinate parent's space (the superview's bounds for a
/// view, the owning view's for a guide). A constraint between items in
/// different branches adds the positions of the views in between, so
/// moving a container changes one item's variables, never its descendants'.
open class LayoutItem {
    let xVar: Variable
    let yVar: Variable
    let widthVar: Variable
    let heightVar: Variable

    /// Active user constraints that name this item as first or second item;
    /// each constraint remembers its slot here, so removal is O(1).
    var references = ReferenceList()
    /// How many of `references` name one of this item's baselines: a label
    /// whose text changed size visits its references only when some do
    /// (each visit reads a constraint object long out of the cache).
    var baselineReferenceCount: Int32 = 0

    /// The engine holding this item's variables, if any. Unretained (the
    /// engine must not keep its window's tree alive) and not weak (a weak
    /// reference puts every retain of the engine on the slow path):
    /// `Engine.leave` clears it, and `Engine.detach` for items still in the
    /// engine when the window goes.
    var engine: Engine? {
        get { engineLink?.takeUnretainedValue() }
        set { engineLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// The same reference as a value: the per-frame paths reach the engine
    /// through it without a retain and a release.
    var engineLink: Unmanaged<Engine>?

    /// Set when the engine moved one of this item's variables and the
    /// new values have not been copied out yet.
    var engineDirty = false

    /// The view whose coordinate space x and y are in (the superview of a
    /// view, the owning view of a guide), and the view this item belongs
    /// to (itself for a view, the owner for a guide). Kept here unretained
    /// by `View` and `LayoutGuide`, so that the walks every constraint's
    /// expression makes up the tree read a field: through a virtual getter
    /// each step would be a retain and a release. Valid while the item is in a tree that
    /// is alive, which is when constraints are built.
    var parentLink: Unmanaged<View>?
    var hostLink: Unmanaged<View>?

    public init() {
        (xVar, yVar, widthVar, heightVar) = Variable.four()
    }

    deinit {
        // An active constraint outlives this item only in the references of
        // an item in another tree, or in the app's hands: mark it, so no
        // path reads this item through it (constraints hold items unretained).
        for i in references.indices {
            Unmanaged.passUnretained(references[i])._withUnsafeGuaranteedRef { c in
                if c.isFirstItem(self) { c.goneItems |= 1 }
                if c.isSecondItem(self) { c.goneItems |= 2 }
            }
        }
    }

    /// The view whose coordinate space x and y are in.
    var coordinateParent: View? { parentLink?.takeUnretainedValue() }

    /// A short name for logs and frame dumps.
    open var debugName: String { String(describing: type(of: self)) }

    /// The layout direction leading/trailing resolve with.
    var resolvedLayoutDirection: LayoutDirection {
        parentLink?._withUnsafeGuaranteedRef { $0.effectiveLayoutDirection } ?? .leftToRight
    }

    /// Called by the engine when one of the variables changed value.
    func engineValuesChanged() { engineDirty = true }

    /// The values the engine last reported for x, y, width and height
    /// (`Engine.flushChanges` keeps them): the layout pass reads them here
    /// instead of asking the solver for each variable, four lookups into
    /// tables long out of the cache by then.
    var reportedRect = Rect.zero

    /// Records a reported value of one of the four variables.
    @inline(__always) func setReported(_ value: Double, for v: Variable) {
        // `Variable.four()` numbers them x, y, width, height.
        switch v.id &- xVar.id {
        case 0: reportedRect.origin.x = value
        case 1: reportedRect.origin.y = value
        case 2: reportedRect.size.width = value
        default: reportedRect.size.height = value
        }
    }

    /// Where the engine puts this item now, in its coordinate parent's space.
    func engineRect() -> Rect? {
        engineLink?._withUnsafeGuaranteedRef { engine in
            engine.flushChanges()
            return reportedRect
        }
    }

    /// The view this item belongs to: itself for a view, the owner for a guide.
    var hostView: View? { hostLink?.takeUnretainedValue() }

    /// Whether the baselines are the item's own (labels); otherwise they are its bottom.
    var hasBaselines: Bool { false }
    /// Where the first baseline sits below the top (labels); other items use their bottom.
    var firstBaselineOffsetFromTop: Double { 0 }
    /// Where the last baseline sits above the bottom (labels).
    var lastBaselineOffsetFromBottom: Double { 0 }

    /// Called when the item's variables join an engine.
    func didEnterEngine(_ engine: Engine) {}
    /// Called before the item's variables leave an engine.
    func willLeaveEngine(_ engine: Engine) {}
    /// Constraints the engine made on this item's behalf (autoresizing,
    /// content size, guide placement), for logs.
    var engineOwnedConstraints: [LayoutConstraint] { [] }
    /// The same constraints without building an array (a window's teardown
    /// visits every item).
    func forEachEngineOwnedConstraint(_ body: (LayoutConstraint) -> Void) {
        for c in engineOwnedConstraints { body(c) }
    }

    /// The engine a constraint between this item and `other` installs in
    /// now (both must be in the same window), unretained.
    func installationEngine(with other: LayoutItem?) -> Unmanaged<Engine>? {
        guard let engine = hostWindowEngine else { return nil }
        if let other, other.hostWindowEngine?.toOpaque() != engine.toOpaque() { return nil }
        return engine
    }

    /// The engine of the window the host view is in, unretained.
    var hostWindowEngine: Unmanaged<Engine>? { hostLink?._withUnsafeGuaranteedRef { $0.windowEngine } }

    // MARK: References

    func addReference(_ c: LayoutConstraint, asFirst: Bool) {
        if asFirst { c.firstSlot = references.count } else { c.secondSlot = references.count }
        if (asFirst ? c.firstAttribute : c.secondAttribute).isBaseline { baselineReferenceCount += 1 }
        references.append(c)
    }

    func removeReference(_ c: LayoutConstraint, asFirst: Bool) {
        let slot = asFirst ? c.firstSlot : c.secondSlot
        guard slot >= 0, slot < references.count, references[slot] === c else { return }
        let last = references.removeLast()
        if slot < references.count {
            references[slot] = last
            if last.isFirstItem(self) && last.firstSlot == references.count { last.firstSlot = slot }
            else { last.secondSlot = slot }
        }
        if asFirst { c.firstSlot = -1 } else { c.secondSlot = -1 }
        if (asFirst ? c.firstAttribute : c.secondAttribute).isBaseline { baselineReferenceCount -= 1 }
    }
}
