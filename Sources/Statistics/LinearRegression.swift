// Straight-line least squares, y = a + b·x (optionally weighted).
//
// With weights wᵢ ≥ 0 (all 1 for ordinary least squares), W = Σwᵢ,
// x̄ = Σwᵢxᵢ/W, ȳ = Σwᵢyᵢ/W and
//
//     Sxx = Σwᵢ(xᵢ − x̄)²,  Sxy = Σwᵢ(xᵢ − x̄)(yᵢ − ȳ),  Syy = Σwᵢ(yᵢ − ȳ)²
//     b = Sxy / Sxx,        a = ȳ − b·x̄
//     RSS = Σwᵢ(yᵢ − a − b·xᵢ)²,   σ̂² = RSS / (m − 2)
//     SE(b) = σ̂ / √Sxx,     SE(a) = σ̂ · √(1/W + x̄²/Sxx)
//     R² = 1 − RSS / Syy
//
// where m counts the points with positive weight (Draper & Smith, "Applied
// Regression Analysis", 3rd ed., Wiley 1998, §1.2–1.4 and §9.2 for the
// weighted case). Centring on x̄ before forming the sums keeps the
// arithmetic accurate when x is large (sizes of 10⁵, times in ns).
//
// Weights are relative precisions, wᵢ ∝ 1/Var(εᵢ): for multiplicative
// noise on y, wᵢ = 1/yᵢ² turns absolute residuals into relative ones.

/// The result of ``linearRegression(x:y:weights:)``.
public struct LinearFit: Sendable, Equatable {
    /// a in y = a + b·x.
    public let intercept: Double
    /// b in y = a + b·x.
    public let slope: Double
    public let interceptStandardError: Double
    public let slopeStandardError: Double
    /// Coefficient of determination, 1 − RSS/Syy; 1 when y is constant and fitted exactly.
    public let rSquared: Double
    /// σ̂ = √(RSS/(m − 2)), the residual standard error.
    public let residualStandardError: Double
    /// Residual degrees of freedom, m − 2.
    public let degreesOfFreedom: Int

    /// a + b·x.
    public func predict(_ x: Double) -> Double { intercept + slope * x }

    /// Two-sided p-value of the t-test of slope = 0 (t = b/SE(b), m − 2 df);
    /// 0 when the fit is exact and the slope is non-zero.
    public var slopePValue: Double {
        if slopeStandardError == 0 { return slope == 0 ? 1 : 0 }
        return studentTTwoSided(slope / slopeStandardError, Double(degreesOfFreedom))
    }
}

/// Fits y = a + b·x by (weighted) least squares; see the file header.
///
/// - Parameters:
///   - x: regressor values.
///   - y: responses, one per x.
///   - weights: optional non-negative weights, one per point; `nil` means OLS.
/// - Throws: `.lengthMismatch`, `.nonFiniteValue`, `.invalidWeight`,
///   `.tooFewValues` (fewer than 3 points with positive weight), or
///   `.constantRegressor` when all such x are equal.
public func linearRegression(
    x: [Double], y: [Double], weights: [Double]? = nil
) throws(StatisticsError) -> LinearFit {
    try requireSameLength(x, y)
    try requireFinite(x)
    try requireFinite(y)
    let w = weights ?? [Double](repeating: 1, count: x.count)
    try requireSameLength(x, w)
    var used = 0
    for (i, v) in w.enumerated() {
        guard v.isFinite, v >= 0 else { throw .invalidWeight(index: i, value: v) }
        if v > 0 { used += 1 }
    }
    guard used >= 3 else { throw .tooFewValues(needed: 3, got: used) }
    return try weightedLine(x, y, w, pointCount: used)
}

func weightedLine(_ x: [Double], _ y: [Double], _ w: [Double], pointCount: Int) throws(StatisticsError) -> LinearFit {
    var total = 0.0, sx = 0.0, sy = 0.0
    for i in x.indices {
        total += w[i]
        sx += w[i] * x[i]
        sy += w[i] * y[i]
    }
    let xBar = sx / total
    let yBar = sy / total
    var sxx = 0.0, sxy = 0.0, syy = 0.0
    for i in x.indices where w[i] > 0 {
        let dx = x[i] - xBar
        let dy = y[i] - yBar
        sxx += w[i] * dx * dx
        sxy += w[i] * dx * dy
        syy += w[i] * dy * dy
    }
    guard sxx > 0 else { throw .constantRegressor }
    let slope = sxy / sxx
    let intercept = yBar - slope * xBar
    var rss = 0.0
    for i in x.indices where w[i] > 0 {
        let r = y[i] - intercept - slope * x[i]
        rss += w[i] * r * r
    }
    let df = pointCount - 2
    let sigma = (rss / Double(df)).squareRoot()
    let rSquared = syy > 0 ? max(0, 1 - rss / syy) : 1
    return LinearFit(
        intercept: intercept,
        slope: slope,
        interceptStandardError: sigma * (1 / total + xBar * xBar / sxx).squareRoot(),
        slopeStandardError: sigma / sxx.squareRoot(),
        rSquared: rSquared,
        residualStandardError: sigma,
        degreesOfFreedom: df)
}
