/// "Did you mean …?" for misspelt keys, driver, variant and parameter names.
enum KeySuggestion {
    /// The candidate nearest to `word` by edit distance, when it is near enough
    /// to be a plausible typo (at most a third of the word's length, at least 1… 2).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        if best == nil {
            // A prefix or substring is also a good guess ("sample" → "samples", "warmup" → "warmup_iterations").
            best = candidates.first { $0.hasPrefix(word) || word.hasPrefix($0) }.map { ($0, 0) }
        }
        return best?.0
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// "did you mean 'x'?" or "" when nothing is close.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "did you mean '\($0)'? " } ?? ""
    }
}
