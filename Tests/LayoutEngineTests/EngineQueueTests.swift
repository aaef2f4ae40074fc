import Testing
@testable import LayoutEngine

/// The engine queues new equations and adds them to the solver in one
/// stretch before anything reads or changes it; every observable answer
/// must be the one an immediate addition would give.
@Suite struct EngineQueueTests {
    /// A window with a 300-wide container placed by hand, and a box inside it
    /// pinned at its top-left corner, 10 high, whose width the tests set.
    func scene() -> (Window, View, View) {
        let (window, container) = windowWithContainer()
        let box = constrained("box")
        container.addSubview(box)
        LayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   box.topAnchor.constraint(equalTo: container.topAnchor),
                                   box.heightAnchor.constraint(equalToConstant: 10)])
        window.runFrame()
        return (window, container, box)
    }

    @Test func aSubtreeJoiningTheWindowIsAddedInOneBatchBeforeTheFirstRead() {
        let (window, container, _) = scene()
        let row = constrained("row"), left = constrained("left"), right = constrained("right")
        row.addSubview(left)
        row.addSubview(right)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 8),
            left.widthAnchor.constraint(equalToConstant: 40),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8),
            right.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -8),
            left.topAnchor.constraint(equalTo: row.topAnchor), right.topAnchor.constraint(equalTo: row.topAnchor),
            left.heightAnchor.constraint(equalToConstant: 20), right.heightAnchor.constraint(equalTo: left.heightAnchor),
        ])
        let before = window.layoutEngine.queuedAdditionCount
        container.addSubview(row)
        LayoutConstraint.activate([row.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   row.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
                                   row.widthAnchor.constraint(equalToConstant: 200),
                                   row.heightAnchor.constraint(equalToConstant: 20)])
        #expect(before == 0)
        #expect(window.layoutEngine.queuedAdditionCount == 12)
        // Any read applies the queue first: the count includes the 12 and the scene's 3.
        #expect(window.engineConstraintCount == 15)
        #expect(window.layoutEngine.queuedAdditionCount == 0)
        window.runFrame()
        #expect(left.frame == Rect(x: 8, y: 0, width: 40, height: 20))
        #expect(right.frame == Rect(x: 56, y: 0, width: 136, height: 20))
    }

    /// A subtree's constraints reach the solver in the order they were
    /// made, not the order its views are walked: made close together (placed
    /// by serial) and far apart (sorted). (What pins the subtree's root to
    /// the outside goes first; none here.)
    @Test(arguments: [0, 600])
    func aSubtreeJoiningTheWindowInstallsItsConstraintsInCreationOrder(gap: Int) {
        let (window, container, _) = scene()
        let row = constrained("row"), left = constrained("left"), right = constrained("right")
        row.addSubview(left)
        row.addSubview(right)
        var made: [LayoutConstraint] = []
        // Made right first, then left, then the row: the walk meets the row's first.
        made.append(right.widthAnchor.constraint(equalToConstant: 30))
        made.append(right.heightAnchor.constraint(equalToConstant: 10))
        // Constraints made in between on views elsewhere widen the serials' range.
        let elsewhere = constrained("elsewhere")
        for _ in 0..<gap { _ = elsewhere.widthAnchor.constraint(equalToConstant: 1) }
        made.append(left.widthAnchor.constraint(equalToConstant: 40))
        made.append(right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 8))
        made.append(left.leadingAnchor.constraint(equalTo: row.leadingAnchor))
        made.append(left.topAnchor.constraint(equalTo: row.topAnchor))
        // Activated in another order again.
        LayoutConstraint.activate(made.reversed())
        container.addSubview(row)
        let ids = made.map { $0.solverID ?? 0 }
        #expect(!ids.contains(0))
        #expect(ids == ids.sorted(), "installed in the order \(ids), not as made")
        #expect(Set(ids).count == ids.count)
        window.runFrame()
        #expect(right.frame.minX == 48)
    }

    /// A constraint between cousins five levels down each side names ten
    /// positions: more terms than `install` builds on the stack, so it
    /// builds that one again into an array; the layout is the same.
    @Test func aConstraintBetweenDistantCousinsHasAllItsTerms() {
        let window = makeWindow()
        func chain(_ name: String, x: Double, pinsLast: Bool) -> [View] {
            var views: [View] = []
            var parent: View = window
            for level in 0..<5 {
                let v = constrained("\(name)\(level)")
                parent.addSubview(v)
                LayoutConstraint.activate([v.topAnchor.constraint(equalTo: parent.topAnchor, constant: 2),
                                           v.heightAnchor.constraint(equalToConstant: 10)])
                if level < 4 || pinsLast {
                    v.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: level == 0 ? x : 1).isActive = true
                }
                views.append(v)
                parent = v
            }
            return views
        }
        let a = chain("a", x: 10, pinsLast: false), b = chain("b", x: 100, pinsLast: true)
        for v in a.dropLast() + b.dropLast() { v.widthAnchor.constraint(equalToConstant: 300).isActive = true }
        // a4 starts 60 points left of b4 and ends 5 short of it.
        a[4].leadingAnchor.constraint(equalTo: b[4].leadingAnchor, constant: -60).isActive = true
        let span = a[4].trailingAnchor.constraint(equalTo: b[4].leadingAnchor, constant: -5)
        span.isActive = true
        b[4].widthAnchor.constraint(equalToConstant: 20).isActive = true
        window.runFrame()
        #expect(window.layoutEngine.solver.constraint(id: span.solverID!)?.expression.terms.count == 11)
        // b4 is at 100 + 4 from the window, so a4 at 44: 31 into a3 (at 13).
        #expect(a[4].frame == Rect(x: 104 - 60 - 13, y: 2, width: 55, height: 10))
        #expect(b[4].frame == Rect(x: 1, y: 2, width: 20, height: 10))
        #expect(window.constraintMessages.isEmpty)
    }

    @Test func aQueuedUnsatisfiableConstraintIsBrokenAndLoggedBeforeAnyFrame() {
        let (window, _, box) = scene()
        var logged: [String] = []
        window.logHandler = { logged.append($0) }
        let fifty = box.widthAnchor.constraint(equalToConstant: 50).withIdentifier("fifty")
        let twoHundred = box.widthAnchor.constraint(equalToConstant: 200).withIdentifier("two-hundred")
        fifty.isActive = true
        twoHundred.isActive = true
        #expect(window.layoutEngine.queuedAdditionCount == 2)
        // Reading isBroken settles the queue in order: the later constraint is the one broken.
        #expect(twoHundred.isBroken && !fifty.isBroken)
        #expect(logged.count == 1 && window.constraintMessages == logged)
        #expect(logged.first?.hasSuffix("<LayoutConstraint 'two-hundred' View(box).width == 200>") == true)
        window.runFrame()
        #expect(box.frame.width == 50)
        #expect(window.engineCounters[.unsatisfiableConstraints] == 1)
    }

    @Test func changingAQueuedUnsatisfiableConstraintBreaksItOnceAsInstalled() {
        let (window, _, box) = scene()
        var logged: [String] = []
        window.logHandler = { logged.append($0) }
        LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 50)])
        let twoHundred = box.widthAnchor.constraint(equalToConstant: 200).withIdentifier("two-hundred")
        twoHundred.isActive = true
        // Before anything read the engine: the equation goes in (and is broken) with
        // the constant it was activated with, and the new one is then left alone.
        twoHundred.constant = 250
        twoHundred.priority = .defaultHigh
        #expect(logged.count == 1)
        #expect(logged.first?.hasSuffix("<LayoutConstraint 'two-hundred' View(box).width == 200>") == true)
        // The new priority re-adds it as a preference, which holds below the required 50.
        window.runFrame()
        #expect(!twoHundred.isBroken && box.frame.width == 50)
        #expect(window.engineCounters[.unsatisfiableConstraints] == 1)
    }

    @Test func changesAfterAQueuedAdditionApplyItFirst() {
        let (window, _, box) = scene()
        let width = box.widthAnchor.constraint(equalToConstant: 50)
        width.isActive = true
        // Still queued: the in-place path must not find the constraint missing and break it.
        width.constant = 80
        #expect(window.layoutEngine.queuedAdditionCount == 0)
        window.runFrame()
        #expect(box.frame.width == 80 && !width.isBroken)
        // A new priority removes and adds the equation: the queued one first.
        let wide = box.widthAnchor.constraint(equalToConstant: 120).withPriority(.defaultLow)
        wide.isActive = true
        wide.priority = .defaultHigh
        window.runFrame()
        #expect(box.frame.width == 80 && !wide.isBroken)
        // Deactivated while queued: added and removed again, so the layout is as if it never came.
        width.isActive = false
        let narrow = box.widthAnchor.constraint(equalToConstant: 10)
        narrow.isActive = true
        narrow.isActive = false
        window.runFrame()
        #expect(box.frame.width == 120)
        #expect(window.constraintMessages.isEmpty)
        #expect(window.engineConstraintCount == 4)
    }
}

