import Testing
@testable import LayoutEngine

#if os(Linux)
/// glibc's usable size of a heap block (declared in malloc.h, which no module exports).
@_silgen_name("malloc_usable_size") private func mallocUsableSize(_ block: UnsafeMutableRawPointer) -> Int
#endif

@Suite struct ConstraintTests {
    /// A window with one 300×200 container at (10, 20) placed by hand.
    func scene() -> (Window, View) {
        let window = makeWindow()
        let container = View(frame: Rect(x: 10, y: 20, width: 300, height: 200))
        container.name = "container"
        window.addSubview(container)
        return (window, container)
    }

    /// A feed-cell build makes and frees ten thousand constraints: their
    /// stored fields are ordered so that one fits a 160-byte heap block
    /// (152 usable), where declaration order took 208.
    @Test func aConstraintFitsA160ByteBlock() throws {
        #if os(Linux)
        let a = View(), b = View()
        let c = a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: 8).withPriority(LayoutPriority(750))
        #expect(mallocUsableSize(Unmanaged.passUnretained(c).toOpaque()) <= 152)
        // The fields kept narrow still read back what was set.
        #expect(c.huggingPriority == nil && c.priority == LayoutPriority(750) && c.solverID == nil)
        c.huggingPriority = LayoutPriority(251)
        c.firstSlot = 70_000
        #expect(c.huggingPriority == LayoutPriority(251) && c.firstSlot == 70_000 && c.secondSlot == -1)
        #else
        try #require(Bool(false), "needs glibc's malloc_usable_size")
        #endif
    }

    @Test func siblingsAndParentAnchors() {
        let (window, container) = scene()
        let a = constrained("a"), b = constrained("b")
        container.addSubview(a)
        container.addSubview(b)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8),
            a.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
            a.widthAnchor.constraint(equalToConstant: 40),
            a.heightAnchor.constraint(equalTo: a.widthAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -8),
            b.centerYAnchor.constraint(equalTo: a.centerYAnchor),
            b.heightAnchor.constraint(equalTo: container.heightAnchor, multiplier: 0.25),
        ])
        window.runFrame()
        #expect(a.frame == Rect(x: 8, y: 8, width: 40, height: 40))
        #expect(b.frame == Rect(x: 56, y: 3, width: 236, height: 50))
        #expect(window.constraintMessages.isEmpty)
    }

    @Test func cousinsRelateThroughTheirContainers() {
        let (window, container) = scene()
        let left = constrained("left"), right = constrained("right")
        let x = constrained("x"), y = constrained("y")
        container.addSubview(left)
        container.addSubview(right)
        left.addSubview(x)
        right.addSubview(y)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            left.topAnchor.constraint(equalTo: container.topAnchor),
            left.widthAnchor.constraint(equalToConstant: 100), left.heightAnchor.constraint(equalToConstant: 100),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 20),
            right.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
            right.widthAnchor.constraint(equalToConstant: 100), right.heightAnchor.constraint(equalToConstant: 100),
            x.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 5),
            x.topAnchor.constraint(equalTo: left.topAnchor, constant: 50),
            x.widthAnchor.constraint(equalToConstant: 10), x.heightAnchor.constraint(equalToConstant: 10),
            // Across hierarchies: y's leading lines up with x's, y's top with x's.
            y.leadingAnchor.constraint(equalTo: x.leadingAnchor),
            y.topAnchor.constraint(equalTo: x.topAnchor),
            y.widthAnchor.constraint(equalToConstant: 10), y.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.runFrame()
        #expect(x.frame == Rect(x: 5, y: 50, width: 10, height: 10))
        // In right's coordinates: x is at 15 + 5 = 15 in the container, right starts at 130.
        #expect(y.frame == Rect(x: -115, y: 20, width: 10, height: 10))
        #expect(y.convert(Point.zero, to: container) == x.convert(Point.zero, to: container))
    }

    @Test func prioritiesDecide() {
        let (window, container) = scene()
        let a = constrained("a")
        container.addSubview(a)
        let strong = a.widthAnchor.constraint(equalToConstant: 100).withPriority(750)
        let weak = a.widthAnchor.constraint(equalToConstant: 50).withPriority(250)
        LayoutConstraint.activate([strong, weak, a.heightAnchor.constraint(equalToConstant: 10),
                                   a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   a.topAnchor.constraint(equalTo: container.topAnchor)])
        window.runFrame()
        #expect(a.frame.width == 100)
        strong.priority = 200
        window.runFrame()
        #expect(a.frame.width == 50)
        #expect(window.engineCounters[.priorityChanges] == 1)
    }

    @Test func constantChangesGoThroughTheInPlacePath() {
        let (window, container) = scene()
        let a = constrained("a")
        container.addSubview(a)
        let left = a.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8)
        LayoutConstraint.activate([left, a.topAnchor.constraint(equalTo: container.topAnchor),
                                   a.widthAnchor.constraint(equalToConstant: 10), a.heightAnchor.constraint(equalToConstant: 10)])
        window.runFrame()
        let before = window.engineCounters
        left.constant = 30
        window.runFrame()
        let d = window.engineCounters - before
        #expect(a.frame.minX == 30)
        #expect(d[.constantChanges] == 1)
        #expect(d[.solverConstantUpdates] == 1)
        #expect(d[.solverConstraintsAdded] == 0 && d[.solverConstraintsRemoved] == 0)
        #expect(d[.layoutSubviewsCalls] == 1)   // only the container copies the new frame
    }

    @Test func isActiveTogglesAndBatchesWork() {
        let (window, container) = scene()
        let a = constrained("a")
        container.addSubview(a)
        let base = [a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                    a.topAnchor.constraint(equalTo: container.topAnchor),
                    a.heightAnchor.constraint(equalToConstant: 10)]
        let narrow = a.widthAnchor.constraint(equalToConstant: 20)
        let wide = a.widthAnchor.constraint(equalToConstant: 200)
        LayoutConstraint.activate(base + [narrow])
        window.runFrame()
        #expect(a.frame.width == 20)
        narrow.isActive = false
        wide.isActive = true
        window.runFrame()
        #expect(a.frame.width == 200)
        #expect(!narrow.isActive && wide.isActive)
        LayoutConstraint.deactivate([wide])
        LayoutConstraint.activate([narrow])
        window.runFrame()
        #expect(a.frame.width == 20)
        #expect(window.constraintMessages.isEmpty)
    }

    @Test func unsatisfiableConstraintsAreBrokenLoggedAndLayoutGoesOn() {
        let (window, container) = scene()
        let a = constrained("box")
        container.addSubview(a)
        var logged: [String] = []
        window.logHandler = { logged.append($0) }
        let fifty = a.widthAnchor.constraint(equalToConstant: 50).withIdentifier("fifty")
        let twoHundred = a.widthAnchor.constraint(equalToConstant: 200).withIdentifier("two-hundred")
        LayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   a.topAnchor.constraint(equalTo: container.topAnchor),
                                   a.heightAnchor.constraint(equalToConstant: 10), fifty, twoHundred])
        window.runFrame()
        #expect(a.frame.width == 50)
        #expect(twoHundred.isBroken && twoHundred.isActive && !fifty.isBroken)
        #expect(window.engineCounters[.unsatisfiableConstraints] == 1)
        let message = try! #require(logged.first)
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("<LayoutConstraint 'fifty' View(box).width == 50>"))
        #expect(message.hasSuffix("Will attempt to recover by breaking constraint \n<LayoutConstraint 'two-hundred' View(box).width == 200>"))
        // Removing the conflict lets the broken one take part again when re-activated.
        fifty.isActive = false
        twoHundred.isActive = false
        twoHundred.isActive = true
        window.runFrame()
        #expect(a.frame.width == 200 && !twoHundred.isBroken)
    }

    @Test func aBrokenConstraintComesBackAtALowerPriorityFromTheTermsItKept() {
        // The solver holds no copy of a broken constraint's equation: a new
        // priority must rebuild it from the terms the constraint kept.
        let (window, container) = scene()
        let a = constrained("box")
        container.addSubview(a)
        window.logHandler = { _ in }
        let fifty = a.widthAnchor.constraint(equalToConstant: 50)
        let twoHundred = a.widthAnchor.constraint(equalToConstant: 200)
        LayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   a.topAnchor.constraint(equalTo: container.topAnchor),
                                   a.heightAnchor.constraint(equalToConstant: 10), fifty, twoHundred])
        window.runFrame()
        #expect(twoHundred.isBroken && a.frame.width == 50)
        let before = window.engineCounters
        twoHundred.priority = 750
        window.runFrame()
        var d = window.engineCounters - before
        #expect(!twoHundred.isBroken && a.frame.width == 50)   // a preference now: the required one wins
        #expect(d[.priorityChanges] == 1 && d[.solverConstraintsAdded] == 1 && d[.solverConstraintsRemoved] == 0)
        #expect(d[.unsatisfiableConstraints] == 0)
        // Its equation is in the solver: without the required one it decides,
        // and a new constant goes through the in-place path.
        fifty.isActive = false
        window.runFrame()
        #expect(a.frame.width == 200)
        let mid = window.engineCounters
        twoHundred.constant = 120
        window.runFrame()
        d = window.engineCounters - mid
        #expect(a.frame.width == 120)
        #expect(d[.solverConstantUpdates] == 1 && d[.solverConstraintsAdded] == 0 && d[.solverConstraintsRemoved] == 0)
        // Back to required: removed and added again, with the current constant.
        twoHundred.priority = .required
        window.runFrame()
        #expect(a.frame.width == 120 && !twoHundred.isBroken)
        // Deactivated, it leaves the solver: the width is free again (zero).
        twoHundred.isActive = false
        window.runFrame()
        #expect(a.frame.width == 0)
    }

    @Test func hiddenViewsKeepTheirConstraints() {
        let (window, container) = scene()
        let a = constrained("a"), b = constrained("b")
        container.addSubview(a)
        container.addSubview(b)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor), a.topAnchor.constraint(equalTo: container.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 30), a.heightAnchor.constraint(equalToConstant: 30),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 5), b.topAnchor.constraint(equalTo: a.topAnchor),
            b.widthAnchor.constraint(equalToConstant: 30), b.heightAnchor.constraint(equalToConstant: 30),
        ])
        window.runFrame()
        let installed = window.engineConstraintCount
        a.isHidden = true
        window.runFrame()
        #expect(window.engineConstraintCount == installed)
        #expect(a.installedConstraints.count == 6)
        #expect(b.frame.minX == 35)   // still placed after the hidden view
        let drawsBefore = a.counters.displayCalls
        a.setNeedsDisplay()
        window.runFrame()
        #expect(a.counters.displayCalls == drawsBefore)   // hidden views are not displayed
    }

    @Test func removingAViewDeactivatesConstraintsThatLeaveItsTree() {
        let (window, container) = scene()
        let a = constrained("a"), b = constrained("b")
        container.addSubview(a)
        a.addSubview(b)
        let outer = a.leadingAnchor.constraint(equalTo: container.leadingAnchor)
        let inner = b.widthAnchor.constraint(equalTo: a.widthAnchor)
        LayoutConstraint.activate([outer, inner])
        window.runFrame()
        a.removeFromSuperview()
        #expect(!outer.isActive)
        #expect(inner.isActive)         // internal: stays active, leaves the engine with the tree
        #expect(window.engineConstraintCount == 0 || !a.installedConstraints.contains { $0 === inner })
        container.addSubview(a)
        #expect(a.installedConstraints.contains { $0 === inner })
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() {
        let (window, container) = scene()
        container.semanticLayoutDirection = .rightToLeft
        let a = constrained("a")
        container.addSubview(a)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: container.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 50), a.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.runFrame()
        // Leading is the right edge, and "+10" moves inwards, as in UIKit.
        #expect(a.frame.maxX == 290)
        #expect(a.frame.minX == 240)
    }

    /// The effective direction is cached; a new parent or a new semantic
    /// direction anywhere above must still show through at once.
    @Test func theEffectiveDirectionFollowsParentsAndAncestorsChanges() {
        let root = View(), middle = View(), leaf = View(), other = View()
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        root.semanticLayoutDirection = .rightToLeft
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
        #expect(middle.effectiveLayoutDirection == .rightToLeft)
        middle.semanticLayoutDirection = .leftToRight
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        other.semanticLayoutDirection = .rightToLeft
        other.addSubview(leaf)
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
        leaf.removeFromSuperview()
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
    }

    @Test func churnIsCountedWhenAnEqualConstraintComesBackInOnePass() {
        let (window, container) = scene()
        let a = constrained("a")
        container.addSubview(a)
        var w = a.widthAnchor.constraint(equalToConstant: 20)
        LayoutConstraint.activate([w, a.heightAnchor.constraint(equalToConstant: 20)])
        window.runFrame()
        let before = window.engineCounters
        w.isActive = false
        w = a.widthAnchor.constraint(equalToConstant: 20)
        w.isActive = true
        window.runFrame()
        let d = window.engineCounters - before
        #expect(d[.constraintChurn] == 1)
        #expect(d[.constraintsAdded] == 1 && d[.constraintsRemoved] == 1)
        #expect(a.counters.constraintChurn == 1)
    }
}

