import Testing
@testable import LayoutSolver
import Randomness

/// Chains: each view's edge pinned to the previous one's (a long row, a
/// nested chain). Their rows depend on every constraint upstream, which the
/// solver keeps folded (`DummyNode`) until something reads them. These
/// tests check that folding changes no result — every step of a chain
/// session is checked against the reference LP — and that building a chain
/// does work linear in its length, counted, never timed.
@Suite struct ChainTests {
    // MARK: Results

    /// Chains with required widths (the folded case), a few preferences and
    /// inequalities, then removals in every order, constant changes on links
    /// and widths, re-additions, edits and a closing link that may conflict.
    @Test(arguments: UInt64(0)..<UInt64(4))
    func chainSessionsMatchTheReference(block: UInt64) {
        var unfolded = 0
        for seed in (block * 40)..<((block + 1) * 40) {
            let session = Self.chainSession(seed: seed)
            if session.solver.unfolds > 0 { unfolded += 1 }
            if let finding = session.finding {
                Issue.record("seed \(seed): \(SolverSession.shrink(finding, variables: session.variables))")
            }
        }
        // The sessions must reach the folded case and write it out again.
        #expect(unfolded >= 20, "only \(unfolded) of 40 sessions unfolded")
    }

    static func chainSession(seed: UInt64) -> SolverSession {
        var rng = SplitMix64(seed: seed &+ 0xC4A1)
        let n = rng.int(5...9)
        let nested = rng.chance(0.3)
        let xs = (0..<n).map { Variable("x\($0)") }
        let ws = (0..<n).map { Variable("w\($0)") }
        let s = SolverSession(variables: xs + ws, solver: Solver(foldThreshold: 4))
        var links: [Constraint] = []
        var widths: [Constraint] = []
        for i in 0..<n {
            let w = nested
                ? (i == 0 ? ws[0] == Double(rng.int(50...90)) : ws[i] == ws[i - 1] - 2)
                : ws[i] == Double(rng.int(10...30))
            widths.append(w)
            if i == 0 {
                links.append(xs[0] == Double(rng.int(0...20)))
            } else {
                links.append(nested ? xs[i] == xs[i - 1] + 1 : xs[i] == xs[i - 1] + ws[i - 1] + Double(rng.int(0...8)))
            }
            // Link first, then width: the long row's order.
            s.apply(.add(links[i]))
            s.apply(.add(widths[i]))
        }
        // Preferences and bounds that the chain may or may not allow.
        for _ in 0..<rng.int(0...3) {
            let v = rng.pick(xs)
            let k = Double(rng.int(0...200))
            let p: Priority = rng.pick([250, 500, 750])
            s.apply(.add(rng.chance(0.5) ? (v == k).priority(p) : (v <= k).priority(p)))
        }
        if rng.chance(0.3) { s.apply(.add(xs[n - 1] <= Double(rng.int(50...400)))) }
        // A closing link: redundant, or a conflict naming the chain.
        if rng.chance(0.3) { s.apply(.add(xs[n - 1] == xs[0] + Double(rng.int(0...300)))) }
        for _ in 0..<rng.int(3...10) {
            let pick = rng.int(0...7)
            if pick <= 1 && !s.active.isEmpty {
                s.apply(.remove(rng.pick(s.active)))
            } else if pick <= 3 && !s.active.isEmpty {
                s.apply(.setConstant(rng.pick(s.active), Double(rng.int(-20...60))))
            } else if pick == 4 && !s.retired.isEmpty {
                s.apply(.add(rng.pick(s.retired)))
            } else if pick == 5 {
                let v = rng.pick(xs + ws)
                if !s.isEdit(v) { s.apply(.addEdit(v, 500)) }
            } else if pick == 6 && !s.edits.isEmpty {
                s.apply(.suggest(rng.pick(s.edits).variable, Double(rng.int(0...300))))
            } else {
                s.apply(.add(xs[rng.int(1...(n - 1))] == xs[rng.int(0...(n - 2))] + Double(rng.int(0...50))))
            }
        }
        s.tearDown()
        return s
    }

    /// A folded chain reads the same values and changes as an unfolded one:
    /// resizing the first width moves every view after it by the same amount,
    /// before and after a removal forces the chain to be written out. Rows
    /// fold only where they grow long, so the chain is built without links.
    /// Linked (the default), the same chain reads the same values and
    /// changes, with nothing to fold.
    @Test(arguments: [false, true])
    func foldedChainResizesAndRemoves(linked: Bool) throws {
        let n = 300
        let xs = (0..<n).map { Variable("x\($0)") }, ws = (0..<n).map { Variable("w\($0)") }
        let solver = linked ? Solver() : Solver(linkThreshold: .max)
        var widths: [Constraint] = []
        for i in 0..<n {
            try solver.add(i == 0 ? xs[0] == 0 : xs[i] == xs[i - 1] + ws[i - 1] + 8)
            widths.append(ws[i] == 40)
            try solver.add(widths[i])
        }
        #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 48)
        #expect(solver.unfolds == 0)
        _ = solver.takeChangedVariables()
        try solver.setConstant(-41, for: widths[0])   // w0 - 41 == 0
        #expect(solver.unfolds == 0)   // a constant change follows the folded terms
        #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 48 + 1)
        #expect(solver.takeChangedVariables().count == n)   // w0 and x1…x(n-1)
        // Every resize frame does the same counted work, linear in n, from the first.
        var frames: [Int] = []
        for k in [-42.0, -41, -42] {
            let before = solver.counters
            try solver.setConstant(k, for: widths[0])
            _ = solver.value(of: xs[n - 1])
            frames.append((solver.counters - before).work)
        }
        #expect(frames[0] == frames[1] && frames[1] == frames[2], "\(frames)")
        #expect(frames[0] <= 10 * n, "\(frames)")
        #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 48 + 2)
        try solver.remove(widths[n / 2])
        #expect(solver.unfolds == (linked ? 0 : 1))
        #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 48 + 2 - 40)   // w(n/2) is free: 0
        #expect(solver.anomalies == 0)
    }

