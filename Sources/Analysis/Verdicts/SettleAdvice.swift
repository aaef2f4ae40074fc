import Foundation
import Workloads

/// What would settle an inconclusive scaling verdict on time, as jobs to
/// add to the run, round by round: the next size of the sweep's geometric
/// progression with more jobs at the two largest sizes while the driver
/// allows it, then more jobs at every size. An inconclusive ratio claim on
/// time earns more jobs of both its variants at the sizes whose interval
/// straddles the bound (``ExpectationVerdict/openSizes``): a ratio has no
/// lever to widen, only intervals to narrow. The jobs added at a size double
/// from round to round (1, 2, 4, … up to `mostJobsPerRound`): a verdict
/// still open after a few rounds sits close to its boundary, where one more
/// job narrows the interval by a sliver and doubling halves its variance.
///
/// A larger size widens the lever of the log-log fit — the exponent's
/// standard error falls with the spread of ln n — and it is what a curve
/// that bends needs most: the top pair of sizes is where an intercept
/// weighs least. More jobs narrow every size's mean and, with job-level
/// noise, are the only way to.
public struct SettleRequest: Sendable, Equatable {
    public var workload: String
    public var variant: String
    public var engine: String
    /// The sizes to run more jobs at.
    public var sizes: [Int]
    /// Jobs to add at each of `sizes`.
    public var jobs: Int
    /// True when `sizes` is one new size beyond the sweep.
    public var isNewSize: Bool
    /// The inconclusive verdict's reason, which says what was missing.
    public var reason: String

    /// "laws/n-log-n on synthetic: n = 100,000 added (…)".
    public var description: String {
        let count = jobs == 1 ? "one more job" : "\(jobs) more jobs"
        let what = isNewSize ? "n = \(NumberFormat.grouped(sizes[0])) added"
            : "\(count) at n = \(sizes.map(NumberFormat.grouped).joined(separator: ", "))"
        return "\(workload)/\(variant) on \(engine): \(what), because \(reason)"
    }
}

public enum SettleAdvice {
    /// The cap on jobs added at one size in one round.
    public static let mostJobsPerRound = 16

    /// Jobs to add at a size in settling round `round` (1, 2, …): 1, 2, 4, … up to `mostJobsPerRound`.
    public static func jobs(inRound round: Int) -> Int {
        min(1 << min(max(round - 1, 0), 30), mostJobsPerRound)
    }

    /// The requests for every inconclusive verdict on time of `analysis`
    /// (scaling and ratio claims).
    ///
    /// - Parameters:
    ///   - round: the settling round, from 1.
    ///   - maximumSize: the largest size a workload's driver accepts.
    public static func requests(for analysis: RunAnalysis, round: Int = 1, maximumSize: (String) -> Int) -> [SettleRequest] {
        let jobs = jobs(inRound: round)
        var out: [SettleRequest] = []
        for v in analysis.verdicts where v.outcome == .inconclusive {
            guard case .scaling(let variant, .time, let claim) = v.expectation,
                  !out.contains(where: { $0.workload == v.workload && $0.variant == variant && $0.engine == v.engine }),
                  let series = analysis.series.first(where: { $0.key.workload == v.workload && $0.key.variant == variant && $0.key.engine == v.engine }),
                  series.time.sizes.count >= 2 else { continue }
            let sizes = series.time.sizes
            let next = nextSize(after: sizes)
            if let next, next <= maximumSize(v.workload) {
                out.append(SettleRequest(workload: v.workload, variant: variant, engine: v.engine, sizes: [next], jobs: 1, isNewSize: true,
                                         reason: v.reason))
                // The top pair decides a curve that bends and carries the
                // most lever: more jobs there narrow it in the same round.
                out.append(SettleRequest(workload: v.workload, variant: variant, engine: v.engine, sizes: Array(sizes.suffix(2)),
                                         jobs: jobs, isNewSize: false, reason: v.reason))
            } else if !needsLargerSize(series, claim: claim) {
                out.append(SettleRequest(workload: v.workload, variant: variant, engine: v.engine, sizes: sizes, jobs: jobs, isNewSize: false,
                                         reason: v.reason))
            }
        }
        // After the scaling requests, whose one-per-series rule these must not trip.
        for v in analysis.verdicts where v.outcome == .inconclusive {
            guard case .ratio(let cheaper, let than, _, .time, _) = v.expectation, let open = v.openSizes, !open.isEmpty else { continue }
            for variant in [cheaper, than] where !out.contains(where: {
                $0.workload == v.workload && $0.variant == variant && $0.engine == v.engine && $0.sizes == open && !$0.isNewSize
            }) {
                out.append(SettleRequest(workload: v.workload, variant: variant, engine: v.engine, sizes: open, jobs: jobs,
                                         isNewSize: false, reason: v.reason))
            }
        }
        return out
    }

