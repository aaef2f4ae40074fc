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
        // The parts' lists hold what lies inside each part; the other 16
        // stack the parts in the cell (its top, four links, its bottom) and
        // pin them to its sides (10).
        let parts: [FeedPart] = [cell.topBar, cell.miniProfile, cell.miniContent, cell.socialActions, cell.comment]
        let inParts = parts.flatMap(\.constraints)
        #expect(Set(inParts.map(ObjectIdentifier.init)).count == inParts.count)
        #expect(inParts.count == FeedCell.constraintCount - 16)
        let manual = FeedCell(flavor: .manual, data: .make(seed: 1))
        #expect(manual.allConstraints.isEmpty && manual.miniProfile.constraints.isEmpty)
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

@Suite struct FeedCellReuseTests {
    /// Cell reuse (scenario 1): reconfiguring cells in place gives the same
    /// frames as building them with that content, in both flavours.
    @Test(arguments: LayoutFlavor.allCases)
    func reconfiguredCellsMatchFreshOnes(flavor: LayoutFlavor) {
        let window = makeWindow()
        let list = FeedList(flavor: flavor, width: 375)
        window.addSubview(list)
        list.appendCells(count: 4, seed: 100)
        window.runFrame()
        let before = window.engineCounters
        for (i, cell) in list.feedCells.enumerated() { cell.configure(with: .make(seed: 7 + UInt64(i))) }
        window.runFrame()
        let d = window.engineCounters - before

        let fresh = makeWindow()
        let freshList = FeedList(flavor: flavor, width: 375)
        fresh.addSubview(freshList)
        freshList.appendCells(count: 4, seed: 7)
        fresh.runFrame()
        #expect(list.frameDump() == freshList.frameDump())
        if flavor == .constraints {
            #expect(d[.constraintsAdded] == 0 && d[.constraintsRemoved] == 0)   // only constants move
            #expect(d[.textMeasureRequests] <= 4 * 9)   // the 8 changed labels per cell, plus a headline re-wrap
        }
    }

    @Test func constraintsFlavourIsIndependentPerCell() {
        let window = makeWindow()
        let list = FeedList(flavor: .constraints, width: 375)
        window.addSubview(list)
        list.appendCells(count: 3, seed: 1)
        window.runFrame()
        let a = list.feedCells[0], b = list.feedCells[2]
        #expect(!window.sharesIndependentBlock(a.topBar.actionLabel, b.topBar.actionLabel))
        // Dragging one cell's like label touches that label only.
        let before = window.engineCounters
        b.socialActions.likeOffset = 30
        window.runFrame()
        let d = window.engineCounters - before
        #expect(d[.framesApplied] == 1 && d[.layoutSubviewsCalls] == 1 && d[.variableChanges] == 1)
        #expect(b.socialActions.likeLabel.frame.minX == 30)
    }
}

@Suite struct WindowSequenceTests {
    /// A closed window's engine leaves its emptied tables to the next one
    /// (`SpareStorage`, `Engine.close`): windows made one after another,
    /// larger and smaller, lay the same cells out to the same frames with
    /// the same counts, whichever tables they started from.
    @Test func windowsMadeOneAfterAnotherLayOutAlike() {
        // The counts, not the measuring time (which `==` on the counters compares too).
        func build(cells: Int) -> (digest: UInt64, counters: [String]) {
            let window = makeWindow()
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: cells, seed: 9)
            window.runFrame()
            #expect(window.constraintMessages.isEmpty)
            return (list.frameDigest, window.engineCounters.entries.map { "\($0.name)=\($0.value)" })
        }
        let first = build(cells: 12)
        let small = build(cells: 3)
        // A window closed with constraints still queued (cells added after
        // its last frame) leaves none of them to the next.
        do {
            let window = makeWindow()
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: 2, seed: 9)
            window.runFrame()
            list.appendCells(count: 5, seed: 10)
        }
        for _ in 0..<2 {
            let again = build(cells: 12)
            #expect(again.digest == first.digest && again.counters == first.counters)
        }
        let smallAgain = build(cells: 3)
        #expect(smallAgain.digest == small.digest && smallAgain.counters == small.counters)
        #expect(first.counters.contains { $0.hasPrefix("solver.componentsCloned=") && $0 != "solver.componentsCloned=0" })
    }
}
