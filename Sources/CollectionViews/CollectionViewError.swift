import CollectionLayout

/// Why the collection view refused a call. When one is thrown the collection
/// view is as it was: cached counts, layout, visible cells and the reuse pool
/// are untouched. Each message says what to do next.
public enum CollectionViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `dequeueReusableCell` was asked for an identifier nothing was registered for.
    case unregisteredReuseIdentifier(String, registered: [String])
    /// A batch update the rules reject (out of range, duplicate, conflicting,
    /// counts that do not add up); see ``BatchUpdateError``.
    case invalidBatch(BatchUpdateError)
    /// After `updateDataSource` ran, the data source reported other counts than
    /// the batch was validated for. The collection view kept its old state, but
    /// the data source has changed under it.
    case dataSourceCountsDisagree(expected: [Int], reported: [Int])
    /// A registered factory made a cell of another class than the caller asked for.
    case wrongCellType(reuseIdentifier: String, expected: String, got: String)
    /// `performBatchUpdates` was called without a data source.
    case noDataSource

    public var description: String {
        switch self {
        case let .unregisteredReuseIdentifier(id, registered):
            let known = registered.isEmpty ? "nothing is registered yet" : "registered: \(registered.sorted().joined(separator: ", "))"
            return "No cell is registered for reuse identifier '\(id)' (\(known)). "
                + "Call register(reuseIdentifier: \"\(id)\") { … } before the first layout pass, or fix the identifier."
        case .invalidBatch(let error):
            return "The batch update was rejected and nothing changed: \(error)"
        case let .dataSourceCountsDisagree(expected, reported):
            return "The batch was validated for item counts \(expected), but after updateDataSource the data source "
                + "reports \(reported). The collection view kept its old state; make updateDataSource apply exactly "
                + "the batch (BatchUpdateResult.apply(to:newItem:) does), or call reloadData() to start over."
        case let .wrongCellType(id, expected, got):
            return "The cell registered for '\(id)' is a \(got), not a \(expected). Register a factory that makes "
                + "\(expected), or dequeue with the class the factory makes."
        case .noDataSource:
            return "performBatchUpdates needs a data source: set collectionView.dataSource first."
        }
    }
}
