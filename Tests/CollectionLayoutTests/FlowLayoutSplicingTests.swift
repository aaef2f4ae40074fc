import CollectionLayout
import CollectionTestSupport
import Geometry
import Testing
import Randomness

/// `k` random updates inside one section of `count` items: distinct
/// before-paths for deletes, reloads and move sources, distinct after-paths
/// for inserts and move destinations; the count changes by inserts − deletes.
func randomSectionBatch(_ rng: inout SplitMix64, section s: Int, count: Int, updates k: Int)
    -> (operations: [BatchUpdate.Operation], countAfter: Int) {
    var before = Array(0..<count).shuffled(using: &rng).prefix(min(count, k)).makeIterator()
    var deletes: [IndexPath] = [], reloads: [IndexPath] = [], moveFrom: [IndexPath] = []
    var inserts = 0
    for _ in 0..<k {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: if let i = before.next() { deletes.append(IndexPath(s, i)) }
        case 1: if let i = before.next() { reloads.append(IndexPath(s, i)) }
        case 2: if let i = before.next() { moveFrom.append(IndexPath(s, i)) }
        default: inserts += 1
        }
    }
    let after = count - deletes.count + inserts
    var slots = Array(0..<after).shuffled(using: &rng).prefix(inserts + moveFrom.count).makeIterator()
    var ops: [BatchUpdate.Operation] = []
    if !deletes.isEmpty { ops.append(.deleteItems(deletes)) }
    if !reloads.isEmpty { ops.append(.reloadItems(reloads)) }
    for from in moveFrom { ops.append(.moveItem(from: from, to: IndexPath(s, slots.next()!))) }
    let insertPaths = (0..<inserts).map { _ in IndexPath(s, slots.next()!) }
    if !insertPaths.isEmpty { ops.append(.insertItems(insertPaths)) }
    return (ops.shuffled(using: &rng), after)
}

/// Applies `k` random updates (``randomSectionBatch``) to section 0 of `ids`
/// — fresh identities for inserts and reloads come from `nextID` — and the
/// same batch to `layout`. Returns the section's count after it.
func applyRandomSectionBatch(_ rng: inout SplitMix64, ids: inout [[Int]], nextID: inout Int,
                             layout: inout FlowLayout, updates k: Int) throws -> Int {
    let (ops, countAfter) = randomSectionBatch(&rng, section: 0, count: ids[0].count, updates: k)
    let result: BatchUpdateResult
    (ids, result) = try BatchUpdate(ops).apply(to: ids, itemCountsAfter: [countAfter]) { _ in
        nextID += 1
        return nextID
    }
    layout.applyBatchUpdate(result)
    return countAfter
}

/// Every item whose frame meets `rect`, by testing them all: the naive reference for rect queries.
func naiveAttributes(_ layout: FlowLayout, counts: [Int], in rect: Rect) -> [IndexPath] {
    allAttributes(layout, counts: counts).filter { $0.frame.intersects(rect) }.map(\.indexPath)
}

