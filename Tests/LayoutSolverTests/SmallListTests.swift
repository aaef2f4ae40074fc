import Testing
@testable import LayoutSolver

/// `SmallList` keeps its first elements inline and the rest in runs of a
/// shared `ListStore`, and `ColumnSet` is built on it: both must behave
/// exactly like the plain arrays they replaced, on both sides of the inline
/// boundary, and many lists must share one store without disturbing each
/// other as their runs grow, are given back and are reused.
@Suite struct SmallListTests {
    func elements(_ list: SmallList, _ store: ListStore) -> [Int] {
        (0..<list.count).map { list.element($0, in: store) }
    }

    @Test(arguments: [0, 1, 3, 4, 5, 9, 12, 13, 40])
    func appendsKeepOrderAcrossTheInlineBoundary(count: Int) {
        var store = ListStore()
        var list = SmallList()
        var model: [Int] = []
        for i in 0..<count {
            list.append(i * 7 + 1, in: &store)
            model.append(i * 7 + 1)
        }
        #expect(elements(list, store) == model)
        #expect(list.count == model.count)
        #expect(list.isEmpty == model.isEmpty)
        for x in [0, 1, 8, 29, 36, 7 * count + 1] { #expect(list.contains(x, in: store) == model.contains(x)) }
        var copy: [Int32] = [99]
        list.snapshot(into: &copy, from: store)
        #expect(copy.map(Int.init) == model)
    }

    /// Many lists growing in turn, some emptied and refilled, against
    /// arrays: runs moved on growth and reused after release never mix
    /// elements of two lists, and the store stops growing once its runs
    /// are recycled.
    @Test func listsSharingAStoreStayApart() {
        var store = ListStore()
        var lists = [SmallList](repeating: SmallList(), count: 12)
        var models = [[Int]](repeating: [], count: 12)
        var rng = UInt64(7)
        func next(_ n: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(n))
        }
        var sizeAfterWarmUp = 0
        for round in 0..<3000 {
            let i = next(12)
            if next(10) == 0 {
                lists[i].removeAll(in: &store)
                models[i] = []
            } else {
                let x = next(1000)
                lists[i].append(x, in: &store)
                models[i].append(x)
            }
            if models[i].count > 60 {
                lists[i].removeAll(in: &store)
                models[i] = []
            }
            if round == 1500 { sizeAfterWarmUp = store.slots.count }
        }
        for i in 0..<12 { #expect(elements(lists[i], store) == models[i], "list \(i)") }
        #expect(store.slots.count <= 2 * sizeAfterWarmUp, "\(sizeAfterWarmUp) → \(store.slots.count): runs are not reused")
    }

    @Test func mappedListsLiveInTheSameStore() {
        var store = ListStore()
        var list = SmallList()
        for x in 0..<11 { list.append(x, in: &store) }
        let doubled = list.mapped(in: &store) { $0 * 2 }
        list.removeAll(in: &store)
        list.append(5, in: &store)
        #expect(elements(doubled, store) == (0..<11).map { $0 * 2 })
        #expect(elements(list, store) == [5])
    }

    @Test func columnSetLazyRemovalAndCompactionThreshold() {
        var store = ListStore()
        var set = ColumnSet()
        for s in 0..<21 { set.insert(s, in: &store) }
        for s in 0..<19 { set.remove(s) }
        #expect(set.live == 2)
        #expect(elements(set.slots, store) == Array(0..<21))   // stale entries stay until compaction
        #expect(set.needsCompaction)    // 21 entries > 2 · 2 live + 16
        set.insert(100, in: &store)
        set.insert(101, in: &store)
        #expect(!set.needsCompaction)   // 23 entries, not > 2 · 4 live + 16
        set.replace(with: [19, 20, 100, 101, 102], in: &store)
        #expect(elements(set.slots, store) == [19, 20, 100, 101, 102])
        #expect(set.live == 5)
        set.replace(with: [7], in: &store)
        #expect(elements(set.slots, store) == [7])
        #expect(!set.isEmpty)
        set.remove(7)
        #expect(set.isEmpty)
        set.removeAll(in: &store)
        #expect(set.slots.isEmpty)
    }

    /// The tables a solver frees when its window goes hold no references,
    /// so freeing them visits no element: symbols, records, the kept
    /// equations' terms and their records.
    @Test func solverTablesAreTriviallyDestructible() {
        #expect(_isPOD(SymbolInfo.self))
        #expect(_isPOD(ConstraintRecord.self))
        #expect(_isPOD(Term.self))
        #expect(_isPOD(Solver.RecordInfo.self))
        #expect(_isPOD(EquationBatch.Equation.self))
    }
}
