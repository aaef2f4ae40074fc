import Foundation
import Statistics

/// How a deterministic counter grows with N, settled exactly.
///
/// Counters (pivots, rows touched, text measurements…) are the same on every
/// run for a seed, so there is no noise to model: one value vᵢ per size nᵢ.
/// Each class g ∈ {1, ln n, n, n ln n, n², n³} is fitted as
///
///     v ≈ a + b·g(n),  a ≥ 0, b ≥ 0
///
/// by least squares on relative error (weights 1/vᵢ²; the closed-form
/// two-parameter non-negative solution of Lawson & Hanson 1974, ch. 23:
/// the unconstrained optimum if feasible, else the better boundary). The
/// class is the *lowest* class whose worst relative miss
/// maxᵢ |vᵢ − fᵢ|/vᵢ is at most ``exactTolerance`` (1e-6: the counter *is*
/// a + b·g(n), up to rounding); an exact fit may have a < 0, since a counter
/// such as 3n − 1 is exactly linear and a curve of another class never lies
/// exactly on a line in g. Failing that, the lowest class within
/// ``approximateTolerance`` (5 %) of the data at every size, with a ≥ 0 and
/// a slope on g at the top of at most 1.05 — close enough for counts like a
/// sort's comparisons, n log₂ n − O(n) — flagged as not exact (a negative
/// intercept here would let a tangent line pass n log n off as linear); or,
/// flagged the same, the lowest class whose *marginal* cost is flat at the
/// top of the sweep (``flatAtTheTop``): work whose first items are cheaper
/// than the rest (a cache of cells filling, a first cell with no
/// neighbours) is a + b·g(n) with a < 0 that no tangent line explains,
/// and work that saturates (its top three values within 5 %) is O(1).
/// Otherwise no class fits and only the exponent is reported.
///
/// The exponent is the OLS slope of ln v on ln n; the local slopes
/// kⱼ = Δln v/Δln n between consecutive sizes give the onset: the first
/// size after which kⱼ exceeds 1.1 (the threshold ``superlinearOnset`` uses).
/// A counter that is zero at some size has no log-log exponent; one that is
/// zero everywhere is exactly O(1).
public struct CounterGrowth: Sendable, Equatable, Codable {
    public var counter: String
    public var sizes: [Int]
    /// Per-iteration value at each size.
    public var values: [Double]
    /// The lowest class that fits (exactly, or within 5 %), if any.
    public var complexity: ComplexityClassName?
    /// True when `complexity` fits to within 1e-6 at every size.
    public var isExact: Bool
    /// The fitted a and b of `complexity` (a < 0 for an exact fit or one
    /// flat at the top: there b is the top secant and a + b·g meets the last value).
    public var intercept: Double
    public var coefficient: Double
    /// Worst relative miss of each class, by `ComplexityClass.rawValue`.
    public var worstRelativeMiss: [Double]
    /// OLS slope of ln v on ln n; `nil` when a value is 0 or fewer than 2 sizes.
    public var exponent: Double?
    /// Lower size of the first pair whose local slope exceeds 1.1, if any.
    public var superlinearOnset: Int?

    /// How far the exponent may sit from the fitted class's own: 0 for an
    /// exact fit; for a fit within 5 % (or none), what 5 % can move the
    /// exponent over the sweep, ln(1.05/0.95)/ln(n_J/n₁) (0.02 over two
    /// decades). A content step of a few per cent between two sizes is not
    /// growth, so a class claim counts this counter against it only past it.
    public var exponentSlack: Double {
        guard !isExact, let first = sizes.first, let last = sizes.last, last > first, first > 0 else { return 0 }
        let t = Self.approximateTolerance
        return log((1 + t) / (1 - t)) / log(Double(last) / Double(first))
    }

    public static let exactTolerance = 1e-6
    public static let approximateTolerance = 0.05
    public static let onsetThreshold = 1.1
    /// How far the top two secants of a fit flat at the top may differ.
    public static let secantTolerance = 0.15

