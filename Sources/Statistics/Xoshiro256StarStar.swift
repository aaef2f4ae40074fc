import Randomness

// xoshiro256** 1.0 (Blackman & Vigna, "Scrambled linear pseudorandom number
// generators", ACM TOMS 47(4), 2021). With state words s₀…s₃:
//
//     output  rotl(s₁ · 5, 7) · 9
//     t ← s₁ ≪ 17
//     s₂ ⊕= s₀;  s₃ ⊕= s₁;  s₁ ⊕= s₂;  s₀ ⊕= s₃;  s₂ ⊕= t;  s₃ ← rotl(s₃, 45)
//
// Period 2²⁵⁶ − 1; passes BigCrush. The all-zero state is the one fixed
// point, and seeding through SplitMix64 never produces it.

/// The generator every bootstrap in this module uses: fast, 256 bits of
/// state, and reproducible from a 64-bit seed on every platform and Swift
/// version. Not cryptographic.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: (UInt64, UInt64, UInt64, UInt64)

    /// Expands `seed` into the 256-bit state with four SplitMix64 outputs,
    /// as the authors recommend.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    }

    /// Starts from an explicit state (for known-answer tests). An all-zero
    /// state is replaced by the state `seed: 0` gives, since zero is a fixed
    /// point that would output zeros forever.
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        if state == (0, 0, 0, 0) {
            var mixer = SplitMix64(seed: 0)
            self.state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
        } else {
            self.state = state
        }
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
    }
}

@inline(__always)
private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
    (x << k) | (x >> (64 - k))
}
