import LayoutSolver
import Randomness

/// Shape: N flat siblings, each with a required size and a required position
/// range inside a 1000 × 1000 container, plus `anchors_per_view` anchors to
/// randomly chosen others (an edge equal to another's plus a random offset)
/// at one medium priority. The anchors conflict, so error minimisation does
/// real work. The choice of anchors depends only on the seed; every step
/// builds the same system in a fresh solver.
final class RandomAnchorsDriver: ScenarioDriver {
    static let name = "random-anchors"

    private struct Anchor { var view: Int, other: Int, vertical: Bool, offset: Double }

    private let priority: Priority
    private var solver = Solver()
    private let boxes: [Box]
    private let anchors: [Anchor]
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let views = try p.int("views"), perView = try p.int("anchors_per_view")
        priority = Priority(Float(try p.double("priority")))
        boxes = (0..<views).map { Box("v\($0)") }
        var rng = SplitMix64(seed: seed)
        var anchors: [Anchor] = []
        if views > 1 {
            for i in 0..<views {
                for _ in 0..<perView {
                    var j = rng.below(views - 1)
                    if j >= i { j += 1 }
                    anchors.append(Anchor(view: i, other: j, vertical: rng.below(2) == 1,
                                          offset: Double(rng.int(in: -100...100))))
                }
            }
        }
        self.anchors = anchors
    }

    func step() throws(ScenarioError) {
        solver = Solver()
        var constraints: [Constraint] = []
        constraints.reserveCapacity(boxes.count * 6 + anchors.count)
        for (i, v) in boxes.enumerated() {
            constraints += [v.w == 40 + Double(i % 3) * 10, v.h == 30,
                            v.x >= 0, v.right <= 1000, v.y >= 0, v.bottom <= 1000]
        }
        for a in anchors {
            let v = boxes[a.view], o = boxes[a.other]
            let c = a.vertical ? Expression(v.y) == o.y + a.offset : Expression(v.x) == o.x + a.offset
            constraints.append(c.priority(priority))
        }
        try solver.require(constraints)
        for v in boxes { sink += v.read(solver) }
        ledger.absorb(solver)
    }

    func counters() -> [String: Int] { ledger.snapshot() }

    func digest() -> String {
        var d = LayoutDigest()
        for v in boxes { _ = v.read(solver, into: &d) }
        return d.hex
    }
}