    /// Fits one counter; `nil` with fewer than 3 sizes (two points fit every class).
    public static func fit(counter: String, sizes: [Int], values: [Double]) -> CounterGrowth? {
        guard sizes.count >= 3, sizes.count == values.count, values.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let n = sizes.map(Double.init)
        var misses: [Double] = []
        var params: [(Double, Double)] = []
        func worstMiss(_ c: ComplexityClass, _ a: Double, _ b: Double) -> Double {
            var worst = 0.0
            for i in n.indices {
                let f = a + b * c.growth(n[i])
                let miss = values[i] == 0 ? (f == 0 ? 0 : .infinity) : abs(values[i] - f) / values[i]
                worst = max(worst, miss)
            }
            return worst
        }
        var chosen: Int? = nil
        for c in ComplexityClass.allCases {
            let g = n.map { c.growth($0) }
            var (a, b) = nonNegativeRelativeFit(g, values)
            var worst = worstMiss(c, a, b)
            if chosen == nil, worst > exactTolerance, let (fa, fb) = freeInterceptRelativeFit(g, values) {
                let free = worstMiss(c, fa, fb)
                if free <= exactTolerance { (a, b, worst) = (fa, fb, free) }
            }
            if chosen == nil, worst > approximateTolerance, let top = flatAtTheTop(n.map { c.growth($0) }, values) {
                (a, b) = top
            }
            params.append((a, b))
            misses.append(worst)
            if chosen == nil, worst <= exactTolerance { chosen = c.rawValue }
        }
        let exact = chosen != nil
        if chosen == nil {
            chosen = ComplexityClass.allCases.firstIndex { c in
                let g = n.map { c.growth($0) }
                return (misses[c.rawValue] <= approximateTolerance && topSlopeWithin(g, values)) || flatAtTheTop(g, values) != nil
            }
        }

        var exponent: Double? = nil
        var onset: Int? = nil
        if values.allSatisfy({ $0 > 0 }) {
            exponent = try? linearRegression(x: n.map { log($0) }, y: values.map { log($0) }).slope
            for j in 0..<(n.count - 1) {
                let slope = (log(values[j + 1]) - log(values[j])) / (log(n[j + 1]) - log(n[j]))
                if slope > onsetThreshold { onset = sizes[j]; break }
            }
        }
        let p = chosen.map { params[$0] } ?? (0, 0)
        return CounterGrowth(counter: counter, sizes: sizes, values: values,
                             complexity: chosen.map { ComplexityClassName(ComplexityClass(rawValue: $0)!) },
                             isExact: exact, intercept: p.0, coefficient: p.1,
                             worstRelativeMiss: misses, exponent: exponent, superlinearOnset: onset)
    }

    /// (a, b) when v grows as a + b·g at the top of the sweep: the last two
    /// secants Δv/Δg agree within ``secantTolerance`` and the top pair's
    /// log-log slope of v on g is at most 1 + ``approximateTolerance``. The
    /// slope does the discriminating: n ln n's slope on n stays above 1.05
    /// up to n ≈ 5·10⁸, and steeper laws, or a knee at the top, exceed it
    /// further. The secants catch a steeper law that a positive intercept
    /// holds under that slope; their tolerance leaves room for counts that
    /// follow random content (frames applied per cell differ by 10 % from
    /// one stretch of cells to the next). For a constant g (O(1)): the top
    /// three values within ``approximateTolerance`` of the last, work that
    /// saturates (content shapes met once, then copied) and costs nothing
    /// more per item at the top. Sizes ascend; `nil` for fewer than 3
    /// sizes or values not positive at the top.
    static func flatAtTheTop(_ g: [Double], _ v: [Double]) -> (Double, Double)? {
        let m = g.count - 1
        guard m >= 2, v[m - 2] > 0 else { return nil }
        if g[m] == g[m - 1], g[m - 1] == g[m - 2] {
            return (m - 2...m).allSatisfy({ abs(v[$0] - v[m]) <= approximateTolerance * v[m] }) ? (v[m], 0) : nil
        }
        guard g[m] > g[m - 1], g[m - 1] > g[m - 2], g[m - 2] > 0 else { return nil }
        let top = (v[m] - v[m - 1]) / (g[m] - g[m - 1])
        let below = (v[m - 1] - v[m - 2]) / (g[m - 1] - g[m - 2])
        guard top > 0, below > 0, abs(top - below) <= secantTolerance * max(top, below), topSlopeWithin(g, v) else { return nil }
        return (v[m] - top * g[m], top)
    }