    /// True when only a larger size can settle a verdict on `claim`: the
    /// sweep's exponent interval already lies within the claim's band while
    /// some pair of sizes lies wholly above its own. More jobs narrow both
    /// intervals and change neither, so at the driver's largest size
    /// settling spends nothing on it — unless that pair is one of the top
    /// two and the other leans above its band too: both wholly above fail
    /// the claim (growth, not a step), and more jobs there can show it.
    public static func needsLargerSize(_ series: SeriesScaling, claim: ScalingClaim) -> Bool {
        guard let p = series.time.powerLaw else { return false }
        let band = ClaimBand(claim, sizes: series.time.sizes)
        guard p.upper <= band.exponent + ClaimBand.tolerance else { return false }
        let pairs = band.pairLimits(p)
        guard pairs.contains(where: { $0.slope.lower > $0.limit }) else { return false }
        let top = pairs.suffix(2)
        return !(top.count == 2 && top.contains { $0.slope.lower > $0.limit } && top.allSatisfy { $0.slope.slope > $0.limit })
    }

    /// Seconds one job of `series` is expected to take at `size`: its
    /// median at the largest size, grown by the steeper of the sweep's
    /// exponent and its top pair's slope, for each sample and warm-up
    /// iteration (each lasting at least `minSampleSeconds`), plus the
    /// warm-up time. Nil without two sizes with times. Settling weighs a
    /// new size by it: one job of a steep series at the next size can
    /// outlast the whole budget.
    public static func expectedJobSeconds(at size: Int, series: TimeScaling, samples: Int, warmupIterations: Int,
                                          minSampleSeconds: Double, warmupSeconds: Double) -> Double? {
        let n = series.sizes, t = series.medians
        guard n.count >= 2, n.count == t.count else { return nil }
        let m = n.count - 1
        guard n[m - 1] > 0, n[m] > n[m - 1], t[m - 1] > 0, t[m] > 0 else { return nil }
        let top = log(t[m] / t[m - 1]) / log(Double(n[m]) / Double(n[m - 1]))
        let slope = max(series.powerLaw?.exponent ?? top, top, 0)
        let perIteration = t[m] * pow(Double(max(size, n[m])) / Double(n[m]), slope)
        return Double(samples + warmupIterations) * max(perIteration, minSampleSeconds) + warmupSeconds
    }

    /// The size after the last in the sweep's geometric progression: the
    /// last times the geometric mean ratio of consecutive sizes, rounded to
    /// two significant digits so the new size reads like the others.
    public static func nextSize(after sizes: [Int]) -> Int? {
        guard sizes.count >= 2, let first = sizes.first, let last = sizes.last, first > 0, last > first else { return nil }
        let ratio = pow(Double(last) / Double(first), 1 / Double(sizes.count - 1))
        let raw = Double(last) * ratio
        let scale = pow(10, floor(log10(raw)) - 1)
        let next = Int((raw / scale).rounded() * scale)
        return next > last ? next : nil
    }
}