extension EngineQueueTests {
    @Test func aLogHandlerThatReadsTheEngineSeesTheWholeBatch() {
        let (window, container, box) = scene()
        var widthsSeenWhileLogging: [Double] = []
        let other = constrained("other")
        container.addSubview(other)
        window.logHandler = { _ in
            // Mid-batch: the constraint after the broken one must already be in.
            window.layoutIfNeeded()
            widthsSeenWhileLogging.append(other.frame.width)
        }
        LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 50),
                                   box.widthAnchor.constraint(equalToConstant: 200),
                                   other.widthAnchor.constraint(equalToConstant: 70),
                                   other.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                   other.topAnchor.constraint(equalTo: container.topAnchor),
                                   other.heightAnchor.constraint(equalToConstant: 5)])
        window.runFrame()
        #expect(widthsSeenWhileLogging == [70])
        #expect(box.frame.width == 50 && other.frame.width == 70)
        #expect(window.layoutEngine.queuedAdditionCount == 0)
    }
}

/// Flipping `isActive` before anything reads the engine: an addition still
/// queued is taken back without the solver, and a removal still pending in
/// the solver is taken back when the same equation returns.
@Suite struct ToggleBetweenReadsTests {
    let q = EngineQueueTests()

    @Test func aConstraintToggledBetweenTwoFramesCostsTheSolverNothing() {
        let (window, _, box) = q.scene()
        let narrow = box.widthAnchor.constraint(equalToConstant: 40)
        let wide = box.widthAnchor.constraint(equalToConstant: 120)
        narrow.isActive = true
        window.runFrame()
        #expect(box.frame.width == 40)
        let before = window.engineCounters
        for _ in 0..<10 {
            narrow.isActive = false; wide.isActive = true
            wide.isActive = false; narrow.isActive = true
        }
        #expect(window.layoutEngine.queuedAdditionCount == 0)
        window.runFrame()
        let d = window.engineCounters - before
        #expect(d[.solverConstraintsAdded] == 0 && d[.solverConstraintsRemoved] == 0 && d[.solverPivots] == 0)
        // The view layer still counts every activation, and as churn every
        // one that re-adds an equal constraint removed in the pass (all but wide's first).
        #expect(d[.constraintsAdded] == 20 && d[.constraintsRemoved] == 20 && d[.constraintChurn] == 19)
        #expect(box.frame.width == 40)
        // Left on the other side it is real work, and the frame follows.
        narrow.isActive = false; wide.isActive = true
        window.runFrame()
        let e = window.engineCounters - before
        #expect(box.frame.width == 120)
        #expect(e[.solverConstraintsAdded] == 1 && e[.solverConstraintsRemoved] == 1)
        // Across a frame nothing is taken back: the removal was carried out.
        wide.isActive = false; narrow.isActive = true
        window.runFrame()
        #expect(box.frame.width == 40)
        #expect((window.engineCounters - before)[.solverConstraintsAdded] == 2)
    }

