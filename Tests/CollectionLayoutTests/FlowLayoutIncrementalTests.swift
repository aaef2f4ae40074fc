import CollectionLayout
import CollectionTestSupport
import Geometry
import Testing
import Randomness

/// Item sizes keyed by identity, so a layout updated by a batch and one built
/// fresh from the after-state can be compared. A class so the layout's
/// `perItem` closure sees the data source change.
final class SizeTable: @unchecked Sendable {
    var ids: [[Int]] = []
    static func size(of id: Int) -> Size {
        let h = UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15
        return Size(width: Double(30 + h % 120), height: Double(20 + (h >> 20) % 80))
    }
    func size(_ p: IndexPath) -> Size { SizeTable.size(of: ids[p.section][p.item]) }

    /// Three sizes in blocks of 40 identities: long stretches of one size
    /// (100 wide: three to a 320-point line), then another.
    static func blockSize(of id: Int) -> Size {
        [Size(width: 100, height: 40), Size(width: 150, height: 30), Size(width: 70, height: 55)][(id / 40 % 3 + 3) % 3]
    }

    /// One size, with every seventh identity narrower: runs broken now and then.
    static func sprinkledSize(of id: Int) -> Size {
        id % 7 == 0 ? Size(width: 60, height: 30) : Size(width: 100, height: 40)
    }
}

