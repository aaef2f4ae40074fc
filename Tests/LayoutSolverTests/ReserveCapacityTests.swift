import Testing
import Randomness
@testable import LayoutSolver

@Suite struct ReserveCapacityTests {
    @Test func anIndexReservedAheadAnswersLikeADictionary() {
        var rng = SplitMix64(seed: 11)
        var index = IntIndex<Int>()
        var model: [Int: Int] = [:]
        index[3] = 30
        model[3] = 30
        // Reserving keeps what is there, and more than once (growing, then a
        // smaller hint that must change nothing).
        index.reserveCapacity(5_000)
        index.reserveCapacity(10)
        #expect(index[3] == 30 && index.count == 1)
        for _ in 0..<20_000 {
            let key = Int(rng.next() % 6_000)
            switch rng.next() % 3 {
            case 0, 1:
                let value = Int(rng.next() % 1_000)
                index[key] = value
                model[key] = value
            default:
                #expect(index.remove(key) == model.removeValue(forKey: key))
            }
        }
        #expect(index.count == model.count)
        for key in 0..<6_000 { #expect(index[key] == model[key]) }
    }

    @Test func reservingBeforeABatchChangesNoValue() throws {
        // The same random layout-like batch, added with and without the hint
        // (and with a hint far too small), solves to the same values.
        func build(reserve: Int?) throws -> [Double] {
            var rng = SplitMix64(seed: 5)
            let solver = Solver()
            let xs = (0..<200).map { _ in Variable() }
            var batch: [Constraint] = [xs[0] == 0]
            for i in 1..<xs.count {
                let j = Int(rng.next() % UInt64(i))
                let gap = Double(rng.next() % 40)
                batch.append(xs[i] >= xs[j] + gap)
                batch.append((xs[i] == xs[j] + gap * 2).priority(Priority(Float(250 + rng.next() % 500))))
            }
            if let reserve { solver.reserveCapacity(forAdding: reserve) }
            try solver.add(batch)
            return xs.map { solver.value(of: $0) }
        }
        let plain = try build(reserve: nil)
        #expect(try build(reserve: 400) == plain)
        #expect(try build(reserve: 3) == plain)
        #expect(plain.contains { $0 > 0 })   // the batch really moved something
    }
}
