#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Empirical complexity classification from (n, t) observations.
//
// Model. For each class g ∈ {1, ln n, n, n ln n, n², n³}:
//     t = (a + b·g(n)) · e^ε,   a ≥ 0, b ≥ 0,   ε ~ N(0, σ²)
// The intercept a is fixed overhead; without it (as in Google Benchmark's
// BigO fit) overhead at small n makes linear code look sub-linear and
// n log n look linear. Noise is multiplicative, so everything happens on
// ln t: relative, not absolute, errors.
//
// Data reduction. Per size j with mⱼ runs: the centre cⱼ = exp(HL(ln tⱼ·)),
// the Hodges–Lehmann estimate of the log-times (robust to a stray slow run,
// 95 % as efficient as the mean), with Var(ln cⱼ) ≈ σ²·hⱼ/mⱼ where hⱼ is
// the HL variance factor (≈ 1.05–1.08). σ² is the pooled within-size
// variance of ln t ("pure error", Draper & Smith 1998, §2.1), which does
// not depend on any model; runs beyond their size's outer Tukey fences are
// left out of it (a 3× preemption spike would otherwise inflate σ̂ and
// blunt every comparison), and it is floored at (10⁻⁷)² so exactly
// repeated synthetic timings do not divide by zero.
//
// Fit. Each class minimises Sₖ = Σⱼ Wⱼ (ln cⱼ − ln(a + b·gⱼ))² with
// Wⱼ = mⱼ/hⱼ (see GrowthCurveFit.swift). Its lack-of-fit statistic
//     χ²ₖ = Sₖ / σ̂²
// is ≈ χ² with J − pₖ degrees of freedom when class k is right, so
// Fₖ = (χ²ₖ/(J − pₖ)) ~ F(J − pₖ, N − J) gives a goodness-of-fit p-value
// (the classical lack-of-fit F-test, Draper & Smith §2.1).
//
// Choice. Differences χ²ⱼ − χ²ₖ are likelihood-ratio statistics
// (−2 ln Λ) between classes; with σ̂² estimated on ν = N − J degrees of
// freedom a one-parameter difference is referred to F(1, ν) = t²ᵥ rather
// than χ²₁. Prefer the simpler class unless a higher one is clearly better:
//   1. O(1) is nested in every other class (b = 0). Leave it only if the
//      best other class improves χ² by more than F₁,ᵥ(0.99) (≈ 6.6–7.4 for
//      ν = 30–100; `leaveConstantLevel` = 0.01): strict, because five
//      alternatives each get a chance to fit the noise.
//   2. Among the two-parameter classes (not nested, equally flexible),
//      take the lowest whose χ² is within F₁,ᵥ(0.95) (≈ 3.9–4.2; `level` =
//      0.05) of the best: a higher class must be ≳ 7× as likely.
// The classes within their margin of the best are the `plausible` set.
// These levels were checked against synthetic timings (see the tests):
// ≥ 97 % correct per class with 5–15 % noise over two decades of sizes.
//
// Confidence. A decision is flagged inconclusive when a deciding
// comparison came close to its margin: a rejected simpler class fit worse
// by less than twice its margin, or a higher class fit better by more than
// half of its margin. `evidenceAgainstSimpler` / `evidenceForHigher` give
// the numbers. Independently, `fitsWell` is false when even the chosen
// class fails the lack-of-fit test (p < 0.001): the timings follow none
// of these shapes (a cache cliff, n^1.5, …) and the label should not be
// trusted.

/// One class fitted to the data.
public struct ComplexityFit: Sendable, Equatable {
    public let complexity: ComplexityClass
    /// a ≥ 0: fixed cost, in the unit of the times.
    public let intercept: Double
    /// b ≥ 0: cost per unit of g(n); 0 for `.constant`.
    public let coefficient: Double
    /// Lack-of-fit χ² = Σ Wⱼ (ln cⱼ − ln fⱼ)² / σ̂² (smaller is better).
    public let chiSquared: Double
    /// J − p: number of sizes minus fitted parameters.
    public let degreesOfFreedom: Int
    /// P(F > χ²/df) under F(df, N − J): small means this class does not fit.
    public let lackOfFitPValue: Double
    /// √(mean over sizes of ((cⱼ − fⱼ)/fⱼ)²): typical relative miss.
    public let relativeRMSError: Double

    /// a + b·g(n).
    public func predict(_ n: Double) -> Double { intercept + coefficient * complexity.growth(n) }
}

