@testable import CollectionLayout
import CollectionTestSupport
import Testing
import Randomness

/// The prefix-sum tree against a plain array of extents, under random
/// inserts, removals and sets (whole-point extents, so sums are exact).
@Suite struct SectionOffsetsTests {
    @Test func randomEditsMatchAPlainArray() {
        var rng = SplitMix64(seed: 4)
        var offsets = SectionOffsets((0..<20).map { Double($0 % 7) * 10 })
        var plain = offsets.extents
        for step in 0..<3_000 {
            let extent = Double(Int.random(in: 0...4, using: &rng) * 25)    // zeros too: empty sections
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let s = Int.random(in: 0...plain.count, using: &rng)
                offsets.insert(extent, at: s)
                plain.insert(extent, at: s)
            case 1 where !plain.isEmpty:
                let s = Int.random(in: 0..<plain.count, using: &rng)
                offsets.remove(at: s)
                plain.remove(at: s)
            default:
                guard !plain.isEmpty else { continue }
                let s = Int.random(in: 0..<plain.count, using: &rng)
                offsets.set(s, extent)
                plain[s] = extent
            }
            #expect(offsets.extents == plain)
            guard step % 10 == 0 else { continue }
            var start = 0.0
            for s in 0...plain.count {
                #expect(offsets.start(s) == start)
                if s < plain.count { start += plain[s] }
            }
            #expect(offsets.total == start)
            // The first section ending after v, by a linear scan.
            for v in stride(from: -10.0, through: start + 10, by: 12.5) {
                var end = 0.0, want = plain.count
                for (s, e) in plain.enumerated() {
                    end += e
                    if end > v { want = s; break }
                }
                #expect(offsets.firstSection(endingAfter: v) == want, "v = \(v) in \(plain)")
            }
        }
    }

    /// The same operations give the same tree: the same sums and the same work count.
    @Test func theSameOperationsGiveTheSameVisits() {
        func run() -> (Double, Int) {
            var offsets = SectionOffsets(Array(repeating: 30, count: 500))
            for s in stride(from: 0, to: 400, by: 7) {
                offsets.remove(at: s)
                offsets.insert(Double(s) / 3, at: s / 2)
                offsets.set(s / 3, 0.1 * Double(s))
            }
            return (offsets.start(250), offsets.visits)
        }
        let (a, b) = (run(), run())
        #expect(a.0.bitPattern == b.0.bitPattern && a.1 == b.1)
    }

    /// One insert or removal touches O(log S) nodes (a split or two and a
    /// merge, each about 2 ln S deep), not S.
    @Test func anEditVisitsLogarithmicallyManyNodes() {
        for count in [100, 100_000] {
            var offsets = SectionOffsets(Array(repeating: 10, count: count))
            let start = offsets.visits
            for s in stride(from: 0, to: count, by: count / 10) {
                offsets.remove(at: s)
                offsets.insert(20, at: s)
            }
            let perEdit = Double(offsets.visits - start) / 20
            #expect(perEdit < 8 * Double(Double(count).exponent + 1) + 10, "\(count): \(perEdit)")
            #expect(offsets.total == Double(count) * 10 + 100)
        }
    }
}
