import Testing
@testable import LayoutSolver
import Randomness

/// A shared copy that no known basis fits finds its basis by dual simplex
/// on its image (`Tableau.discoverBasis`) instead of being written out. The
/// pivots mirror the written-out path's, so both give the same rows, bit for
/// bit: these tests run the same work through a solver that discovers and
/// one that writes copies out, and compare every row and every value.
@Suite struct BasisDiscoveryTests {
    /// A cell of three stacked labels beside an image, its height following
    /// the labels or its minimum, capped by a preference: which of its
    /// inequalities and preferences bind depends on the texts' heights, so
    /// a batch of them meets many bases, some a few pivots apart.
    struct Stack {
        let v: [Variable] = (0..<9).map { Variable("s\($0)") }

        func constraints(texts t: [Double]) -> [Constraint] {
            let (top0, top1, top2, h0, h1, h2, height, imageHeight, gap) =
                (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8])
            return [
                top0 == 8, imageHeight == 40, gap >= 2, (gap == 6).priority(400),
                top1 >= top0 + h0 + gap, (top1 == top0 + h0 + gap).priority(500),
                top2 >= top1 + h1 + gap, (top2 == top1 + h1 + gap).priority(500),
                h0 >= t[0], (h0 == 0).priority(250), h0 <= 120,
                h1 >= t[1], (h1 == 0).priority(250),
                h2 >= t[2], (h2 == 0).priority(250), (h2 == 30).priority(300),
                height >= top2 + h2 + 8, height >= imageHeight + 16, height >= 60,
                (height <= 160).priority(750), (height == 0).priority(1),
            ]
        }

        /// Index in `constraints` of label `i`'s text height.
        static func text(_ i: Int) -> Int { [8, 11, 13][i] }
    }

    func texts(_ rng: inout SplitMix64) -> [Double] {
        (0..<3).map { _ in Double(rng.int(0...6) * 17) }
    }

    /// Every row, by basic symbol, and every objective level, as bit
    /// patterns, once every shared copy is written out.
    func writtenOut(_ s: Solver) -> [Int: [UInt64]] {
        for c in s.tableau.components.indices where s.tableau.isShared(c) { s.tableau.materialize(c) }
        var rows: [Int: [UInt64]] = [:]
        for slot in s.tableau.rows.indices {
            let b = s.tableau.basicOf[slot]
            guard b >= 0, s.tableau.symbolInfo[b].rowOf == slot else { continue }
            let row = s.tableau.rows[slot]
            rows[b] = [row.constant.bitPattern] + row.cells.flatMap { [UInt64($0.symbol), $0.coefficient.bitPattern] }
        }
        for (c, component) in s.tableau.components.enumerated() where component.alive {
            for (l, level) in component.levels.enumerated() {
                rows[-(c * 64 + l + 1)] = [level.row.constant.bitPattern]
                    + level.row.cells.flatMap { [UInt64($0.symbol), $0.coefficient.bitPattern] }
            }
        }
        return rows
    }

    func expectSameRows(_ a: Solver, _ b: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
        let (x, y) = (writtenOut(a), writtenOut(b))
        let differing = Set(x.keys).union(y.keys).filter { x[$0] != y[$0] }
        #expect(differing.isEmpty, "\(differing.count) of \(x.count) rows and objective levels differ",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aBatchDiscoversTheBasesWritingOutWouldReach(seed: UInt64) {
        var rng = SplitMix64(seed: seed &* 0xD15C)
        let stacks = (0..<40).map { _ in Stack() }
        let batch = stacks.flatMap { $0.constraints(texts: texts(&rng)) }
        let discovering = Solver(smallestCopiedBlock: 3)
        let writing = Solver(smallestCopiedBlock: 3, discoversOnImages: false)
        for s in [discovering, writing] { s.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") } }

        #expect(discovering.counters.componentsCloned == 39)
        #expect(discovering.counters.basesDiscovered >= 4, "\(discovering.counters.basesDiscovered) bases discovered")
        #expect(discovering.counters.componentsMaterialized == 0)
        #expect(writing.counters.componentsMaterialized == discovering.counters.basesDiscovered)
        #expect(writing.counters.basesDiscovered == 0)
        // The same pivots, counted the same.
        #expect(discovering.counters.pivots == writing.counters.pivots)
        let all = stacks.flatMap(\.v)
        #expect(all.map { discovering.value(of: $0).bitPattern } == all.map { writing.value(of: $0).bitPattern })
        #expect(Set(discovering.takeChangedVariables()) == Set(writing.takeChangedVariables()))
        expectSameRows(discovering, writing)
    }

    /// A constant change that no basis of the copy's family takes: the
    /// copy finds one on its image and stays shared; the other solver's
    /// copy is written out and repaired. One change per cell that both
    /// solvers still hold shared, so both take the same path up to there.
    @Test(arguments: [UInt64(4), 5, 6])
    func aConstantChangeDiscoversTheBasisWritingOutWouldReach(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0xD15C)
        let stacks = (0..<40).map { _ in Stack() }
        var batch: [Constraint] = []
        for s in stacks { batch += s.constraints(texts: [17, 17, 0]) }   // one basis for all
        let discovering = Solver(smallestCopiedBlock: 3)
        let writing = Solver(smallestCopiedBlock: 3, discoversOnImages: false)
        for s in [discovering, writing] { s.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") } }
        #expect(discovering.counters.basesDiscovered == 0)

        let perStack = batch.count / stacks.count
        for i in stacks.indices.dropFirst() {   // the first stack is the template, written out in both
            let label = rng.int(0...2)
            let c = batch[perStack * i + Stack.text(label)]
            let height = -Double(rng.int(0...7) * 17)   // within label 0's 120-point maximum
            for s in [discovering, writing] { try s.setConstant(height, for: c) }
        }
        #expect(discovering.counters.basesDiscovered >= 4, "\(discovering.counters.basesDiscovered) bases discovered")
        #expect(discovering.counters.componentsMaterialized == 0)
        #expect(writing.counters.componentsMaterialized == discovering.counters.basesDiscovered)
        #expect(discovering.counters.pivots == writing.counters.pivots)
        let all = stacks.flatMap(\.v)
        #expect(all.map { discovering.value(of: $0).bitPattern } == all.map { writing.value(of: $0).bitPattern })
        #expect(Set(discovering.takeChangedVariables()) == Set(writing.takeChangedVariables()))
        expectSameRows(discovering, writing)
    }

    /// A required change that cannot hold finds no basis on the image
    /// either: the copy takes the written-out path, which rejects it and
    /// leaves every value as it was.
    @Test func aRequiredChangeThatCannotHoldIsRejectedAsBefore() throws {
        let stacks = (0..<4).map { _ in Stack() }
        let batch = stacks.flatMap { $0.constraints(texts: [17, 17, 0]) }
        let solver = Solver(smallestCopiedBlock: 3)
        solver.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") }
        let all = stacks.flatMap(\.v)
        let before = all.map(solver.value(of:))
        let perStack = batch.count / stacks.count
        // Label 0's text taller than its 120-point maximum.
        #expect(throws: SolverError.self) { try solver.setConstant(-300, for: batch[perStack * 2 + Stack.text(0)]) }
        #expect(solver.counters.basesDiscovered == 0)
        #expect(all.map(solver.value(of:)) == before)
    }
}

