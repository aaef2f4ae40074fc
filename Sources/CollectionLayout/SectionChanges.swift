/// A batch's section operations in the order the rules apply them: sections
/// leave (deletes and move sources) in descending before-update order, then
/// arrive (inserts and move destinations) in ascending after-update order;
/// the kept sections close up and spread out around them. Reloaded sections
/// keep their slot and get new items.
struct SectionEdits: Sendable {
    /// Before-update indexes of deleted and moved-away sections, ascending.
    var leaving: [Int] = []
    /// After-update indexes of inserted and moved-in sections, ascending.
    var arriving: [Int] = []
    /// After-update indexes of reloaded sections, ascending.
    var reloaded: [Int] = []
}

/// A result's per-section changes: every after-update section, as a
/// collection. A batch stores only its touched sections (items changed,
/// inserted, reloaded or moved in); an untouched one reads as kept, with no
/// changes, its before-update index found through the section map (itself
/// when no section moved). Only `reloadData` stores every section.
/// - Complexity: O(log t + log s) per element for t touched sections and s
///   section operations.
public struct SectionChanges: RandomAccessCollection, Sendable {
    let itemCounts: [Int]
    let dense: [BatchUpdateResult.SectionChange]?
    let touched: [Int]
    let touchedChanges: [BatchUpdateResult.SectionChange]
    /// Where untouched sections come from; nil when every section keeps its index.
    let map: SectionMapping?

    init(itemCounts: [Int], dense: [BatchUpdateResult.SectionChange]) {
        self.itemCounts = itemCounts
        self.dense = dense
        touched = []
        touchedChanges = []
        map = nil
    }

    /// - Parameters:
    ///   - touched: ascending after-update indexes, one per change.
    ///   - map: the section map, when sections change.
    init(itemCounts: [Int], touched: [Int], changes: [BatchUpdateResult.SectionChange], map: SectionMapping? = nil) {
        self.itemCounts = itemCounts
        dense = nil
        self.touched = touched
        touchedChanges = changes
        self.map = map
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { itemCounts.count }

    public subscript(n: Int) -> BatchUpdateResult.SectionChange {
        if let dense { return dense[n] }
        let t = countBelow(touched, n)
        if t < touched.count, touched[t] == n { return touchedChanges[t] }
        return .init(source: map?.source(ofNew: n) ?? .old(n), leaving: [], arriving: [], reloaded: [],
                     itemCount: itemCounts[n])
    }

    /// The sections that may differ from "kept, no changes", with their indexes.
    var changed: [(Int, BatchUpdateResult.SectionChange)] {
        if let dense { return Array(dense.enumerated().map { ($0.offset, $0.element) }) }
        return Array(zip(touched, touchedChanges))
    }
}
