import Testing
import Randomness
@testable import LayoutSolver

/// A solver that goes away leaves its tables, emptied, to the next one
/// (`SpareStorage`): only room may pass, never a value.
@Suite struct SpareStorageTests {
    /// Twelve blocks of the same shape (copied by the batch) and a chain
    /// linking two of them, with preferences, then changes and removals:
    /// the values, counters and table sizes it ends with.
    private func workout(_ solver: Solver) throws -> (values: [Double], counters: SolverCounters, rows: Int, symbols: Int) {
        var rng = SplitMix64(seed: 3)
        var xs: [Variable] = [], batch: [Constraint] = []
        for _ in 0..<12 {
            let (a, b, c, d) = (Variable(), Variable(), Variable(), Variable())
            xs += [a, b, c, d]
            let width = Double(20 + rng.next() % 200)
            batch += [a == 0, b >= a + 8, c == b + width, (d == c + 4).priority(750), d <= 300,
                      (c >= 150).priority(500), (b == 30).priority(250), d >= a + 10]
        }
        batch.append(xs[5] >= xs[2] + 1)
        solver.add(batch: batch) { _, error in Issue.record("\(error)") }
        let wide = (xs[9] >= xs[8] + 500).priority(300)
        try solver.add(wide)
        try solver.setConstant(40, for: batch[1])
        try solver.remove(batch[10])
        try solver.remove(wide)
        return (xs.map { solver.value(of: $0) }, solver.counters, solver.rowCount, solver.symbolCount)
    }

    @Test func aSolverOnAnotherSolversTablesSolvesAsANewOne() throws {
        let used = Solver()
        _ = try workout(used)
        let symbols = used.tableau.symbolInfo.count
        let storage = try #require(used.takeStorage())
        // Emptied, with the room kept.
        #expect(storage.tableau.symbolInfo.isEmpty && storage.tableau.rows.isEmpty && storage.tableau.records.isEmpty)
        #expect(storage.recordInfo.isEmpty && storage.keptTerms.isEmpty && storage.variables.isEmpty)
        #expect(storage.symbolOf.count == 0 && storage.recordOf.count == 0)
        #expect(storage.room >= symbols)

        let reused = Solver(foldThreshold: 2)
        reused.adopt(storage)
        #expect(reused.tableau.symbolInfo.capacity >= symbols)
        #expect(reused.tableau.foldThreshold == 2)   // the tuning is the new solver's
        let fresh = Solver(foldThreshold: 2)
        let a = try workout(reused), b = try workout(fresh)
        #expect(a.values == b.values && a.counters == b.counters && a.rows == b.rows && a.symbols == b.symbols)
        #expect(a.values.contains { $0 > 0 })   // the workout really moved something
    }

    @Test func aResetSolverGivesItsTablesAwayAndStartsEmpty() throws {
        let solver = Solver()
        _ = try workout(solver)
        solver.reset()
        #expect(solver.tableau.symbolInfo.capacity == 0 && solver.recordInfo.capacity == 0)
        #expect(solver.takeStorage() == nil)   // nothing left to give
        let again = try workout(solver), fresh = try workout(Solver())
        #expect(again.values == fresh.values && again.counters == fresh.counters)
    }
}
