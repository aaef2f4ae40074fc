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
    /// two jobs instead of four (less than half the time in practice:
    /// process start-up and the harness do not halve).
    case duet

    /// A round's jobs in the order they run: each step's jobs start together
    /// and the next step starts when all of them have ended. The runner and
    /// the round's price (`roundSeconds`, `roundCost`) both read it.
    public var steps: [[Side]] {
        switch self {
        case .sequential: [[.base], [.candidate], [.candidate], [.base]]
        case .duet: [[.base, .candidate], [.candidate, .base]]
        }
    }

    /// How the log names a round's order.
    public var label: String { self == .duet ? "A with B, then B with A" : "A B B A" }

    /// Wall seconds of one round whose jobs took these seconds each, in the
    /// order the sides record them (base: A₁ then A₂; candidate: B₁ then B₂):
    /// each step costs its longest job.
    public func roundSeconds(base: (Double, Double), candidate: (Double, Double)) -> Double {
        var left: [Side: [Double]] = [.base: [base.0, base.1], .candidate: [candidate.0, candidate.1]]
        var total = 0.0
        for step in steps { total += step.map { left[$0]!.removeFirst() }.max() ?? 0 }
        return total
    }

    /// What another round of a cell whose jobs take `jobSeconds` costs.
    public func roundCost(jobSeconds: Double) -> Double { Double(steps.count) * jobSeconds }
}