    /// Whether the top pair's log-log slope of v on g is at most
    /// 1 + ``approximateTolerance``: an inexact fit must not hide a steeper
    /// law where it shows most (n^1.1 lies within 5 % of a line over a
    /// narrow sweep). True where the slope is undefined (g constant or not
    /// positive, a value not positive).
    static func topSlopeWithin(_ g: [Double], _ v: [Double]) -> Bool {
        let m = g.count - 1
        guard m >= 1, g[m - 1] > 0, g[m] > g[m - 1], v[m - 1] > 0, v[m] > 0 else { return true }
        return log(v[m] / v[m - 1]) / log(g[m] / g[m - 1]) <= 1 + approximateTolerance
    }

    /// argmin Σ wᵢ(vᵢ − a − b·gᵢ)², wᵢ = 1/vᵢ² (1 where vᵢ = 0), any a, b ≥ 0;
    /// `nil` when g is constant or the slope comes out negative.
    static func freeInterceptRelativeFit(_ g: [Double], _ v: [Double]) -> (Double, Double)? {
        let w = v.map { $0 == 0 ? 1 : 1 / ($0 * $0) }
        var sw = 0.0, sg = 0.0, sv = 0.0
        for i in g.indices { sw += w[i]; sg += w[i] * g[i]; sv += w[i] * v[i] }
        let gBar = sg / sw, vBar = sv / sw
        var sgg = 0.0, sgv = 0.0
        for i in g.indices { sgg += w[i] * (g[i] - gBar) * (g[i] - gBar); sgv += w[i] * (g[i] - gBar) * (v[i] - vBar) }
        guard sgg > 0 else { return nil }
        let b = sgv / sgg
        return b >= 0 ? (vBar - b * gBar, b) : nil
    }

    /// argmin Σ wᵢ(vᵢ − a − b·gᵢ)², wᵢ = 1/vᵢ² (1 where vᵢ = 0), a, b ≥ 0.
    static func nonNegativeRelativeFit(_ g: [Double], _ v: [Double]) -> (Double, Double) {
        let w = v.map { $0 == 0 ? 1 : 1 / ($0 * $0) }
        // The O(1) class (g constant) has a closed form: a = weighted mean.
        if g.allSatisfy({ $0 == g[0] }) {
            var sw = 0.0, sv = 0.0
            for i in g.indices { sw += w[i]; sv += w[i] * v[i] }
            return (max(sv / sw, 0), 0)
        }
        return nonNegativeWeightedLine(g, v, w)
    }
}

/// A `ComplexityClass` that can be encoded (the Statistics type is not Codable
/// and stays free of serialisation concerns).
public enum ComplexityClassName: String, Sendable, Codable, Equatable, Comparable, CaseIterable, CustomStringConvertible {
    case constant = "O(1)", logarithmic = "O(log n)", linear = "O(n)"
    case linearithmic = "O(n log n)", quadratic = "O(n²)", cubic = "O(n³)"

    public init(_ c: ComplexityClass) { self = Self.allCases[c.rawValue] }
    public var complexityClass: ComplexityClass { ComplexityClass(rawValue: Self.allCases.firstIndex(of: self)!)! }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.complexityClass < b.complexityClass }
}
