import Statistics
import Randomness

/// The order a round runs its cells in. Cells listed workload by workload
/// put a workload's cells back to back, so one burst of load on the machine
/// hits several of them in the same round: their shifts move together and
/// pooled they pass for a workload-wide change. Shuffled, a burst lands on cells of
/// different workloads, which the cells' own variances and the pooled test's
/// between-cell variance can tell apart from a shared shift. The shuffle is
/// seeded by the round, so a comparison's run order is reproducible.
public enum RunOrder {
    public static func shuffled<T>(_ cells: [T], round: Int) -> [T] {
        var rng = SplitMix64(seed: 0x0BDE_5EED &+ UInt64(truncatingIfNeeded: round))
        return cells.shuffled(using: &rng)
    }
}
