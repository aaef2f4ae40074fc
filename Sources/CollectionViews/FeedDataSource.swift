import CollectionLayout
import LayoutEngine

/// A data source of feed posts: sections of post seeds, each shown in a
/// ``FeedItemCell`` configured with ``FeedPost/make(seed:)``.
///
/// ```swift
/// let source = FeedDataSource(itemCount: 1_000, sectionSize: 100)
/// source.register(on: collectionView)
/// collectionView.dataSource = source
/// try source.performBatchUpdates(BatchUpdate([.deleteItems([IndexPath(0, 3)])]), on: collectionView)
/// ```
public final class FeedDataSource: CollectionViewDataSource {
    /// Post seeds by section: the model. Items are identified by their seed.
    public var items: [[UInt64]]
    /// The seed the next inserted or reloaded item gets (counts up).
    public var nextSeed: UInt64

    /// `itemCount` posts with seeds `firstSeed`, `firstSeed + 1`, …, in
    /// sections of `sectionSize` (nil: one section).
    public init(itemCount: Int, sectionSize: Int? = nil, firstSeed: UInt64 = 1) {
        let size = max(1, sectionSize ?? itemCount)
        var sections: [[UInt64]] = []
        var start = 0
        while start < itemCount {
            let end = min(itemCount, start + size)
            sections.append((start..<end).map { firstSeed &+ UInt64($0) })
            start = end
        }
        items = sections
        nextSeed = firstSeed &+ UInt64(itemCount) &+ 1_000_000
    }

    /// Registers ``FeedItemCell`` under its reuse identifier.
    public func register(on collectionView: CollectionView) {
        collectionView.register(reuseIdentifier: FeedItemCell.reuseIdentifier) { FeedItemCell() }
    }

    public var itemCounts: [Int] { items.map { $0.count } }

    public func numberOfSections(in collectionView: CollectionView) -> Int { items.count }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        items[section].count
    }

    public func collectionView(_ collectionView: CollectionView,
                               cellForItemAt indexPath: IndexPath) throws(CollectionViewError) -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(FeedItemCell.self, withReuseIdentifier: FeedItemCell.reuseIdentifier,
                                                          for: indexPath)
        cell.configure(with: FeedPost.make(seed: items[indexPath.section][indexPath.item]))
        return cell
    }

    /// Applies `update` to the model and the collection view together:
    /// inserted and reloaded items get fresh seeds. `itemCountsAfter` is what
    /// the model will hold afterwards (the batch is validated against it).
    /// - Throws: ``CollectionViewError/invalidBatch(_:)`` (nothing changes) and
    ///   the other errors of ``CollectionView/performBatchUpdates(_:itemCountsAfter:updateDataSource:)``.
    public func performBatchUpdates(_ update: BatchUpdate, itemCountsAfter: [Int],
                                    on collectionView: CollectionView) throws(CollectionViewError) {
        try collectionView.performBatchUpdates(update, itemCountsAfter: itemCountsAfter) { result in
            apply(result)
        }
    }

    /// Edits the model by `result`. Item-only batches rebuild just the touched
    /// sections (O(items in them × log k)); batches that change sections go
    /// through `BatchUpdateResult.apply(to:newItem:)`, O(N).
    public func apply(_ result: BatchUpdateResult) {
        guard !result.changesSections, !result.invalidatesEverything else {
            items = result.apply(to: items) { _ in
                nextSeed &+= 1
                return nextSeed
            }
            return
        }
        var moved: [IndexPath: UInt64] = [:]
        for (from, to) in result.itemMoves { moved[to] = items[from.section][from.item] }
        var old: [Int: [UInt64]] = [:]
        for n in result.touchedSections { old[n] = items[n] }
        for n in result.touchedSections {
            let source = old[n]!
            let count = result.sections[n].itemCount
            var section: [UInt64] = []
            section.reserveCapacity(count)
            for i in 0..<count {
                let path = IndexPath(section: n, item: i)
                switch result.origin(ofNew: path) {
                case .unchanged(let p): section.append(source[p.item])
                case .moved: section.append(moved[path]!)
                case .reloaded, .inserted:
                    nextSeed &+= 1
                    section.append(nextSeed)
                }
            }
            items[n] = section
        }
    }
}
