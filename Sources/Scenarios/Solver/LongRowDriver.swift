import LayoutSolver

/// Shape: N siblings in one row, each leading edge pinned to the previous
/// trailing edge plus spacing. `build` lays the row out in a fresh solver;
/// `resize` changes the first view's width in place (everything after it moves).
final class LongRowDriver: ScenarioDriver {
    static let name = "long-row"

    private let views: Int, spacing: Double, resize: Bool
    private var solver = Solver()
    private let boxes: [Box]
    private var firstWidth: Constraint?
    private var frame = 0
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        views = try p.int("views"); spacing = try p.double("spacing")
        resize = try p.choice("operation", ["build", "resize"]) == "resize"
        boxes = (0..<views).map { Box("item\($0)") }
        if resize { try build() }
    }

    private func build() throws(ScenarioError) {
        solver = Solver()
        var constraints: [Constraint] = []
        constraints.reserveCapacity(views * 4)
        for (i, v) in boxes.enumerated() {
            let width = v.w == 40 + Double(i % 5) * 4
            if i == 0 { firstWidth = width; constraints.append(v.x == 0) }
            else { constraints.append(v.x == boxes[i - 1].right + spacing) }
            constraints += [width, v.y == 0, v.h == 30]
        }
        try solver.require(constraints)
    }

    func step() throws(ScenarioError) {
        if resize {
            frame += 1
            try solver.change(40 + Double(frame % 2), for: firstWidth!)
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