@Suite struct FlowLayoutIncrementalTests {
    @Test func selfSizingConvergesAndShiftsFollowingItems() {
        var layout = FlowLayout()
        layout.itemSizing = .fixed(Size(width: 300, height: 50))
        layout.estimatedItemSize = Size(width: 300, height: 50)
        layout.minimumLineSpacing = 10
        let preferred: (IndexPath) -> Double = { 40 + Double($0.item % 5) * 10 }
        var c = context([100, 20], width: 300, height: 600)
        c.preferredSize = { path, attributes in Size(width: attributes.frame.width, height: preferred(path)) }
        layout.prepare(c)
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 0))?.sizeIsEstimated == true)
        let placedBefore = layout.counters.itemsPlaced
        let visible = c.bounds
        let changed = layout.resolvePreferredSizes(in: visible, context: c)
        #expect(changed > 0)
        // Everything on screen has its preferred height, stacked without gaps or overlaps.
        let shown = layout.layoutAttributesForElements(in: visible)
        #expect(shown.allSatisfy { !$0.sizeIsEstimated })
        var y = 0.0
        for a in shown {
            #expect(a.frame.minY == y && a.frame.height == preferred(a.indexPath))
            y = a.frame.maxY + 10
        }
        // Following items kept their estimates and moved by the difference.
        let sized = (0..<changed).map { preferred(IndexPath(0, $0)) }.reduce(0, +)
        let next = layout.layoutAttributesForItem(at: IndexPath(0, changed))!
        #expect(next.sizeIsEstimated && next.frame.minY == sized + Double(changed) * 10)
        let total = sized + Double(100 - changed) * 50 + 99 * 10 + 20 * 50 + 19 * 10
        #expect(layout.contentSize.height == total)
        #expect(layout.layoutAttributesForItem(at: IndexPath(1, 0))?.frame.minY == total - 20 * 50 - 19 * 10)
        // Height-only changes shift lines; no item was placed again.
        #expect(layout.counters.itemsPlaced == placedBefore)
        #expect(layout.counters.fullLayouts == 1)
    }

    @Test func aNarrowerPreferredSizeMovesTheItemUpALine() {
        var layout = FlowLayout()
        layout.itemSizing = .fixed(Size(width: 200, height: 50))
        layout.estimatedItemSize = Size(width: 200, height: 50)
        layout.lineAlignment = .leading
        layout.prepare(context([3], width: 320))                 // one 200-wide item per line
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 1))?.frame.minY == 60)
        let changed = layout.invalidateLayout(forPreferredSize: Size(width: 100, height: 50), ofItemAt: IndexPath(0, 1))
        #expect(changed)
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 1))?.frame == Rect(x: 210, y: 0, width: 100, height: 50))
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 2))?.frame.minY == 60)
        #expect(layout.contentSize.height == 110)
        // Reporting the same size again changes nothing.
        let again = layout.invalidateLayout(forPreferredSize: Size(width: 100, height: 50), ofItemAt: IndexPath(0, 1))
        #expect(!again)
    }

    /// Random batches (section and item operations) on random data; sizes
    /// vary per item (0), are all one (1: three to a line, so sections are
    /// runs of identical lines), or mostly one with every seventh narrower (2),
    /// or come in blocks of four identities (3).
    @Test(arguments: 0..<4)
    func incrementalBatchesEqualAFreshLayout(sizes: Int) throws {
        var rng = SplitMix64(seed: 35 + UInt64(sizes))
        for trial in 0..<400 {
            let batch = randomValidBatch(&rng, maxSections: 5, maxItems: 14)
            let table = SizeTable()
            table.ids = batch.before
            var layout = FlowLayout()
            layout.itemSizing = switch sizes {
            case 1: .fixed(Size(width: 90, height: 40))
            case 2: .perItem { SizeTable.sprinkledSize(of: table.ids[$0.section][$0.item]) }
            case 3: .perItem { SizeTable.blockSize(of: table.ids[$0.section][$0.item] * 10) }
            default: .perItem { table.size($0) }
            }
            layout.scrollDirection = trial % 2 == 0 ? .vertical : .horizontal
            layout.sectionInset = EdgeInsets(top: 4, left: 3, bottom: 2, right: 1)
            layout.lineAlignment = trial % 3 == 0 ? .leading : .justified
            layout.prepare(context(batch.before.map(\.count), width: 320, height: 320))

            let (after, result) = try BatchUpdate(batch.operations)
                .apply(to: batch.before, itemCountsAfter: batch.after, newItem: newID)
            table.ids = after
            layout.applyBatchUpdate(result)
            #expect(!layout.needsPrepare)
            var fresh = layout
            fresh.invalidateLayout(.everything)
            fresh.prepare(context(batch.after, width: 320, height: 320))
            let got = allAttributes(layout, counts: batch.after)
            let want = allAttributes(fresh, counts: batch.after)
            #expect(got.count == want.count)
            for (g, w) in zip(got, want) { #expect(g.frame.isClose(to: w.frame), "\(g) vs \(w) in \(batch.operations)") }
            #expect(layout.contentSize == fresh.contentSize)
            // Preparing with the after counts keeps the incremental result.
            let full = layout.counters.fullLayouts
            layout.prepare(context(batch.after, width: 320, height: 320))
            #expect(layout.counters.fullLayouts == full)
        }
    }

    @Test func aBatchReplacesOnlyFromTheFirstTouchedLine() throws {
        var layout = FlowLayout()
        layout.itemSizing = .fixed(Size(width: 100, height: 40))
        let counts = Array(repeating: 40, count: 50)             // 2,000 items, three per line
        layout.prepare(context(counts, width: 320))
        let placed = layout.counters.itemsPlaced
        var after = counts
        after[45] -= 1
        let result = try BatchUpdate([.deleteItems([IndexPath(45, 30)])]).resolve(itemCountsBefore: counts, itemCountsAfter: after)
        layout.applyBatchUpdate(result)
        // Line 10 of section 45 holds item 30; re-breaking starts a line
        // earlier and never lines up again (every later item moved a slot):
        // the line of 27…29, then the full lines of equal items as one run,
        // then the last line, 36…38, which no equal item follows.
        #expect(layout.counters.itemsPlaced - placed == 3 + 3)
        #expect(layout.counters.runsPlaced == 1)
        // reloadData redoes everything.
        layout.applyBatchUpdate(.reloadData(itemCountsBefore: after, itemCountsAfter: after))
        #expect(layout.needsPrepare)
        layout.prepare(context(after, width: 320))
        #expect(layout.counters.itemsPlaced - placed == 6 + 1999)
    }
}
