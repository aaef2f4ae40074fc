/// How a round's four timing jobs (two base, two candidate) share the machine.
///
/// Either way a round gives the same paired difference,
/// ½·ln(B₁·B₂ / A₁·A₂), and drift slower than a round cancels.
public enum RoundSchedule: String, Sendable, Equatable, CaseIterable, Codable {
    /// A B B A, one job at a time.
    case sequential
    /// A with B, then B with A: both sides at once, one per core ("duet
    /// benchmarking": Bulej et al., "Duet Benchmarking: Improving
    /// Measurement Accuracy in the Cloud", ICPE 2020). Load from outside
    /// lands on both sides of a pair alike, and a round takes the time of
    /// two jobs instead of four. On this project's 2-core machine, 25 rounds
    /// of eight cells measured side by side gave duet rounds the spread of
    /// sequential ones (median ratio of variances 1.0) in half the time; a
    /// round of the whole suite took 50 s against 74 s (process start-up
    /// and the harness do not halve).
    case duet

    /// Wall seconds of one round whose jobs took these seconds each, in the
    /// order the sides record them (base: A₁ then A₂; candidate: B₁ then B₂).
    public func roundSeconds(base: (Double, Double), candidate: (Double, Double)) -> Double {
        switch self {
        case .sequential: base.0 + base.1 + candidate.0 + candidate.1
        case .duet: max(base.0, candidate.0) + max(candidate.1, base.1)
        }
    }

    /// What another round of a cell whose jobs take `jobSeconds` costs.
    public func roundCost(jobSeconds: Double) -> Double {
        self == .duet ? 2 * jobSeconds : 4 * jobSeconds
    }
}
