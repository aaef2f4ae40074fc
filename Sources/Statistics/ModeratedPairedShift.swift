#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// A paired shift test that borrows strength across many cells
// (Smyth, "Linear models and empirical Bayes methods for assessing
// differential expression in microarray experiments", SAGMB 3(1), 2004 —
// the "moderated t" of limma).
//
// Each cell has n paired differences dᵢ (here: log(candidate/base) of one
// A B B A round) with mean d̄ and sample variance s² on ν = n − 1 degrees of
// freedom. Across the suite the true variances are modelled as scaled
// inverse-χ² with ν₀ degrees of freedom around s₀². The moderated variance
//
//     s̃² = (ν₀·s₀² + ν·s²) / (ν₀ + ν)
//
// gives t̃ = d̄ / (s̃/√n), Student-t with ν₀ + ν degrees of freedom under no
// shift. With two or three rounds a cell's own s² is nearly worthless
// (ν = 1 or 2), so the plain paired t test needs many rounds to detect a
// 5 % change; the prior, estimated from every cell of the same comparison,
// brings that down to a few rounds while a cell whose own rounds disagree
// still keeps a wide interval (its s² enters with its own weight).
//
// ν₀ and s₀² come from the moments of eᵢ = ln sᵢ² − ψ(νᵢ/2) + ln(νᵢ/2):
// E e = ln s₀² − ψ(ν₀/2) + ln(ν₀/2) and Var e = ψ₁(ν₀/2) + mean ψ₁(νᵢ/2).
//
// A cell whose own rounds scatter far more than the prior allows
// (s²/s₀² in the upper 1 % of F(ν, ν₀), the model's own distribution for it)
// does not borrow: one round hit by a burst of load moves d̄ a long way, and
// the prior's many degrees of freedom would otherwise shrink its variance
// back to the suite's and pass that outlier for a shift. Such a cell is judged on its
// own s² and ν — in the spirit of limma's robust hyperparameters
// (Phipson et al., Ann. Appl. Stat. 10(2), 2016) — and stays unknown until
// its rounds agree.

/// The suite-wide prior on a cell's variance: ν₀ degrees of freedom around s₀².
public struct VariancePrior: Sendable, Equatable {
    public var degreesOfFreedom: Double
    public var variance: Double

    public init(degreesOfFreedom: Double, variance: Double) {
        self.degreesOfFreedom = degreesOfFreedom; self.variance = variance
    }

    /// The prior's largest weight: a suite whose cells look alike would
    /// otherwise be treated as known-variance (ν₀ = ∞), which trusts a
    /// variance estimated from a few hundred noisy cells more than it can bear.
    public static let maximumDegreesOfFreedom = 50.0

    /// Fewer cells than this lend no prior: the spread of a handful of
    /// log-variances says almost nothing about ν₀, and a prior fitted to it
    /// can make identical binaries look different.
    public static let minimumCells = 10

    /// Estimates the prior from sample variances and their degrees of freedom
    /// (cells with ν ≥ 1 and s² > 0); nil when fewer than `minimumCells` qualify.
    public static func estimate(_ cells: [(variance: Double, degreesOfFreedom: Int)]) -> VariancePrior? {
        let usable = cells.filter { $0.degreesOfFreedom >= 1 && $0.variance > 0 && $0.variance.isFinite }
        guard usable.count >= minimumCells else { return nil }
        let e = usable.map { log($0.variance) - digamma(Double($0.degreesOfFreedom) / 2) + log(Double($0.degreesOfFreedom) / 2) }
        let mean = e.reduce(0, +) / Double(e.count)
        let spread = e.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(e.count - 1)
        let ownPart = usable.reduce(0) { $0 + trigamma(Double($1.degreesOfFreedom) / 2) } / Double(usable.count)
        let excess = spread - ownPart
        // Never more weight than the cells' own degrees of freedom together: a
        // handful of cells that happen to agree must not pass for a known variance.
        let cap = min(maximumDegreesOfFreedom, Double(usable.reduce(0) { $0 + $1.degreesOfFreedom }))
        let nu0 = excess > 0 ? min(2 * trigammaInverse(excess), cap) : cap
        let s0 = exp(mean + digamma(nu0 / 2) - log(nu0 / 2))
        return VariancePrior(degreesOfFreedom: nu0, variance: s0)
    }
}

