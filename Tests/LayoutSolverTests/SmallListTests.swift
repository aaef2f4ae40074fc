import Testing
@testable import LayoutSolver

/// `SmallList` keeps its first elements inline and the rest in an array, and
/// `ColumnSet` is built on it: both must behave exactly like the plain arrays
/// they replaced, on both sides of the inline boundary.
@Suite struct SmallListTests {
    @Test(arguments: [0, 1, 3, 4, 5, 9, 40])
    func appendsKeepOrderAcrossTheInlineBoundary(count: Int) {
        var list = SmallList()
        var model: [Int] = []
        for i in 0..<count {
            list.append(i * 7 + 1)
            model.append(i * 7 + 1)
        }
        #expect(Array(list) == model)
        #expect(list.count == model.count)
        #expect(list.isEmpty == model.isEmpty)
        for x in [0, 1, 8, 29, 36, 7 * count + 1] { #expect(list.contains(x) == model.contains(x)) }
    }

    @Test func iterationSeesACopy() {
        var list = SmallList()
        for x in [3, 1, 4, 1, 5, 9] { list.append(x) }
        let snapshot = list
        list.removeAll()
        list.append(2)
        #expect(Array(snapshot) == [3, 1, 4, 1, 5, 9])
        #expect(Array(list) == [2])
    }

    @Test func columnSetLazyRemovalAndCompactionThreshold() {
        var set = ColumnSet()
        for s in 0..<21 { set.insert(s) }
        for s in 0..<19 { set.remove(s) }
        #expect(set.live == 2)
        #expect(Array(set.items) == Array(0..<21))   // stale entries stay until compaction
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
        set.removeAll()
        #expect(set.items.isEmpty)
    }
}
