import Testing
@testable import LayoutSolver

/// `ColumnSet` keeps its first slots inline and the rest in an array: it must
/// behave exactly like the plain list it replaced, on both sides of the boundary.
@Suite struct ColumnSetTests {
    /// A reference model: every insert appended, removals only lower `live`.
    private struct Model {
        var items: [Int] = []
        var live = 0
    }

    @Test(arguments: [0, 1, 3, 4, 5, 9, 40])
    func insertsKeepOrderAcrossTheInlineBoundary(count: Int) {
        var set = ColumnSet()
        var model = Model()
        for i in 0..<count {
            set.insert(i * 7 + 1)
            model.items.append(i * 7 + 1)
            model.live += 1
        }
        #expect(Array(set.items) == model.items)
        #expect(set.items.count == model.items.count)
        #expect(set.items.isEmpty == model.items.isEmpty)
        #expect(set.live == model.live)
    }

    @Test func snapshotIgnoresLaterChanges() {
        var set = ColumnSet()
        for s in [3, 1, 4, 1, 5, 9] { set.insert(s) }
        let snapshot = set.items
        set.removeAll()
        set.insert(2)
        #expect(Array(snapshot) == [3, 1, 4, 1, 5, 9])
        #expect(Array(set.items) == [2])
    }

    @Test func lazyRemovalAndCompactionThreshold() {
        var set = ColumnSet()
        for s in 0..<21 { set.insert(s) }
        for s in 0..<19 { set.remove(s) }
        #expect(set.live == 2)
        #expect(set.items.count == 21)   // stale entries stay until compaction
        #expect(set.needsCompaction)    // 21 entries > 2 · 2 live + 16
        set.insert(100)
        set.insert(101)
        #expect(!set.needsCompaction)   // 23 entries, not > 2 · 4 live + 16
        set.replace(with: [19, 20, 100, 101, 102])
        #expect(Array(set.items) == [19, 20, 100, 101, 102])
        #expect(set.live == 5)
        set.replace(with: [7])
        #expect(Array(set.items) == [7])
        #expect(!set.isEmpty)
        set.remove(7)
        #expect(set.isEmpty)
    }
}
