import LayoutSolver

/// The boxes of a solver-level shape and how they are constrained; the
/// driver around it builds or resizes them.
protocol ResizableBoxes {
    static var name: String { get }
    /// - Throws: `ScenarioError.badParameter` for a missing or invalid parameter.
    init(parameters: DriverParameters) throws(ScenarioError)
    var boxes: [Box] { get }
    /// Every constraint of the layout, and the one a resize changes (none for no boxes).
    func constraints() -> (all: [Constraint], resized: Constraint?)
    /// The resized constraint's constant in frame `frame` of a resize run.
    func resizedConstant(frame: Int) -> Double
}

/// A shape on the bare solver. `build` lays the boxes out in a fresh solver
/// each step; `resize` changes one constraint's constant in place, and the
/// solver moves whatever depends on it.
final class ResizableBoxesDriver<Shape: ResizableBoxes>: ScenarioDriver {
    static var name: String { Shape.name }

    private let shape: Shape, resize: Bool
    private var solver = Solver()
    private var resized: Constraint?
    private var frame = 0
    private var ledger = CounterLedger()
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        shape = try Shape(parameters: p)
        resize = try p.choice("operation", ["build", "resize"]) == "resize"
        if resize { try build() }
    }

    private func build() throws(ScenarioError) {
        solver = Solver()
        let (all, resized) = shape.constraints()
        self.resized = resized
        try solver.require(all)
    }

    func step() throws(ScenarioError) {
        if resize {
            frame += 1
            try solver.change(shape.resizedConstant(frame: frame), for: resized!)
        } else {
            try build()
        }
        for v in shape.boxes { sink += v.read(solver) }
        if !resize { ledger.absorb(solver) }
    }

    func counters() -> [String: Int] { resize ? ledger.snapshot(live: [solver]) : ledger.snapshot() }

    func digest() -> String {
        var d = LayoutDigest()
        for v in shape.boxes { _ = v.read(solver, into: &d) }
        return d.hex
    }
}
