import Randomness

extension SplitMix64 {
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
