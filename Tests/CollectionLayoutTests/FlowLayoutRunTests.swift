import CollectionLayout
import CollectionTestSupport
import Geometry
import Testing
import Randomness

/// Sections whose lines hold several items of one size: the layout keeps
/// identical lines in a row as one run, so a change that shifts every later
/// item by a slot costs what the change costs, not what follows it.
@Suite struct FlowLayoutRunTests {
    /// The work counters a batch adds up: items placed one by one, runs of
    /// lines placed in one step, line-tree nodes and sections visited.
    struct Work: Equatable, CustomStringConvertible {
        var placed = 0, runs = 0, lines = 0, sections = 0
        var total: Int { placed + runs + lines + sections }
        var description: String { "placed \(placed), runs \(runs), lines \(lines), sections \(sections)" }

        init() {}
        init(from a: FlowLayout.Counters, to b: FlowLayout.Counters) {
            placed = b.itemsPlaced - a.itemsPlaced
            runs = b.runsPlaced - a.runsPlaced
            lines = b.linesVisited - a.linesVisited
            sections = b.sectionsVisited - a.sectionsVisited
        }

        static func + (a: Work, b: Work) -> Work {
            var w = a
            w.placed += b.placed
            w.runs += b.runs
            w.lines += b.lines
            w.sections += b.sections
            return w
        }
    }

    /// The two multi-column layouts under test: the talk's column layout on a
    /// 1024-point tablet (341-point items, two to a line with the spacing),
    /// and 100-point items three to a 320-point line.
    static func multiColumn(_ kind: Int, items: Int) -> (FlowLayout, LayoutContext) {
        if kind == 0 {
            return (FlowLayout.columns(), LayoutContext(itemCounts: [items], bounds: Rect(x: 0, y: 0, width: 1024, height: 768)))
        }
        var layout = FlowLayout()
        layout.itemSizing = .fixed(Size(width: 100, height: 70))
        return (layout, context([items], width: 320))
    }

    /// `batches` batches of 8 random updates on one section of `items`: the
    /// work of each, in order. Updates fall among the first `within` items
    /// (counts drift by at most 8 a batch), so the same batches apply to any
    /// longer section.
    static func batchWork(_ kind: Int, items: Int, batches: Int, within: Int = 800) throws -> [Work] {
        var rng = SplitMix64(seed: 9)
        var (layout, c) = multiColumn(kind, items: items)
        layout.prepare(c)
        var count = items
        var work: [Work] = []
        for _ in 0..<batches {
            let front = min(count, within)
            let (ops, frontAfter) = randomSectionBatch(&rng, section: 0, count: front, updates: 8)
            let after = count - front + frontAfter
            let result = try BatchUpdate(ops).resolve(itemCountsBefore: [count], itemCountsAfter: [after])
            let before = layout.counters
            layout.applyBatchUpdate(result)
            #expect(layout.counters.fullLayouts == 1)
            work.append(Work(from: before, to: layout.counters))
            count = after
        }
        c.itemCounts = [count]
        var fresh = multiColumn(kind, items: count).0
        fresh.prepare(c)
        #expect(layout.contentSize == fresh.contentSize)
        return work
    }

    /// The same 20 batches of 8 updates on 1,000 and on 100,000 items in one
    /// multi-column section do exactly the same work: the items of one size
    /// form one run whatever their number (the section's tree is that run and
    /// its last line). Before runs, the re-break of every batch ran to the end
    /// of the section, so the work grew with N.
    @Test(arguments: [0, 1])
    func batchWorkDoesNotGrowWithTheSectionLength(kind: Int) throws {
        let small = try Self.batchWork(kind, items: 1_000, batches: 20).reduce(Work(), +)
        let large = try Self.batchWork(kind, items: 100_000, batches: 20).reduce(Work(), +)
        print("multi-column batch work (\(kind)), 20 batches of 8 updates, N = 1,000 vs 100,000:", small, "|", large)
        // Per update: the line before it and its own line broken again (at
        // most 2 × 3 items each), one run across the rest, and the last line.
        #expect(small.placed <= 20 * 8 * 9 && large.placed <= 20 * 8 * 9, "\(small) vs \(large)")
        #expect(large == small, "\(small) vs \(large)")
    }

    /// Batches do not fragment the runs: after 200 batches the work of a
    /// batch is what it was at the start.
    @Test func runsStayWholeOverManyBatches() throws {
        let work = try Self.batchWork(1, items: 20_000, batches: 200, within: 19_000)
        let first = work.prefix(20).reduce(Work(), +), last = work.suffix(20).reduce(Work(), +)
        print("batches 1–20 vs 181–200 on 20,000 items:", first, "|", last)
        #expect(last.total <= first.total + first.total / 4, "\(first) vs \(last)")
    }

