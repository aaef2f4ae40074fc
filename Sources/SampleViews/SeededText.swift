import Randomness

/// Deterministic sample text: the same seed gives the same words on every
/// machine, so two runs (and two engine versions) lay out the same content.
public struct SeededText {
    private var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { random.next() }

    /// A whole number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...(choices.count - 1))] }

    /// `count` words of feed-like English, the first capitalised.
    public mutating func sentence(words count: Int) -> String {
        var out = ""
        for i in 0..<count {
            var w = pick(Self.words)
            if i == 0 { w = w.prefix(1).uppercased() + w.dropFirst() }
            out += (i == 0 ? "" : " ") + w
        }
        return out
    }

    /// A first and last name.
    public mutating func name() -> String { pick(Self.firstNames) + " " + pick(Self.lastNames) }

    static let words = [
        "layout", "engine", "constraint", "view", "label", "text", "image", "cell", "feed", "frame",
        "update", "pass", "window", "solver", "variable", "the", "a", "of", "and", "with", "for",
        "fast", "measure", "screen", "scroll", "team", "product", "design", "launch", "today",
        "great", "new", "our", "work", "people", "growth", "data", "mobile", "performance", "share",
    ]
    static let firstNames = ["Ana", "Ben", "Chen", "Dara", "Emil", "Fatima", "Goran", "Hana", "Ivo", "Jun",
                             "Kemal", "Lea", "Mateo", "Nia", "Omar", "Priya"]
    static let lastNames = ["Alvarez", "Brandt", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat",
                            "Ito", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov"]
}
