import Foundation
import Statistics

/// A workload's time change over all its cells together: a weighted
/// geometric mean of the cells' ratios (by default each weighed by the
/// inverse of its squared standard error, `ComparisonPolicy.poolWeighting`),
/// tested with their pooled standard errors (`pooledShift`). A small
/// slowdown that every cell of a workload shares is often inside each cell's
/// own noise; pooled, k cells narrow the interval by about √k. Its p-value,
/// combined with its cells' (Simes), is the workload's in the first,
/// workload-level Benjamini–Hochberg step (`FalseDiscoveryFamilies`).
public struct WorkloadShift: Sendable, Equatable {
    public var workload: String
    /// Cells pooled: those with a time test, no failure and the same layout on both sides.
    public var cells: Int
    /// exp(weighted mean of the cells' mean log shifts), and its interval.
    public var ratio: Double
    public var lower: Double
    public var upper: Double
    public var pSlower: Double
    public var pFaster: Double
    public var adjustedP: Double?
    public var threshold: Double
    /// The cells' time rules applied to the pooled ratio.
    public var time: TimeVerdict

    /// Fewer cells than this are not pooled: one cell's pooled test is its own test again.
    public static let minimumCells = 2

    /// One pooled shift per workload with enough testable cells, not yet
    /// adjusted or judged (`SuiteComparison` adjusts workloads, then cells within them).
    static func pool(_ cells: [CellComparison], policy: ComparisonPolicy, thresholds: [String: Double]) -> [WorkloadShift] {
        Dictionary(grouping: cells, by: \.key.workload).sorted(by: { $0.key < $1.key }).compactMap { workload, group in
            let tests = group.filter { $0.failureSide == nil && !$0.digestChanged }.compactMap(\.shift)
            guard tests.count >= minimumCells, let pooled = pooledShift(tests, confidence: policy.confidence, weighting: policy.poolWeighting) else { return nil }
            return WorkloadShift(workload: workload, cells: tests.count, ratio: exp(pooled.mean),
                                 lower: exp(pooled.lower), upper: exp(pooled.upper),
                                 pSlower: pooled.pGreater, pFaster: pooled.pLess, adjustedP: nil,
                                 threshold: thresholds[workload] ?? policy.threshold, time: .unknown)
        }
    }

    /// The two-sided p-value before adjustment.
    public var p: Double { min(1, 2 * min(pSlower, pFaster)) }

    /// The cells' time rules, once `adjustedP` is set.
    mutating func decide(policy: ComparisonPolicy) {
        time = CellJudge.timeVerdict(ratio: ratio, lower: lower, upper: upper, adjustedP: adjustedP,
                                     threshold: threshold, policy: policy)
    }
}
