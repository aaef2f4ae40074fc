import Statistics

/// A seeded generator (SplitMix64) so every randomized test replays the same cases.
public typealias SeededGenerator = SplitMix64