    /// Fill-in follows the representation: written out, each link of a
    /// chain copies every upstream row's terms (fill-in about n²/2);
    /// linked and folded, a link adds a few (linear in n).
    @Test func fillInIsQuadraticOnlyWhereTheChainIsWrittenOut() throws {
        func fillIn(_ n: Int, factored: Bool) throws -> Int {
            let xs = (0..<n).map { Variable("x\($0)") }, ws = (0..<n).map { Variable("w\($0)") }
            let solver = factored ? Solver() : Solver(foldThreshold: .max)
            if !factored { solver.tableau.linkThreshold = .max }
            for i in 0..<n {
                try solver.add(i == 0 ? xs[0] == 0 : xs[i] == xs[i - 1] + ws[i - 1] + 8)
                try solver.add(ws[i] == 40)
            }
            #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 48)
            return solver.counters.fillIn
        }
        let (full1, full2) = (try fillIn(200, factored: false), try fillIn(400, factored: false))
        let (factored1, factored2) = (try fillIn(200, factored: true), try fillIn(400, factored: true))
        #expect(full1 >= 200 * 199 / 2 && full2 > 3 * full1, "written out: \(full1), \(full2)")
        #expect(factored2 <= 2 * factored1 + 16 && factored2 < full2 / 20, "factored: \(factored1), \(factored2)")
    }

    /// A conflict inside a folded chain names the chain's constraints.
    @Test func conflictInFoldedChainNamesTheChain() throws {
        let n = 20
        let xs = (0..<n).map { Variable("x\($0)") }
        let solver = Solver(foldThreshold: 4)
        var chain: [Constraint] = []
        for i in 0..<n {
            chain.append(i == 0 ? xs[0] == 0 : xs[i] == xs[i - 1] + 10)
            try solver.add(chain[i])
        }
        let closing = xs[n - 1] == 5
        var named: [Constraint]? = nil
        do {
            try solver.add(closing)
        } catch {
            if case let .unsatisfiable(culprit, conflicts) = error, culprit == closing { named = conflicts }
        }
        #expect(named.map(Set.init) == Set(chain))
        #expect(solver.value(of: xs[n - 1]) == Double(n - 1) * 10)
    }

    // MARK: Work

    /// The long-row shape: view i's leading = view i-1's trailing + 8,
    /// widths, tops and heights required. Work to build and read grows
    /// linearly: doubling N at most doubles it (plus 10 % slack).
    @Test func longRowBuildWorkIsLinear() throws {
        let work = try [250, 500, 1000, 2000].map { try Self.buildWork(views: $0, nested: false) }
        for i in 1..<work.count {
            #expect(Double(work[i]) / Double(work[i - 1]) <= 2.2, "work \(work)")
        }
    }

    /// The nested-chain shape: every edge inset from the parent's.
    @Test func nestedChainBuildWorkIsLinear() throws {
        let work = try [250, 500, 1000, 2000].map { try Self.buildWork(views: $0, nested: true) }
        for i in 1..<work.count {
            #expect(Double(work[i]) / Double(work[i - 1]) <= 2.2, "work \(work)")
        }
    }

    static func buildWork(views n: Int, nested: Bool) throws -> Int {
        let solver = Solver()
        var cs: [Constraint] = []
        let boxes = (0..<n).map { i in (x: Variable("x\(i)"), y: Variable("y\(i)"), w: Variable("w\(i)"), h: Variable("h\(i)")) }
        for (i, b) in boxes.enumerated() {
            if nested {
                if i == 0 {
                    cs += [b.x == 0, b.y == 0, b.w == Double(2 * n + 100), b.h == Double(2 * n + 100)]
                } else {
                    let p = boxes[i - 1]
                    cs += [b.x == p.x + 1, b.y == p.y + 1, b.w == p.w - 2, b.h == p.h - 2]
                }
            } else {
                cs.append(i == 0 ? b.x == 0 : b.x == boxes[i - 1].x + boxes[i - 1].w + 8)
                cs += [b.w == 40 + Double(i % 5) * 4, b.y == 0, b.h == 30]
            }
        }
        try solver.add(cs)
        var sink = 0.0
        for b in boxes { sink += solver.value(of: b.x) + solver.value(of: b.w) }
        #expect(sink > 0)
        #expect(solver.unfolds == 0)
        return solver.counters.work
    }
}
