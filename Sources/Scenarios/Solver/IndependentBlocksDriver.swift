import LayoutSolver
import ScenarioCatalog

/// Scenario 3 (220, 17:31–19:49): N blocks of k views in a row each. Blocks
/// share no variables unless `linked`, which aligns each block's first view
/// with the previous block's (the talk's "align text field 1 with text field 3").
/// `build` makes a fresh solver per step; `edit-one` moves one block's anchor
/// there and back in a solver built once.
final class IndependentBlocksDriver: ScenarioDriver {
    static let name = "independent-blocks"

    private let blocks: Int, perBlock: Int, linked: Bool, editOne: Bool
    private var solver = Solver()
    private var boxes: [[Box]] = []
    private var anchors: [Constraint] = []
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        blocks = try p.int("blocks"); perBlock = try p.int("views_per_block"); linked = try p.bool("linked")
        editOne = try p.choice("operation", ["build", "edit-one"]) == "edit-one"
        let k = perBlock
        boxes = (0..<blocks).map { b in (0..<k).map { Box("b\(b)v\($0)") } }
        if editOne { try build() }
    }

    private func build() throws(ScenarioError) {
        solver = Solver()
        anchors = []
        var constraints: [Constraint] = []
        constraints.reserveCapacity(blocks * perBlock * 6)
        for (b, row) in boxes.enumerated() {
            for (j, v) in row.enumerated() {
                constraints += [(v.w == 100).priority(750), v.w >= 40, v.h == 44]
                if j > 0 {
                    let prev = row[j - 1]
                    constraints += [v.x == prev.right + 8, Expression(v.y) == Expression(prev.y)]
                } else {
                    let anchor = v.x == Double(b) * 400
                    anchors.append(anchor)
                    constraints.append(anchor)
                    if linked, b > 0 {
                        constraints.append(Expression(v.y) == Expression(boxes[b - 1][0].y))
                    } else {
                        constraints.append(v.y == 0)
                    }
                }
            }
        }
        try solver.require(constraints)
        solver.solve()
    }

    func step() throws(ScenarioError) {
        if editOne {
            // One block in the middle moves and comes back; only its rows should be touched.
            let b = blocks / 2
            try solver.change(Double(b) * 400 + 10, for: anchors[b])
            for v in boxes[b] { sink += v.read(solver) }
            try solver.change(Double(b) * 400, for: anchors[b])
            for v in boxes[b] { sink += v.read(solver) }
        } else {
            try build()
            sink += boxes[blocks - 1][perBlock - 1].read(solver)
            ledger.absorb(solver)
        }
    }

    /// `edit-one`'s solver lives on (its setup work cancels out in the worker's differences);
    /// `build` absorbs each step's solver.
    func counters() -> [String: Int] {
        editOne ? ledger.snapshot(live: [solver]) : ledger.snapshot()
    }

    func digest() -> String {
        var d = LayoutDigest()
        for row in boxes { for v in row { _ = v.read(solver, into: &d) } }
        return d.hex
    }
}
