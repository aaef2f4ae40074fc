import Testing
@testable import LayoutSolver
import Randomness

/// Copies a batch makes stay shared — rows read from their template's
/// image, only constants of their own — until an operation needs their
/// rows (see `ComponentImage`). Whatever path a copy takes, every value and
/// every change report must be what adding one constraint at a time gives.
@Suite struct SharedCopyTests {
    typealias Cell = BatchCloneTests.Cell

    /// Twenty cells whose labels fit or overflow (`Cell.constraints`): two
    /// bases for the horizontal block. The first overflowing copy finds its
    /// basis by dual simplex on its image (it stays shared); the later ones
    /// start shared in the basis it found.
    func twentyCells() throws -> (cells: [Cell], batch: [Constraint], copied: Solver, built: Solver) {
        let cells = (0..<20).map { _ in Cell() }
        let widths = (0..<20).map { Double(60 + 37 * $0 % 400) }
        let batch = zip(cells, widths).flatMap { $0.constraints(textWidth: $1) }
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        copied.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") }
        for c in batch { try built.add(c) }
        return (cells, batch, copied, built)
    }

    /// Constraint `k` of cell `i` in `Cell.constraints`' order (6: the
    /// label's width preference, 7: its minimum height, 1: the cell's width,
    /// 3: the icon's width).
    func constraint(_ k: Int, ofCell i: Int, in batch: [Constraint]) -> Constraint { batch[12 * i + k] }

    func expectSame(_ cells: [Cell], _ copied: Solver, _ built: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = cells.flatMap(\.v)
        #expect(all.map(copied.value(of:)) == all.map(built.value(of:)), sourceLocation: sourceLocation)
        #expect(Set(copied.takeChangedVariables()) == Set(built.takeChangedVariables()), sourceLocation: sourceLocation)
        #expect(copied.rowCount == built.rowCount, sourceLocation: sourceLocation)
    }

    @Test func copiesStaySharedAndReadAsBuilt() throws {
        let (cells, _, copied, built) = try twentyCells()
        #expect(copied.counters.componentsCloned == 38)
        // Only the first overflowing label's block needed dual simplex, and
        // found its basis without being written out.
        #expect(copied.counters.basesDiscovered == 1)
        #expect(copied.counters.componentsMaterialized == 0)
        #expect(Set(cells.map { copied.value(of: $0.v[5]) }).count > 10)
        expectSame(cells, copied, built)
    }

    /// Constant changes: within the copy's basis, into the other known
    /// basis, and into one no copy has met (found on the copy's image, which
    /// stays shared).
    @Test func constantChangesMoveSharedCopiesBetweenBases() throws {
        let (cells, batch, copied, built) = try twentyCells()
        _ = copied.takeChangedVariables()
        _ = built.takeChangedVariables()
        func setLabelWidth(_ i: Int, _ width: Double) throws {
            for s in [copied, built] { try s.setConstant(-width, for: constraint(6, ofCell: i, in: batch)) }
        }
        try setLabelWidth(2, 70)      // fits before and after: the same basis
        #expect(copied.counters.basesDiscovered == 1)
        expectSame(cells, copied, built)
        try setLabelWidth(2, 390)     // now overflows: the basis the batch learned
        #expect(copied.counters.basesDiscovered == 1)
        expectSame(cells, copied, built)
        try setLabelWidth(2, 80)      // and back
        #expect(copied.counters.basesDiscovered == 1)
        expectSame(cells, copied, built)

        // A taller label makes the cell's height follow it instead of its
        // 56-point minimum: a basis no vertical copy has met.
        for s in [copied, built] { try s.setConstant(-100, for: constraint(7, ofCell: 4, in: batch)) }
        #expect(copied.counters.basesDiscovered == 2)
        #expect(copied.counters.componentsMaterialized == 0)
        #expect(copied.value(of: cells[4].v[6]) == 116)
        expectSame(cells, copied, built)
    }