/// The shift of one cell's paired differences, judged with a suite prior.
public struct PairedShift: Sendable, Equatable {
    /// Number of differences (rounds).
    public var count: Int
    /// Mean difference d̄.
    public var mean: Double
    /// The cell's own sample variance s² (0 when there is one difference).
    public var variance: Double
    /// s̃², the variance after moderation (equal to s² without a prior).
    public var moderatedVariance: Double
    /// ν₀ + ν.
    public var degreesOfFreedom: Double
    public var t: Double
    /// One-sided p-values for "mean > 0" and "mean < 0".
    public var pGreater: Double
    public var pLess: Double
    /// The two-sided `confidence` interval on the mean.
    public var lower: Double
    public var upper: Double
    /// Whether the cell's own variance was too large for the prior, so it did not borrow (see the file header).
    public var isHypervariable = false
}

/// Upper-tail probability below which a cell's own variance is implausible
/// under the suite's prior (`moderatedPairedShift` then ignores the prior).
public let hypervariableLevel = 0.01

/// The moderated paired t test of `differences` (see the file header);
/// nil when it cannot be made (one difference and no prior).
public func moderatedPairedShift(_ differences: [Double], prior: VariancePrior?, confidence: Double) -> PairedShift? {
    let n = differences.count
    guard n >= 1, confidence > 0, confidence < 1 else { return nil }
    let mean = differences.reduce(0, +) / Double(n)
    let nu = Double(n - 1)
    let s2 = n > 1 ? differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / nu : 0
    var nu0 = prior?.degreesOfFreedom ?? 0
    var hypervariable = false
    if let prior, n > 1, prior.variance > 0, s2 > prior.variance,
       fDistributionSurvival(s2 / prior.variance, nu, prior.degreesOfFreedom) < hypervariableLevel {
        nu0 = 0; hypervariable = true
    }
    let total = nu0 + nu
    guard total > 0 else { return nil }
    let moderated = (nu0 * (prior?.variance ?? 0) + nu * s2) / total
    guard moderated >= 0, moderated.isFinite else { return nil }
    let standardError = (moderated / Double(n)).squareRoot()
    // Zero variance (identical differences, e.g. deterministic timings): the
    // shift is known exactly — none, or certainly there.
    let t = standardError > 0 ? mean / standardError : mean == 0 ? 0 : mean > 0 ? .infinity : -.infinity
    let twoSided = studentTTwoSided(abs(t), total)
    let critical = studentTTwoSidedCritical(1 - confidence, total)
    return PairedShift(count: n, mean: mean, variance: s2, moderatedVariance: moderated, degreesOfFreedom: total, t: t,
                       pGreater: t > 0 ? twoSided / 2 : 1 - twoSided / 2,
                       pLess: t < 0 ? twoSided / 2 : 1 - twoSided / 2,
                       lower: mean - critical * standardError, upper: mean + critical * standardError,
                       isHypervariable: hypervariable)
}

/// The mean of several independent shifts, judged together.
public struct PooledShift: Sendable, Equatable {
    /// Shifts pooled.
    public var count: Int
    /// Weighted mean of their means (see `PoolWeighting`).
    public var mean: Double
    public var standardError: Double
    /// Welch–Satterthwaite degrees of freedom.
    public var degreesOfFreedom: Double
    public var t: Double
    /// One-sided p-values for "mean > 0" and "mean < 0".
    public var pGreater: Double
    public var pLess: Double
    /// The two-sided `confidence` interval on the mean.
    public var lower: Double
    public var upper: Double
    /// τ², the variance between the shifts beyond their own standard errors
    /// (DerSimonian–Laird; inverse-variance pooling only, else 0).
    public var heterogeneity: Double = 0
}

/// How `pooledShift` weighs the shifts it pools.
public enum PoolWeighting: String, Sendable, Equatable, CaseIterable {
    /// Every shift alike: the mean of the means (the geometric mean of the cells' ratios).
    case equal
    /// wᵢ = 1/(SEᵢ² + τ²): precise shifts count more, and a noisy one cannot
    /// swamp the pool. τ² (DerSimonian & Laird, Controlled Clinical Trials
    /// 7(3), 1986) is the spread of the shifts beyond what their standard
    /// errors explain, 0 when they agree (then the fixed-effect estimate of a
    /// shift all of them share). Shifts that scatter more than their errors
    /// allow — a burst of load that hit some of a workload's cells in one
    /// round, or a change that slows some cells and speeds others — widen
    /// the pooled interval instead of passing for a shared shift.
    case inverseVariance = "inverse-variance"
}