@Suite struct FlowLayoutSplicingTests {
    /// Chains of batches on long sections, each compared with a layout built
    /// from scratch: every item's frame, the content size, and rect queries
    /// against the naive filter. Covers varied sizes (lines re-sync by item),
    /// one item per line, and self-sized items carried through batches; and
    /// lines of several items of one size (runs of identical lines, 3 or 4 to
    /// a line), alone or with other sizes in blocks or sprinkled among them.
    @Test(arguments: 0..<8)
    func chainedBatchesOnLongSectionsEqualAFreshLayout(flavour: Int) throws {
        var rng = SplitMix64(seed: 4_000 + UInt64(flavour))
        let table = SizeTable()
        var nextID = 0
        table.ids = [(0..<300).map { _ in nextID += 1; return nextID }, (0..<40).map { _ in nextID += 1; return nextID }]
        var layout = FlowLayout()
        layout.itemSizing = switch flavour {
        case 1: .fixed(Size(width: 300, height: 44))
        case 4: .fixed(Size(width: 100, height: 40))                 // three to a line
        case 5: .perItem { SizeTable.blockSize(of: table.ids[$0.section][$0.item]) }
        case 6: .perItem { SizeTable.sprinkledSize(of: table.ids[$0.section][$0.item]) }
        case 7: .fixed(Size(width: 60, height: 70))                  // four to a (vertical) line
        default: .perItem { table.size($0) }
        }
        layout.scrollDirection = flavour == 2 || flavour == 6 || flavour == 7 ? .horizontal : .vertical
        layout.lineAlignment = flavour == 3 || flavour == 6 ? .leading : .justified
        layout.sectionInset = EdgeInsets(top: 5, left: 3, bottom: 7, right: 2)
        var counts = table.ids.map(\.count)
        layout.prepare(context(counts, width: 320, height: 320))
        for round in 0..<60 {
            let s = round % 3 == 2 ? 1 : 0
            let (ops, countAfter) = randomSectionBatch(&rng, section: s, count: counts[s], updates: 1 + round % 7)
            var after = counts
            after[s] = countAfter
            let (ids, result) = try BatchUpdate(ops).apply(to: table.ids, itemCountsAfter: after) { _ in
                nextID += 1
                return nextID
            }
            table.ids = ids
            counts = after
            layout.applyBatchUpdate(result)
            #expect(!layout.needsPrepare)
            var fresh = FlowLayout()
            fresh.itemSizing = layout.itemSizing
            fresh.scrollDirection = layout.scrollDirection
            fresh.lineAlignment = layout.lineAlignment
            fresh.sectionInset = layout.sectionInset
            fresh.prepare(context(counts, width: 320, height: 320))
            let got = allAttributes(layout, counts: counts), want = allAttributes(fresh, counts: counts)
            #expect(got.count == want.count)
            for (g, w) in zip(got, want) where !g.frame.isClose(to: w.frame) {
                Issue.record("round \(round): \(g) vs \(w) after \(ops)")
                return
            }
            #expect(abs(layout.contentSize.height - fresh.contentSize.height) < 1e-6)
            #expect(abs(layout.contentSize.width - fresh.contentSize.width) < 1e-6)
            for _ in 0..<4 {
                let length = max(layout.contentSize.height, layout.contentSize.width)
                let v = Double.random(in: -50...length, using: &rng), extent = Double.random(in: 1...400, using: &rng)
                let rect = layout.scrollDirection == .vertical ? Rect(x: 0, y: v, width: 320, height: extent)
                    : Rect(x: v, y: 0, width: extent, height: 320)
                #expect(layout.layoutAttributesForElements(in: rect).map(\.indexPath)
                        == naiveAttributes(layout, counts: counts, in: rect))
            }
        }
    }

    /// Self-sized items keep their sizes through batches, and a width change
    /// re-breaks only around the item; both equal a layout given the same sizes.
    @Test func preferredSizesSurviveBatchesAndMatchTheReference() throws {
        var rng = SplitMix64(seed: 77)
        var layout = FlowLayout()
        layout.itemSizing = .fixed(Size(width: 90, height: 40))
        layout.estimatedItemSize = Size(width: 90, height: 40)
        layout.lineAlignment = .leading
        var ids: [[Int]] = [Array(0..<500)]
        var nextID = 500
        var preferred: [Int: Size] = [:]
        layout.prepare(context([500], width: 320))
        for round in 0..<40 {
            // Size a few items, some wider or narrower than the estimate.
            for _ in 0..<5 {
                let i = Int.random(in: 0..<ids[0].count, using: &rng)
                let size = Size(width: Double(Int.random(in: 40...200, using: &rng)), height: Double(Int.random(in: 20...90, using: &rng)))
                preferred[ids[0][i]] = size
                _ = layout.invalidateLayout(forPreferredSize: size, ofItemAt: IndexPath(0, i))
            }
            // Reloaded items get new identities, so they start over from the estimate.
            let countAfter = try applyRandomSectionBatch(&rng, ids: &ids, nextID: &nextID, layout: &layout, updates: 1 + round % 5)
            let snapshot = ids[0], sizes = preferred
            var reference = FlowLayout()
            reference.itemSizing = .perItem { sizes[snapshot[$0.item]] ?? Size(width: 90, height: 40) }
            reference.lineAlignment = .leading
            reference.prepare(context([countAfter], width: 320))
            let got = allAttributes(layout, counts: [countAfter]), want = allAttributes(reference, counts: [countAfter])
            for (g, w) in zip(got, want) where !g.frame.isClose(to: w.frame) || g.sizeIsEstimated != (sizes[snapshot[g.indexPath.item]] == nil) {
                Issue.record("round \(round): \(g) vs \(w)")
                return
            }
            #expect(layout.contentSize == reference.contentSize)
        }
    }

    /// The work of a batch of k updates does not grow with the section's
    /// length: the same batch shape on 1,000 and 64,000 items (one item per
    /// line, the talk's column layout on a phone) places the same items, and
    /// the tree work grows at most with log N.
    @Test func batchWorkIsIndependentOfTheSectionLength() throws {
        func work(items: Int) throws -> (placed: Int, lines: Int, sections: Int) {
            var rng = SplitMix64(seed: 9)
            var layout = FlowLayout.columns()
            let c = LayoutContext(itemCounts: [items], bounds: Rect(x: 0, y: 0, width: 390, height: 844))
            layout.prepare(c)
            var count = items
            var placed = 0, lines = 0, sections = 0
            for _ in 0..<20 {
                let (ops, after) = randomSectionBatch(&rng, section: 0, count: count, updates: 8)
                let result = try BatchUpdate(ops).resolve(itemCountsBefore: [count], itemCountsAfter: [after])
                let before = layout.counters
                layout.applyBatchUpdate(result)
                placed += layout.counters.itemsPlaced - before.itemsPlaced
                lines += layout.counters.linesVisited - before.linesVisited
                sections += layout.counters.sectionsVisited - before.sectionsVisited
                #expect(layout.counters.fullLayouts == 1)
                count = after
            }
            return (placed, lines, sections)
        }
        let small = try work(items: 1_000), large = try work(items: 64_000)
        print("batch work, 20 batches of 8 updates, N = 1,000 vs 64,000:", small, large)
        // One item per line: an update re-places at most its item and the line
        // before (whose next item changed); a move is two updates.
        #expect(small.placed <= 20 * 8 * 4 && large.placed <= 20 * 8 * 4, "\(small) vs \(large)")
        #expect(Double(large.lines) < 2.5 * Double(small.lines), "\(small) vs \(large)")
        // One section rebuilt and one prefix-sum node per batch, at most.
        #expect(small.sections <= 20 * 2 && large.sections <= 20 * 2)
    }

    /// Many sections: a batch touching one section updates its extent's
    /// prefix sums (log S), not every following section.
    @Test func sectionWorkGrowsWithLogS() throws {
        func work(sections: Int) throws -> Int {
            var layout = FlowLayout.columns()
            let counts = Array(repeating: 100, count: sections)
            layout.prepare(LayoutContext(itemCounts: counts, bounds: Rect(x: 0, y: 0, width: 390, height: 844)))
            var after = counts
            after[1] += 1
            let result = try BatchUpdate([.insertItems([IndexPath(1, 50)])]).resolve(itemCountsBefore: counts, itemCountsAfter: after)
            let before = layout.counters.sectionsVisited
            layout.applyBatchUpdate(result)
            #expect(layout.layoutAttributesForItem(at: IndexPath(sections - 1, 99))?.frame.maxY == layout.contentSize.height)
            return layout.counters.sectionsVisited - before
        }
        let ten = try work(sections: 10), thousand = try work(sections: 1_000)
        #expect(thousand <= ten + 8, "\(ten) vs \(thousand)")
    }
}
