import CollectionLayout
import Geometry

/// A seeded generator (SplitMix64) so every property test replays the same cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
