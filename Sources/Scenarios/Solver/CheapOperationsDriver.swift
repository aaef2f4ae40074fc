import LayoutSolver

/// Scenario 5 (220, 22:08–24:30): one frame over N views. `equality`,
/// `inequality` and `priority` build each view's constraints in a fresh
/// solver (width == 100, width >= 100, width == 100 @750); `set-constant`
/// drags every view by changing its position constraint's constant in place;
/// `recreate` removes each position constraint and adds a new one instead.
final class CheapOperationsDriver: ScenarioDriver {
    static let name = "cheap-operations"
    static let operations = ["equality", "inequality", "priority", "set-constant", "recreate"]

    private let views: Int, operation: String
    private var solver = Solver()
    private var boxes: [Box] = []
    private var positions: [Constraint] = []
    private var frame = 0
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        views = try p.int("views")
        operation = try p.choice("operation", Self.operations)
        boxes = (0..<views).map { Box("v\($0)") }
        if operation == "set-constant" || operation == "recreate" {
            try build(width: { $0.w == 100 })
        }
    }

    private func build(width: (Box) -> Constraint) throws(ScenarioError) {
        solver = Solver()
        positions = []
        var constraints: [Constraint] = []
        constraints.reserveCapacity(views * 4)
        for (i, v) in boxes.enumerated() {
            let position = v.x == Double(i) * 10
            positions.append(position)
            constraints += [position, v.y == Double(i % 7) * 50, width(v), v.h == 20]
        }
        try solver.require(constraints)
    }

    func step() throws(ScenarioError) {
        frame += 1
        let offset = Double(frame % 2)   // dragged one point and back, frame by frame
        switch operation {
        case "equality": try build { $0.w == 100 }
        case "inequality": try build { $0.w >= 100 }
        case "priority": try build { ($0.w == 100).priority(750) }
        case "set-constant":
            for (i, c) in positions.enumerated() { try solver.change(Double(i) * 10 + offset, for: c) }
        default: // recreate
            for (i, v) in boxes.enumerated() {
                try solver.drop(positions[i])
                let c = v.x == Double(i) * 10 + offset
                try solver.require(c)
                positions[i] = c
            }
        }
        for v in boxes { sink += v.read(solver) }
        if operation != "set-constant" && operation != "recreate" { ledger.absorb(solver) }
    }

    func counters() -> [String: Int] {
        operation == "set-constant" || operation == "recreate" ? ledger.snapshot(live: [solver]) : ledger.snapshot()
    }

    func digest() -> String {
        var d = LayoutDigest()
        for v in boxes { _ = v.read(solver, into: &d) }
        return d.hex
    }
}
