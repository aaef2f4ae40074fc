import Testing
@testable import LayoutEngine

/// The engine queues new equations and adds them to the solver in one
/// stretch before anything reads or changes it; every observable answer
/// must be the one an immediate addition would give.
@Suite struct EngineQueueTests {
    /// A window with a 300-wide container placed by hand, and a box inside it
    /// pinned at its top-left corner, 10 high, whose width the tests set.
    func scene() -> (Window, View, View) {
        let window = makeWindow()
        let container = View(frame: Rect(x: 10, y: 20, width: 300, height: 200))
        window.addSubview(container)
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
