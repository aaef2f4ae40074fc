import Synchronization

/// Bumped whenever any view's parent or semantic layout direction changes:
/// cached effective directions older than it are worked out again. Global
/// because views on other threads only make it move more often, never less.
private let layoutDirectionEpoch = Atomic<UInt64>(1)

/// A rectangle in a tree of views, as `UIView`: frame, bounds, subviews,
/// and the hooks subclasses override — `updateConstraints`,
/// `layoutSubviews`, `intrinsicContentSize`, `sizeThatFits`, `draw`.
///
/// A view is positioned either by hand (`frame`, the default, with
/// `translatesAutoresizingMaskIntoConstraints == true`) or by constraints
/// (set it to false). Both kinds mix in one hierarchy: a hand-placed view
/// that a constraint mentions enters the engine with its frame as four
/// required constraints, updated in place when the frame changes.
open class View: LayoutItem {
    /// A name for logs, frame dumps and traces.
    public var name: String?

    /// The parent; cleared by `removeFromSuperview` and when the parent goes away.
    public internal(set) unowned(unsafe) var superview: View? {
        didSet {
            parentLink = superview.map(Unmanaged.passUnretained)
            layoutDirectionEpoch.add(1, ordering: .relaxed)
        }
    }
    public internal(set) var subviews: [View] = []

    /// Whether this view is `parent`'s subview, compared through the
    /// unretained link: reading `superview` retains and releases it, and
    /// the render loop asks this of every child it visits.
    @inline(__always) func isSubview(of parent: View) -> Bool {
        parentLink?.toOpaque() == Unmanaged.passUnretained(parent).toOpaque()
    }
    /// The window at the root of this view's tree, if any. Unretained and
    /// not weak (a weak reference would put every retain of the window on
    /// the slow path): moving the view out clears it, and so does the
    /// window's `deinit` for the views still in it.
    public internal(set) var window: Window? {
        get { windowLink?.takeUnretainedValue() }
        set { setWindow(newValue.map(Unmanaged.passUnretained), engine: newValue.map { .passUnretained($0.layoutEngine) }) }
    }
    /// `window`, unretained, as stored.
    private(set) var windowLink: Unmanaged<Window>?
    /// `window`'s engine, unretained: asking which engine a constraint
    /// installs in (every activation, every constraint of a subtree that
    /// joins a window) then retains nothing.
    private(set) var windowEngine: Unmanaged<Engine>?

    /// Sets the window and its engine from links read once per move: going
    /// through `window` made each view of a moving subtree retain and
    /// release the window and its engine.
    func setWindow(_ link: Unmanaged<Window>?, engine: Unmanaged<Engine>?) {
        windowLink = link
        windowEngine = engine
    }

    var storedFrame = Rect.zero
    var boundsOrigin = Point.zero

