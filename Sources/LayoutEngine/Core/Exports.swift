// The view layer's public vocabulary: geometry values, fonts and measurers
// come with `import LayoutEngine`, so a driver needs one import.
@_exported import Geometry
@_exported import TextMeasurement
import LayoutSolver

/// How strongly a constraint wants to hold, on UIKit's scale (1000 is
/// required; 750 high, 250 low, 50 fitting size).
public typealias LayoutPriority = LayoutSolver.Priority

/// Which way leading and trailing point.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft
}

/// A layout axis, as content hugging and compression resistance use it.
public enum LayoutAxis: Int, Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical
}
