// False-discovery-rate control for many comparisons at once (Benjamini &
// Hochberg, "Controlling the false discovery rate", JRSS B 57(1), 1995).
//
// With m p-values sorted ascending p₍₁₎ ≤ … ≤ p₍ₘ₎ and target rate q:
//
//     reject H₍₁₎…H₍ₖ₎,  k = max{ i : p₍ᵢ₎ ≤ i·q/m }
//
// equivalently, with the adjusted p-values (R's p.adjust "BH")
//
//     p̃₍ᵢ₎ = min over j ≥ i of min(1, m·p₍ⱼ₎/j),
//
// reject exactly the hypotheses with p̃ ≤ q. Valid for independent or
// positively dependent tests (Benjamini & Yekutieli, Ann. Statist. 29(4),
// 2001) — benchmarks sharing a machine are plausibly the latter.

/// Adjusted p-values and the rejection set, in the input order.
public struct FalseDiscoveryControl: Sendable, Equatable {
    /// BH-adjusted p-values, one per input p-value.
    public let adjustedPValues: [Double]
    /// `true` where the hypothesis is rejected at the target rate.
    public let rejected: [Bool]
    /// The target false discovery rate q.
    public let rate: Double

    /// How many hypotheses are rejected.
    public var rejectionCount: Int { rejected.reduce(0) { $0 + ($1 ? 1 : 0) } }
}

/// Benjamini–Hochberg step-up procedure; see the file header.
///
/// - Parameters:
///   - pValues: one per test, each in `0...1`.
///   - rate: target false discovery rate q in (0, 1), e.g. 0.05.
/// - Throws: `.emptySample`, `.probabilityOutOfRange` for a p-value outside
///   `0...1` (or NaN), `.invalidOption` for a rate outside (0, 1).
public func benjaminiHochberg(_ pValues: [Double], rate: Double = 0.05) throws(StatisticsError) -> FalseDiscoveryControl {
    if pValues.isEmpty { throw .emptySample }
    for p in pValues where !(p >= 0 && p <= 1) { throw .probabilityOutOfRange(p) }
    guard rate > 0, rate < 1 else { throw .invalidOption(name: "rate", value: rate) }
    let m = pValues.count
    let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
    var adjusted = [Double](repeating: 1, count: m)
    var running = 1.0
    for rank in stride(from: m, through: 1, by: -1) {
        let index = order[rank - 1]
        running = min(running, min(1, pValues[index] * Double(m) / Double(rank)))
        // p·m/m can round one ulp below p; the true value is never below p.
        adjusted[index] = max(running, pValues[index])
    }
    return FalseDiscoveryControl(adjustedPValues: adjusted,
                                 rejected: adjusted.map { $0 <= rate },
                                 rate: rate)
}