    @Test func aConstraintChangedWhileInactiveGoesInWithItsNewEquation() {
        let (window, _, box) = q.scene()
        let width = box.widthAnchor.constraint(equalToConstant: 40)
        width.isActive = true
        window.runFrame()
        width.isActive = false
        width.constant = 90
        width.isActive = true
        window.runFrame()
        #expect(box.frame.width == 90)
        width.isActive = false
        width.priority = .defaultHigh
        width.isActive = true   // nothing queued: only the priority tells the two equations apart
        let floor = box.widthAnchor.constraint(greaterThanOrEqualToConstant: 100)
        floor.isActive = true
        window.runFrame()
        // At 750 the width gives way to the required floor; had the required
        // equation been taken back, the floor would have been broken instead.
        #expect(box.frame.width == 100 && !floor.isBroken && !width.isBroken)
    }

    @Test func aQueuedConstraintWithOthersQueuedAfterItGoesThroughTheSolverInOrder() {
        let (window, _, box) = q.scene()
        var logged: [String] = []
        window.logHandler = { logged.append($0) }
        let fifty = box.widthAnchor.constraint(equalToConstant: 50)
        let twoHundred = box.widthAnchor.constraint(equalToConstant: 200).withIdentifier("two-hundred")
        fifty.isActive = true
        twoHundred.isActive = true
        // Not the last one queued: the queue is applied before it goes, and
        // two-hundred is broken against it, as immediate additions would do.
        fifty.isActive = false
        #expect(twoHundred.isBroken && logged.count == 1)
        // The last one queued leaves without the solver: never found unsatisfiable.
        let three = box.widthAnchor.constraint(equalToConstant: 300)
        three.isActive = true
        #expect(window.layoutEngine.queuedAdditionCount == 1)
        three.isActive = false
        #expect(window.layoutEngine.queuedAdditionCount == 0)
        window.runFrame()
        #expect(logged.count == 1 && !three.isBroken)
    }
}

