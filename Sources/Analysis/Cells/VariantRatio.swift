import Statistics

/// How one variant compares with another at one size on one engine:
/// ρ = median(candidate) / median(base), with a seeded two-sample percentile
/// bootstrap interval (each sample resampled on its own; Efron &
/// Tibshirani 1993, §8.3). ρ < 1: the candidate is cheaper.
public struct VariantRatio: Sendable, Equatable, Codable {
    public var workload: String
    public var engine: String
    public var size: Int
    public var base: String
    public var candidate: String
    public var ratio: Double
    public var lower: Double
    public var upper: Double

    /// Bootstraps ρ from two cells' per-iteration times; `nil` when either
    /// has fewer than 2 samples or a median of 0.
    static func make(workload: String, engine: String, size: Int, base: String, candidate: String,
                     baseTimes: [Double], candidateTimes: [Double], resamples: Int, seed: UInt64) -> VariantRatio? {
        guard baseTimes.count >= 2, candidateTimes.count >= 2,
              let estimate = try? bootstrapMedianRatio(base: baseTimes, candidate: candidateTimes,
                                                 resamples: resamples, seed: seed) else { return nil }
        return VariantRatio(workload: workload, engine: engine, size: size, base: base, candidate: candidate,
                            ratio: estimate.estimate, lower: estimate.interval.lower, upper: estimate.interval.upper)
    }
}
