import Testing
@testable import LayoutEngine

/// The engine keeps each item's last reported x, y, width and height, and the
/// layout pass copies frames from them: they must always equal what the
/// solver holds, however the item left and rejoined an engine.
@Suite struct ReportedValuesTests {
    /// A 300 × 200 container at (10, 20) and a box to place in it.
    func scene() -> (Window, View, View) {
        let (window, container) = windowWithContainer()
        return (window, container, constrained("box"))
    }

    /// Pins the box's top-left corner in the container. (Its own width and
    /// height constraints stay with it when it leaves; these do not.)
    func place(_ box: View, in container: View, x: Double, y: Double) {
        LayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: x),
                                   box.topAnchor.constraint(equalTo: container.topAnchor, constant: y)])
    }

    func size(_ box: View, width: Double) -> LayoutConstraint {
        let w = box.widthAnchor.constraint(equalToConstant: width)
        LayoutConstraint.activate([w, box.heightAnchor.constraint(equalToConstant: 10)])
        return w
    }

    /// Taken out and put back before the next frame, partly where it was:
    /// the values that did not move are not reported again, and the frame
    /// is still right in every field.
    @Test func aViewPutBackBeforeTheNextFrameKeepsItsValues() {
        let (window, container, box) = scene()
        container.addSubview(box)
        let width = size(box, width: 100)
        place(box, in: container, x: 8, y: 30)
        window.runFrame()
        #expect(box.frame == Rect(x: 8, y: 30, width: 100, height: 10))
        box.removeFromSuperview()
        container.addSubview(box)
        width.constant = 120
        place(box, in: container, x: 8, y: 50)   // x and height as before
        window.runFrame()
        #expect(box.frame == Rect(x: 8, y: 50, width: 120, height: 10))
        box.removeFromSuperview()
        window.runFrame()
        container.addSubview(box)
        place(box, in: container, x: 8, y: 50)   // all as before, a frame later
        window.runFrame()
        #expect(box.frame == Rect(x: 8, y: 50, width: 120, height: 10))
    }

    /// Moved to another window: the new engine starts from nothing reported
    /// and the frame comes from its own solution.
    @Test func aViewMovedToAnotherWindowTakesThatWindowsValues() {
        let (window, container, box) = scene()
        container.addSubview(box)
        _ = size(box, width: 100)
        place(box, in: container, x: 8, y: 30)
        window.runFrame()
        let (other, otherContainer, _) = scene()
        otherContainer.addSubview(box)
        place(box, in: otherContainer, x: 0, y: 30)
        other.runFrame()
        #expect(box.frame == Rect(x: 0, y: 30, width: 100, height: 10))
        #expect(window.layoutEngine.queuedAdditionCount == 0)
    }

    /// A log handler that lays out while a batch is being applied reads
    /// values the batch has already settled (see `Engine.flushChanges`).
    @Test func framesReadFromALogHandlerAreCurrent() {
        let (window, container, box) = scene()
        container.addSubview(box)
        var seen: [Rect] = []
        window.logHandler = { _ in
            window.layoutIfNeeded()
            seen.append(box.frame)
        }
        _ = size(box, width: 100)
        place(box, in: container, x: 8, y: 30)
        box.widthAnchor.constraint(equalToConstant: 50).isActive = true   // conflicts: broken and logged
        window.runFrame()
        #expect(seen == [Rect(x: 8, y: 30, width: 100, height: 10)])
        #expect(box.frame == Rect(x: 8, y: 30, width: 100, height: 10))
    }
}