    /// Removing from, linking and editing shared copies write them out; the
    /// solver then matches the one built constraint by constraint. (Required
    /// changes that cannot hold find no feasible basis, so they take the
    /// written-out path; `BatchCloneSessionTests` covers them.)
    @Test func otherOperationsWriteCopiesOut() throws {
        let (cells, batch, copied, built) = try twentyCells()
        for s in [copied, built] { try s.remove(constraint(1, ofCell: 3, in: batch)) }
        expectSame(cells, copied, built)
        let link = cells[5].v[6] == cells[6].v[6] + 10
        for s in [copied, built] { try s.add(link) }
        expectSame(cells, copied, built)
        for s in [copied, built] {
            try s.addEditVariable(cells[7].v[2], priority: 999)
            try s.suggestValue(30, for: cells[7].v[2])
        }
        expectSame(cells, copied, built)
        // Cell 3's block, cells 5 and 6's, and cell 7's horizontal one.
        #expect(copied.counters.componentsMaterialized == 1 + 2 + 1)
    }

    /// Taking everything down leaves nothing behind, shared or written out.
    @Test func tearingDownSharedCopiesLeavesTheSolverEmpty() throws {
        let (cells, batch, copied, _) = try twentyCells()
        let all = cells.flatMap(\.v)
        try copied.remove(batch)
        #expect([copied.rowCount, copied.objectiveTermCount, copied.componentCount, copied.symbolCount] == [0, 0, 0, 0])
        #expect(copied.tableau.sharedCopies == 0)
        #expect(all.allSatisfy { copied.value(of: $0) == 0 })
    }

    /// Forty cells with random texts, then three hundred random changes —
    /// label widths and heights and icon widths moved (copies move between
    /// bases, or are written out), a few constraints removed and cells
    /// linked — against the same changes made to a solver built one
    /// constraint at a time. The optimum is unique, so the values must
    /// agree to rounding after every change.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomChangesToSharedCopiesMatchABuiltSolver(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0x5EED)
        let cells = (0..<40).map { _ in Cell() }
        var batch: [Constraint] = []
        for c in cells { batch += c.constraints(textWidth: Double(rng.int(20...500)), margin: Double(rng.int(0...2) * 4)) }
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        copied.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") }
        for c in batch { try built.add(c) }
        let copies = copied.counters.componentsCloned
        #expect(copies == 78)
        var live = batch
        let all = cells.flatMap(\.v)
        for step in 0..<300 {
            let i = rng.int(0...(cells.count - 1))
            switch rng.int(0...19) {
            case 0:   // a constraint goes
                let c = rng.pick(live)
                live.removeAll { $0 == c }
                for s in [copied, built] { try s.remove(c) }
            case 1:   // two cells' heights tied
                let j = rng.int(0...(cells.count - 1))
                let link = (cells[i].v[6] == cells[j].v[6] + Double(rng.int(-20...20))).priority(500)
                live.append(link)
                for s in [copied, built] { try s.add(link) }
            default:
                let (k, constant): (Int, Double) = switch rng.int(0...2) {
                case 0: (6, -Double(rng.int(20...500)))   // the label's text width
                case 1: (7, -Double(rng.int(10...120)))   // its minimum height
                default: (3, -Double(rng.int(20...60)))   // the icon's width
                }
                let c = batch[12 * i + k]
                guard live.contains(c) else { continue }
                for s in [copied, built] { try s.setConstant(constant, for: c) }
            }
            let differing = all.filter { abs(copied.value(of: $0) - built.value(of: $0)) > 1e-6 }
            #expect(differing.isEmpty, "seed \(seed), step \(step): \(differing.count) values differ")
            if !differing.isEmpty { return }
        }
        // The shared paths were taken: most copies were never written out.
        #expect(copied.counters.componentsMaterialized < copies / 2,
                "\(copied.counters.componentsMaterialized) of \(copies) copies written out")
    }
}