    /// Whether constraints may move this view. False while it is being laid out by hand.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { autoresizingModeChanged() } }
    }

    /// Hidden views keep their constraints and are laid out, but are not displayed.
    public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.setNeedsDisplay(); if !isHidden { setNeedsDisplay() } } }
    }

    /// Forces a layout direction for this view and its subtree (nil: inherit; the window is left-to-right by default).
    public var semanticLayoutDirection: LayoutDirection? {
        didSet { layoutDirectionEpoch.add(1, ordering: .relaxed) }
    }
    // Three flags of other sections, declared here beside the ones above:
    // stored properties keep their order, and each flag alone took a word.
    // The 24 bytes pay for `contentSizeConstraints` held inline, keeping the
    // views in the same malloc size classes (a larger class makes every
    // view cost more to allocate and to walk).
    var hasAutoresizingSubviews = false
    /// Render-loop state (see View+RenderLoop).
    var isLayingOut = false
    /// Auto Layout state (see View+AutoLayout).
    var intrinsicSizeIsInvalid = true
    /// `effectiveLayoutDirection` as of a `layoutDirectionEpoch` value: the
    /// epoch shifted left once, right-to-left in the low bit (one word, not
    /// a 16-byte tuple, in every view).
    private var cachedLayoutDirection: UInt64 = 0

    /// Which of the view's dimensions follow its superview's size, as
    /// `UIView.autoresizingMask` (only the flexible width and height).
    public var autoresizingMask: AutoresizingMask = [] {
        didSet { if !autoresizingMask.isEmpty { superview?.hasAutoresizingSubviews = true } }
    }

    /// What this view has cost; see `ViewCounters`.
    public internal(set) var counters = ViewCounters()

    // Render-loop state (see View+RenderLoop).
    var updatePhase = PhaseState()
    var layoutPhase = PhaseState()
    var displayPhase = PhaseState()
    /// Marks the subtree a `systemLayoutSizeFitting` call is reading.
    var fittingToken = 0
    /// Subviews whose engine values changed since this view last laid out.
    var pendingEngineSubviews = InlineObjectList<View>()

    // Auto Layout state (see View+AutoLayout).
    /// The content-size constraints of forms that need objects (one side
    /// required), and the two-sided equations held without one.
    var contentSizeConstraints = ContentSizeSlots()
    var contentSizeEquations = ContentSizeEquations()
    var autoresizingConstraints: [LayoutConstraint] = []
    var contentHugging: (LayoutPriority, LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (LayoutPriority, LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// Layout guides added to this view (system guides included, once made).
    public internal(set) var layoutGuides: [LayoutGuide] = []

    // Safe area and margins (see View+SafeArea).
    /// Safe-area and margin settings and guides, made on first use (see `SystemGuides`).
    var systemGuides: SystemGuides?
    /// Views in this subtree (self included) whose guides follow the safe area.
    var guideDependents = 0

    /// A view with `frame`, placed by hand until told otherwise.
    public init(frame: Rect = .zero) {
        storedFrame = frame
        super.init()
        hostLink = Unmanaged.passUnretained(self)
    }

    deinit {
        for s in subviews where s.isSubview(of: self) { s.superview = nil }
        // A guide that outlives its view keeps a checked `owningView`; its
        // unretained links must not outlive the view.
        let me = Unmanaged.passUnretained(self).toOpaque()
        for g in layoutGuides where g.hostLink?.toOpaque() == me { g.parentLink = nil; g.hostLink = nil }
    }

    /// The name, or the type name.
    open override var debugName: String {
        if let name { return "\(String(describing: type(of: self)))(\(name))" }
        return String(describing: type(of: self))
    }

    override var resolvedLayoutDirection: LayoutDirection { effectiveLayoutDirection }
    override func didEnterEngine(_ engine: Engine) { enterEngine(engine) }
    override func willLeaveEngine(_ engine: Engine) { leaveEngine(engine) }
    override var engineOwnedConstraints: [LayoutConstraint] {
        autoresizingConstraints + contentSizeConstraints.all
    }
    override func forEachEngineOwnedConstraint(_ body: (LayoutConstraint) -> Void) {
        for c in autoresizingConstraints { body(c) }
        contentSizeConstraints.forEach(body)
    }
    override func engineValuesChanged() { markMovedByEngine() }
    /// Called after the content-size constraints changed (labels move baselines).
    func intrinsicSizeDidUpdate(_ engine: Engine) {}

    /// The direction leading and trailing resolve to here. Every leading or
    /// trailing anchor asks while its constraint is built, so the answer is
    /// kept until a parent or a semantic direction changes anywhere (each
    /// walk to the root retains every view on the way).
    public var effectiveLayoutDirection: LayoutDirection {
        let epoch = layoutDirectionEpoch.load(ordering: .relaxed)
        if cachedLayoutDirection >> 1 == epoch { return cachedLayoutDirection & 1 == 1 ? .rightToLeft : .leftToRight }
        // Up through the unretained link (`superview` is a retained copy).
        let direction = semanticLayoutDirection
            ?? parentLink?._withUnsafeGuaranteedRef { $0.effectiveLayoutDirection } ?? .leftToRight
        cachedLayoutDirection = epoch << 1 | (direction == .rightToLeft ? 1 : 0)
        return direction
    }

    // MARK: Geometry

    /// The rectangle in the superview's coordinates. Setting it on a
    /// constrained view lasts until the engine next moves the view.
    public var frame: Rect {
        get { storedFrame }
        set { setFrame(newValue, fromEngine: false) }
    }

    /// The view's own coordinate space: origin (the scroll offset for scroll views) and size.
    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: storedFrame.size) }
        set {
            if boundsOrigin != newValue.origin {
                boundsOrigin = newValue.origin
                boundsOriginDidChange()
            }
            if newValue.size != storedFrame.size {
                setFrame(Rect(origin: storedFrame.origin, size: newValue.size), fromEngine: false)
            }
        }
    }

    /// The frame's centre, in the superview's coordinates.
    public var center: Point {
        get { Point(x: storedFrame.midX, y: storedFrame.midY) }
        set {
            setFrame(Rect(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
                          width: storedFrame.width, height: storedFrame.height), fromEngine: false)
        }
    }

    func setFrame(_ frame: Rect, fromEngine: Bool) {
        guard frame != storedFrame else { return }
        let old = storedFrame
        storedFrame = frame
        if !fromEngine, translatesAutoresizingMaskIntoConstraints, engine != nil {
            updateAutoresizingConstants()
        }
        // A subview's frame changing marks its superview (the layout-cycle
        // deck), unless the superview is the one laying it out right now.
        if !fromEngine, let parent = superview, !parent.isLayingOut { parent.setNeedsLayout() }
        if old.size != frame.size {
            if hasAutoresizingSubviews { resizeSubviews(from: old.size) }
            setNeedsLayout()
            setNeedsDisplay()
            sizeDidChange(from: old.size)
        }
        if guideDependents > 0 { window?.safeAreaMayHaveChanged(below: self) }
    }

    private func resizeSubviews(from old: Size) {
        let dw = storedFrame.width - old.width, dh = storedFrame.height - old.height
        for s in subviews where !s.autoresizingMask.isEmpty {
            var f = s.storedFrame
            if s.autoresizingMask.contains(.flexibleWidth) { f.size.width += dw }
            if s.autoresizingMask.contains(.flexibleHeight) { f.size.height += dh }
            s.frame = f
        }
    }

    /// Called after the size changed (labels re-measure multi-line text).
    func sizeDidChange(from oldSize: Size) {}
    /// Called after `bounds.origin` changed (scroll views).
    func boundsOriginDidChange() {}

    /// Converts a point from this view's coordinates to `view`'s (nil: the root's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let p = pointInRoot(point)
        guard let view else { return p }
        let t = view.pointInRoot(.zero)
        return Point(x: p.x - t.x, y: p.y - t.y)
    }

    private func pointInRoot(_ point: Point) -> Point {
        var p = point
        var u = self
        while let s = u.superview {
            p.x += u.storedFrame.minX - u.boundsOrigin.x
            p.y += u.storedFrame.minY - u.boundsOrigin.y
            u = s
        }
        return p
    }

    /// Converts a rectangle from this view's coordinates to `view`'s.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    // MARK: Hooks

    /// Override to add or change constraints; called leaves first, once per
    /// `setNeedsUpdateConstraints`, in the update-constraints phase.
    open func updateConstraints() {}

    /// Override to set subviews' frames by hand; call `super.layoutSubviews()`
    /// first to copy the engine's values into constrained subviews' frames.
    open func layoutSubviews() {
        applyEngineFramesToSubviews()
    }

    /// The natural size of the content (`noIntrinsicMetric` per dimension when none).
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The size this view would like within `size`, for layout by hand. The default keeps the current size.
    open func sizeThatFits(_ size: Size) -> Size { storedFrame.size }

    /// Draws the content; called in the display phase for visible views that need display.
    open func draw() {}

    /// Called when `safeAreaInsets` changed (after a frame, device or inset change).
    open func safeAreaInsetsDidChange() {}
    /// Called when the effective layout margins changed.
    open func layoutMarginsDidChange() {}

    /// The safe area this view passes on to its subviews (scroll views keep
    /// back what they absorbed into their content inset).
    func safeAreaInsetsForSubviews() -> EdgeInsets { safeAreaInsets }
    /// The safe area before `additionalSafeAreaInsets` (the window's comes from its device).
    func baseSafeAreaInsets() -> EdgeInsets { inheritedSafeAreaInsets() }

    open func didMoveToSuperview() {}
    open func didMoveToWindow() {}

    /// Resizes the view to `sizeThatFits` its current size.
    public func sizeToFit() {
        let s = sizeThatFits(storedFrame.size)
        frame = Rect(origin: storedFrame.origin, size: s)
    }

    /// "No intrinsic size in this dimension", as `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric: Double = -1

    /// Zeroes this view's counters.
    public func resetCounters() { counters = ViewCounters() }
}

/// Which dimensions follow the superview's size changes.
public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
}