/// A large batch goes to the solver in one call, which copies repeated
/// blocks (`Solver.add(batch:)`); what the view layer sees must not change.
extension EngineQueueTests {
    /// Eight identical rows of three views join the window at once, one of
    /// them with a width it cannot have: the rows are copies of one solved row, that
    /// one constraint alone is broken and logged, and a log handler that
    /// reads the engine finds every row in.
    @Test func aBatchOfIdenticalRowsIsCopiedAndItsConflictBrokenOnce() {
        let (window, container, _) = scene()
        var logged: [String] = [], seenWhileLogging: [Double] = []
        // Rows placed by hand: inside each, a block of its own.
        let rows = (0..<8).map { i in
            (row: View(frame: Rect(x: 0, y: 20 * Double(i), width: 200, height: 20)), left: constrained("left"),
             middle: constrained("middle"), right: constrained("right"))
        }
        window.logHandler = { message in
            logged.append(message)
            window.layoutIfNeeded()
            seenWhileLogging.append(rows[7].right.frame.width)
        }
        var constraints: [LayoutConstraint] = []
        for (i, r) in rows.enumerated() {
            r.row.addSubview(r.left)
            r.row.addSubview(r.middle)
            r.row.addSubview(r.right)
            constraints += [
                r.left.leadingAnchor.constraint(equalTo: r.row.leadingAnchor, constant: 8),
                r.left.widthAnchor.constraint(equalToConstant: 40 + Double(i)),
                r.middle.leadingAnchor.constraint(equalTo: r.left.trailingAnchor, constant: 4),
                r.middle.widthAnchor.constraint(equalToConstant: 10),
                r.right.leadingAnchor.constraint(equalTo: r.middle.trailingAnchor, constant: 4),
                r.right.widthAnchor.constraint(greaterThanOrEqualToConstant: 20),
                r.middle.topAnchor.constraint(equalTo: r.row.topAnchor),
                r.middle.heightAnchor.constraint(equalTo: r.left.heightAnchor),
                r.right.trailingAnchor.constraint(equalTo: r.row.trailingAnchor, constant: -8),
                r.left.topAnchor.constraint(equalTo: r.row.topAnchor), r.right.topAnchor.constraint(equalTo: r.row.topAnchor),
                r.left.heightAnchor.constraint(equalToConstant: 20), r.right.heightAnchor.constraint(equalTo: r.left.heightAnchor),
            ]
        }
        let impossible = rows[5].right.widthAnchor.constraint(equalToConstant: 500).withIdentifier("impossible")
        constraints.append(impossible)
        for r in rows { container.addSubview(r.row) }
        let before = window.engineCounters
        LayoutConstraint.activate(constraints)
        window.runFrame()
        let counted = window.engineCounters - before

        #expect(logged.count == 1)
        #expect(logged.first?.hasSuffix("<LayoutConstraint 'impossible' View(right).width == 500>") == true)
        #expect(impossible.isBroken && constraints.filter(\.isBroken).count == 1)
        #expect(seenWhileLogging == [200 - 8 - 47 - 4 - 10 - 4 - 8])
        #expect(counted["solver.componentsCloned"]! == 6)   // rows 1–7 copy row 0, but for row 5 (one constraint more)
        for (i, r) in rows.enumerated() {
            #expect(r.row.frame == Rect(x: 0, y: 20 * Double(i), width: 200, height: 20))
            #expect(r.middle.frame == Rect(x: 52 + Double(i), y: 0, width: 10, height: 20))
            #expect(r.right.frame == Rect(x: 66 + Double(i), y: 0, width: 126 - Double(i), height: 20))
        }
    }