    /// One item of another size in the middle of a long uniform section
    /// splits its run; removing it joins the run again. Both cost a few
    /// lines, and both equal a fresh layout.
    @Test(arguments: [100.0, 60.0, 250.0])
    func anItemOfAnotherSizeSplitsTheRun(width: Double) throws {
        let table = SizeTable()
        table.ids = [Array(0..<30_000)]
        let odd = 1_000_000
        var layout = FlowLayout()
        layout.itemSizing = .perItem { table.ids[$0.section][$0.item] == odd ? Size(width: width, height: 55) : Size(width: 100, height: 40) }
        layout.prepare(context([30_000], width: 320))
        func check(_ counts: [Int], _ label: String) {
            var fresh = FlowLayout()
            fresh.itemSizing = layout.itemSizing
            fresh.prepare(context(counts, width: 320))
            #expect(layout.contentSize == fresh.contentSize, "\(label)")
            for i in [0, 14_990, 14_998, 14_999, 15_000, 15_001, 15_002, 15_010, counts[0] - 1] {
                #expect(layout.layoutAttributesForItem(at: IndexPath(0, i)) == fresh.layoutAttributesForItem(at: IndexPath(0, i)),
                        "\(label) item \(i)")
            }
            let rect = Rect(x: 0, y: layout.layoutAttributesForItem(at: IndexPath(0, 14_990))!.frame.minY, width: 320, height: 300)
            #expect(layout.layoutAttributesForElements(in: rect) == fresh.layoutAttributesForElements(in: rect), "\(label)")
        }
        var before = layout.counters
        let (inserted, insert) = try BatchUpdate([.insertItems([IndexPath(0, 15_000)])])
            .apply(to: table.ids, itemCountsAfter: [30_001]) { _ in odd }
        table.ids = inserted
        layout.applyBatchUpdate(insert)
        var work = Work(from: before, to: layout.counters)
        #expect(work.placed <= 12 && work.runs <= 2 && work.lines <= 80, "insert: \(work)")
        check([30_001], "insert")

        before = layout.counters
        let (removed, delete) = try BatchUpdate([.deleteItems([IndexPath(0, 15_000)])])
            .apply(to: table.ids, itemCountsAfter: [30_000]) { _ in odd }
        table.ids = removed
        layout.applyBatchUpdate(delete)
        work = Work(from: before, to: layout.counters)
        #expect(work.placed <= 12 && work.runs <= 2 && work.lines <= 80, "delete: \(work)")
        check([30_000], "delete")
    }

    /// Self-sizing inside runs: preferred sizes equal to the estimate (only
    /// the flag changes), taller (only the line's thickness), narrower or
    /// wider (lines re-break), reported between batches, each time compared
    /// with a layout given the same sizes, flags included.
    @Test(arguments: [FlowLayout.LineAlignment.leading, .justified])
    func preferredSizesInsideRunsMatchTheReference(alignment: FlowLayout.LineAlignment) throws {
        var rng = SplitMix64(seed: alignment == .leading ? 501 : 502)
        let estimate = Size(width: 90, height: 40)
        let palette = [estimate, estimate, Size(width: 90, height: 60), Size(width: 60, height: 40),
                       Size(width: 140, height: 40), Size(width: 90, height: 25)]
        var layout = FlowLayout()
        layout.itemSizing = .fixed(estimate)
        layout.estimatedItemSize = estimate
        layout.lineAlignment = alignment
        var ids: [[Int]] = [Array(0..<3_000)]
        var nextID = 3_000
        var preferred: [Int: Size] = [:]
        layout.prepare(context([3_000], width: 320))
        for round in 0..<40 {
            // Size a stretch of neighbours, as scrolling does, and a few strays.
            let start = Int.random(in: 0..<ids[0].count - 12, using: &rng)
            let sized = Array(start..<start + 12) + (0..<4).map { _ in Int.random(in: 0..<ids[0].count, using: &rng) }
            for i in sized {
                let size = palette.randomElement(using: &rng)!
                preferred[ids[0][i]] = size
                _ = layout.invalidateLayout(forPreferredSize: size, ofItemAt: IndexPath(0, i))
            }
            let countAfter = try applyRandomSectionBatch(&rng, ids: &ids, nextID: &nextID, layout: &layout, updates: 1 + round % 6)
            let snapshot = ids[0], sizes = preferred
            var reference = FlowLayout()
            reference.itemSizing = .perItem { sizes[snapshot[$0.item]] ?? estimate }
            reference.lineAlignment = alignment
            reference.prepare(context([countAfter], width: 320))
            let got = allAttributes(layout, counts: [countAfter]), want = allAttributes(reference, counts: [countAfter])
            #expect(got.count == want.count)
            for (g, w) in zip(got, want)
            where !g.frame.isClose(to: w.frame) || g.sizeIsEstimated != (sizes[snapshot[g.indexPath.item]] == nil) {
                Issue.record("round \(round): \(g) vs \(w)")
                return
            }
            #expect(layout.contentSize == reference.contentSize)
            for _ in 0..<4 {
                let rect = Rect(x: 0, y: Double.random(in: -50...layout.contentSize.height, using: &rng), width: 320,
                                height: Double.random(in: 1...300, using: &rng))
                #expect(layout.layoutAttributesForElements(in: rect).map(\.indexPath)
                        == got.filter { $0.frame.intersects(rect) }.map(\.indexPath))
            }
        }
        #expect(layout.counters.fullLayouts == 1)
    }
}
