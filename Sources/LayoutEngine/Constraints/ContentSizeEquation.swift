import LayoutSolver

/// A view's two-sided content-size preference on one axis (`size ==
/// intrinsic`, hugging above, compression resistance below: the
/// `.twoSided` form of `ContentSizeForm`), held by the view as the solver's
/// equation itself, with no `LayoutConstraint` object.
///
/// Labels and image views have two each. As objects they would be made,
/// installed and freed with every view, a large share of a cell's
/// constraints and of the objects a window's teardown frees. The
/// form never conflicts (neither priority is required) and the app never
/// holds it, so nothing needs an object to break, log or hand back;
/// `View.installedConstraints` describes one with a detached object.
struct ContentSizeEquation {
    /// The solver's id for the equation.
    var id: UInt64
    /// The intrinsic size it holds the view to.
    var constant: Double
    var resist: LayoutPriority
    var hug: LayoutPriority
    /// Its position in the engine's queue of additions when it was queued
    /// (stale once applied; the engine checks the entry is still this one).
    var queuedAt: Int32 = -1
}

/// A view's content-size equations, width and height.
struct ContentSizeEquations {
    var width: ContentSizeEquation?
    var height: ContentSizeEquation?

    subscript(axis: LayoutAxis) -> ContentSizeEquation? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    var isEmpty: Bool { width == nil && height == nil }
}
