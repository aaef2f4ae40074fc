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
        displayIfNeeded()
        layoutEngine.endPass()
    }

    /// Notes that a frame moved in a subtree with safe-area-tracking views.
    func safeAreaMayHaveChanged(below view: View) {
        safeAreaRoots.append(view)
    }
}
