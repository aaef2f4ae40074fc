#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// Draws built only from `next()`, so a seed gives the same numbers on every
// platform and Swift version (the standard library's `random(in:)` makes no
// such promise across releases).
//
// Bounded integers use Lemire's multiply-and-reject method ("Fast random
// integer generation in an interval", ACM TOMACS 29(1), 2019): for bound s,
// take the high word of x·s (128-bit); reject when the low word is below
// 2⁶⁴ mod s. The result is exactly uniform.

extension RandomNumberGenerator {
    /// A uniformly distributed integer in `0..<bound`; `bound` must be > 0.
    @inlinable
    public mutating func uniformIndex(below bound: Int) -> Int {
        precondition(bound > 0, "uniformIndex(below:) needs a positive bound")
        let s = UInt64(bound)
        var product = s.multipliedFullWidth(by: next())
        if product.low < s {
            let threshold = (0 &- s) % s
            while product.low < threshold {
                product = s.multipliedFullWidth(by: next())
            }
        }
        return Int(product.high)
    }

    /// A uniformly distributed `Double` in `[0, 1)` with 53 random bits:
    /// `(next() ≫ 11) · 2⁻⁵³`.
    @inlinable
    public mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal draw by the Box–Muller transform (Box & Muller,
    /// Ann. Math. Statist. 29(2), 1958): `√(−2 ln u₁) · cos(2π u₂)` with
    /// `u₁ ∈ (0, 1]`, `u₂ ∈ [0, 1)`. Uses two `next()` calls per draw.
    public mutating func standardNormal() -> Double {
        let u1 = (Double(next() >> 11) + 1) * 0x1p-53
        let u2 = unitInterval()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

/// A bootstrap resample: `sample.count` values drawn from `sample` uniformly
/// with replacement (Efron, "Bootstrap methods: another look at the
/// jackknife", Ann. Statist. 7(1), 1979).
///
/// - Throws: `.emptySample`.
public func resample<G: RandomNumberGenerator>(
    _ sample: [Double], using generator: inout G
) throws(StatisticsError) -> [Double] {
    if sample.isEmpty { throw .emptySample }
    var out = [Double](repeating: 0, count: sample.count)
    resample(sample, into: &out, using: &generator)
    return out
}

/// Fills `buffer` (already sized) with draws from `sample`.
@inline(__always)
func resample<G: RandomNumberGenerator>(
    _ sample: [Double], into buffer: inout [Double], using generator: inout G
) {
    let n = sample.count
    sample.withUnsafeBufferPointer { source in
        buffer.withUnsafeMutableBufferPointer { target in
            for i in 0..<target.count {
                target[i] = source[generator.uniformIndex(below: n)]
            }
        }
    }
}
