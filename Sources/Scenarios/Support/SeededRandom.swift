/// SplitMix64: a tiny, fast generator whose sequence depends only on the seed,
/// the same on every platform and Swift version (unlike the system generator).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound without modulo bias worth caring about here
    /// (`Int.random(in:using:)` would do, but its algorithm may change between Swift versions).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int((UInt128(next()) * UInt128(bound)) >> 64)
    }

    /// Uniform in `range`, by `below`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }
}
