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

/// An item's list of the constraints that name it, through removals in any
/// order — including a constraint that names the same view twice (its
/// aspect ratio), which sits in the list at two slots.
@Suite struct ItemReferenceTests {
    @Test func everyRemovalOrderKeepsEachConstraintAtItsSlots() {
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] {
            let window = makeWindow()
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            let constraints = [
                view.widthAnchor.constraint(equalTo: view.heightAnchor, multiplier: 2),   // first and second item: the view
                view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                view.heightAnchor.constraint(equalToConstant: 30),
                view.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            ]
            LayoutConstraint.activate(constraints)
            window.runFrame()
            #expect(view.frame == Rect(x: 10, y: 20, width: 60, height: 30))
            var active = Set(0..<constraints.count)
            for i in order {
                LayoutConstraint.deactivate([constraints[i]])
                active.remove(i)
                // Each active constraint is where its slots say, once per side that names the view.
                let expected = active.reduce(0) { $0 + (constraints[$1].secondItem === view ? 2 : 1) }
                #expect(view.references.count == expected, "order \(order), after removing \(i)")
                for j in active {
                    let c = constraints[j]
                    #expect(view.references[c.firstSlot] === c)
                    if c.secondItem === view { #expect(view.references[c.secondSlot] === c) }
                }
            }
        }
    }

    /// Past the four references an item holds inline (`ReferenceList`):
    /// removals that move the last reference from the overflow into an
    /// inline slot and back keep every slot right.
    @Test func removalsAcrossTheInlineSlotsKeepEachConstraintAtItsSlot() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let window = makeWindow()
            let hub = View()
            window.addSubview(hub)
            var constraints: [LayoutConstraint] = []
            for i in 0..<11 {
                let spoke = View()
                window.addSubview(spoke)
                constraints.append(spoke.leadingAnchor.constraint(equalTo: hub.trailingAnchor, constant: Double(i)))
            }
            LayoutConstraint.activate(constraints)
            var active = Array(constraints.indices)
            active.shuffle(using: &rng)
            var broughtBack = false
            while let i = active.popLast() {
                LayoutConstraint.deactivate([constraints[i]])
                #expect(hub.references.count == active.count, "round \(round)")
                for j in active {
                    #expect(hub.references[constraints[j].secondSlot] === constraints[j], "round \(round)")
                }
                if active.count == 6 && !broughtBack {   // some come back, to the end of the list
                    broughtBack = true
                    let back = constraints.indices.filter { !active.contains($0) }.prefix(3)
                    LayoutConstraint.activate(back.map { constraints[$0] })
                    active.insert(contentsOf: back, at: 0)
                    #expect(Array(hub.references.suffix(3)).map(ObjectIdentifier.init) == back.map { ObjectIdentifier(constraints[$0]) })
                }
            }
            #expect(hub.references.isEmpty)
        }
    }
}