    /// `rows` views in a fresh window, each placed by four constraints
    /// activated together: the frames and the solver's constraint count
    /// after a frame (none without `layOut`: the window goes with its
    /// constraints still queued).
    @discardableResult
    static func stackedRows(_ rows: Int, layOut: Bool = true) -> (frames: [Rect], constraints: Int) {
        let (window, container) = windowWithContainer()
        var views: [View] = [], constraints: [LayoutConstraint] = []
        for i in 0..<rows {
            let v = constrained("v\(i)")
            container.addSubview(v)
            views.append(v)
            constraints += [v.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: Double(i)),
                            v.topAnchor.constraint(equalTo: container.topAnchor, constant: 10 * Double(i)),
                            v.widthAnchor.constraint(equalToConstant: 20 + Double(i)),
                            v.heightAnchor.constraint(equalToConstant: 10)]
        }
        LayoutConstraint.activate(constraints)
        guard layOut else { return ([], 0) }
        window.runFrame()
        return (views.map(\.frame), window.engineConstraintCount)
    }

    /// A closed window's engine hands its emptied queue to the next engine
    /// made (`Engine.close`): windows of different sizes built one after
    /// another, on four threads at once, some going away with constraints
    /// still queued, each lay out their own views and hold their own
    /// constraints only.
    @Test func windowsBuiltOneAfterAnotherOnSeveralThreadsHoldOnlyTheirOwnConstraints() async {
        await withTaskGroup(of: Bool.self) { group in
            for t in 0..<4 {
                group.addTask {
                    (0..<25).allSatisfy { k in
                        let rows = 40 - 9 * ((k + t) % 4)
                        Self.stackedRows(rows + 1, layOut: false)
                        let (frames, count) = Self.stackedRows(rows)
                        return count == 4 * rows && frames == (0..<rows).map {
                            Rect(x: Double($0), y: 10 * Double($0), width: 20 + Double($0), height: 10)
                        }
                    }
                }
            }
            for await allAlike in group { #expect(allAlike) }
        }
    }
}

extension EngineQueueTests {
    /// While a subtree's constraints are installed from a list that holds
    /// them unretained (`View.moveSubtree`), no log handler runs: messages
    /// wait, in order, and are handed over once the body returns.
    @Test func heldLogMessagesReachTheHandlerAfterTheBody() {
        let (window, _, _) = scene()
        var handled: [String] = []
        window.logHandler = { handled.append($0) }
        let engine = window.layoutEngine
        let result = engine.holdingLogHandler { () -> Int in
            engine.log("first")
            engine.holdingLogHandler { engine.log("nested") }   // held by the outer hold, not handed over early
            engine.log("last")
            #expect(handled.isEmpty)
            return 7
        }
        #expect(result == 7)
        #expect(handled == ["first", "nested", "last"])
        #expect(window.constraintMessages.suffix(3) == ["first", "nested", "last"])
        engine.log("after")
        #expect(handled.last == "after")
    }
}
