import CollectionLayout

/// Batch updates and `reloadData`.
///
/// A batch is validated before anything changes, then applied to the data
/// source (by the caller), the layout (its incremental path) and the visible
/// cells: survivors and moved items keep their cell objects and move to their
/// new index paths; deleted and reloaded items end display and their cells
/// go to the reuse pool; inserted and reloaded items get configured cells in
/// the next layout pass. Work is proportional to the batch and the visible
/// cells, plus what the layout's incremental path re-places.
extension CollectionView {
    /// Applies `update`, as `performBatchUpdates`.
    ///
    /// 1. The batch is resolved against the cached counts and `itemCountsAfter`
    ///    (CollectionLayout's rules); an invalid batch throws and nothing changes,
    ///    `updateDataSource` is not called.
    /// 2. `updateDataSource(result)` must change the model to match
    ///    (`result.apply(to:newItem:)` does it for arrays of identities).
    /// 3. The data source's counts are checked against `itemCountsAfter`.
    /// 4. The layout applies the result; visible cells are remapped; a layout
    ///    pass is scheduled (`window.runFrame()` or `layoutIfNeeded()` runs it).
    ///
    /// - Throws: ``CollectionViewError/invalidBatch(_:)`` with the typed
    ///   ``BatchUpdateError``; ``CollectionViewError/dataSourceCountsDisagree(expected:reported:)``
    ///   when the data source did not follow the batch (the collection view
    ///   keeps its old state: call `reloadData()`); ``CollectionViewError/noDataSource``.
    public func performBatchUpdates(_ update: BatchUpdate, itemCountsAfter: [Int],
                                    updateDataSource: (BatchUpdateResult) -> Void) throws(CollectionViewError) {
        guard let dataSource else { throw .noDataSource }
        let before = itemCounts ?? readItemCounts(dataSource)
        let result: BatchUpdateResult
        do {
            result = try update.resolve(itemCountsBefore: before, itemCountsAfter: itemCountsAfter)
        } catch {
            throw .invalidBatch(error)
        }
        updateDataSource(result)
        let reported = readItemCounts(dataSource)
        guard reported == itemCountsAfter else {
            throw .dataSourceCountsDisagree(expected: itemCountsAfter, reported: reported)
        }
        collectionCounters.batchUpdates += 1
        itemCounts = itemCountsAfter
        layoutStorage.applyBatchUpdate(result)
        remapVisibleCells(result)
        setNeedsCellLayout()
    }

    /// Moves visible cells to their after-update paths; deleted and reloaded
    /// items end display (at their before-update paths) and pool their cells.
    /// - Complexity: O(v log(k + s)) for v visible cells, k item changes and
    ///   s section operations.
    func remapVisibleCells(_ result: BatchUpdateResult) {
        var next: [IndexPath: CollectionViewCell] = [:]
        next.reserveCapacity(visible.count)
        var leaving: [IndexPath] = []
        for (old, cell) in visible {
            if let new = result.newIndexPath(forOld: old), !isReload(result.origin(ofNew: new)) {
                cell.indexPath = new
                next[new] = cell
            } else {
                leaving.append(old)
            }
        }
        for old in leaving.sorted(by: >) { endDisplay(at: old) }
        visible = next
    }

    private func isReload(_ origin: BatchUpdateResult.ItemOrigin) -> Bool {
        if case .reloaded = origin { return true }
        return false
    }

    /// Forgets everything, as `UICollectionView.reloadData`: every visible
    /// cell ends display and goes to the pool, the counts are read again and
    /// the layout recomputes from scratch (estimated sizes included) in the
    /// next pass, which configures a cell for every visible item.
    public func reloadData() {
        collectionCounters.reloads += 1
        for path in visible.keys.sorted() { endDisplay(at: path) }
        itemCounts = nil
        layoutStorage.invalidateLayout(.dataSourceCounts)
        setNeedsCellLayout()
    }
}
