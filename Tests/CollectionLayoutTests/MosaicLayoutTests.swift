import CollectionLayout
import CollectionTestSupport
import Foundation
import Geometry
import Testing
import Randomness

@Suite struct MosaicLayoutTests {
    @Test func talkPatternFullHalvesThirds() {
        var layout = MosaicLayout()
        layout.prepare(context([6], width: 301))
        let frames = allAttributes(layout, counts: [6]).map(\.frame)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 301, height: 200))
        #expect(frames[1] == Rect(x: 0, y: 201, width: 150, height: 200))
        #expect(frames[2] == Rect(x: 151, y: 201, width: 150, height: 200))
        #expect(frames[3] == Rect(x: 0, y: 402, width: 200, height: 200))          // two thirds
        #expect(frames[4] == Rect(x: 201, y: 402, width: 100, height: 99.5))       // one third, stacked
        #expect(frames[5] == Rect(x: 201, y: 502.5, width: 100, height: 99.5))
        #expect(layout.contentSize == Size(width: 301, height: 602))
    }

    @Test func noOverlapsAndTheCacheIsSortedByMinY() {
        for count in [0, 1, 2, 3, 4, 5, 11, 400] {
            var layout = MosaicLayout()
            let counts = [count, count / 3, 2]
            layout.prepare(context(counts, width: 390))
            let all = allAttributes(layout, counts: counts)
            #expect(all.count == counts.reduce(0, +))
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.frame.minY <= $1.frame.minY })
            let content = Rect(origin: .zero, size: layout.contentSize)
            for (i, a) in all.enumerated() {
                #expect(a.frame.intersection(content) == a.frame)
                // Rows are at most 200 high: only near neighbours can overlap.
                for b in all[(i + 1)...].prefix(8) { #expect(!a.frame.intersects(b.frame), "\(a) overlaps \(b)") }
            }
        }
    }

    @Test func filterAndBinarySearchReturnTheSameItems() {
        var rng = SplitMix64(seed: 2018)
        for _ in 0..<40 {
            let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...120, using: &rng) }
            var search = MosaicLayout()
            search.elementQuery = .binarySearch
            search.segmentHeight = Double.random(in: 50...250, using: &rng)
            var filter = search
            filter.elementQuery = .filter
            let c = context(counts, width: Double.random(in: 200...1000, using: &rng))
            search.prepare(c)
            filter.prepare(c)
            let height = search.contentSize.height
            for _ in 0..<50 {
                let rect = Rect(x: Double.random(in: -50...c.bounds.width, using: &rng),
                                y: Double.random(in: -100...(height + 100), using: &rng),
                                width: Double.random(in: 0...600, using: &rng), height: Double.random(in: 0...1200, using: &rng))
                #expect(search.layoutAttributesForElements(in: rect) == filter.layoutAttributesForElements(in: rect))
            }
        }
    }

    /// The work per query the talk describes: filter reads every cached
    /// attribute, binary search about log₂ N probes and then the screenful it walks.
    @Test func filterReadsEveryAttributeAndBinarySearchALogarithmicFew() {
        for n in [1_000, 100_000] {
            var search = MosaicLayout()
            search.elementQuery = .binarySearch
            search.prepare(context([n], width: 390, height: 844))
            var filter = search
            filter.elementQuery = .filter
            let rect = Rect(x: 0, y: search.contentSize.height / 2, width: 390, height: 844)
            var readBySearch = 0, readByFilter = 0
            let found = search.layoutAttributesForElements(in: rect, examined: &readBySearch)
            #expect(filter.layoutAttributesForElements(in: rect, examined: &readByFilter) == found)
            #expect(readByFilter == n)
            let probes = Int(log2(Double(n)).rounded(.up)) + 1
            #expect(readBySearch >= found.count && readBySearch <= probes + found.count + 4, "\(readBySearch) for \(found.count) found at n = \(n)")
        }
    }

    @Test func invalidatesOnResizeNotOnScroll() {
        var layout = MosaicLayout()
        layout.prepare(context([10], width: 320, height: 600))
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 450, width: 320, height: 600)))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 600, height: 320)))
        layout.invalidateLayout(.boundsSize)
        #expect(layout.needsPrepare)
        layout.prepare(context([10], width: 600, height: 320))
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 0))?.frame.width == 600)
        // A batch falls back to a full prepare.
        layout.applyBatchUpdate(.reloadData(itemCountsBefore: [10], itemCountsAfter: [4]))
        #expect(layout.needsPrepare)
        layout.prepare(context([4], width: 600, height: 320))
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 4)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 3)) != nil)
    }
}
