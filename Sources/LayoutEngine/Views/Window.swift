/// The root of a view tree and the owner of its engine, as `UIWindow`.
///
/// One engine (one `Solver`) per window. `runFrame()` is one turn of the
/// render loop: update constraints (leaves first), layout (root first),
/// display — repeating update and layout while layout invalidated
/// constraints (two-pass labels), up to a bound.
public final class Window: View {
    let layoutEngine: Engine
    /// Views whose frames moved while they or their subtree track the safe area.
    var safeAreaRoots: [View] = []

    /// A window of `frame`; text is measured by `measurer` (HarfBuzz with
    /// DejaVu Sans by default, the approximate measurer if the fonts are missing).
    public init(frame: Rect, measurer: (any TextMeasurer)? = nil) {
        let m: any TextMeasurer
        if let measurer {
            m = measurer
        } else if let hb = try? HarfBuzzTextMeasurer() {
            m = hb
        } else {
            m = ApproximateTextMeasurer()
        }
        layoutEngine = Engine(measurer: m)
        super.init(frame: frame)
        layoutEngine.window = self
        window = self
    }

    deinit {
        // Views and guides that outlive the window must not keep pointing at
        // it or its engine (their references are unretained); constraints
        // find the engine through its slot, which closing it moves on.
        // Captured unretained: the walk's closure passed down the tree
        // retained and released a captured engine at every view.
        let engine = Unmanaged.passUnretained(layoutEngine)
        forEachInSubtree { view in
            view.setWindow(nil, engine: nil)
            view.forEachItem { item in engine._withUnsafeGuaranteedRef { $0.detach(item) } }
        }
        layoutEngine.close()
    }

    /// The measurer labels in this window use; replace it to plug in another.
    public var textMeasurer: any TextMeasurer {
        get { layoutEngine.measurer }
        set { layoutEngine.measurer = newValue }
    }

    /// Everything counted so far, the solvers' counters included. Snapshot
    /// before and after, and subtract.
    public var engineCounters: EngineCounters { layoutEngine.snapshot() }

    /// UIKit-style messages about constraints the engine had to break.
    public var constraintMessages: [String] { layoutEngine.messages }

    /// Called with each message as it is logged (for example `{ print($0) }`).
    public var logHandler: ((String) -> Void)? {
        get { layoutEngine.logHandler }
        set { layoutEngine.logHandler = newValue }
    }

    /// When non-nil, the render loop appends one line per call it makes
    /// ("updateConstraints Label(title)", "layoutSubviews …", "draw …",
    /// "measure …"). Set to `[]` to start recording.
    public var trace: [String]? {
        get { layoutEngine.trace }
        set { layoutEngine.trace = newValue }
    }

    /// Whether two items' variables are in the same independent block of
    /// equations (a constraint path joins them).
    public func sharesIndependentBlock(_ a: LayoutItem, _ b: LayoutItem) -> Bool {
        layoutEngine.solver.sharesComponent(a.widthVar, b.widthVar)
    }

    /// Independent blocks of equations in the engine.
    public var independentBlockCount: Int { layoutEngine.solver.componentCount }

    /// Constraints in the solver (all kinds).
    public var engineConstraintCount: Int { layoutEngine.solver.constraintCount }

    /// One turn of the render loop.
    public func runFrame() {
        layoutEngine.counters.add(.frames)
        var rounds = 0
        repeat {
            layoutEngine.counters.add(.layoutLoopIterations)
            updateConstraintsIfNeeded()
            layoutEngine.flushChanges()
            layoutSubtreeIfNeeded()
            settleSystemGuides()
            rounds += 1
        } while (updatePhase.hasWork || layoutPhase.hasWork) && rounds < View.maxLayoutRounds
        if updatePhase.hasWork || layoutPhase.hasWork {
            // Something keeps invalidating itself; the rest waits for the next frame.
            layoutEngine.log("Layout did not settle after \(View.maxLayoutRounds) rounds of update and layout; "
                + "a view invalidates its own constraints or layout every pass (check layoutSubviews and intrinsicContentSize).")
        }
        displayIfNeeded()
        layoutEngine.endPass()
    }

    /// The device-given safe area (see `apply(_:orientation:)`).
    public private(set) var deviceSafeAreaInsets = EdgeInsets.zero
    /// The device shape and orientation last applied, if any.
    public private(set) var device: (shape: DeviceShape, orientation: DeviceOrientation)?

    /// The body text size readable widths scale with (Dynamic Type); 17 by default.
    public var bodyTextSize = 17.0 {
        didSet { if bodyTextSize != oldValue { systemInsetsChanged() } }
    }
    /// A readable line is this many ems of body text (672 points at 17).
    public static let readableEmsPerLine = 672.0 / 17

    override func baseSafeAreaInsets() -> EdgeInsets { deviceSafeAreaInsets }

    /// Becomes the screen of `shape` held in `orientation`: the frame takes
    /// its size and the safe area its insets; everything re-lays out.
    public func apply(_ shape: DeviceShape, orientation: DeviceOrientation) {
        device = (shape, orientation)
        deviceSafeAreaInsets = shape.safeAreaInsets(orientation)
        frame = Rect(origin: .zero, size: shape.size(orientation))
        systemInsetsChanged()
    }

    /// Notes that a frame moved in a subtree with safe-area-tracking views.
    func safeAreaMayHaveChanged(below view: View) {
        safeAreaRoots.append(view)
    }
}
