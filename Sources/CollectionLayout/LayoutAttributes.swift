import Geometry

/// What a layout says about one item: where it goes and how it is shown.
///
/// The collection view copies these onto the cell it shows for `indexPath`.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    /// The item these attributes place.
    public var indexPath: IndexPath
    /// The item's frame in content coordinates (the scroll view's content, y down).
    public var frame: Rect
    /// Stacking order among overlapping cells; higher draws on top.
    public var zIndex: Int
    /// True when the cell should exist but not be drawn.
    public var isHidden: Bool
    /// Opacity from 0 (transparent) to 1.
    public var alpha: Double
    /// True while `frame.size` is an estimate: the collection view should ask the
    /// cell for its preferred size and report it with
    /// ``CollectionViewLayout/invalidateLayout(forPreferredSize:ofItemAt:)``.
    public var sizeIsEstimated: Bool

    public init(indexPath: IndexPath, frame: Rect, zIndex: Int = 0, isHidden: Bool = false,
                alpha: Double = 1, sizeIsEstimated: Bool = false) {
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.alpha = alpha
        self.sizeIsEstimated = sizeIsEstimated
    }

    public var description: String {
        "\(indexPath) \(frame)" + (sizeIsEstimated ? " (estimated)" : "") + (isHidden ? " hidden" : "")
    }
}
