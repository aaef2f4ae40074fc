import Randomness

/// SplitMix64 lives in the dependency-free `Randomness` module, so the engine
/// can share it without depending on the harness's statistics.
public typealias SplitMix64 = Randomness.SplitMix64
