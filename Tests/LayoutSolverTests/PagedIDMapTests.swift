import Testing
import Randomness
@testable import LayoutSolver

/// `PagedIDMap` against a `Dictionary`: runs of consecutive ids (as the
/// process-wide counters hand them out), runs far apart, sparse ids, and
/// pages emptied and reused.
@Suite struct PagedIDMapTests {
    @Test func answersLikeADictionary() {
        var rng = SplitMix64(seed: 21)
        var map = PagedIDMap()
        var model: [Int: Int] = [:]
        map.reserveCapacity(forAdding: 1_000)
        // Keys from three regions: a dense run, a run 2³⁴ ids later (a page
        // number far from the first's), and sparse ids across a wide range.
        func key() -> Int {
            switch rng.next() % 3 {
            case 0: Int(rng.next() % 3_000)
            case 1: (1 << 34) + Int(rng.next() % 700)
            default: Int(rng.next() % 50_000_000)
            }
        }
        for _ in 0..<30_000 {
            let k = key()
            switch rng.next() % 4 {
            case 0, 1:
                let v = Int(rng.next() % 100_000)
                map[k] = v
                model[k] = v
            case 2:
                #expect(map.remove(k) == model.removeValue(forKey: k))
            default:
                #expect(map[k] == model[k])
            }
        }
        #expect(map.count == model.count)
        for (k, v) in model { #expect(map[k] == v) }
        for k in 0..<3_000 { #expect(map[k] == model[k]) }
        #expect(map[-1] == nil)
    }

    @Test func anEmptiedPageIsReusedWithNothingLeftInIt() {
        var map = PagedIDMap()
        for id in 0..<256 { map[id] = id * 2 }                // page 0, full
        for id in 0..<256 { #expect(map.remove(id) == id * 2) }
        #expect(map.count == 0 && map[5] == nil)
        map[1_000_000] = 7                                     // another page, in the emptied one's storage
        #expect(map[1_000_000] == 7 && map.count == 1)
        for id in 999_936..<1_000_192 where id != 1_000_000 { #expect(map[id] == nil) }
        for id in 0..<256 { #expect(map[id] == nil) }
        map[0] = 0                                             // value 0 is a value, not absence
        #expect(map[0] == 0 && map.count == 2)
        map[0] = 3
        #expect(map[0] == 3 && map.count == 2)
    }
}
