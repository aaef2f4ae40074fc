import Testing
@testable import LayoutEngine
import SampleViews

/// Windows, views and constraints go away when the app lets go of them:
/// constraints hold their items unretained and the engine's map is unretained.
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

    /// Views and guides hold their window and engine unretained (weak
    /// references slowed every retain of them), and constraints find their
    /// engine through its slot, which the window's closing moves on: a window that goes must
    /// leave nothing pointing at it, and what outlives it must work on in
    /// another window.
    @Test func viewsAndConstraintsOutliveTheirWindow() {
        let card = View(), title = Label(text: "Outlives its window")
        card.addSubview(title)
        title.translatesAutoresizingMaskIntoConstraints = false
        let guide = LayoutGuide()
        card.addLayoutGuide(guide)
        let inset = title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12)
        let top = title.topAnchor.constraint(equalTo: guide.topAnchor, constant: 4)
        weak var weakWindow: Window?
        do {
            let window = makeWindow()
            window.addSubview(card)
            LayoutConstraint.activate([inset, top, guide.topAnchor.constraint(equalTo: card.topAnchor, constant: 6)])
            window.runFrame()
            #expect(title.frame.minX == 12)
            #expect(title.frame.minY == 10)
            #expect(inset.engine != nil && title.engine != nil && card.window === window)
            weakWindow = window
        }
        #expect(weakWindow == nil)
        // What went with the window reads as gone.
        #expect(card.window == nil && title.window == nil)
        #expect(card.engine == nil && title.engine == nil && guide.engine == nil)
        #expect(inset.engine == nil && top.engine == nil)
        #expect(title.engineOwnedConstraints.allSatisfy { $0.engine == nil })
        // And still works: changed while windowless, then laid out in a new window.
        inset.constant = 20
        let next = makeWindow()
        // The new window's engine takes the slot the old one handed back
        // (see `EngineSlot`): constraints installed under the old stamp
        // still read no engine, and changing one leaves the new engine alone.
        let nextSlot = next.layoutEngine.slot
        #expect(inset.engine == nil && top.engine == nil)
        #expect(next.layoutEngine.slot === nextSlot && next.engineConstraintCount == 0)
        next.addSubview(card)
        next.runFrame()
        #expect(title.frame.minX == 20)
        #expect(title.frame.minY == 10)
        inset.isActive = false
        #expect(inset.engine == nil)
        #expect(next.engineConstraintCount > 0)
    }
}

/// Constraints hold their items unretained, as UIKit's `unowned(unsafe)
/// firstItem`. An item that goes while a constraint naming it is active
/// marks it: the other item's walks skip it, deactivating it takes it out
/// of the other item's references, and reading the gone item traps.
@Suite struct GoneItemTests {
    /// Two views in separate trees, tied by an active constraint, the
    /// second let go: the first still holds the constraint in its references.
    private static func orphan() -> (View, LayoutConstraint) {
        let kept = View()
        kept.translatesAutoresizingMaskIntoConstraints = false
        var gone: View? = View()
        let tie = kept.widthAnchor.constraint(equalTo: gone!.widthAnchor, multiplier: 2)
        tie.isActive = true
        gone = nil
        return (kept, tie)
    }

    @Test func theSurvivorsWalksSkipAConstraintWhoseOtherItemIsGone() {
        let (kept, tie) = Self.orphan()
        #expect(tie.goneItems == 2 && tie.isActive)
        #expect(kept.references.count == 1 && kept.references[0] === tie)
        // Joining a window collects and installs the subtree's constraints: not this one.
        let window = makeWindow()
        window.addSubview(kept)
        kept.widthAnchor.constraint(equalToConstant: 40).isActive = true
        kept.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        kept.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
        kept.heightAnchor.constraint(equalToConstant: 10).isActive = true
        window.runFrame()
        #expect(kept.frame == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(!tie.isInstalled && window.engineConstraintCount == 4)
        #expect(kept.installedConstraints.count == 4)
        // Deactivating it touches only the item that is still there.
        tie.isActive = false
        #expect(!tie.isActive && kept.references.count == 4 && !kept.references.contains { $0 === tie })
        // Reading the first item is fine; the second traps (see below).
        #expect(tie.firstItem === kept)
    }

    @Test func readingAGoneItemTraps() async {
        await #expect(processExitsWith: .failure) {
            let (_, tie) = GoneItemTests.orphan()
            _ = tie.secondItem
        }
    }

    @Test func aConstraintWhoseItemIsGoneCannotBeActivatedAgain() async {
        await #expect(processExitsWith: .failure) {
            let (_, tie) = GoneItemTests.orphan()
            tie.isActive = false
            tie.isActive = true
        }
    }
}

/// `isDescendant(of:)` walks the unretained parent links; reparenting
/// keeps it right, and a deep chain built leaf by leaf lays out in full.
@Suite struct HierarchyTests {
    @Test func descendantsFollowTheTreeThroughMoves() {
        let window = makeWindow()
        let a = View(frame: Rect(x: 0, y: 0, width: 100, height: 100)), b = View(), c = View(), other = View()
        window.addSubview(a); a.addSubview(b); b.addSubview(c)
        #expect(c.isDescendant(of: c) && c.isDescendant(of: b) && c.isDescendant(of: a) && c.isDescendant(of: window))
        #expect(!a.isDescendant(of: c) && !c.isDescendant(of: other) && !other.isDescendant(of: window))
        other.addSubview(b)   // b and c leave a's tree
        #expect(c.isDescendant(of: other) && !c.isDescendant(of: a) && !b.isDescendant(of: window))
        b.removeFromSuperview()
        #expect(c.isDescendant(of: b) && !c.isDescendant(of: other))
    }

    @Test func aChainBuiltLeafByLeafLaysOutEveryLevel() {
        // Each new level is a leaf when it is added (the containment check
        // skips the walk up); 300 levels, each inset by 1 from its parent.
        let window = makeWindow()
        let root = constrained("level0")
        window.addSubview(root)
        var constraints = [root.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                           root.topAnchor.constraint(equalTo: window.topAnchor),
                           root.widthAnchor.constraint(equalToConstant: 700), root.heightAnchor.constraint(equalToConstant: 700)]
        var levels = [root]
        for i in 1..<300 {
            let v = constrained("level\(i)")
            levels[i - 1].addSubview(v)
            let p = levels[i - 1]
            constraints += [v.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: 1),
                            v.trailingAnchor.constraint(equalTo: p.trailingAnchor, constant: -1),
                            v.topAnchor.constraint(equalTo: p.topAnchor, constant: 1),
                            v.bottomAnchor.constraint(equalTo: p.bottomAnchor, constant: -1)]
            levels.append(v)
        }
        LayoutConstraint.activate(constraints)
        window.runFrame()
        #expect(levels[299].isDescendant(of: root) && !root.isDescendant(of: levels[1]))
        #expect(levels[299].frame == Rect(x: 1, y: 1, width: 700 - 2 * 299, height: 700 - 2 * 299))
    }
}
