import Geometry
import LayoutEngine
import TextMeasurement

/// Shape: a tree of N constrained views (`fan_out` children each, stacked
/// inside their parent) built in the window, laid out, and removed with
/// `removeFromSuperview` on its root, which must take every constraint the
/// tree owns out of the engine; then a frame with the tree gone. Per step,
/// in a fresh window (sharing one text measurer) so every step starts from
/// the same engine state.
final class HierarchyRemovalDriver: ScenarioDriver {
    static let name = "hierarchy-removal"

    private var window: Window
    private let measurer = ViewScene.measurer(cached: false)
    private var retired = EngineCounters()
    private let views: Int, fanOut: Int
    private var lastDigest = ""
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        views = try p.int("views"); fanOut = try p.int("fan_out")
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812), measurer: measurer)
    }

    /// Breadth-first: view i's children are fanOut·i + 1 … fanOut·i + fanOut.
    private func build() -> View {
        let all = (0..<views).map { View.constrained("node\($0)") }
        var cs = [all[0].leadingAnchor.constraint(equalTo: window.leadingAnchor),
                  all[0].topAnchor.constraint(equalTo: window.topAnchor),
                  all[0].widthAnchor.constraint(equalToConstant: 375)]
        for (i, parent) in all.enumerated() {
            var previous: View?
            let first = fanOut * i + 1
            guard first < views else {
                cs.append(parent.heightAnchor.constraint(equalToConstant: 12))
                continue
            }
            for c in first..<min(first + fanOut, views) {
                let child = all[c]
                parent.addSubview(child)
                cs += [child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 2),
                       parent.trailingAnchor.constraint(equalTo: child.trailingAnchor, constant: 2),
                       child.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? parent.topAnchor, constant: 1)]
                previous = child
            }
            if let previous { cs.append(parent.bottomAnchor.constraint(equalTo: previous.bottomAnchor, constant: 1)) }
        }
        window.addSubview(all[0])
        LayoutConstraint.activate(cs)
        return all[0]
    }

    func step() throws(ScenarioError) {
        retired = retired + window.engineCounters
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812), measurer: measurer)
        window.runFrame()
        let root = build()
        window.runFrame()
        sink += root.frame.height
        lastDigest = root.frameDigestHex
        root.removeFromSuperview()
        window.runFrame()
    }

    func counters() -> [String: Int] { ViewScene.counters(retired + window.engineCounters) }
    func digest() -> String { lastDigest }
    var log: [String] { ViewScene.log(window) }
}