@Suite struct GuideAndHierarchyTests {
    /// Custom guides replace spacer views: two equal gaps around a middle view.
    @Test func customGuidesAsSpacers() {
        let window = makeWindow()
        let row = View(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        window.addSubview(row)
        let a = constrained("a"), b = constrained("b")
        row.addSubview(a)
        row.addSubview(b)
        let left = LayoutGuide(identifier: "left"), right = LayoutGuide(identifier: "right")
        row.addLayoutGuide(left)
        row.addLayoutGuide(right)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: row.leadingAnchor),
            a.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            a.widthAnchor.constraint(equalToConstant: 100),
            right.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            right.widthAnchor.constraint(equalTo: left.widthAnchor),
            b.leadingAnchor.constraint(equalTo: right.trailingAnchor),
            b.widthAnchor.constraint(equalToConstant: 50),
            b.trailingAnchor.constraint(equalTo: row.trailingAnchor),
            a.topAnchor.constraint(equalTo: row.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.topAnchor.constraint(equalTo: row.topAnchor), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.runFrame()
        #expect(left.layoutFrame.width == 75 && right.layoutFrame.minX == 175)
        #expect(a.frame.minX == 75 && b.frame.minX == 250)
        row.removeLayoutGuide(right)
        #expect(right.owningView == nil)
    }

    /// Reparenting keeps the moved view's internal constraints and drops
    /// those to its old surroundings.
    @Test func reparentingWithinAWindow() {
        let window = makeWindow()
        let left = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(left)
        window.addSubview(right)
        let box = constrained("box"), dot = constrained("dot")
        left.addSubview(box)
        box.addSubview(dot)
        let toOld = box.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 10)
        let inside = [dot.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
                      dot.heightAnchor.constraint(equalToConstant: 4),
                      dot.leadingAnchor.constraint(equalTo: box.leadingAnchor), dot.topAnchor.constraint(equalTo: box.topAnchor)]
        LayoutConstraint.activate([toOld, box.topAnchor.constraint(equalTo: left.topAnchor),
                                   box.widthAnchor.constraint(equalToConstant: 40), box.heightAnchor.constraint(equalToConstant: 40)] + inside)
        window.runFrame()
        #expect(box.frame.minX == 10 && dot.frame.width == 20)
        right.addSubview(box)
        #expect(!toOld.isActive)
        #expect(inside.allSatisfy { $0.isActive })
        box.leadingAnchor.constraint(equalTo: right.leadingAnchor, constant: 30).isActive = true
        window.runFrame()
        #expect(box.frame.minX == 30 && box.superview === right)
        #expect(dot.frame.width == 20)
        #expect(window.constraintMessages.isEmpty)
    }

