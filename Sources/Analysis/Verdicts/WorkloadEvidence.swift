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

/// The claimed class and the largest log-log exponent it allows over a
/// typical two-decade sweep (n log n between 10³ and 10⁵ fits k ≈ 1.1–1.2;
/// ln n, k ≈ 0.1–0.2).
struct ClaimBand {
    var complexity: ComplexityClassName?
    var exponent: Double

    /// How far the exponent's interval may go above `exponent` and still pass,
    /// and how far above it its lower end must be to fail.
    static let tolerance = 0.1

    init(_ claim: ScalingClaim) {
        switch claim {
        case .constant: complexity = .constant; exponent = 0
        case .logarithmic: complexity = .logarithmic; exponent = 0.2
        case .linear: complexity = .linear; exponent = 1
        case .nLogN: complexity = .linearithmic; exponent = 1.25
        case .quadratic: complexity = .quadratic; exponent = 2
        case .maxExponent(let e): complexity = nil; exponent = e
        }
    }
}
