import Geometry
import LayoutEngine
import Randomness

/// The shapes of `Solver/` (long row, nested chain, random anchors) built from
/// views in a window instead of raw solver variables, so the view layer's
/// own costs (anchors, frames, the render loop) are in the measurement.
/// `LayeredShapeDriver` picks these when a job sets `layer: views`.
class ViewShapeDriver {
    let measurer = ViewScene.measurer(cached: false)
    var window: Window
    var retired = EngineCounters()
    var views: [View] = []
    let rebuild: Bool
    var frame = 0
    private(set) var sink = 0.0

    init(rebuild: Bool) {
        self.rebuild = rebuild
        window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 1000), measurer: measurer)
    }

    /// Builds the shape's views and constraints into `window`.
    func build() {}
    /// Changes one constant in place (the resize operation).
    func resize(_ frame: Int) {}

    func step() throws(ScenarioError) {
        if rebuild {
            retired = retired + window.engineCounters
            window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 1000), measurer: measurer)
            build()
        } else {
            frame += 1
            resize(frame)
        }
        window.runFrame()
        sink += views.last?.frame.maxX ?? 0
    }

    func counters() -> [String: Int] { ViewScene.counters(retired + window.engineCounters) }
    func digest() -> String { window.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}

/// N siblings in a row, each leading edge on the previous trailing edge plus spacing.
final class ViewLongRowDriver: ViewShapeDriver, ScenarioDriver {
    static let name = "long-row"
    private let count: Int, spacing: Double
    private var firstWidth: LayoutConstraint?

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        count = try p.int("views"); spacing = try p.double("spacing")
        super.init(rebuild: try p.choice("operation", ["build", "resize"]) == "build")
        build()
        window.runFrame()
    }

    override func build() {
        views = (0..<count).map { View.constrained("item\($0)") }
        var cs: [LayoutConstraint] = []
        for (i, v) in views.enumerated() {
            window.addSubview(v)
            let width = v.widthAnchor.constraint(equalToConstant: 40 + Double(i % 5) * 4)
            if i == 0 { firstWidth = width; cs.append(v.leadingAnchor.constraint(equalTo: window.leadingAnchor)) }
            else { cs.append(v.leadingAnchor.constraint(equalTo: views[i - 1].trailingAnchor, constant: spacing)) }
            cs += [width, v.topAnchor.constraint(equalTo: window.topAnchor), v.heightAnchor.constraint(equalToConstant: 30)]
        }
        LayoutConstraint.activate(cs)
    }

    override func resize(_ frame: Int) { firstWidth?.constant = 40 + Double(frame % 2) }
}

/// N views each inset by a fixed amount inside the previous one.
final class ViewNestedChainDriver: ViewShapeDriver, ScenarioDriver {
    static let name = "nested-chain"
    private let depth: Int, inset: Double
    private var rootWidth: LayoutConstraint?
    private var rootSize: Double { 2 * inset * Double(depth) + 100 }

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        depth = try p.int("depth"); inset = try p.double("inset")
        super.init(rebuild: try p.choice("operation", ["build", "resize"]) == "build")
        build()
        window.runFrame()
    }

    override func build() {
        views = (0..<depth).map { View.constrained("level\($0)") }
        var cs: [LayoutConstraint] = []
        for (i, v) in views.enumerated() {
            if i == 0 {
                window.addSubview(v)
                let w = v.widthAnchor.constraint(equalToConstant: rootSize)
                rootWidth = w
                cs += [v.leadingAnchor.constraint(equalTo: window.leadingAnchor), v.topAnchor.constraint(equalTo: window.topAnchor),
                       w, v.heightAnchor.constraint(equalToConstant: rootSize)]
            } else {
                views[i - 1].addSubview(v)
                cs += ViewScene.pin(v, inside: views[i - 1], inset: inset)
            }
        }
        LayoutConstraint.activate(cs)
    }

    override func resize(_ frame: Int) { rootWidth?.constant = rootSize + Double(frame % 2) }
}

/// N flat siblings with required sizes and position ranges, plus random anchors at one priority.
final class ViewRandomAnchorsDriver: ViewShapeDriver, ScenarioDriver {
    static let name = "random-anchors"
    private struct Anchor { var view: Int, other: Int, vertical: Bool, offset: Double }
    private let count: Int
    private let priority: LayoutPriority
    private let anchors: [Anchor]

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        count = try p.int("views")
        let perView = try p.int("anchors_per_view")
        priority = LayoutPriority(Float(try p.double("priority")))
        var rng = SplitMix64(seed: seed)
        var list: [Anchor] = []
        if count > 1 {
            for i in 0..<count {
                for _ in 0..<perView {
                    var j = rng.below(count - 1)
                    if j >= i { j += 1 }
                    list.append(Anchor(view: i, other: j, vertical: rng.below(2) == 1, offset: Double(rng.int(in: -100...100))))
                }
            }
        }
        anchors = list
        super.init(rebuild: true)
        build()
        window.runFrame()
    }

    override func build() {
        views = (0..<count).map { View.constrained("v\($0)") }
        var cs: [LayoutConstraint] = []
        for (i, v) in views.enumerated() {
            window.addSubview(v)
            cs += [v.widthAnchor.constraint(equalToConstant: 40 + Double(i % 3) * 10), v.heightAnchor.constraint(equalToConstant: 30),
                   v.leadingAnchor.constraint(greaterThanOrEqualTo: window.leadingAnchor),
                   v.trailingAnchor.constraint(lessThanOrEqualTo: window.trailingAnchor),
                   v.topAnchor.constraint(greaterThanOrEqualTo: window.topAnchor),
                   v.bottomAnchor.constraint(lessThanOrEqualTo: window.bottomAnchor)]
        }
        for a in anchors {
            let v = views[a.view], o = views[a.other]
            let c = a.vertical ? v.topAnchor.constraint(equalTo: o.topAnchor, constant: a.offset)
                : v.leadingAnchor.constraint(equalTo: o.leadingAnchor, constant: a.offset)
            cs.append(c.withPriority(priority))
        }
        LayoutConstraint.activate(cs)
    }
}
