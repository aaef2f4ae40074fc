/// What a collection view has done, counted since it was created (or
/// ``CollectionView/resetCollectionCounters()``). Snapshot before and after, subtract.
///
/// The view layer's ``EngineCounters`` is a fixed enum of engine events with
/// no room for custom counters, so the collection view keeps its own; the
/// engine's work (solver, text, frames) stays in `window.engineCounters`.
public struct CollectionViewCounters: Hashable, Sendable, CustomStringConvertible {
    /// Cells built by a registered factory (the reuse pool was empty).
    public var cellsCreated: Int64 = 0
    /// Cells taken from the reuse pool.
    public var cellsReused: Int64 = 0
    /// `cellForItemAt` calls: each configures one cell for one item.
    public var cellsConfigured: Int64 = 0
    /// Cells sized for a preferred size (one per estimated item brought on screen).
    public var selfSizingPasses: Int64 = 0
    /// Fresh engines built by `.freshEngine` sizing (`systemLayoutSizeFitting`).
    public var freshEnginesCreated: Int64 = 0
    /// `willDisplay` and `didEndDisplaying` callbacks sent.
    public var displayCallbacks: Int64 = 0
    public var endDisplayCallbacks: Int64 = 0
    /// Collection-view layout passes that did work (not re-entrant calls, not
    /// passes with nothing changed since the last).
    public var layoutPasses: Int64 = 0
    /// `shouldInvalidateLayout(forBoundsChange:)` questions and the true answers.
    public var boundsChecks: Int64 = 0
    public var boundsInvalidations: Int64 = 0
    /// `prepare` calls made because the layout needed one.
    public var prepares: Int64 = 0
    /// Accepted batch updates and `reloadData` calls.
    public var batchUpdates: Int64 = 0
    public var reloads: Int64 = 0

    public init() {}

    /// Names and values in declaration order.
    public var entries: [(name: String, value: Int64)] {
        [("cellsCreated", cellsCreated), ("cellsReused", cellsReused), ("cellsConfigured", cellsConfigured),
         ("selfSizingPasses", selfSizingPasses), ("freshEnginesCreated", freshEnginesCreated),
         ("displayCallbacks", displayCallbacks), ("endDisplayCallbacks", endDisplayCallbacks),
         ("layoutPasses", layoutPasses), ("boundsChecks", boundsChecks),
         ("boundsInvalidations", boundsInvalidations), ("prepares", prepares),
         ("batchUpdates", batchUpdates), ("reloads", reloads)]
    }

    public static func - (a: Self, b: Self) -> Self {
        var d = Self()
        d.cellsCreated = a.cellsCreated - b.cellsCreated
        d.cellsReused = a.cellsReused - b.cellsReused
        d.cellsConfigured = a.cellsConfigured - b.cellsConfigured
        d.selfSizingPasses = a.selfSizingPasses - b.selfSizingPasses
        d.freshEnginesCreated = a.freshEnginesCreated - b.freshEnginesCreated
        d.displayCallbacks = a.displayCallbacks - b.displayCallbacks
        d.endDisplayCallbacks = a.endDisplayCallbacks - b.endDisplayCallbacks
        d.layoutPasses = a.layoutPasses - b.layoutPasses
        d.boundsChecks = a.boundsChecks - b.boundsChecks
        d.boundsInvalidations = a.boundsInvalidations - b.boundsInvalidations
        d.prepares = a.prepares - b.prepares
        d.batchUpdates = a.batchUpdates - b.batchUpdates
        d.reloads = a.reloads - b.reloads
        return d
    }

    /// `name=value` pairs, one per line.
    public var description: String { entries.map { "\($0.name)=\($0.value)" }.joined(separator: "\n") }
}
