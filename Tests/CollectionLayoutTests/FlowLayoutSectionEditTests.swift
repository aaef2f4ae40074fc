import CollectionLayout
import Geometry
import Testing

/// Batches that insert, delete, move and reload sections edit the section
/// list entry by entry: the layout's work grows with log S, not with S, and
/// resolving the batch costs the same at every S.
@Suite struct FlowLayoutSectionEditTests {
    /// A fixed batch on S sections of 20 items (one item per line): a delete,
    /// two inserts, a move and a reload of sections, and an item insert.
    static func batch(sections: Int) -> (ops: [BatchUpdate.Operation], before: [Int], after: [Int]) {
        let before = Array(repeating: 20, count: sections)
        var after = Array(repeating: 20, count: sections + 1)
        after[60] = 21
        return ([.deleteSections([3]), .insertSections([10, 50]), .moveSection(from: 20, to: 70),
                 .reloadSections([40]), .insertItems([IndexPath(60, 5)])], before, after)
    }

    struct Work: Equatable { var placed = 0, lines = 0, sections = 0, resolved = 0 }

    static func work(sections: Int) throws -> Work {
        var layout = FlowLayout.columns()
        let (ops, before, after) = batch(sections: sections)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        layout.prepare(LayoutContext(itemCounts: before, bounds: bounds))
        let result = try BatchUpdate(ops).resolve(itemCountsBefore: before, itemCountsAfter: after)
        let start = layout.counters
        layout.applyBatchUpdate(result)
        let end = layout.counters
        #expect(!layout.needsPrepare && end.fullLayouts == start.fullLayouts)
        // The same frames as a layout built from the after counts.
        var fresh = FlowLayout.columns()
        fresh.prepare(LayoutContext(itemCounts: after, bounds: bounds))
        #expect(layout.contentSize == fresh.contentSize)
        for s in [0, 3, 9, 10, 11, 39, 40, 50, 60, 69, 70, 71, sections] {
            for i in [0, 5, 19] {
                let path = IndexPath(s, i)
                #expect(layout.layoutAttributesForItem(at: path)?.frame == fresh.layoutAttributesForItem(at: path)?.frame, "\(path)")
            }
        }
        return Work(placed: end.itemsPlaced - start.itemsPlaced, lines: end.linesVisited - start.linesVisited,
                    sections: end.sectionsVisited - start.sectionsVisited, resolved: result.sectionsVisited)
    }

    @Test func sectionWorkGrowsWithLogSNotS() throws {
        let small = try Self.work(sections: 100), large = try Self.work(sections: 10_000)
        print("section batch work, S = 100 vs 10,000:", small, large)
        // Two inserted sections and a reloaded one laid out whole, and the
        // line or two around the item insert: the same at every S.
        #expect(small.placed == large.placed && small.placed <= 3 * 20 + 4)
        // Seven section entries edited (O(log S) tree nodes each): log S
        // doubles from 100 to 10,000, so the work may double, never follow S.
        #expect(large.sections <= 2 * small.sections + 20, "\(small) vs \(large)")
        #expect(large.sections < 1_000)
        #expect(Double(large.lines) <= 1.5 * Double(small.lines) + 10, "\(small) vs \(large)")
        // Resolving builds six section map entries (two leave, three arrive,
        // one reload) and records for the five touched sections (three
        // arrived, one reloaded, one with an item insert): never one per section.
        #expect(small.resolved == large.resolved && small.resolved == 6 + 5, "\(small) vs \(large)")
    }
}
