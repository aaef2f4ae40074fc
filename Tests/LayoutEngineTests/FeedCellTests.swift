import Testing
@testable import LayoutEngine
import SampleViews

@Suite struct FeedCellTests {
    @Test func constraintsCellHas21ViewsAnd67Constraints() {
        let cell = FeedCell(flavor: .constraints, data: .make(seed: 1))
        var views = 0
        cell.forEachInSubtree { _ in views += 1 }
        #expect(views == FeedCell.viewCount)
        #expect(cell.allConstraints.count == FeedCell.constraintCount)
        #expect(cell.allConstraints.allSatisfy { $0.isActive })
    }

    @Test func bothFlavoursGiveTheSameFrames() {
        for seed: UInt64 in [1, 2, 3] {
            var dumps: [String] = []
            var digests: [UInt64] = []
            for flavor in LayoutFlavor.allCases {
                let window = makeWindow()
                let list = FeedList(flavor: flavor, width: 375)
                window.addSubview(list)
                list.appendCells(count: 3, seed: seed)
                window.runFrame()
                dumps.append(list.frameDump())
                digests.append(list.frameDigest)
                #expect(window.constraintMessages.isEmpty)
            }
            #expect(dumps[0] == dumps[1], "seed \(seed):\n\(dumps[0])\n---\n\(dumps[1])")
            #expect(digests[0] == digests[1])
        }
    }
}