/// Tuning for ``classifyComplexity(sizes:times:options:)``; the defaults are
/// the ones the accuracy tests establish.
public struct ComplexityOptions: Sendable, Equatable {
    /// Level of the likelihood-ratio test for leaving O(1): a growing class
    /// must improve χ² by more than F₁,ᵥ(1 − level), ν = pure-error df.
    public var leaveConstantLevel: Double = 0.01
    /// Level of the test a higher two-parameter class must pass against a
    /// lower one: improvement > F₁,ᵥ(1 − level).
    public var level: Double = 0.05
    /// Minimum log10(n_max/n_min), checked to within 0.005.
    public var minimumDecades: Double = 1.5
    /// Minimum number of distinct sizes (at least 3: two-parameter classes
    /// then keep one degree of freedom for the lack-of-fit test).
    public var minimumSizes: Int = 4
    /// Below this lack-of-fit p-value the chosen class is flagged as not fitting.
    public var poorFitPValue: Double = 0.001

    public init() {}
}

/// The classifier's answer, with everything needed to explain it.
public struct ComplexityClassification: Sendable, Equatable {
    /// The chosen class.
    public let complexity: ComplexityClass
    /// One fit per class, indexed by `ComplexityClass.rawValue`.
    public let fits: [ComplexityFit]
    /// Classes whose χ² is within their margin of the best fit, ascending.
    public let plausible: [ComplexityClass]
    /// False when a deciding comparison was close (see the file header).
    public let isConclusive: Bool
    /// minⱼ₍ⱼ<ₖ₎ (χ²ⱼ − χ²ₖ): how much worse the closest simpler class fits;
    /// `nil` for O(1).
    public let evidenceAgainstSimpler: Double?
    /// maxⱼ₍ⱼ>ₖ₎ (χ²ₖ − χ²ⱼ): how much better the best higher class fits
    /// (negative: it fits worse); `nil` for O(n³).
    public let evidenceForHigher: Double?
    /// False when the chosen class fails the lack-of-fit test.
    public let fitsWell: Bool
    /// σ̂ of ln t within a size: the run-to-run relative noise.
    public let logNoiseStandardDeviation: Double
    /// The χ² margin used for leaving O(1), F₁,ᵥ(1 − leaveConstantLevel).
    public let leaveConstantMargin: Double
    /// The χ² margin between two-parameter classes, F₁,ᵥ(1 − level).
    public let margin: Double
    /// Distinct sizes, ascending.
    public let sizes: [Double]
    /// Per-size centre times exp(HL(ln t)), matching `sizes`.
    public let centres: [Double]

    /// The fit of the chosen class.
    public var chosenFit: ComplexityFit { fits[complexity.rawValue] }

    /// The fit of any class.
    public func fit(_ complexity: ComplexityClass) -> ComplexityFit { fits[complexity.rawValue] }
}

