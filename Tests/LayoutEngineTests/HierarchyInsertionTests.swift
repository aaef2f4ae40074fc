import Testing
@testable import LayoutEngine

/// Insertion order, and dirty lists that outgrow their first reservation.
extension HierarchyTests {
    @Test func insertSubviewPlacesAtTheIndexClampedToTheEnds() {
        let parent = View()
        let views = (0..<6).map { i -> View in
            let v = View()
            v.name = "v\(i)"
            return v
        }
        parent.addSubview(views[0])
        parent.addSubview(views[1])
        parent.insertSubview(views[2], at: 0)
        parent.insertSubview(views[3], at: 2)
        parent.insertSubview(views[4], at: 99)
        parent.insertSubview(views[5], at: -3)
        #expect(parent.subviews.map { $0.name! } == ["v5", "v2", "v0", "v3", "v1", "v4"])
        parent.insertSubview(views[1], at: 0)   // already a subview: moves
        #expect(parent.subviews.map { $0.name! } == ["v1", "v5", "v2", "v0", "v3", "v4"])
        #expect(views.allSatisfy { $0.superview === parent })
    }

    @Test func everyChildAddedToABusyParentIsLaidOutAndDrawn() {
        // More children than a dirty list's first reservation.
        let window = makeWindow()
        var log: [String] = []
        let parent = RecordingView("parent")
        parent.recorder = { log.append($0) }
        window.addSubview(parent)
        for i in 0..<9 {
            let child = RecordingView("c\(i)")
            child.recorder = { log.append($0) }
            parent.addSubview(child)
        }
        window.runFrame()
        for phase in ["updateConstraints", "layoutSubviews", "draw"] {
            #expect(log.filter { $0.hasPrefix(phase) }.count == 10)
        }
        #expect(log.filter { $0.hasPrefix("draw c") } == (0..<9).map { "draw c\($0)" })
    }
}
