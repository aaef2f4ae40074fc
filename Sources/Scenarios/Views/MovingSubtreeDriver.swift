import Geometry
import LayoutEngine

/// Shape: a subtree of N constrained views (a column in a container) moved
/// between two parents and laid out after each move; `moves` per step,
/// rounded up to even so every step ends where it began. A move detaches the
/// container (its constraints to the old parent go), adds it to the other
/// parent and pins it there.
final class MovingSubtreeDriver: ScenarioDriver {
    static let name = "moving-subtree"
    /// Each move re-adds the subtree's constraints; the solver reuses freed symbols in a
    /// different order each time, so successive moves cost slightly different work.
    static let identicalSteps = false

    private let window: Window
    private let parents: [View]
    private let subtree: View
    private let moves: Int
    private var current = 0
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let views = try p.int("views")
        let m = try p.int("moves")
        moves = m + m % 2
        window = ViewScene.window()
        let left = View.constrained("left"), right = View.constrained("right")
        parents = [left, right]
        window.addSubview(left); window.addSubview(right)
        var cs = [left.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                  left.topAnchor.constraint(equalTo: window.topAnchor),
                  left.bottomAnchor.constraint(equalTo: window.bottomAnchor),
                  right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
                  right.topAnchor.constraint(equalTo: window.topAnchor),
                  right.bottomAnchor.constraint(equalTo: window.bottomAnchor),
                  window.trailingAnchor.constraint(equalTo: right.trailingAnchor),
                  left.widthAnchor.constraint(equalTo: right.widthAnchor)]
        subtree = View.constrained("subtree")
        var previous: View?
        for i in 0..<views {
            let v = View.constrained("item\(i)")
            subtree.addSubview(v)
            cs += [v.leadingAnchor.constraint(equalTo: subtree.leadingAnchor, constant: 4),
                   subtree.trailingAnchor.constraint(equalTo: v.trailingAnchor, constant: 4),
                   v.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? subtree.topAnchor, constant: 2),
                   v.heightAnchor.constraint(equalToConstant: 20)]
            previous = v
        }
        if let previous { cs.append(subtree.bottomAnchor.constraint(equalTo: previous.bottomAnchor, constant: 2)) }
        LayoutConstraint.activate(cs)
        attach(to: left)
        window.runFrame()
    }

    private func attach(to parent: View) {
        parent.addSubview(subtree)
        LayoutConstraint.activate([subtree.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 8),
                                   parent.trailingAnchor.constraint(equalTo: subtree.trailingAnchor, constant: 8),
                                   subtree.topAnchor.constraint(equalTo: parent.topAnchor, constant: 8)])
    }

    func step() throws(ScenarioError) {
        for _ in 0..<moves {
            current = 1 - current
            subtree.removeFromSuperview()
            attach(to: parents[current])
            window.runFrame()
            sink += subtree.frame.minX + subtree.frame.height
        }
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { window.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
