import Testing
@testable import LayoutEngine
import SampleViews

/// Windows, views and constraints go away when the app lets go of them:
/// constraints hold their items unowned and the engine's map is unretained.
@Suite struct LifetimeTests {
    @Test func aLaidOutWindowIsFreed() {
        weak var weakWindow: Window?
        weak var weakCell: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let window = makeWindow()
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: 2, seed: 3)
            let pin = list.feedCells[0].widthAnchor.constraint(lessThanOrEqualTo: window.widthAnchor)
            pin.isActive = true
            window.runFrame()
            weakWindow = window
            weakCell = list.feedCells[1]
            weakConstraint = pin
        }
        #expect(weakWindow == nil)
        #expect(weakCell == nil)
        #expect(weakConstraint == nil)
    }

    @Test func aRemovedSubtreeIsFreedWhileTheWindowLives() {
        let window = makeWindow()
        weak var weakCell: FeedCell?
        do {
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: 1, seed: 3)
            window.runFrame()
            weakCell = list.feedCells[0]
            list.removeFromSuperview()
        }
        window.runFrame()
        #expect(weakCell == nil)
        #expect(window.engineConstraintCount == 0)
    }
}
