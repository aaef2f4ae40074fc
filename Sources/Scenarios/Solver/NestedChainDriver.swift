import LayoutSolver

/// Shape: N views each nested in the previous one with every edge inset by a
/// fixed amount. `build` lays the chain out in a fresh solver; `resize`
/// changes the root's width in place (every descendant follows).
final class NestedChainDriver: ScenarioDriver {
    static let name = "nested-chain"

    private let depth: Int, inset: Double, resize: Bool
    private var solver = Solver()
    private let boxes: [Box]
    private var rootWidth: Constraint?
    private var frame = 0
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        depth = try p.int("depth"); inset = try p.double("inset")
        resize = try p.choice("operation", ["build", "resize"]) == "resize"
        boxes = (0..<depth).map { Box("level\($0)") }
        if resize { try build() }
    }

    private var rootSize: Double { 2 * inset * Double(depth) + 100 }

    private func build() throws(ScenarioError) {
        solver = Solver()
        var constraints: [Constraint] = []
        constraints.reserveCapacity(depth * 4)
        for (i, v) in boxes.enumerated() {
            if i == 0 {
                let w = v.w == rootSize
                rootWidth = w
                constraints += [v.x == 0, v.y == 0, w, v.h == rootSize]
            } else {
                let p = boxes[i - 1]
                constraints += [v.x == p.x + inset, v.y == p.y + inset,
                                v.w == p.w - 2 * inset, v.h == p.h - 2 * inset]
            }
        }
        try solver.require(constraints)
    }

    func step() throws(ScenarioError) {
        if resize {
            frame += 1
            try solver.change(rootSize + Double(frame % 2), for: rootWidth!)
        } else {
            try build()
        }
        for v in boxes { sink += v.read(solver) }
        if !resize { ledger.absorb(solver) }
    }

    func counters() -> [String: Int] { resize ? ledger.snapshot(live: [solver]) : ledger.snapshot() }

    func digest() -> String {
        var d = LayoutDigest()
        for v in boxes { _ = v.read(solver, into: &d) }
        return d.hex
    }
}
