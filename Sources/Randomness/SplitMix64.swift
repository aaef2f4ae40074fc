// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014; constants as in Vigna's reference splitmix64.c).
//
//     state ← state + 0x9E3779B97F4A7C15
//     z ← (state ⊕ (state ≫ 30)) · 0xBF58476D1CE4E5B9
//     z ← (z ⊕ (z ≫ 27)) · 0x94D049BB133111EB
//     output z ⊕ (z ≫ 31)
//
// Every 64-bit seed, including 0, gives a good stream, which is why it is
// the recommended way to expand one seed into xoshiro's 256-bit state.

/// A tiny seeded generator with a 64-bit state: the one the engine (treap
/// priorities, sample text), the workers' scenarios, the job queue's jitter and
/// the statistics (seeding xoshiro256**) all draw from. Not cryptographic.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    public private(set) var state: UInt64

    /// A generator whose stream is fully determined by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
