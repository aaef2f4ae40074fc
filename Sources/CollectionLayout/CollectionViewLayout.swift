import Geometry

/// What makes a layout's cached attributes stale. The collection view passes
/// one to ``CollectionViewLayout/invalidateLayout(_:)``; the next
/// ``CollectionViewLayout/prepare(_:)`` does the work.
public struct LayoutInvalidation: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Recompute everything (`invalidateLayout()` in UIKit).
    public static let everything = LayoutInvalidation(rawValue: 1 << 0)
    /// The data source's counts changed outside a batch update (`reloadData`).
    public static let dataSourceCounts = LayoutInvalidation(rawValue: 1 << 1)
    /// The bounds size changed (rotation, split view): lines must be re-broken.
    public static let boundsSize = LayoutInvalidation(rawValue: 1 << 2)
}

/// The protocol a collection view drives, shaped after `UICollectionViewLayout`.
///
/// Layouts are values with mutating methods; the collection view owns one. A
/// frame of the collection view's layout pass goes:
///
/// 1. Bounds changed? `if layout.shouldInvalidateLayout(forBoundsChange: newBounds)
///    { layout.invalidateLayout(.boundsSize) }` — true only when the size
///    changes, so scrolling costs nothing here.
/// 2. `if layout.needsPrepare { layout.prepare(context) }`.
/// 3. `layout.layoutAttributesForElements(in: visibleRect)` to pick the cells to
///    show; `contentSize` for the scroll view.
/// 4. Self-sizing: for each shown cell whose attributes have `sizeIsEstimated`,
///    size the cell and call `invalidateLayout(forPreferredSize:ofItemAt:)`; if
///    any call returned true, query again (following items moved). Or let
///    ``resolvePreferredSizes(in:context:maxPasses:)`` run that loop through
///    the context's hook.
/// 5. `performBatchUpdates`: validate with ``BatchUpdate/resolve(itemCountsBefore:itemCountsAfter:)``,
///    then `layout.applyBatchUpdate(result)`; use the result's index-path
///    mapping to move the visible cells. `reloadData` is `invalidateLayout(.dataSourceCounts)`.
public protocol CollectionViewLayout {
    /// True when an invalidation is pending and ``prepare(_:)`` must run before any query.
    var needsPrepare: Bool { get }

    /// Computes (or updates) the cached layout for `context`. Called after an
    /// invalidation, before queries. Cheap when nothing was invalidated.
    mutating func prepare(_ context: LayoutContext)

    /// The size of the scrollable content (`collectionViewContentSize`).
    var contentSize: Size { get }

    /// The attributes of every item whose frame intersects `rect`. Called for
    /// every scroll step, so it must cost about the number of items returned.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

    /// The attributes of one item, or nil when the item does not exist.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// Whether moving or resizing the bounds to `newBounds` invalidates the layout.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

    /// Records what is stale; the next ``prepare(_:)`` recomputes it.
    mutating func invalidateLayout(_ invalidation: LayoutInvalidation)

    /// Reports the size a cell prefers for the item at `indexPath` (self-sizing).
    /// Returns true when the layout changed (the item and possibly what follows
    /// moved): the caller should query again. Takes effect at once; no prepare
    /// is needed.
    mutating func invalidateLayout(forPreferredSize size: Size, ofItemAt indexPath: IndexPath) -> Bool

    /// Applies a validated batch update to the cached layout. A layout that has
    /// no incremental path records `.dataSourceCounts` and recomputes in the
    /// next prepare (the default).
    mutating func applyBatchUpdate(_ update: BatchUpdateResult)
}

extension CollectionViewLayout {
    public mutating func invalidateLayout(forPreferredSize size: Size, ofItemAt indexPath: IndexPath) -> Bool {
        false
    }

    public mutating func applyBatchUpdate(_ update: BatchUpdateResult) {
        invalidateLayout(.dataSourceCounts)
    }

    /// Runs the collection view's self-sizing loop through `context.preferredSize`:
    /// asks the hook for every item in `rect` whose size is still estimated,
    /// reports the answers, and repeats while items keep moving into `rect`
    /// (at most `maxPasses` times). Returns how many preferred sizes changed the layout.
    @discardableResult
    public mutating func resolvePreferredSizes(in rect: Rect, context: LayoutContext, maxPasses: Int = 16) -> Int {
        guard let hook = context.preferredSize else { return 0 }
        if needsPrepare { prepare(context) }
        var changed = 0
        var asked = Set<IndexPath>()
        for _ in 0..<maxPasses {
            var changedThisPass = false
            for attributes in layoutAttributesForElements(in: rect)
            where attributes.sizeIsEstimated && !asked.contains(attributes.indexPath) {
                asked.insert(attributes.indexPath)
                guard let size = hook(attributes.indexPath, attributes) else { continue }
                if invalidateLayout(forPreferredSize: size, ofItemAt: attributes.indexPath) {
                    changed += 1
                    changedThisPass = true
                }
            }
            if !changedThisPass { break }
        }
        return changed
    }
}

/// True when the bounds change resizes the collection view (rotation), false
/// when it only moves the origin (scrolling). Both built-in layouts answer
/// ``CollectionViewLayout/shouldInvalidateLayout(forBoundsChange:)`` with it.
public func boundsSizeChanged(from old: Rect, to new: Rect) -> Bool {
    old.size != new.size
}
