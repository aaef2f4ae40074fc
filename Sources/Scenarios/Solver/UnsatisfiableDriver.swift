import LayoutSolver
import ScenarioCatalog

/// Scenario 7 (220, 39:03): N views laid out in a fresh solver; every k-th
/// view (the first included) also gets `width == 200` on top of a required
/// `width == 50`. The solver rejects it with the conflicting constraints; the
/// driver breaks it (leaves it out), logs the message as UIKit does, and
/// still reads a complete layout.
final class UnsatisfiableDriver: ScenarioDriver {
    static let name = "unsatisfiable"
    static let logLimit = 20

    private let views: Int, every: Int, expected: Bool
    private var solver = Solver()
    private let boxes: [Box]
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    private(set) var log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        views = try p.int("views"); every = try p.int("conflict_every"); expected = try p.bool("expected")
        boxes = (0..<views).map { Box("view\($0)") }
    }

    func step() throws(ScenarioError) {
        solver = Solver()
        log = []
        var constraints: [Constraint] = []
        for (i, v) in boxes.enumerated() {
            constraints += [v.x == Double(i % 10) * 60, v.y == Double(i / 10) * 30, v.w == 50, v.h == 20]
        }
        try solver.require(constraints)
        if every > 0 {
            for i in stride(from: 0, to: views, by: every) {
                do { try solver.add(boxes[i].w == 200) } catch {
                    guard case .unsatisfiable = error, expected else {
                        throw .engine("unexpected unsatisfiable layout", log: error.description.split(separator: "\n").map(String.init))
                    }
                    ledger.count(CounterNames.constraintsBroken)
                    if log.count < Self.logLimit {
                        log += error.description.split(separator: "\n").map(String.init)
                        log.append("Will attempt to recover by breaking constraint \(boxes[i].w) == 200")
                    }
                }
            }
        }
        for v in boxes { sink += v.read(solver) }
        ledger.absorb(solver)
    }

    func counters() -> [String: Int] {
        var c = ledger.snapshot()
        c[CounterNames.constraintsBroken, default: 0] += 0
        return c
    }

    func digest() -> String {
        var d = LayoutDigest()
        for v in boxes { _ = v.read(solver, into: &d) }
        return d.hex
    }
}
