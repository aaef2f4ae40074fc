import Foundation
import Workloads

/// What the analysis knows about one workload on one engine, gathered for
/// the expectation rules: cells by variant and size, the raw per-iteration
/// times (for ratio intervals), each variant's scaling, and failed jobs.
struct WorkloadEvidence {
    var workload: String
    var engine: String
    var cells: [String: [Int: CellStatistics]]
    var times: [String: [Int: [Double]]]
    var series: [String: SeriesScaling]
    var failures: [String: [String]]
    /// The run's variant ratios (each variant against the first), reused by ratio claims.
    var ratios: [RatioKey: VariantRatio]
    var resamples: Int
    var seed: UInt64

    /// Sizes at which `variant` has a cell, ascending.
    func sizes(of variant: String) -> [Int] { (cells[variant] ?? [:]).keys.sorted() }

    /// Why a variant has no data: "no job ran" or its failure reasons.
    func missing(_ variant: String) -> String {
        if let reasons = failures[variant], !reasons.isEmpty {
            return "no successful job for variant \(variant) on \(engine) (\(reasons.count) failed: \(reasons.prefix(2).joined(separator: "; ")))"
        }
        return "no job for variant \(variant) on \(engine) in this run — check the run's variant filter"
    }
}

struct RatioKey: Hashable {
    var base: String
    var candidate: String
    var size: Int
}

/// The claimed class and the largest log-log slope it allows over the
/// sweep that measured it.
///
/// A claim "t grows as g" admits every t = A + C·g(n) with A, C ≥ 0. Its
/// local log-log slope is d ln t/d ln n = (C·g(n)/(A + C·g(n))) · ε_g(n),
/// with ε_g = d ln g/d ln n the slope of g itself, so an intercept only
/// lowers it: over any sweep the least-squares slope of ln t on ln n is at
/// most that of ln g(n) on the same sizes. That slope is the band: 1 for
/// linear, 1 + (mean of 1/ln n, roughly) for n log n — 1.12 over
/// 1,000…100,000, 1.17 over 100…10,000 — and 1/ln n for log n. Growth
/// steeper than the band is steeper than any law of the class; growth
/// below it may still be the class with an intercept.
struct ClaimBand {
    var complexity: ComplexityClassName?
    /// The largest least-squares log-log slope the claim allows over the sweep.
    var exponent: Double

    /// How far above ``exponent`` an interval's lower end must lie to fail,
    /// and its upper end may reach and still pass: a margin for timers
    /// whose noise is not quite log-normal, small against the 0.25 a real
    /// change of class adds.
    static let tolerance = 0.05

    /// The band of `claim` over `sizes` (the nominal exponent of the class
    /// with fewer than 2 distinct sizes).
    init(_ claim: ScalingClaim, sizes: [Int]) {
        switch claim {
        case .constant: complexity = .constant
        case .logarithmic: complexity = .logarithmic
        case .linear: complexity = .linear
        case .nLogN: complexity = .linearithmic
        case .quadratic: complexity = .quadratic
        case .maxExponent(let e): complexity = nil; exponent = e; return
        }
        exponent = Self.slope(of: complexity!, over: sizes)
    }

    /// The steepest slope a law of the claimed class has between two sizes
    /// (that of g itself); `nil` for an exponent claim.
    func localBand(from a: Int, to b: Int) -> Double? {
        complexity.map { Self.slope(of: $0, over: [a, b]) }
    }

    /// Each pair of consecutive sizes of `powerLaw` with the slope it may
    /// reach, its local band plus ``tolerance``; none for an exponent claim.
    func pairLimits(_ powerLaw: TimeScaling.PowerLaw) -> [(slope: TimeScaling.Onset.LocalSlope, limit: Double)] {
        (powerLaw.localSlopes ?? []).compactMap { s in localBand(from: s.from, to: s.to).map { (s, $0 + Self.tolerance) } }
    }

    /// The upper half of the sweep (``TimeScaling/PowerLaw/topSlope``) with
    /// the slope it may reach: the class's band over the half's sizes plus
    /// ``tolerance``; nil for an exponent claim or without a top slope.
    func topLimit(_ powerLaw: TimeScaling.PowerLaw, sizes: [Int]) -> (slope: TimeScaling.Onset.LocalSlope, limit: Double)? {
        guard let c = complexity, let s = powerLaw.topSlope else { return nil }
        return (s, Self.slope(of: c, over: sizes.filter { (s.from...s.to).contains($0) }) + Self.tolerance)
    }

    /// Least-squares slope of ln g(n) on ln n over the distinct `sizes`;
    /// g's nominal exponent with fewer than 2. ln n is floored at ln 2 so a
    /// sweep starting at n = 1 keeps log n positive.
    static func slope(of complexity: ComplexityClassName, over sizes: [Int]) -> Double {
        let n = Array(Set(sizes.filter { $0 >= 1 })).sorted().map(Double.init)
        let nominal: Double = switch complexity {
        case .constant: 0
        case .logarithmic: 0.2
        case .linear: 1
        case .linearithmic: 1.2
        case .quadratic: 2
        case .cubic: 3
        }
        guard n.count >= 2 else { return nominal }
        let g = complexity.complexityClass
        let x = n.map { log($0) }
        let y = n.map { log(max(g.growth(max($0, 2)), .leastNormalMagnitude)) }
        let xBar = x.reduce(0, +) / Double(x.count), yBar = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0, sxx = 0.0
        for i in x.indices { sxy += (x[i] - xBar) * (y[i] - yBar); sxx += (x[i] - xBar) * (x[i] - xBar) }
        return sxx > 0 ? sxy / sxx : nominal
    }
}
