import CollectionLayout

/// Where a collection view gets its items and cells, as
/// `UICollectionViewDataSource`. Counts are read on the first layout pass,
/// after `reloadData()`, and after each batch's `updateDataSource` (to check
/// it); otherwise the collection view works from its cached counts.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (1 unless implemented).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for the item: call
    /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` and set
    /// its content. Called once per item brought on screen.
    /// - Throws: ``CollectionViewError`` from the dequeue; the collection view
    ///   records it in ``CollectionView/errors`` and leaves the item empty.
    func collectionView(_ collectionView: CollectionView,
                        cellForItemAt indexPath: IndexPath) throws(CollectionViewError) -> CollectionViewCell
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// Display callbacks, as the display part of `UICollectionViewDelegate`.
/// Every `willDisplay` of a cell is followed by exactly one
/// `didEndDisplaying` of that cell before it shows another item.
public protocol CollectionViewDelegate: AnyObject {
    /// The cell is about to be shown for `indexPath` (it was not shown before).
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                        forItemAt indexPath: IndexPath)
    /// The cell stopped showing the item that was at `indexPath` (scrolled
    /// away, deleted, reloaded, or `reloadData`). For batch updates the path
    /// is the before-update path.
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                        forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
}