    /// A windowless subtree whose constraints were activated early joins a
    /// window: those inside it, and those from inside to views already in
    /// the window (either item first), are installed; one to a view in no
    /// window is not. Run twice, so the second move sees the first's marks.
    @Test func aSubtreeJoiningAWindowInstallsWhatReachesItsNewWindow() {
        let window = makeWindow()
        let container = View(frame: Rect(x: 10, y: 20, width: 300, height: 200))
        window.addSubview(container)
        let anchor = constrained("anchor")
        container.addSubview(anchor)
        LayoutConstraint.activate([anchor.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                                   anchor.topAnchor.constraint(equalTo: container.topAnchor),
                                   anchor.widthAnchor.constraint(equalToConstant: 30),
                                   anchor.heightAnchor.constraint(equalToConstant: 10)])
        let card = constrained("card"), a = constrained("a"), b = constrained("b"), stray = View()
        card.addSubview(a)
        card.addSubview(b)
        let inside = [a.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 5),
                      a.topAnchor.constraint(equalTo: card.topAnchor), a.heightAnchor.constraint(equalToConstant: 8),
                      b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 2), b.heightAnchor.constraint(equalToConstant: 6)]
        let outward = b.leadingAnchor.constraint(equalTo: anchor.trailingAnchor, constant: 3)   // inside first
        let inward = anchor.widthAnchor.constraint(equalTo: a.widthAnchor)                     // outside first
        let nowhere = b.widthAnchor.constraint(equalTo: stray.widthAnchor)                     // to no window
        let pin = [card.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                   card.topAnchor.constraint(equalTo: container.topAnchor, constant: 50),
                   card.widthAnchor.constraint(equalToConstant: 200), card.heightAnchor.constraint(equalToConstant: 40)]
        LayoutConstraint.activate(inside + [outward, inward, nowhere, b.widthAnchor.constraint(equalToConstant: 12)])
        for round in 0..<2 {
            container.addSubview(card)
            LayoutConstraint.activate(pin)
            window.runFrame()
            #expect((inside + pin + [outward, inward]).allSatisfy { $0.engine != nil }, "round \(round)")
            #expect(nowhere.engine == nil)
            #expect(a.frame == Rect(x: 5, y: 0, width: 30, height: 8))
            // b's leading is anchor's trailing (50) + 3, in the card's space (x 0).
            #expect(b.frame == Rect(x: 53, y: 10, width: 12, height: 6))
            card.removeFromSuperview()
            #expect(!outward.isActive && !inward.isActive && !pin[0].isActive)
            #expect(inside.allSatisfy { $0.isActive && $0.engine == nil })
            LayoutConstraint.activate([outward, inward])
        }
        #expect(window.constraintMessages.isEmpty)
    }
}
