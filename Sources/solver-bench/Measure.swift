import LayoutSolver

/// One figure the benchmark prints: the operation's total time for N (or the
/// time per suggestion) and the solver's counters for it.
struct Measurement {
    var workload: String
    var engine: String
    var n: Int
    var seconds: Double
    var counters: [(String, Int)]
}

/// Runs `body` `repeats` times (fewer when one run is long) on fresh state
/// from `setup` and returns the median time with the counters of the last run (they are identical across
/// runs: the solver is deterministic).
func measure<State>(repeats: Int, setup: () throws -> State,
                    _ body: (inout State) throws -> SolverCounters) rethrows -> (seconds: Double, counters: SolverCounters) {
    var times: [Double] = []
    var counters = SolverCounters()
    let clock = ContinuousClock()
    var planned = max(1, repeats)
    var run = 0
    while run < planned {
        run += 1
        var state = try setup()
        var c = SolverCounters()
        let elapsed = try clock.measure { c = try body(&state) }
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        counters = c
        withExtendedLifetime(state) {}
        // Long runs are quiet enough alone: one past 10 s, three past 1 s.
        if run == 1 { planned = times[0] > 10 ? 1 : times[0] > 1 ? min(planned, 3) : planned }
    }
    times.sort()
    return (times[times.count / 2], counters)
}
