import Testing
@testable import LayoutEngine

@Suite struct RenderLoopTests {
    @Test func phasesRunInUIKitOrder() {
        let window = makeWindow()
        var log: [String] = []
        let parent = RecordingView("parent"), child = RecordingView("child"), leaf = RecordingView("leaf")
        for v in [parent, child, leaf] { v.recorder = { log.append($0) } }
        window.addSubview(parent)
        parent.addSubview(child)
        child.addSubview(leaf)
        window.runFrame()
        #expect(log == [
            "updateConstraints leaf", "updateConstraints child", "updateConstraints parent",   // leaves first
            "layoutSubviews parent", "layoutSubviews child", "layoutSubviews leaf",             // root first
            "draw parent", "draw child", "draw leaf",
        ])
        log.removeAll()
        window.runFrame()
        #expect(log.isEmpty)   // nothing pending: a frame costs nothing
    }

    @Test func onlyDirtyBranchesAreVisited() {
        let window = makeWindow()
        var log: [String] = []
        let a = RecordingView("a"), b = RecordingView("b"), a1 = RecordingView("a1"), b1 = RecordingView("b1")
        for v in [a, b, a1, b1] { v.recorder = { log.append($0) } }
        window.addSubview(a); window.addSubview(b)
        a.addSubview(a1); b.addSubview(b1)
        window.runFrame()
        log.removeAll()
        b1.setNeedsLayout()
        b1.setNeedsLayout()
        b1.setNeedsUpdateConstraints()
        window.runFrame()
        #expect(log == ["updateConstraints b1", "layoutSubviews b1"])
    }

    @Test func settingTextFontAndSizeMeasuresOnce() {
        let window = makeWindow()
        let label = Label(text: "Hello")
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor)])
        window.runFrame()
        let before = window.engineCounters
        label.text = "Hello, World"
        label.font = .boldSystem(size: 20)
        label.numberOfLines = 2
        window.runFrame()
        let coalesced = window.engineCounters - before
        #expect(coalesced[.textMeasureRequests] == 1)
        #expect(coalesced[.textMeasurements] == 1)

        // The same three changes, each forced with layoutIfNeeded: three measurements.
        let before2 = window.engineCounters
        label.text = "Goodbye, World"
        label.layoutIfNeeded()
        label.font = .system(size: 15)
        label.layoutIfNeeded()
        label.numberOfLines = 1
        label.layoutIfNeeded()
        let forced = window.engineCounters - before2
        #expect(forced[.textMeasureRequests] == 3)
    }

    @Test func layoutIfNeededRunsNowAndSetNeedsLayoutWaits() {
        let window = makeWindow()
        let box = constrained("box")
        window.addSubview(box)
        let w = box.widthAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([w, box.heightAnchor.constraint(equalToConstant: 10)])
        window.runFrame()
        w.constant = 50
        #expect(box.frame.width == 10)        // deferred to the next turn
        box.layoutIfNeeded()
        #expect(box.frame.width == 50)
        w.constant = 70
        window.runFrame()
        #expect(box.frame.width == 70)
    }

    @Test func engineChangesMarkTheSuperviewAndCopyOnlyChangedViews() {
        let window = makeWindow()
        let row = View(frame: Rect(x: 0, y: 0, width: 300, height: 50))
        window.addSubview(row)
        var boxes: [View] = []
        var lefts: [LayoutConstraint] = []
        for i in 0..<10 {
            let b = constrained("b\(i)")
            row.addSubview(b)
            let left = b.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: Double(i * 20))
            lefts.append(left)
            LayoutConstraint.activate([left, b.topAnchor.constraint(equalTo: row.topAnchor),
                                       b.widthAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10)])
            boxes.append(b)
        }
        window.runFrame()
        let before = window.engineCounters
        lefts[3].constant = 65
        window.runFrame()
        let d = window.engineCounters - before
        #expect(boxes[3].frame.minX == 65)
        #expect(d[.framesApplied] == 1)
        #expect(d[.variableChanges] == 1)
        #expect(row.needsLayout == false)
    }

    @Test func manualAndConstrainedViewsMix() {
        let window = makeWindow()
        final class Manual: View {
            let inner = View()
            override init(frame: Rect) { super.init(frame: frame); addSubview(inner) }
            override func layoutSubviews() {
                super.layoutSubviews()
                inner.frame = Rect(x: 5, y: 5, width: bounds.width - 10, height: 20)
            }
        }
        let manual = Manual(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        window.addSubview(manual)
        let follower = constrained("follower")
        window.addSubview(follower)
        // A constrained view placed relative to a hand-placed one: the frame enters the engine.
        LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: manual.trailingAnchor, constant: 10),
            follower.topAnchor.constraint(equalTo: manual.topAnchor),
            follower.widthAnchor.constraint(equalTo: manual.widthAnchor),
            follower.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.runFrame()
        #expect(manual.inner.frame == Rect(x: 5, y: 5, width: 90, height: 20))
        #expect(follower.frame == Rect(x: 130, y: 30, width: 100, height: 20))
        manual.frame = Rect(x: 0, y: 0, width: 150, height: 100)
        window.runFrame()
        #expect(manual.inner.frame.width == 140)
        #expect(follower.frame == Rect(x: 160, y: 0, width: 150, height: 20))
    }
}
