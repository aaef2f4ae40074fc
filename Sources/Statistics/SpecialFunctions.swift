#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Distribution functions the tests and intervals need.
//
// - Φ(x) = ½·erfc(−x/√2)                          (DLMF 7.17.2 / 7.2.2)
// - Φ⁻¹(p): Acklam's rational approximation (relative error < 1.2·10⁻⁹,
//   P. J. Acklam, "An algorithm for computing the inverse normal cumulative
//   distribution function", 2003), polished by one Halley step
//   x ← x − u/(1 + x·u/2), u = (Φ(x) − p)·√(2π)·e^{x²/2}, which brings it
//   to full double precision.
// - ln Γ(x): Lanczos approximation with g = 7, n = 9 (Lanczos, SIAM J.
//   Numer. Anal. B 1, 1964; coefficients by P. Godfrey), |error| ≲ 10⁻¹⁵.
// - I_x(a, b): the regularised incomplete beta function by its continued
//   fraction (DLMF 8.17.22) evaluated with the modified Lentz method
//   (Thompson & Barnett, J. Comput. Phys. 64, 1986), after the symmetry
//   I_x(a,b) = 1 − I_{1−x}(b,a) when x > (a+1)/(a+b+2) so it converges fast.
// - F and Student-t tails through I_x (DLMF 8.17.5 relations):
//   P(F > f) = I_{d₂/(d₂+d₁f)}(d₂/2, d₁/2),  P(|T| > t) = I_{ν/(ν+t²)}(ν/2, ½).

/// The standard normal distribution function Φ(x).
public func normalCDF(_ x: Double) -> Double {
    0.5 * erfc(-x / 2.0.squareRoot())
}

/// The standard normal quantile Φ⁻¹(p) for `p` in `(0, 1)`;
/// returns `-infinity` / `+infinity` at exactly 0 / 1.
///
/// - Throws: `.probabilityOutOfRange` outside `0...1`.
public func normalQuantile(_ p: Double) throws(StatisticsError) -> Double {
    guard p >= 0, p <= 1 else { throw .probabilityOutOfRange(p) }
    if p == 0 { return -.infinity }
    if p == 1 { return .infinity }
    return uncheckedNormalQuantile(p)
}

func uncheckedNormalQuantile(_ p: Double) -> Double {
    let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
             1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
    let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
             6.680131188771972e+01, -1.328068155288572e+01]
    let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
             -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
             3.754408661907416e+00]
    let pLow = 0.02425
    var x: Double
    if p < pLow {
        let q = (-2 * log(p)).squareRoot()
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    } else if p <= 1 - pLow {
        let q = p - 0.5
        let r = q * q
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    } else {
        let q = (-2 * log1p(-p)).squareRoot()
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    // Halley refinement. In the upper tail work with the survival function
    // so Φ(x) − p does not cancel to zero.
    let err = p > 0.5
        ? (1 - p) - 0.5 * erfc(x / 2.0.squareRoot())
        : normalCDF(x) - p
    let u = err * (2 * Double.pi).squareRoot() * exp(x * x / 2)
    x -= u / (1 + x * u / 2)
    return x
}

/// ln Γ(x) for `x > 0` (Lanczos, g = 7, n = 9).
func logGamma(_ x: Double) -> Double {
    let coefficients = [0.99999999999980993, 676.5203681218851, -1259.1392167224028,
                        771.32342877765313, -176.61502916214059, 12.507343278686905,
                        -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7]
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
        return log(Double.pi / abs(sin(Double.pi * x))) - logGamma(1 - x)
    }
    let z = x - 1
    var sum = coefficients[0]
    for i in 1..<coefficients.count {
        sum += coefficients[i] / (z + Double(i))
    }
    let t = z + 7.5
    return 0.5 * log(2 * Double.pi) + (z + 0.5) * log(t) - t + log(sum)
}

/// The regularised incomplete beta function I_x(a, b) for `a, b > 0`,
/// `x ∈ [0, 1]` (see the file header).
func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if x > (a + 1) / (a + b + 2) {
        return 1 - regularizedIncompleteBeta(1 - x, b, a)
    }
    let logFront = a * log(x) + b * log1p(-x)
        - (logGamma(a) + logGamma(b) - logGamma(a + b))
    return exp(logFront) / a * betaContinuedFraction(x, a, b)
}

