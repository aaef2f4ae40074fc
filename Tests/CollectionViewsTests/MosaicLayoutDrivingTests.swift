import CollectionLayout
@testable import CollectionViews
import LayoutEngine
import Testing

/// Plain cells with fixed sizes from the layout: nothing self-sizes.
final class NumberDataSource: CollectionViewDataSource {
    var items: [[Int]]
    init(_ items: [[Int]]) { self.items = items }
    func numberOfSections(in collectionView: CollectionView) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items[section].count }
    func collectionView(_ collectionView: CollectionView,
                        cellForItemAt indexPath: IndexPath) throws(CollectionViewError) -> CollectionViewCell {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        cell.name = "\(items[indexPath.section][indexPath.item])"
        return cell
    }
}

@Suite struct MosaicLayoutDrivingTests {
    @Test func aCustomLayoutDrivesTheSameMachinery() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844), measurer: ApproximateTextMeasurer())
        let cv = CollectionView(frame: window.frame, layout: MosaicLayout())
        cv.contentInsetAdjustmentBehavior = .never
        let source = NumberDataSource([Array(0..<500), Array(500..<650)])
        cv.register(reuseIdentifier: "n") { CollectionViewCell() }
        cv.dataSource = source
        let tracker = DisplayTracker()
        cv.delegate = tracker
        window.addSubview(cv)
        window.runFrame()
        var screens = 0
        while cv.contentOffset.y < cv.maximumContentOffset.y {
            let wanted = cv.collectionViewLayout.layoutAttributesForElements(in: cv.bounds)
            #expect(wanted.map(\.indexPath) == cv.indexPathsForVisibleItems)
            for a in wanted { #expect(cv.cellForItem(at: a.indexPath)?.frame == a.frame) }
            #expect(cv.visibleCells.allSatisfy { $0.name == "\(source.items[$0.indexPath!.section][$0.indexPath!.item])" })
            cv.contentOffset.y = min(cv.maximumContentOffset.y, cv.contentOffset.y + 300)
            window.runFrame()
            screens += 1
        }
        #expect(screens > 100)
        #expect(cv.collectionCounters.selfSizingPasses == 0)
        #expect(cv.collectionCounters.cellsCreated < 20)
        #expect(cv.collectionCounters.boundsInvalidations == 0)
        #expect(tracker.problems.isEmpty && tracker.matches(cv))
        #expect(cv.contentSize == cv.collectionViewLayout.contentSize)
    }
}
