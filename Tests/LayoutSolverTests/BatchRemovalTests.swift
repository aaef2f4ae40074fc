import Testing
@testable import LayoutSolver
import Randomness

/// Deferred removals: `remove` queues, the next read or change takes the
/// queue out of the tableau, and a large component losing at least half its
/// constraints is dropped and rebuilt from what stays. Results must be those
/// of the remaining constraints, checked against the reference LP; work is
/// counted, never timed.
@Suite struct BatchRemovalTests {
    /// Random sessions whose removals come in batches, on a solver that
    /// rebuilds from 4 constraints on, checked after every step.
    @Test(arguments: [UInt64(0), 1, 2, 3])
    func batchedSessionsMatchTheReference(block: UInt64) {
        var rebuilds = 0
        for seed in (block * 30)..<((block + 1) * 30) {
            let session = Self.batchedSession(seed: seed)
            rebuilds += session.solver.rebuilds
            if let finding = session.finding {
                Issue.record("seed \(seed): \(SolverSession.shrink(finding, variables: session.variables))")
            }
        }
        #expect(rebuilds >= 30, "only \(rebuilds) rebuilds in 30 sessions: the batch path is not exercised")
    }

    static func batchedSession(seed: UInt64) -> SolverSession {
        var rng = SplitMix64(seed: seed &+ 0xBA7C)
        let variables = (0..<rng.int(4...8)).map { Variable("x\($0)") }
        var gen = RandomSteps(seed: rng.next(), variables: variables, options: .init(size: 8, blocks: 2))
        let s = SolverSession(variables: variables, solver: Solver(foldThreshold: 32, rebuildThreshold: 4))
        for _ in 0..<4 {
            for _ in 0..<rng.int(4...12) { s.apply(.add(gen.constraint(cloning: s.active))) }
            if rng.chance(0.5), let v = variables.first(where: { !s.isEdit($0) }) {
                s.apply(.addEdit(v, 999))
                s.apply(.suggest(v, gen.suggestion()))
            }
            if let c = s.active.first, rng.chance(0.5) { s.apply(.setConstant(c, gen.constant())) }
            // Half or more of what is live, sometimes all of it.
            let batch = s.active.filter { _ in rng.chance(0.7) }
            s.apply(.removeBatch(batch))
            if let e = s.edits.first { s.apply(.suggest(e.variable, gen.suggestion())) }
            if !s.retired.isEmpty && rng.chance(0.5) { s.apply(.add(rng.pick(s.retired))) }
        }
        s.tearDown()
        return s
    }

    /// The benchmark's linked chain: left(i) = right(i-1) + 10, a strong
    /// width, right = left + width, height ≥ width/2, a weak height.
    struct Chain {
        var lefts: [Variable] = [], widths: [Variable] = [], rights: [Variable] = [], heights: [Variable] = []
        var blocks: [[Constraint]] = []

        init(_ n: Int) {
            for i in 0..<n {
                let l = Variable("l\(i)"), w = Variable("w\(i)"), r = Variable("r\(i)"), h = Variable("h\(i)")
                let position = i == 0 ? l == 0 : l == rights[i - 1] + 10
                blocks.append([position, (w == 100).priority(750), r == l + w, h >= w * 0.5, (h == 30).priority(250)])
                lefts.append(l); widths.append(w); rights.append(r); heights.append(h)
            }
        }
    }