/// A shared copy takes its preferences' constant changes when next read,
/// all at once (`Tableau.settleCopy`): a cell whose labels all grew in one
/// pass moves once, straight to the basis it ends in.
@Suite struct PendingConstantTests {
    typealias Stack = BasisDiscoveryTests.Stack

    func stacks(_ count: Int) -> (stacks: [Stack], batch: [Constraint], copied: Solver, built: Solver) {
        let stacks = (0..<count).map { _ in Stack() }
        let batch = stacks.flatMap { $0.constraints(texts: [17, 17, 0]) }
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        copied.add(batch: batch) { i, e in Issue.record("\(batch[i]): \(e)") }
        for c in batch { try? built.add(c) }
        return (stacks, batch, copied, built)
    }

    /// Shared copies with changes not taken yet.
    func waiting(_ s: Solver) -> Int {
        s.tableau.components.filter { !($0.shared?.pending.isEmpty ?? true) }.count
    }

    func expectSame(_ stacks: [Stack], _ copied: Solver, _ built: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = stacks.flatMap(\.v)
        let differing = all.filter { abs(copied.value(of: $0) - built.value(of: $0)) > 1e-9 }
        #expect(differing.isEmpty, "\(differing.count) values differ", sourceLocation: sourceLocation)
        #expect(Set(copied.takeChangedVariables()) == Set(built.takeChangedVariables()), sourceLocation: sourceLocation)
    }

    /// Preferences of `Stack.constraints`: label 2's height (`h2 == 30`
    /// at 300), the gap (`gap == 6` at 400), the cap (`height <= 160` at 750).
    static let preferences = [15, 3, 19]

    @Test func changesWaitForTheNextReadAndAreTakenTogether() throws {
        let (stacks, batch, copied, built) = stacks(6)
        for s in [copied, built] { _ = s.takeChangedVariables() }
        let perStack = batch.count / stacks.count
        // Stack 3's label grows, its gap widens and its cap drops, one
        // change after another.
        for (k, constant) in zip(Self.preferences, [-150.0, -20, 60]) {
            for s in [copied, built] { try s.setConstant(constant, for: batch[perStack * 3 + k]) }
        }
        #expect(waiting(copied) == 1, "the copy waits with its three changes")
        expectSame(stacks, copied, built)
        #expect(waiting(copied) == 0)
        #expect(copied.counters.componentsMaterialized == 0)
        #expect(copied.counters.constantUpdates == 3)
    }

    @Test func aRequiredChangeTakesTheWaitingOnesFirst() throws {
        let (stacks, batch, copied, built) = stacks(4)
        let perStack = batch.count / stacks.count
        for s in [copied, built] { try s.setConstant(-150, for: batch[perStack * 2 + Self.preferences[0]]) }
        // `imageHeight == 40` is required: the waiting change is taken first.
        for s in [copied, built] { try s.setConstant(-52, for: batch[perStack * 2 + 1]) }
        #expect(waiting(copied) == 0)
        expectSame(stacks, copied, built)
    }

    @Test func removingFromAWaitingCopyTakesItsChangesFirst() throws {
        let (stacks, batch, copied, built) = stacks(4)
        let perStack = batch.count / stacks.count
        for s in [copied, built] { try s.setConstant(-150, for: batch[perStack + Self.preferences[0]]) }
        #expect(waiting(copied) == 1)
        for s in [copied, built] { try s.remove(batch[perStack + Stack.text(2)]) }
        expectSame(stacks, copied, built)
        #expect(copied.counters.componentsMaterialized == 1)
    }
}
