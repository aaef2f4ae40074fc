import Statistics

/// How one variant compares with another at one size on one engine:
/// ρ = median(candidate) / median(base), with a seeded two-sample percentile
/// bootstrap interval (each sample resampled on its own; Efron &
/// Tibshirani 1993, §8.3) built from the cells' own median replicates.
/// ρ < 1: the candidate is cheaper.
public struct VariantRatio: Sendable, Equatable, Codable {
    public var workload: String
    public var engine: String
    public var size: Int
    public var base: String
    public var candidate: String
    public var ratio: Double
    public var lower: Double
    public var upper: Double

    /// ρ from two cells' medians, its interval from their bootstrap
    /// replicates divided index by index (each cell was resampled on its own
    /// with its own seed, so the pairs are independent two-sample draws);
    /// `nil` when either cell has no replicates or a replicate of the base
    /// median is 0.
    static func make(workload: String, engine: String, size: Int, base: CellStatistics, candidate: CellStatistics,
                     baseReplicates: [Double], candidateReplicates: [Double]) -> VariantRatio? {
        guard !baseReplicates.isEmpty, baseReplicates.count == candidateReplicates.count, base.median > 0,
              baseReplicates.allSatisfy({ $0 > 0 }) else { return nil }
        let replicates = zip(candidateReplicates, baseReplicates).map { $0 / $1 }
        guard let estimate = try? percentileBootstrapEstimate(estimate: candidate.median / base.median, replicates: replicates)
        else { return nil }
        return VariantRatio(workload: workload, engine: engine, size: size, base: base.key.variant, candidate: candidate.key.variant,
                            ratio: estimate.estimate, lower: estimate.interval.lower, upper: estimate.interval.upper)
    }
}