    /// Removing the head of a long chain in one batch rebuilds the rest; the
    /// layout is that of a solver holding only the rest, and taking the
    /// whole chain down substitutes into no row at all. Without its head the
    /// chain may sit anywhere along x (block 60 hangs on `r59`, which nothing
    /// else holds), so where it lands is not compared, only its shape.
    @Test func chainHeadRemovedInOneBatch() throws {
        let chain = Chain(100)
        let solver = Solver()
        for b in chain.blocks { try solver.add(b) }
        #expect(solver.value(of: chain.rights[99]) == 99 * 110 + 100)

        try solver.remove(Array(chain.blocks[0..<60].joined()))
        let fresh = Solver()
        for b in chain.blocks[60...] { try fresh.add(b) }
        let origin = solver.value(of: chain.lefts[60]), freshOrigin = fresh.value(of: chain.lefts[60])
        for i in 60..<100 {
            #expect(solver.value(of: chain.lefts[i]) - origin == fresh.value(of: chain.lefts[i]) - freshOrigin)
            #expect(solver.value(of: chain.rights[i]) - origin == fresh.value(of: chain.rights[i]) - freshOrigin)
            #expect(solver.value(of: chain.lefts[i]) - origin == Double(i - 60) * 110)
            #expect(solver.value(of: chain.rights[i]) - solver.value(of: chain.lefts[i]) == 100)
            #expect(solver.value(of: chain.heights[i]) == 50)
        }
        #expect(solver.rebuilds == 1)
        #expect(solver.constraintCount == 200)
        #expect(solver.value(of: chain.lefts[10]) == 0)   // forgotten

        let before = solver.counters
        for b in chain.blocks[60...] { try solver.remove(b) }
        let teardown = solver.counters - before
        #expect(teardown.rowSubstitutions == 0 && teardown.pivots == 0, "\(teardown)")
        #expect(teardown.constraintsRemoved == 200)
        #expect([solver.rowCount, solver.componentCount, solver.symbolCount, solver.objectiveTermCount] == [0, 0, 0, 0])
        #expect(solver.anomalies == 0)
    }

    /// A few removals from a large component stay incremental: no rebuild.
    @Test func smallBatchStaysIncremental() throws {
        let chain = Chain(40)
        let solver = Solver()
        for b in chain.blocks { try solver.add(b) }
        _ = solver.value(of: chain.rights[39])
        try solver.remove(chain.blocks[20][4])
        try solver.remove(chain.blocks[21][4])
        #expect(solver.value(of: chain.heights[20]) == 50)
        #expect(solver.rebuilds == 0)
    }

    /// An edit variable and a changed constant survive a rebuild, and the
    /// edit keeps working after it.
    @Test func editsAndConstantsSurviveARebuild() throws {
        let chain = Chain(80)
        let solver = Solver()
        for b in chain.blocks { try solver.add(b) }
        try solver.addEditVariable(chain.widths[70], priority: 999)
        try solver.suggestValue(80, for: chain.widths[70])
        try solver.setConstant(-20, for: chain.blocks[75][0])   // l75 == r74 + 20
        try solver.remove(Array(chain.blocks[0..<50].joined()))
        #expect(solver.value(of: chain.widths[70]) == 80)
        #expect(solver.rebuilds == 1)
        #expect(solver.value(of: chain.lefts[75]) - solver.value(of: chain.rights[74]) == 20)
        try solver.suggestValue(90, for: chain.widths[70])
        #expect(solver.value(of: chain.widths[70]) == 90)
        let span: Double = 30 * 100 - 10 + 29 * 10 + 10   // widths (one 90), gaps (one 20)
        #expect(solver.value(of: chain.rights[79]) - solver.value(of: chain.lefts[50]) == span)
        try solver.removeEditVariable(chain.widths[70])
        #expect(solver.value(of: chain.widths[70]) == 100)
        #expect(solver.anomalies == 0)
    }

    /// After a rebuild `takeChangedVariables` names exactly what moved: the
    /// removed tail's variables (now 0), not the head that kept its values.
    @Test func rebuildReportsOnlyWhatMoved() throws {
        let chain = Chain(80)
        let solver = Solver()
        for b in chain.blocks { try solver.add(b) }
        _ = solver.takeChangedVariables()
        try solver.remove(Array(chain.blocks[30...].joined()))
        let changed = Set(solver.takeChangedVariables())
        #expect(solver.rebuilds == 1)
        var tail = Set<Variable>()
        for i in 30..<80 { tail.formUnion([chain.lefts[i], chain.widths[i], chain.rights[i], chain.heights[i]]) }
        #expect(changed == tail)
    }

    /// A removed constraint can be added again before anything was read.
    @Test func removeThenAddAgainBeforeAnyRead() throws {
        let chain = Chain(70)
        let solver = Solver()
        for b in chain.blocks { try solver.add(b) }
        let all = Array(chain.blocks.joined())
        try solver.remove(all)
        #expect(!solver.contains(all[0]))
        #expect(throws: SolverError.self) { try solver.remove(all[0]) }
        try solver.add(all)
        #expect(solver.rebuilds == 1)
        #expect(solver.value(of: chain.rights[69]) == 69 * 110 + 100)
        #expect(solver.constraintCount == all.count)
    }
}
