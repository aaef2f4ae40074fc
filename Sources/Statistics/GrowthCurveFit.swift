#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Fitting one growth class t ≈ a + b·g(n), a ≥ 0, b ≥ 0, to per-size
// centres cⱼ with precisions Wⱼ, on relative (log) error:
//
//     minimise  S(a, b) = Σⱼ Wⱼ (ln cⱼ − ln(a + b·gⱼ))²
//
// This is maximum likelihood when ln cⱼ is normal with variance σ²/Wⱼ —
// the case for multiplicative (log-normal) timing noise. It is solved by
// projected Gauss–Newton: linearising ln f around the current f gives
//
//     ln(a′ + b′g) ≈ ln f + (a′ + b′g − f)/f
//     ⇒  S ≈ Σⱼ (Wⱼ/fⱼ²) (yⱼ − a′ − b′gⱼ)²,   yⱼ = fⱼ(1 + ln cⱼ − ln fⱼ),
//
// a weighted linear least-squares problem in (a′, b′) under a′, b′ ≥ 0.
// With two unknowns the constrained optimum is the unconstrained one if it
// is feasible, else the best of the two boundary solutions (a′ = 0 or
// b′ = 0) — the Karush–Kuhn–Tucker conditions of a convex quadratic on a
// quadrant (Lawson & Hanson, "Solving Least Squares Problems", 1974,
// ch. 23, in its smallest case). Each step is damped by halving until S
// decreases, so S never increases and the iterate stays feasible. The
// start is the same linearisation at f = c, i.e. weighted least squares on
// relative error with weights Wⱼ/cⱼ². g is divided by g(n_max) while
// fitting so a and b have similar magnitudes.

struct GrowthCurveFit {
    var intercept: Double
    var coefficient: Double
    /// S(a, b) at the optimum.
    var weightedSquares: Double
}

/// Fits `complexity` to centres `c` (times, > 0) at `sizes` with precisions `w`.
func fitGrowthCurve(_ complexity: ComplexityClass, sizes: [Double],
                    centres c: [Double], precisions w: [Double]) -> GrowthCurveFit {
    let logC = c.map { log($0) }
    // The constant model has a closed form on the log scale: a weighted
    // geometric mean. Every other class contains it (b = 0).
    var totalWeight = 0.0, weightedLog = 0.0
    for j in c.indices {
        totalWeight += w[j]
        weightedLog += w[j] * logC[j]
    }
    let constantLevel = exp(weightedLog / totalWeight)
    let constantSquares = objective(constantLevel, 0, growth: [Double](repeating: 0, count: c.count),
                                    logCentres: logC, precisions: w)
    if complexity == .constant {
        return GrowthCurveFit(intercept: constantLevel, coefficient: 0, weightedSquares: constantSquares)
    }

    let raw = sizes.map { complexity.growth($0) }
    let scale = raw.max()!
    let g = raw.map { $0 / scale }

    var (a, b) = nonNegativeWeightedLine(g, c, c.indices.map { w[$0] / (c[$0] * c[$0]) })
    var current = objective(a, b, growth: g, logCentres: logC, precisions: w)
    if !(current < constantSquares) {
        (a, b) = (constantLevel, 0)
        current = constantSquares
    }
    var target = [Double](repeating: 0, count: c.count)
    var stepWeights = [Double](repeating: 0, count: c.count)
    for _ in 0..<200 {
        for j in c.indices {
            let f = a + b * g[j]
            target[j] = f * (1 + logC[j] - log(f))
            stepWeights[j] = w[j] / (f * f)
        }
        let (proposedA, proposedB) = nonNegativeWeightedLine(g, target, stepWeights)
        var lambda = 1.0
        var accepted: (Double, Double, Double)? = nil
        while lambda > 1e-10 {
            let na = a + lambda * (proposedA - a)
            let nb = b + lambda * (proposedB - b)
            let s = objective(na, nb, growth: g, logCentres: logC, precisions: w)
            if s < current {
                accepted = (na, nb, s)
                break
            }
            lambda /= 2
        }
        guard let (na, nb, s) = accepted else { break }
        let improvement = current - s
        (a, b, current) = (na, nb, s)
        if improvement <= 1e-13 * max(current, 1e-300) { break }
    }
    return GrowthCurveFit(intercept: a, coefficient: b / scale, weightedSquares: current)
}

/// S(a, b); +∞ if the curve touches zero anywhere (ln 0).
private func objective(_ a: Double, _ b: Double, growth g: [Double],
                       logCentres logC: [Double], precisions w: [Double]) -> Double {
    var s = 0.0
    for j in logC.indices {
        let f = a + b * g[j]
        guard f > 0 else { return .infinity }
        let r = logC[j] - log(f)
        s += w[j] * r * r
    }
    return s
}

/// argmin Σ wⱼ(yⱼ − a − b·gⱼ)² subject to a ≥ 0, b ≥ 0: the unconstrained
/// line when it is feasible, else the better of a = 0 and b = 0 (see the
/// file header).
public func nonNegativeWeightedLine(_ g: [Double], _ y: [Double], _ w: [Double]) -> (Double, Double) {
    var sw = 0.0, sg = 0.0, sy = 0.0
    for j in g.indices {
        sw += w[j]
        sg += w[j] * g[j]
        sy += w[j] * y[j]
    }
    let gBar = sg / sw, yBar = sy / sw
    var sgg = 0.0, sgy = 0.0, sgg0 = 0.0, sgy0 = 0.0
    for j in g.indices {
        sgg += w[j] * (g[j] - gBar) * (g[j] - gBar)
        sgy += w[j] * (g[j] - gBar) * (y[j] - yBar)
        sgg0 += w[j] * g[j] * g[j]
        sgy0 += w[j] * g[j] * y[j]
    }
    func loss(_ a: Double, _ b: Double) -> Double {
        var s = 0.0
        for j in g.indices {
            let r = y[j] - a - b * g[j]
            s += w[j] * r * r
        }
        return s
    }
    if sgg > 0 {
        let b = sgy / sgg
        let a = yBar - b * gBar
        if a >= 0, b >= 0 { return (a, b) }
    }
    let onlyA = (max(yBar, 0), 0.0)
    let onlyB = (0.0, sgg0 > 0 ? max(sgy0 / sgg0, 0) : 0)
    return loss(onlyA.0, onlyA.1) <= loss(onlyB.0, onlyB.1) ? onlyA : onlyB
}
