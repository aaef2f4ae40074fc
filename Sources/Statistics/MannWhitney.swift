// The Mann–Whitney U test (Mann & Whitney, Ann. Math. Statist. 18(1),
// 1947; Wilcoxon 1945) with the normal approximation, tie correction and
// continuity correction — the asymptotic form of R's `wilcox.test(x, y,
// exact = FALSE, correct = TRUE)`.
//
// Rank the pooled N = n₁ + n₂ values (ties get their average rank); R₁ is
// the rank sum of x.
//
//     U = R₁ − n₁(n₁+1)/2                 (pairs with x > y, ties ½)
//     μ = n₁n₂/2
//     σ² = n₁n₂/12 · (N + 1 − Σ(tᵢ³ − tᵢ)/(N(N − 1)))   (tᵢ: tie-group sizes)
//     z = (U − μ − c)/σ,  c = ±½ toward μ
//
// It assumes nothing about the shape of the distributions, which suits
// skewed timings; it tests whether one sample tends to be larger, not
// whether a ratio exceeds 5 % — use `bootstrapRatio` for effect sizes.

/// Which difference the test looks for.
public enum TestAlternative: Sendable, Hashable {
    /// x and y differ in either direction.
    case twoSided
    /// x tends to be larger than y (for timings: x is slower).
    case greater
    /// x tends to be smaller than y.
    case less
}

/// The result of ``mannWhitneyU(_:_:alternative:)``.
public struct MannWhitneyResult: Sendable, Equatable {
    /// U for the first sample: pairs (xᵢ, yⱼ) with xᵢ > yⱼ, ties counting ½.
    public let u: Double
    /// The continuity-corrected standard normal score.
    public let z: Double
    public let pValue: Double
    public let alternative: TestAlternative

    /// U/(n₁n₂) = P(X > Y) + ½P(X = Y), the common-language effect size
    /// (0.5: no tendency either way).
    public let probabilityOfSuperiority: Double
}

/// Mann–Whitney U test of `x` against `y`; see the file header.
///
/// - Parameters:
///   - x: first sample (e.g. the candidate's timings).
///   - y: second sample (e.g. the base's timings).
///   - alternative: `.twoSided` (default), `.greater` or `.less` (about x).
/// - Throws: `.emptySample` or `.nonFiniteValue`. When every value is tied
///   there is no evidence either way and the p-value is 1.
public func mannWhitneyU(
    _ x: [Double], _ y: [Double], alternative: TestAlternative = .twoSided
) throws(StatisticsError) -> MannWhitneyResult {
    try requireFinite(x)
    try requireFinite(y)
    let n1 = Double(x.count), n2 = Double(y.count)
    let pooled = (x.map { ($0, true) } + y.map { ($0, false) }).sorted { $0.0 < $1.0 }
    let n = pooled.count

    var rankSumX = 0.0
    var tieTerm = 0.0
    var i = 0
    while i < n {
        var j = i
        while j + 1 < n && pooled[j + 1].0 == pooled[i].0 { j += 1 }
        // Positions i...j (0-based) share the average of ranks i+1...j+1.
        let averageRank = Double(i + j + 2) / 2
        let t = Double(j - i + 1)
        tieTerm += t * t * t - t
        for k in i...j where pooled[k].1 { rankSumX += averageRank }
        i = j + 1
    }
    let u = rankSumX - n1 * (n1 + 1) / 2
    let mu = n1 * n2 / 2
    let total = n1 + n2
    let variance = n1 * n2 / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    let superiority = u / (n1 * n2)
    guard variance > 0 else {
        return MannWhitneyResult(u: u, z: 0, pValue: 1, alternative: alternative,
                                 probabilityOfSuperiority: superiority)
    }
    let sigma = variance.squareRoot()
    let d = u - mu
    let z: Double
    let p: Double
    switch alternative {
    case .twoSided:
        let correction: Double = d > 0 ? 0.5 : (d < 0 ? -0.5 : 0)
        z = (d - correction) / sigma
        p = min(1, 2 * min(normalCDF(z), normalCDF(-z)))
    case .greater:
        z = (d - 0.5) / sigma
        p = normalCDF(-z)
    case .less:
        z = (d + 0.5) / sigma
        p = normalCDF(z)
    }
    return MannWhitneyResult(u: u, z: z, pValue: p, alternative: alternative,
                             probabilityOfSuperiority: superiority)
}