/// 1/(1+ d₁/(1+ d₂/(1+ …))) with
/// d₂ₘ₊₁ = −(a+m)(a+b+m)x / ((a+2m)(a+2m+1)),  d₂ₘ = m(b−m)x / ((a+2m−1)(a+2m)).
private func betaContinuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
    let tiny = 1e-300
    let epsilon = 1e-15
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var h = d
    for m in 1...500 {
        let m = Double(m)
        // Even step d₂ₘ.
        var term = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        d = 1 + term * d
        if abs(d) < tiny { d = tiny }
        c = 1 + term / c
        if abs(c) < tiny { c = tiny }
        d = 1 / d
        h *= d * c
        // Odd step d₂ₘ₊₁.
        term = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1 + term * d
        if abs(d) < tiny { d = tiny }
        c = 1 + term / c
        if abs(c) < tiny { c = tiny }
        d = 1 / d
        let delta = d * c
        h *= delta
        if abs(delta - 1) < epsilon { break }
    }
    return h
}

/// Upper tail of Snedecor's F distribution, `P(F > f)` with `d1`, `d2`
/// degrees of freedom.
func fDistributionSurvival(_ f: Double, _ d1: Double, _ d2: Double) -> Double {
    if f <= 0 { return 1 }
    if !f.isFinite { return 0 }
    return regularizedIncompleteBeta(d2 / (d2 + d1 * f), d2 / 2, d1 / 2)
}

/// Two-sided Student-t tail `P(|T| > t)` with `nu` degrees of freedom.
func studentTTwoSided(_ t: Double, _ nu: Double) -> Double {
    if !t.isFinite { return 0 }
    return regularizedIncompleteBeta(nu / (nu + t * t), nu / 2, 0.5)
}

/// The t such that P(|T| > t) = `alpha` for `nu` degrees of freedom,
/// found by bisection on ``studentTTwoSided(_:_:)`` (monotone in t).
func studentTTwoSidedCritical(_ alpha: Double, _ nu: Double) -> Double {
    var lo = 0.0, hi = 1.0
    while studentTTwoSided(hi, nu) > alpha { hi *= 2 }
    for _ in 0..<200 {
        let mid = 0.5 * (lo + hi)
        if studentTTwoSided(mid, nu) > alpha { lo = mid } else { hi = mid }
        if hi - lo <= 1e-8 * hi { break }
    }
    return 0.5 * (lo + hi)
}

// Polygamma functions for the empirical-Bayes variance prior
// (ModeratedPairedShift.swift): shift the argument up with the recurrences
// ψ(x) = ψ(x+1) − 1/x and ψ₁(x) = ψ₁(x+1) + 1/x², then use the asymptotic
// series (DLMF 5.11.2 and its derivative) once x ≥ 8 (ψ) or x ≥ 12 (ψ₁).

/// The digamma function ψ(x) = d/dx ln Γ(x), for `x > 0`.
func digamma(_ x: Double) -> Double {
    var x = x, shift = 0.0
    while x < 8 { shift -= 1 / x; x += 1 }
    let r = 1 / (x * x)
    let series = log(x) - 0.5 / x - r * (1.0 / 12 - r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r / 132))))
    return shift + series
}

/// The trigamma function ψ₁(x) = d/dx ψ(x), for `x > 0`.
func trigamma(_ x: Double) -> Double {
    var x = x, shift = 0.0
    while x < 12 { shift += 1 / (x * x); x += 1 }
    let r = 1 / (x * x)
    let series = 1 / x + r / 2 + r / x * (1.0 / 6 - r * (1.0 / 30 - r * (1.0 / 42 - r * (1.0 / 30 - r * 5 / 66))))
    return shift + series
}

/// The y > 0 with ψ₁(y) = `value` (ψ₁ falls monotonically from +∞ to 0), by bisection on log y.
func trigammaInverse(_ value: Double) -> Double {
    var lo = 1e-8, hi = 1e8
    for _ in 0..<200 {
        let mid = (lo * hi).squareRoot()
        if trigamma(mid) > value { lo = mid } else { hi = mid }
        if hi / lo < 1 + 1e-12 { break }
    }
    return (lo * hi).squareRoot()
}
