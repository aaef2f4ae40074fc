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
/// Representation: each section's lines are a treap in one ``LinePool`` with
/// subtree sums (items, lines, length along the scroll axis), and section
/// extents in another treap with subtree sums (``SectionOffsets``). No position is stored:
/// a line's offset is the sum of the lines before it and a section's start the
/// sum of the sections before it, so moving everything after a change costs
/// O(log L + log S), not a write per following item. Identical lines in a row
/// (full lines of one item size, as in the talk's column layout) share one
/// node that stores the line once with its repeat count; positions inside it
/// are arithmetic. L below counts nodes, so a uniform section is one or two.
///
/// Costs (N items, S sections, L line nodes in a section, c items in a line):
/// - `prepare` after an invalidation: O(N) (every item is sized and placed).
///   With nothing invalidated: O(S).
/// - `layoutAttributesForElements(in:)`: O(log S + log L + k) for k items returned.
/// - `layoutAttributesForItem(at:)`: O(log L + c).
/// - A preferred size that keeps the item's extent along its line: O(c + log L
///   + log S); inside a run, the item's line is cut out of it. One that
///   changes the extent re-breaks lines around the item until they line up
///   with the old breaks again (usually a line or two), or to the end of a
///   stretch of equal items, whose lines are placed as one run.
/// - ``applyBatchUpdate(_:)`` of k item updates: O(k log N + items re-placed),
///   where lines are re-broken only around each change, until a new line
///   starts with the same item as an old line; the lines between changes are
///   spliced over in O(log L). Where a change shifts every later item of a
///   stretch of one size by a slot (lines of c ≥ 2 equal items), the breaks
///   never line up again inside the stretch: its full lines are placed as one
///   run in O(log L) (``Counters/runsPlaced``), so re-placing stops at O(c)
///   items per stretch crossed. With mixed sizes, a shift that crosses many
///   stretches before the breaks line up costs O(log L) per stretch. A
///   section insert, delete, move or reload adds O(log S) (one entry out of
///   or into the extents' treap) and shifts the arrays of section roots and
///   extents (a memmove, no section visited); inserted and reloaded sections
///   are laid out whole. Resolving such a batch
///   (``BatchUpdate/resolve(itemCountsBefore:itemCountsAfter:)``) costs its
///   operations too, not S: records for touched sections only, and a memory
///   compare of the kept sections' counts.
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

    /// Each section's lines: a root in `pool` (-1 for an empty section).
    var sections: [Int32] = []
    /// Items per section, as the layout last saw them.
    var itemCounts: [Int] = []
    var pool = LinePool(spacing: 10)
    /// Each section's extent along the scroll axis, insets included, with prefix sums.
    var offsets = SectionOffsets()
    /// Sections the incremental paths read or rebuilt (part of ``Counters/sectionsVisited``).
    var sectionsRebuilt = 0
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
        /// Runs of identical lines the incremental paths placed in one step
        /// each, however many lines a run holds: where a change shifts a
        /// stretch of items of one size (lines of c equal items), the lines
        /// across the stretch are one run, not c items placed per line.
        public var runsPlaced = 0
        /// Lines or sections shifted without re-placing their items: every
        /// line or section after a change, which the sums shift in one step each.
        public var shifts = 0
        /// Line-tree nodes visited by lookups, splices and builds in the
        /// incremental paths and prepare (O(log L) per lookup or splice).
        public var linesVisited = 0
        /// Sections an incremental path rebuilt, inserted, removed or laid
        /// out again, plus nodes of the section-extent tree written
        /// (O(log S) per changed, inserted or removed section).
        public var sectionsVisited = 0
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
           itemCounts == context.itemCounts {
            return
        }
        metrics = newMetrics
        baseItemSize = newBase
        counters.fullLayouts += 1
        pool = LinePool(spacing: metrics.lineSpacing, visits: pool.visits)
        sections = context.itemCounts.enumerated().map { s, count in makeSection(s, count: count) }
        itemCounts = context.itemCounts
        offsets = SectionOffsets(sections.map { extent(of: $0) }, visits: offsets.visits)
        syncVisits()
        pending = []
    }

    public var contentSize: Size {
        let length = offsets.total
        return metrics.vertical ? Size(width: metrics.crossExtent, height: length)
            : Size(width: length, height: metrics.crossExtent)
    }

    /// Binary search for the first section and line that reach into `rect`,
    /// then a walk until lines start past it. - Complexity: O(log S + log L + k).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let (v0, v1) = metrics.vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        var result: [LayoutAttributes] = []
        var s = offsets.firstSection(endingAfter: v0)
        var sectionStart = offsets.start(s)
        while s < sections.count, sectionStart < v1 {
            let root = sections[s]
            let base = sectionStart + metrics.insetBefore
            if let first = pool.peekLine(endingAfter: v0 - base, in: root) {
                pool.forEachLine(from: first, in: root) { line, firstItem, v in
                    guard base + v < v1 else { return false }
                    var u = line.uStart
                    for k in line.items.indices {
                        let frame = line.frame(ofItem: k, u: u, lineStart: base + v, metrics)
                        u += metrics.along(line.items[k].size) + line.gap
                        if frame.intersects(rect) {
                            result.append(LayoutAttributes(indexPath: IndexPath(section: s, item: firstItem + k),
                                                           frame: frame, sizeIsEstimated: line.items[k].estimated))
                        }
                    }
                    return true
                }
            }
            sectionStart += offsets.extents[s]
            s += 1
        }
        return result
    }

    /// - Complexity: O(log S + log L + c) for c items in the item's line.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              (0..<itemCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        let root = sections[indexPath.section]
        let p = pool.peekLine(containingItem: indexPath.item, in: root)
        let line = pool.nodes[Int(p.node)].line
        let k = indexPath.item - p.firstItem
        let v = offsets.start(indexPath.section) + metrics.insetBefore + p.v
        return LayoutAttributes(indexPath: indexPath, frame: line.frame(ofItem: k, lineStart: v, metrics),
                                sizeIsEstimated: line.items[k].estimated)
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
        FlowLayout.initialSize(path, base: baseItemSize, sizing: itemSizing)
    }

    static func initialSize(_ path: IndexPath, base: Size?, sizing: ItemSizing) -> Size {
        if let base { return base }
        if case .perItem(let size) = sizing { return size(path) }
        return .zero
    }

    /// A section's lines laid out from scratch: every item sized and placed,
    /// equal lines in a row stored as one run. - Complexity: O(count).
    mutating func makeSection(_ s: Int, count: Int) -> Int32 {
        let estimated = estimatedItemSize != nil
        let (base, sizing) = (baseItemSize, itemSizing)
        var runs: [LineRun] = []
        var i = 0
        while i < count {
            let line = FlowLine.breaking(from: i, count: count, metrics) {
                FlowItem(size: FlowLayout.initialSize(IndexPath(section: s, item: $0), base: base, sizing: sizing),
                         estimated: estimated)
            }
            i += line.items.count
            runs.append(line)
        }
        counters.itemsPlaced += count
        return pool.build(runs)
    }

    /// The section's extent along the scroll axis, insets included; an empty
    /// section takes no room.
    func extent(of root: Int32) -> Double {
        root < 0 ? 0 : metrics.insetBefore + pool.length(root) - metrics.lineSpacing + metrics.insetAfter
    }

    /// Copies the structures' work counts into ``counters``.
    mutating func syncVisits() {
        counters.linesVisited = pool.visits
        counters.sectionsVisited = offsets.visits + sectionsRebuilt
    }
}
