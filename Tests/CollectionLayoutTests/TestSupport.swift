import CollectionLayout
import Geometry

extension Rect {
    /// Equal within rounding of the layout arithmetic.
    func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }
}

/// A context with only counts and bounds, the rest zero.
func context(_ counts: [Int], width: Double, height: Double = 800, y: Double = 0) -> LayoutContext {
    LayoutContext(itemCounts: counts, bounds: Rect(x: 0, y: y, width: width, height: height))
}

/// Every item's attributes, in index-path order.
func allAttributes(_ layout: some CollectionViewLayout, counts: [Int]) -> [LayoutAttributes] {
    counts.enumerated().flatMap { s, n in (0..<n).compactMap { layout.layoutAttributesForItem(at: IndexPath(s, $0)) } }
}
