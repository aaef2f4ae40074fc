import CollectionLayout
import CollectionTestSupport
import Geometry
import Testing
import Randomness

@Suite struct FlowLayoutTests {
    func fixed(_ size: Size, alignment: FlowLayout.LineAlignment = .leading) -> FlowLayout {
        var layout = FlowLayout()
        layout.itemSizing = .fixed(size)
        layout.lineAlignment = alignment
        return layout
    }

    @Test func verticalRowsWrapWithSpacings() {
        var layout = fixed(Size(width: 100, height: 50))
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 20
        layout.prepare(context([7], width: 320))        // 3 × 100 + 2 × 10 = 320: three per row
        let frames = allAttributes(layout, counts: [7]).map(\.frame)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(frames[2] == Rect(x: 220, y: 0, width: 100, height: 50))
        #expect(frames[3] == Rect(x: 0, y: 70, width: 100, height: 50))
        #expect(frames[6] == Rect(x: 0, y: 140, width: 100, height: 50))
        #expect(layout.contentSize == Size(width: 320, height: 190))
    }

    @Test func justifiedLinesSpreadSlackAndCentreALoneItem() {
        var layout = fixed(Size(width: 100, height: 50), alignment: .justified)
        layout.prepare(context([7], width: 330))
        let xs = allAttributes(layout, counts: [7]).map(\.frame.minX)
        #expect(xs == [0, 115, 230, 0, 115, 230, 115])
    }

    @Test func horizontalColumnsFillTopToBottom() {
        var layout = fixed(Size(width: 50, height: 100))
        layout.scrollDirection = .horizontal
        layout.minimumLineSpacing = 15
        layout.prepare(context([5], width: 400, height: 320))
        let frames = allAttributes(layout, counts: [5]).map(\.frame)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 50, height: 100))
        #expect(frames[2] == Rect(x: 0, y: 220, width: 50, height: 100))
        #expect(frames[3] == Rect(x: 65, y: 0, width: 50, height: 100))
        #expect(layout.contentSize == Size(width: 115, height: 320))
    }

    @Test func sectionInsetsFromEachReference() {
        var layout = fixed(Size(width: 100, height: 50))
        layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
        var c = context([3, 1], width: 400)
        c.safeAreaInsets = EdgeInsets(left: 44, right: 44)
        c.layoutMargins = EdgeInsets(left: 60, right: 60)
        c.contentInset = EdgeInsets(left: 20, right: 20)
        // From the content inset: content coordinates start inside it already.
        layout.prepare(c)
        var frames = allAttributes(layout, counts: [3, 1]).map(\.frame)
        #expect(frames[0].minX == 10 && frames[0].minY == 5)
        #expect(frames[2].minX == 230)                        // 360 − 20 = 340 wide: three fit
        #expect(frames[3] == Rect(x: 10, y: 5 + 50 + 7 + 5, width: 100, height: 50))
        // From the safe area: 44 − 20 = 24 more; 400 − 40 − 48 − 20 = 292 wide: two fit.
        layout.sectionInsetReference = .fromSafeArea
        layout.invalidateLayout(.everything)
        layout.prepare(c)
        frames = allAttributes(layout, counts: [3, 1]).map(\.frame)
        #expect(frames.map(\.minX) == [34, 144, 34, 34])
        #expect(frames[2].minY == 65)
        // From the margins: 60 − 20 = 40 more.
        layout.sectionInsetReference = .fromLayoutMargins
        layout.invalidateLayout(.everything)
        layout.prepare(c)
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 0))?.frame.minX == 50)
        #expect(layout.contentSize.width == 360)
    }

    @Test func talkColumnLayoutReflowsOnRotationNotOnScroll() {
        var layout = FlowLayout.columns()                      // 300-point columns, 70 high
        let portrait = LayoutContext(itemCounts: [6], bounds: Rect(x: 0, y: 0, width: 375, height: 812),
                                     safeAreaInsets: EdgeInsets(top: 44, bottom: 34),
                                     layoutMargins: EdgeInsets(top: 44, left: 16, bottom: 34, right: 16))
        layout.prepare(portrait)
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 0))?.frame == Rect(x: 16, y: 10, width: 343, height: 70))
        #expect(layout.layoutAttributesForItem(at: IndexPath(0, 1))?.frame.minY == 90)

        // Scrolling moves the origin only: no invalidation, and prepare does nothing.
        var scrolled = portrait
        scrolled.bounds.origin.y = 300
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: scrolled.bounds))
        layout.prepare(scrolled)
        #expect(layout.counters.fullLayouts == 1)

        // Rotation: 812 wide, margins 44 + 16 → 692 available → two 346-point columns.
        let landscape = LayoutContext(itemCounts: [6], bounds: Rect(x: 0, y: 0, width: 812, height: 375),
                                      safeAreaInsets: EdgeInsets(left: 44, bottom: 21, right: 44),
                                      layoutMargins: EdgeInsets(left: 60, bottom: 21, right: 60))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: landscape.bounds))
        layout.invalidateLayout(.boundsSize)
        #expect(layout.needsPrepare)
        layout.prepare(landscape)
        #expect(layout.counters.fullLayouts == 2)
        // Lines span 812 − 88 = 724 from the safe area; the 32-point slack joins the gap.
        let frames = allAttributes(layout, counts: [6]).map(\.frame)
        #expect(frames[0] == Rect(x: 44, y: 10, width: 346, height: 70))
        #expect(frames[1] == Rect(x: 422, y: 10, width: 346, height: 70))
        #expect(frames[2].minY == 90)
        #expect(layout.contentSize == Size(width: 812, height: 10 + 3 * 70 + 2 * 10))
    }

    @Test func elementQueriesMatchABruteForceFilter() {
        var rng = SplitMix64(seed: 8)
        for direction in [FlowLayout.ScrollDirection.vertical, .horizontal] {
            var layout = FlowLayout()
            layout.scrollDirection = direction
            layout.itemSizing = .perItem { p in
                Size(width: Double(20 + (p.item * 37 + p.section * 11) % 90), height: Double(15 + (p.item * 53) % 70))
            }
            layout.sectionInset = EdgeInsets(top: 3, left: 4, bottom: 5, right: 6)
            let counts = (0..<12).map { _ in Int.random(in: 0...40, using: &rng) }
            layout.prepare(context(counts, width: 350, height: 350))
            let all = allAttributes(layout, counts: counts)
            let extent = max(layout.contentSize.width, layout.contentSize.height)
            for _ in 0..<300 {
                let rect = Rect(x: Double.random(in: -20...extent, using: &rng), y: Double.random(in: -20...extent, using: &rng),
                                width: Double.random(in: 0...400, using: &rng), height: Double.random(in: 0...400, using: &rng))
                #expect(layout.layoutAttributesForElements(in: rect) == all.filter { $0.frame.intersects(rect) })
            }
        }
    }
}
