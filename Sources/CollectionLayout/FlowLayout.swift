import Geometry

/// A line-based layout after `UICollectionViewFlowLayout` (WWDC 2018 session
/// 225, 04:34–16:00): items fill a line across the scroll axis, then wrap.
///
/// - Vertical scrolling: lines are rows, filled left to right and stacked top
///   to bottom; horizontal scrolling: lines are columns, filled top to bottom.
/// - `minimumInteritemSpacing` separates items in a line and
///   `minimumLineSpacing` separates lines; with `.justified` (UIKit's
///   behaviour) a line's slack widens its gaps and a lone item is centred.
/// - `sectionInset` is measured from the edge chosen by `sectionInsetReference`
///   (content inset, safe area or layout margins) across the scroll axis; the
///   content inset is always the minimum. Empty sections take no room.
/// - ``ItemSizing/columns(minimumWidth:height:)`` is the talk's column layout.
/// - With `estimatedItemSize`, items start at the estimate and take the size
///   their cells report through ``invalidateLayout(forPreferredSize:ofItemAt:)``.
///
/// Costs (N items, S sections, n items in the touched section):
/// - `prepare` after an invalidation: O(N). With nothing invalidated: O(S).
/// - `layoutAttributesForElements(in:)`: O(log S + log L + k) for k items returned.
/// - A preferred size that keeps the item's extent along its line: O(items in
///   its line + lines after it in the section + sections after it). One that
///   changes it re-breaks the section's lines from the item's line: O(n).
/// - ``applyBatchUpdate(_:)``: for each touched section, O(items from the first
///   touched line to the section's end × log k), plus O(S) to shift sections;
///   untouched sections are reused as they are.
public struct FlowLayout: CollectionViewLayout {
    public enum ScrollDirection: Hashable, Sendable { case vertical, horizontal }

    /// The edge section insets are measured from (`UICollectionViewFlowLayout.SectionInsetReference`).
    public enum SectionInsetReference: Hashable, Sendable { case fromContentInset, fromSafeArea, fromLayoutMargins }

    /// How a line spreads its items.
    public enum LineAlignment: Hashable, Sendable {
        /// UIKit's: slack goes into the gaps; a line with one item centres it.
        case justified
        /// Items packed from the line's start at `minimumInteritemSpacing`.
        case leading
    }

    /// Where item sizes come from.
    public enum ItemSizing {
        /// Every item has this size (`itemSize`).
        case fixed(Size)
        /// The talk's column layout: as many columns of at least `minimumWidth`
        /// as fit the bounds inset by the layout margins; item width = that
        /// width / columns (rounded down), height `height`. Recomputed in every
        /// full prepare, so rotation re-flows the columns.
        case columns(minimumWidth: Double, height: Double)
        /// A size per item (`collectionView(_:layout:sizeForItemAt:)`).
        case perItem((IndexPath) -> Size)
    }

    public var scrollDirection: ScrollDirection = .vertical
    public var itemSizing: ItemSizing = .fixed(Size(width: 50, height: 50))
    /// When set, items start at this size (marked `sizeIsEstimated`) until their
    /// cells report preferred sizes. With `.columns`, the width stays the column width.
    public var estimatedItemSize: Size?
    public var minimumLineSpacing: Double = 10
    public var minimumInteritemSpacing: Double = 10
    public var sectionInset: EdgeInsets = .zero
    public var sectionInsetReference: SectionInsetReference = .fromContentInset
    public var lineAlignment: LineAlignment = .justified

    var sections: [FlowSection] = []
    /// Each section's start along the scroll axis (before its inset); one extra
    /// entry at the end holds the total content length.
    var sectionStarts: [Double] = [0]
    var metrics = FlowMetrics(vertical: true, crossExtent: 0, lineOrigin: 0, lineLength: 0, insetBefore: 0,
                              insetAfter: 0, lineSpacing: 0, interitemSpacing: 0, justified: true)
    /// The item size the current sizing gives a new item (nil: ask `perItem`).
    var baseItemSize: Size?
    var bounds: Rect = .zero
    var pending: LayoutInvalidation = .everything

    /// What the layout has done, for tests and benchmarks.
    public struct Counters: Hashable, Sendable {
        /// Full recomputations (prepare after an invalidation).
        public var fullLayouts = 0
        /// Items placed into lines, by full and incremental passes together.
        public var itemsPlaced = 0
        /// Lines or sections shifted without re-placing their items.
        public var shifts = 0
    }
    public internal(set) var counters = Counters()

    public init() {}

    /// The talk's `ColumnFlowLayout`: 300-point minimum columns, 70 points
    /// high, section insets from the safe area with the inter-item spacing on top.
    public static func columns(minimumWidth: Double = 300, height: Double = 70) -> FlowLayout {
        var layout = FlowLayout()
        layout.itemSizing = .columns(minimumWidth: minimumWidth, height: height)
        layout.sectionInsetReference = .fromSafeArea
        layout.sectionInset = EdgeInsets(top: layout.minimumInteritemSpacing)
        return layout
    }

    // MARK: CollectionViewLayout

    public var needsPrepare: Bool { !pending.isEmpty }

    /// Lays everything out when something was invalidated (or the counts or
    /// the line geometry differ from the last prepare); otherwise only records
    /// the bounds. - Complexity: O(N) or O(S).
    public mutating func prepare(_ context: LayoutContext) {
        bounds = context.bounds
        let newMetrics = makeMetrics(context)
        let newBase = makeBaseItemSize(context)
        if pending.isEmpty, newMetrics == metrics, newBase == baseItemSize,
           sections.map(\.itemCount) == context.itemCounts {
            return
        }
        metrics = newMetrics
        baseItemSize = newBase
        counters.fullLayouts += 1
        sections = context.itemCounts.enumerated().map { s, count in makeSection(s, count: count) }
        recomputeStarts(from: 0)
        pending = []
    }