/// Classifies how `times` grow with `sizes`; see the file header for the
/// model, fit and decision rule.
///
/// - Parameters:
///   - sizes: n of each observation (≥ 1); several runs per size.
///   - times: t of each observation (> 0), paired with `sizes`.
///   - options: margins and input requirements.
/// - Throws: `.lengthMismatch`, `.nonFiniteValue`, `.nonPositiveValue`,
///   `.sizeBelowOne`, `.tooFewSizes`, `.sizeRangeTooNarrow`,
///   `.tooFewSamplesPerSize` (every size needs ≥ 2 runs, to measure noise),
///   `.invalidOption`.
public func classifyComplexity(
    sizes: [Double], times: [Double], options: ComplexityOptions = ComplexityOptions()
) throws(StatisticsError) -> ComplexityClassification {
    guard options.level > 0, options.level < 1 else {
        throw .invalidOption(name: "level", value: options.level)
    }
    guard options.leaveConstantLevel > 0, options.leaveConstantLevel < 1 else {
        throw .invalidOption(name: "leaveConstantLevel", value: options.leaveConstantLevel)
    }
    guard options.minimumSizes >= 3 else {
        throw .invalidOption(name: "minimumSizes", value: Double(options.minimumSizes))
    }
    let groups = try SizeGroups(sizes: sizes, times: times)
    guard groups.count >= options.minimumSizes else {
        throw .tooFewSizes(needed: options.minimumSizes, got: groups.count)
    }
    // Half a percent of a decade of slack, so integer sizes such as
    // 100…3162 count as the 1.5 decades they were meant to be.
    guard groups.decades >= options.minimumDecades - 0.005 else {
        throw .sizeRangeTooNarrow(decades: groups.decades, needed: options.minimumDecades)
    }
    try groups.requireReplicates(2)

    // Centres and their precisions.
    var scratch: [Double] = []
    let centres = groups.logTimes.map { exp(uncheckedHodgesLehmann($0, scratch: &scratch)) }
    let precisions = groups.logTimes.map { Double($0.count) / hodgesLehmannVarianceFactor($0.count) }
    let (pureVariance, pureDF) = groups.pooledLogVariance(fenced: true)
    // Floor: exactly repeated synthetic timings would otherwise divide by 0.
    // 10⁻⁷ relative noise is far below any real timer.
    let noiseVariance = max(pureVariance, 1e-14)

    var fits: [ComplexityFit] = []
    for complexity in ComplexityClass.allCases {
        let raw = fitGrowthCurve(complexity, sizes: groups.sizes, centres: centres, precisions: precisions)
        // fitGrowthCurve never returns a growing class that fits worse than
        // O(1) (it starts from b = 0 when that is better and only descends).
        let chi = raw.weightedSquares / noiseVariance
        let df = groups.count - complexity.parameterCount
        let p = fDistributionSurvival(chi / Double(df), Double(df), Double(pureDF))
        var squares = 0.0
        for j in groups.sizes.indices {
            let f = raw.intercept + raw.coefficient * complexity.growth(groups.sizes[j])
            let r = (centres[j] - f) / f
            squares += r * r
        }
        fits.append(ComplexityFit(
            complexity: complexity, intercept: raw.intercept, coefficient: raw.coefficient,
            chiSquared: chi, degreesOfFreedom: df, lackOfFitPValue: p,
            relativeRMSError: (squares / Double(groups.count)).squareRoot()))
    }
    // F₁,ᵥ(1 − α) = t²ᵥ(1 − α/2): the margins account for σ̂ being estimated.
    let margins = ComplexityMargins(
        leaveConstant: pow(studentTTwoSidedCritical(options.leaveConstantLevel, Double(pureDF)), 2),
        betweenGrowing: pow(studentTTwoSidedCritical(options.level, Double(pureDF)), 2))
    let decision = decide(chiSquared: fits.map(\.chiSquared), margins: margins)
    let chosen = fits[decision.chosen.rawValue]
    return ComplexityClassification(
        complexity: decision.chosen,
        fits: fits,
        plausible: decision.plausible,
        isConclusive: decision.isConclusive,
        evidenceAgainstSimpler: decision.againstSimpler,
        evidenceForHigher: decision.forHigher,
        fitsWell: chosen.lackOfFitPValue >= options.poorFitPValue,
        logNoiseStandardDeviation: pureVariance.squareRoot(),
        leaveConstantMargin: margins.leaveConstant,
        margin: margins.betweenGrowing,
        sizes: groups.sizes,
        centres: centres)
}

struct ComplexityDecision {
    var chosen: ComplexityClass
    var plausible: [ComplexityClass]
    var isConclusive: Bool
    var againstSimpler: Double?
    var forHigher: Double?
}

/// χ² margins of the decision rule.
struct ComplexityMargins {
    /// Needed to leave O(1).
    var leaveConstant: Double
    /// Needed to prefer a higher two-parameter class over a lower one.
    var betweenGrowing: Double
}

/// The decision rule of the file header, on χ² values indexed by class.
func decide(chiSquared x: [Double], margins: ComplexityMargins) -> ComplexityDecision {
    let classes = ComplexityClass.allCases
    func margin(_ i: Int, _ j: Int) -> Double {
        min(i, j) == ComplexityClass.constant.rawValue ? margins.leaveConstant : margins.betweenGrowing
    }
    // Best among the growing classes; each nests O(1), so it is ≤ χ² of O(1).
    let bestGrowing = x[1...].min()!
    var plausible: [ComplexityClass] = []
    if x[0] - bestGrowing <= margins.leaveConstant { plausible.append(.constant) }
    for k in 1..<x.count where x[k] - bestGrowing <= margins.betweenGrowing {
        plausible.append(classes[k])
    }
    let chosen = plausible.first!
    let k = chosen.rawValue

    var conclusive = true
    var against: Double? = nil
    for j in 0..<k {
        let gap = x[j] - x[k]
        against = min(against ?? gap, gap)
        if gap < 2 * margin(j, k) { conclusive = false }
    }
    var forHigher: Double? = nil
    for j in (k + 1)..<x.count {
        let gain = x[k] - x[j]
        forHigher = max(forHigher ?? gain, gain)
        if gain > margin(k, j) / 2 { conclusive = false }
    }
    return ComplexityDecision(chosen: chosen, plausible: plausible, isConclusive: conclusive,
                              againstSimpler: against, forHigher: forHigher)
}
