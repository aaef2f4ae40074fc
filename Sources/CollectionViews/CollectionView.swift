import CollectionLayout
import LayoutEngine

/// A scroll view that shows a data source's items through a
/// ``CollectionViewLayout``, as `UICollectionView`.
///
/// Each layout pass (scrolling marks one: it moves `bounds.origin`):
/// 1. a bounds change asks `shouldInvalidateLayout(forBoundsChange:)` —
///    the flow layout says yes only when the size changed (rotation);
/// 2. `prepare` if the layout needs it;
/// 3. `layoutAttributesForElements(in:)` for the visible rect plus
///    ``nearMargin``; cells that left it end display and go to the reuse pool;
/// 4. self-sizing: each item still at its estimated size gets a configured
///    cell, is sized by ``selfSizingStrategy`` and reported with
///    `invalidateLayout(forPreferredSize:ofItemAt:)`; the rect is queried
///    again while items move into it;
/// 5. cells for new items are dequeued and configured (`cellForItemAt`),
///    every shown cell takes its attributes, new ones get `willDisplay`.
///
/// Only cells in (or within ``nearMargin`` of) the visible rect exist
/// outside the reuse pool. Pooled cells stay in the view tree, hidden, so
/// their constraints stay in the window's engine and reuse changes constants.
open class CollectionView: ScrollView {
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { setNeedsCellLayout() }
    }
    public weak var delegate: (any CollectionViewDelegate)?
    /// How estimated items are sized when they come on screen.
    public var selfSizingStrategy = SelfSizingStrategy.ownEngine
    /// How far beyond the visible rect (on every side) cells are kept.
    public var nearMargin = 0.0 {
        didSet { if nearMargin != oldValue { setNeedsCellLayout() } }
    }
    /// The most query–size rounds one pass makes while items move into the rect.
    public var maxSelfSizingPasses = 16
    /// What the collection view has done; see ``CollectionViewCounters`` (`counters` is the view layer's per-view one).
    public internal(set) var collectionCounters = CollectionViewCounters()
    /// Errors thrown by `cellForItemAt` during layout passes, oldest first.
    public internal(set) var errors: [CollectionViewError] = []

    var layoutStorage: any CollectionViewLayout
    var registry: [String: () -> CollectionViewCell] = [:]
    var reusePool: [String: [CollectionViewCell]] = [:]
    /// The cells showing items, by index path.
    var visible: [IndexPath: CollectionViewCell] = [:]
    /// The data source's counts as last read (nil: read them in the next pass).
    var itemCounts: [Int]?
    var lastBounds: Rect?
    var inLayoutPass = false
    /// Set by whatever can change which cells are shown (data, layout, margin);
    /// a pass with this clear and the bounds unchanged has nothing to do. The
    /// view's own layout flag is not enough: setting `contentSize` at the end
    /// of a pass marks it again.
    var needsCellLayout = true

    /// A collection view of `frame` driving `layout`.
    public init(frame: Rect, layout: any CollectionViewLayout) {
        layoutStorage = layout
        super.init(frame: frame)
        name = "collectionView"
    }

    /// The layout. Setting one invalidates it and lays out again.
    public var collectionViewLayout: any CollectionViewLayout {
        get { layoutStorage }
        set {
            layoutStorage = newValue
            invalidateLayout()
        }
    }

    /// Invalidates the layout (as `collectionViewLayout.invalidateLayout()`)
    /// and schedules a layout pass, which prepares it again.
    public func invalidateLayout(_ invalidation: LayoutInvalidation = .everything) {
        layoutStorage.invalidateLayout(invalidation)
        setNeedsCellLayout()
    }

    /// Schedules a layout pass that recomputes the shown cells.
    func setNeedsCellLayout() {
        needsCellLayout = true
        setNeedsLayout()
    }

    // MARK: Registration and reuse

    /// Registers a factory for cells with `reuseIdentifier`; `make` runs only
    /// when the reuse pool for it is empty.
    public func register(reuseIdentifier: String, make: @escaping () -> CollectionViewCell) {
        registry[reuseIdentifier] = make
    }

    /// A cell from the reuse pool (after `prepareForReuse`), or a new one
    /// from the registered factory, added to this view.
    /// - Throws: ``CollectionViewError/unregisteredReuseIdentifier(_:registered:)``.
    public func dequeueReusableCell(withReuseIdentifier id: String,
                                    for indexPath: IndexPath) throws(CollectionViewError) -> CollectionViewCell {
        if let cell = reusePool[id]?.popLast() {
            collectionCounters.cellsReused += 1
            cell.isHidden = false
            cell.prepareForReuse()
            return cell
        }
        guard let make = registry[id] else {
            throw .unregisteredReuseIdentifier(id, registered: Array(registry.keys))
        }
        let cell = make()
        cell.reuseIdentifier = id
        collectionCounters.cellsCreated += 1
        addSubview(cell)
        return cell
    }

    /// ``dequeueReusableCell(withReuseIdentifier:for:)`` cast to `Cell`.
    /// - Throws: as the untyped dequeue, or ``CollectionViewError/wrongCellType(reuseIdentifier:expected:got:)``
    ///   (the cell goes back to the pool).
    public func dequeueReusableCell<Cell: CollectionViewCell>(
        _ type: Cell.Type, withReuseIdentifier id: String, for indexPath: IndexPath) throws(CollectionViewError) -> Cell {
        let cell = try dequeueReusableCell(withReuseIdentifier: id, for: indexPath)
        guard let typed = cell as? Cell else {
            enqueue(cell)
            throw .wrongCellType(reuseIdentifier: id, expected: "\(Cell.self)", got: "\(Swift.type(of: cell))")
        }
        return typed
    }

    func enqueue(_ cell: CollectionViewCell) {
        cell.indexPath = nil
        cell.isHidden = true
        reusePool[cell.reuseIdentifier, default: []].append(cell)
    }

    // MARK: Queries

    /// The cells showing items, in index-path order.
    public var visibleCells: [CollectionViewCell] { indexPathsForVisibleItems.map { visible[$0]! } }
    /// The index paths of the shown items, ascending.
    public var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted() }
    /// The cell showing `indexPath`, if it is on screen.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { visible[indexPath] }
    /// Cells waiting in the reuse pool, all identifiers together.
    public var reusePoolCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }
    /// The item counts the collection view works from (nil before the first pass).
    public var cachedItemCounts: [Int]? { itemCounts }
    /// The layout's attributes for one item.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        layoutStorage.layoutAttributesForItem(at: indexPath)
    }
    /// The window's engine counters (solver, text, frames), or empty outside a window.
    public var engineCounters: EngineCounters { window?.engineCounters ?? EngineCounters() }
    /// The visible rect plus ``nearMargin`` on every side: where cells exist.
    public var preloadRect: Rect {
        let b = bounds, m = nearMargin
        return Rect(x: b.minX - m, y: b.minY - m, width: b.width + 2 * m, height: b.height + 2 * m)
    }

    /// Zeroes ``collectionCounters``.
    public func resetCollectionCounters() { collectionCounters = CollectionViewCounters() }

    // MARK: Layout pass

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Sizing a cell lays it out, which may come back here through this
        // view's pending layout (new cells mark it): the outer pass does the work.
        guard !inLayoutPass else { return }
        inLayoutPass = true
        defer { inLayoutPass = false }
        layoutCells()
    }

    func makeContext() -> LayoutContext {
        LayoutContext(itemCounts: itemCounts ?? [], bounds: bounds, contentInset: adjustedContentInset,
                      safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins)
    }

    func readItemCounts(_ dataSource: any CollectionViewDataSource) -> [Int] {
        (0..<dataSource.numberOfSections(in: self)).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
    }

    private func layoutCells() {
        guard let dataSource else { return }
        let b = bounds
        guard needsCellLayout || lastBounds != b || itemCounts == nil || layoutStorage.needsPrepare else { return }
        needsCellLayout = false
        collectionCounters.layoutPasses += 1
        if itemCounts == nil {
            itemCounts = readItemCounts(dataSource)
            layoutStorage.invalidateLayout(.dataSourceCounts)
        }
        if let last = lastBounds, last != b {
            collectionCounters.boundsChecks += 1
            if layoutStorage.shouldInvalidateLayout(forBoundsChange: b) {
                collectionCounters.boundsInvalidations += 1
                layoutStorage.invalidateLayout(.boundsSize)
            }
        }
        lastBounds = b
        if layoutStorage.needsPrepare {
            collectionCounters.prepares += 1
            layoutStorage.prepare(makeContext())
        }
        let rect = preloadRect
        var attributes = layoutStorage.layoutAttributesForElements(in: rect)
        // Cells already out of the rect go to the pool first, so new items reuse them.
        let wanted = Set(attributes.lazy.map(\.indexPath))
        for path in visible.keys.sorted() where !wanted.contains(path) { endDisplay(at: path) }
        var fresh: [IndexPath: CollectionViewCell] = [:]
        for _ in 0..<maxSelfSizingPasses {
            var moved = false
            for proposed in attributes where proposed.sizeIsEstimated {
                // Sizing an item moves the ones after it: size in order, and
                // skip an item pushed out of the rect (a re-query brings back
                // what moves in), so no cell is sized only to be pooled.
                guard let a = layoutStorage.layoutAttributesForItem(at: proposed.indexPath),
                      a.sizeIsEstimated, a.frame.intersects(rect) else { continue }
                guard let cell = visible[a.indexPath] ?? fresh[a.indexPath] ?? makeCell(at: a.indexPath) else { continue }
                if visible[a.indexPath] == nil { fresh[a.indexPath] = cell }
                cell.apply(a)
                let size = cell.preferredSize(fittingWidth: a.frame.width, strategy: selfSizingStrategy,
                                              counters: &collectionCounters)
                if layoutStorage.invalidateLayout(forPreferredSize: size, ofItemAt: a.indexPath) { moved = true }
            }
            guard moved else { break }
            attributes = layoutStorage.layoutAttributesForElements(in: rect)
        }
        var next: [IndexPath: CollectionViewCell] = [:]
        next.reserveCapacity(attributes.count)
        var appearing: [(IndexPath, CollectionViewCell)] = []
        for a in attributes {
            let cell: CollectionViewCell
            if let c = visible.removeValue(forKey: a.indexPath) {
                cell = c
            } else {
                guard let c = fresh.removeValue(forKey: a.indexPath) ?? makeCell(at: a.indexPath) else { continue }
                cell = c
                appearing.append((a.indexPath, c))
            }
            cell.apply(a)
            next[a.indexPath] = cell
        }
        for path in visible.keys.sorted() { endDisplay(at: path) }
        for (_, cell) in fresh { enqueue(cell) }              // sized, then pushed out of the rect
        visible = next
        for (path, cell) in appearing {
            collectionCounters.displayCallbacks += 1
            delegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        contentSize = layoutStorage.contentSize
    }

    /// Asks the data source for a configured cell; errors are recorded.
    func makeCell(at path: IndexPath) -> CollectionViewCell? {
        guard let dataSource else { return nil }
        collectionCounters.cellsConfigured += 1
        do {
            let cell = try dataSource.collectionView(self, cellForItemAt: path)
            cell.indexPath = path
            return cell
        } catch {
            errors.append(error)
            return nil
        }
    }

    /// Ends display of the cell at `path` (a visible path) and pools it.
    func endDisplay(at path: IndexPath) {
        guard let cell = visible.removeValue(forKey: path) else { return }
        collectionCounters.endDisplayCallbacks += 1
        delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        enqueue(cell)
    }
}