    public var contentSize: Size {
        let length = sectionStarts.last ?? 0
        return metrics.vertical ? Size(width: metrics.crossExtent, height: length)
            : Size(width: length, height: metrics.crossExtent)
    }

    /// Binary search for the first section and line that reach into `rect`,
    /// then a walk until lines start past it. - Complexity: O(log S + log L + k).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let (v0, v1) = metrics.vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        var result: [LayoutAttributes] = []
        var s = firstSection(endingAfter: v0)
        while s < sections.count, sectionStarts[s] < v1 {
            let section = sections[s]
            let base = sectionStarts[s] + metrics.insetBefore
            var line = section.firstLine(endingAfter: v0 - base)
            while line < section.lineCount, base + section.lineV[line] < v1 {
                for i in section.lineFirst[line]..<section.lineEnd(line) {
                    let frame = section.frame(ofItem: i, sectionStart: sectionStarts[s], metrics)
                    if frame.intersects(rect) {
                        result.append(LayoutAttributes(indexPath: IndexPath(section: s, item: i), frame: frame,
                                                       sizeIsEstimated: section.estimated[i]))
                    }
                }
                line += 1
            }
            s += 1
        }
        return result
    }

    /// - Complexity: O(1).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              (0..<sections[indexPath.section].itemCount).contains(indexPath.item) else { return nil }
        let section = sections[indexPath.section]
        return LayoutAttributes(indexPath: indexPath,
                                frame: section.frame(ofItem: indexPath.item, sectionStart: sectionStarts[indexPath.section], metrics),
                                sizeIsEstimated: section.estimated[indexPath.item])
    }

    /// True only when the size changes (rotation); scrolling moves the origin and keeps the layout.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        boundsSizeChanged(from: bounds, to: newBounds)
    }

    public mutating func invalidateLayout(_ invalidation: LayoutInvalidation) {
        pending.formUnion(invalidation)
    }

    // MARK: Building

    func makeMetrics(_ c: LayoutContext) -> FlowMetrics {
        let vertical = scrollDirection == .vertical
        let reference: EdgeInsets = switch sectionInsetReference {
        case .fromContentInset: c.contentInset
        case .fromSafeArea: c.safeAreaInsets
        case .fromLayoutMargins: c.layoutMargins
        }
        // In content coordinates; the content inset is always the minimum.
        let leading = max(0, (vertical ? reference.left - c.contentInset.left : reference.top - c.contentInset.top))
        let trailing = max(0, (vertical ? reference.right - c.contentInset.right : reference.bottom - c.contentInset.bottom))
        let cross = vertical ? c.bounds.width - c.contentInset.left - c.contentInset.right
            : c.bounds.height - c.contentInset.top - c.contentInset.bottom
        let insetLeading = vertical ? sectionInset.left : sectionInset.top
        let insetTrailing = vertical ? sectionInset.right : sectionInset.bottom
        return FlowMetrics(
            vertical: vertical, crossExtent: max(0, cross), lineOrigin: leading + insetLeading,
            lineLength: max(0, cross - leading - trailing - insetLeading - insetTrailing),
            insetBefore: vertical ? sectionInset.top : sectionInset.left,
            insetAfter: vertical ? sectionInset.bottom : sectionInset.right,
            lineSpacing: minimumLineSpacing, interitemSpacing: minimumInteritemSpacing,
            justified: lineAlignment == .justified)
    }

    /// The size every new item starts with, or nil when `perItem` decides.
    func makeBaseItemSize(_ c: LayoutContext) -> Size? {
        let vertical = scrollDirection == .vertical
        switch itemSizing {
        case .fixed(let size):
            return estimatedItemSize ?? size
        case .perItem:
            return estimatedItemSize
        case let .columns(minimumWidth, height):
            let available = c.bounds.inset(by: c.layoutMargins)
            let extent = vertical ? available.width : available.height
            let columns = max(1, (extent / minimumWidth).rounded(.down))
            let side = (extent / columns).rounded(.down)
            let across = estimatedItemSize.map { vertical ? $0.height : $0.width } ?? height
            return vertical ? Size(width: side, height: across) : Size(width: across, height: side)
        }
    }

    /// The size a new (inserted, reloaded or freshly laid out) item starts with.
    func initialSize(_ path: IndexPath) -> Size {
        if let base = baseItemSize { return base }
        if case .perItem(let size) = itemSizing { return size(path) }
        return .zero
    }

    mutating func makeSection(_ s: Int, count: Int) -> FlowSection {
        var section = FlowSection()
        section.sizes = (0..<count).map { initialSize(IndexPath(section: s, item: $0)) }
        section.estimated = Array(repeating: estimatedItemSize != nil, count: count)
        counters.itemsPlaced += section.layLines(from: 0, metrics)
        return section
    }

    /// Recomputes section starts from `first` on. - Complexity: O(S − first).
    mutating func recomputeStarts(from first: Int) {
        var first = first
        if sectionStarts.count != sections.count + 1 {
            sectionStarts = Array(repeating: 0, count: sections.count + 1)
            first = 0
        }
        for s in first..<sections.count {
            sectionStarts[s + 1] = sectionStarts[s] + sections[s].extent(metrics)
        }
        counters.shifts += sections.count - first
    }

    /// The first section that ends after `v`, by binary search.
    func firstSection(endingAfter v: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sectionStarts[mid + 1] <= v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