/// A weighted mean of several independent shifts (a workload's cells):
/// d̄ = Σ wᵢ d̄ᵢ / Σ wᵢ with variance Σ wᵢ² SEᵢ² / (Σ wᵢ)² (SEᵢ² = s̃ᵢ²/nᵢ)
/// and Welch–Satterthwaite degrees of freedom
/// (Σ wᵢ² SEᵢ²)² / Σ ((wᵢ² SEᵢ²)² / νᵢ). A change that every cell shares but
/// no single cell shows against its own noise stands out here: k cells of
/// equal noise narrow the interval by √k. nil for no shifts.
public func pooledShift(_ shifts: [PairedShift], confidence: Double, weighting: PoolWeighting = .equal) -> PooledShift? {
    guard !shifts.isEmpty, confidence > 0, confidence < 1 else { return nil }
    let squaredErrors = shifts.map { $0.moderatedVariance / Double($0.count) }
    guard squaredErrors.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
    // A zero standard error (identical rounds) would take all the weight: floor it.
    let floored = squaredErrors.map { max($0, 1e-12) }
    let tau2 = weighting == .inverseVariance ? betweenShiftVariance(shifts.map(\.mean), squaredErrors: floored) : 0
    let weights = floored.map { weighting == .equal ? 1 : 1 / ($0 + tau2) }
    let total = weights.reduce(0, +)
    let mean = zip(weights, shifts).reduce(0) { $0 + $1.0 * $1.1.mean } / total
    let parts = zip(weights, squaredErrors).map { $0 * $0 * $1 }   // wᵢ² SEᵢ²
    // τ² is estimated from the k shifts: its part of the variance has k − 1
    // degrees of freedom in the Welch–Satterthwaite sum.
    let between = tau2 * weights.reduce(0) { $0 + $1 * $1 }
    let sum = parts.reduce(0, +) + between
    let denominator = zip(parts, shifts).reduce(0.0) { $0 + $1.0 * $1.0 / $1.1.degreesOfFreedom }
        + (between > 0 ? between * between / Double(shifts.count - 1) : 0)
    let degreesOfFreedom = denominator > 0 ? sum * sum / denominator : shifts.reduce(0) { $0 + $1.degreesOfFreedom }
    let standardError = sum.squareRoot() / total
    // As for one cell: zero variance means the shift is known exactly.
    let t = standardError > 0 ? mean / standardError : mean == 0 ? 0 : mean > 0 ? .infinity : -.infinity
    let twoSided = studentTTwoSided(abs(t), degreesOfFreedom)
    let critical = studentTTwoSidedCritical(1 - confidence, degreesOfFreedom)
    return PooledShift(count: shifts.count, mean: mean, standardError: standardError, degreesOfFreedom: degreesOfFreedom, t: t,
                       pGreater: t > 0 ? twoSided / 2 : 1 - twoSided / 2,
                       pLess: t < 0 ? twoSided / 2 : 1 - twoSided / 2,
                       lower: mean - critical * standardError, upper: mean + critical * standardError,
                       heterogeneity: tau2)
}

/// DerSimonian–Laird's moment estimate of τ²: with fixed-effect weights
/// wᵢ = 1/vᵢ, Q = Σ wᵢ (dᵢ − d̄)² and τ² = max(0, (Q − (k − 1)) / (Σwᵢ − Σwᵢ²/Σwᵢ)).
func betweenShiftVariance(_ means: [Double], squaredErrors: [Double]) -> Double {
    guard means.count >= 2 else { return 0 }
    let w = squaredErrors.map { 1 / $0 }
    let total = w.reduce(0, +)
    let fixed = zip(w, means).reduce(0) { $0 + $1.0 * $1.1 } / total
    let q = zip(w, means).reduce(0) { $0 + $1.0 * ($1.1 - fixed) * ($1.1 - fixed) }
    let c = total - w.reduce(0) { $0 + $1 * $1 } / total
    guard c > 0, q.isFinite else { return 0 }
    return max(0, (q - Double(means.count - 1)) / c)
}

extension PairedShift {
    /// The half-width of the `confidence` interval this test would have after
    /// `rounds` differences if the moderated variance stayed what it is now:
    /// the standard error shrinks as 1/√rounds and the degrees of freedom grow
    /// by the rounds added. A runner asks it whether sampling on can still
    /// decide a cell.
    public func projectedHalfWidth(rounds: Int, confidence: Double) -> Double {
        let n = max(rounds, count)
        let df = degreesOfFreedom + Double(n - count)
        return studentTTwoSidedCritical(1 - confidence, df) * (moderatedVariance / Double(n)).squareRoot()
    }
}
