import LayoutSolver

/// The solver-level workloads, each returning the counters of the work it timed.
enum SolverWorkload: String, CaseIterable {
    case independent, remove, removeReverse = "remove-reverse", churn, toggle, suggest
    case linked, linkedRemove = "linked-remove", linkedRemoveEach = "linked-remove-each"

    var isLinked: Bool { self == .linked || self == .linkedRemove || self == .linkedRemoveEach }

    /// Builds the state a workload starts from (not timed).
    func setup(_ n: Int) throws -> (Solver, [Block]) {
        let solver = Solver()
        let blocks = makeBlocks(n, linked: isLinked)
        if self != .independent && self != .linked {
            for b in blocks { try solver.add(b.constraints) }
            solver.solve()
        }
        return (solver, blocks)
    }

    /// The timed part. For `suggest` the caller divides by `suggestions`.
    func run(_ state: inout (Solver, [Block])) throws -> SolverCounters {
        let (solver, _) = state
        let before = solver.counters
        switch self {
        case .independent, .linked:
            for b in state.1 { for c in b.constraints { try solver.add(c) } }
            solver.solve()
        case .remove, .linkedRemove:
            for b in state.1 { for c in b.constraints { try solver.remove(c) } }
            solver.solve()
        case .linkedRemoveEach:
            // A read after every block: each block's five removals are a
            // batch too small to rebuild the chain, so this times the
            // one-by-one path (pivot the marker out, substitute downstream).
            for b in state.1 {
                try solver.remove(b.constraints)
                _ = solver.value(of: b.left)
            }
            solver.solve()
        case .removeReverse:
            for b in state.1.reversed() { for c in b.constraints.reversed() { try solver.remove(c) } }
            solver.solve()
        case .churn:
            for _ in 0..<frames {
                for i in state.1.indices {
                    try solver.remove(state.1[i].constraints)
                    state.1[i].rebuild()
                    try solver.add(state.1[i].constraints)
                }
                solver.solve()
            }
        case .toggle:
            for frame in 0..<frames {
                for b in state.1 {
                    if frame % 2 == 0 { try solver.remove(b.toggled) } else { try solver.add(b.toggled) }
                }
                solver.solve()
            }
        case .suggest:
            let block = state.1[state.1.count / 2]
            try solver.addEditVariable(block.width, priority: 999)
            let start = solver.counters
            var sink = 0.0
            for i in 0..<suggestions {
                try solver.suggestValue(Double(80 + i % 40), for: block.width)
                sink += solver.value(of: block.right)
            }
            precondition(sink > 0)
            return solver.counters - start
        }
        return solver.counters - before
    }
}

let frames = 10
let suggestions = 100_000   // ~0.2 µs each: enough for a stable median
