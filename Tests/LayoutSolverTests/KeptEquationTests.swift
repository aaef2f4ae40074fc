import Testing
@testable import LayoutSolver

/// What the solver keeps of each constraint: its equation in one flat
/// buffer (`keptTerms`), given back by `constraint(id:)` and in errors
/// exactly as it was added, across removals, rebuilds and the buffer's
/// compaction; and `EquationBatch`, the flat form a view layer queues.
@Suite struct KeptEquationTests {
    /// A kept equation comes back with its id, terms (names included),
    /// relation, priorities and the constant it was added with, even after
    /// its constant changed in place.
    @Test func aKeptEquationComesBackAsAdded() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let c = (x + 2 * y <= 40).priority(600)
        try solver.add(c)
        try solver.setConstant(-50, for: c)
        let kept = try #require(solver.constraint(id: c.id))
        #expect(kept.id == c.id && kept.relation == .lessThanOrEqual && kept.priority == 600)
        #expect(kept.expression.terms == c.expression.terms)
        #expect(kept.expression.terms.map(\.variable.name) == ["x", "y"])
        #expect(kept.expression.constant == -40)
        #expect(solver.constant(of: c) == -50)
        #expect(kept.description == c.description)
    }

    /// Churn: thousands of constraints added and removed one by one, with a
    /// few kept throughout. The buffer is compacted (it stays near the size
    /// of what is live) and the survivors still come back intact.
    @Test func churnCompactsTheBufferAndKeepsTheSurvivors() throws {
        let solver = Solver()
        let xs = (0..<4).map { Variable("x\($0)") }
        let keep = xs.map { $0 == 10 }
        let y = Variable("y")
        func churn(_ range: Range<Int>) throws {
            for i in range {
                let c = y == xs[i % 4] + Double(i)
                try solver.add(c)
                try solver.remove(c)
                solver.solve()
            }
        }
        // The survivors come after some churn, so compaction moves their terms.
        try churn(0..<700)
        for c in keep { try solver.add(c) }
        try churn(700..<3000)
        #expect(solver.keptTerms.count < 2100, "\(solver.keptTerms.count) terms kept for 4 live constraints")
        for (c, x) in zip(keep, xs) {
            let kept = try #require(solver.constraint(id: c.id))
            #expect(kept.expression.terms.map(\.variable) == [x] && kept.expression.terms[0].variable.name == x.name)
        }
        #expect(solver.value(of: xs[2]) == 10)
    }

    /// A rebuild (half of a large component removed at once) installs what
    /// stays from the kept terms: values, names and errors are unchanged.
    @Test func aRebuildKeepsEquationsAndNames() throws {
        let solver = Solver(foldThreshold: 32, rebuildThreshold: 4)
        let v = (0..<10).map { Variable("v\($0)") }
        var chain = [v[0] == 5]
        for i in 1..<10 { chain.append(v[i] == v[i - 1] + 10) }
        try solver.add(chain)
        let extra = (0..<10).map { (v[$0] >= -1000).priority(10) }
        try solver.add(extra)
        for c in extra { try solver.remove(c) }   // half of the component: dropped and rebuilt
        #expect(solver.value(of: v[9]) == 95)
        #expect(solver.rebuilds == 1)
        let kept = try #require(solver.constraint(id: chain[3].id))
        #expect(kept.description == chain[3].description)
        // A conflict names the kept equations it involves, by their names.
        #expect(throws: SolverError.self) { try solver.add(v[9] == 0) }
        do {
            try solver.add(v[9] == 0)
        } catch {
            guard case let .unsatisfiable(_, conflicts) = error else { Issue.record("\(error)"); return }
            #expect(Set(conflicts.map(\.id)) == Set(chain.map(\.id)))
            #expect(conflicts.contains { $0.description == chain[9].description })
        }
    }

    /// Equations queued flat fold a variable named twice, as `Constraint`
    /// does, and give the same solution as the same constraints added one
    /// by one.
    @Test func aFlatBatchFoldsRepeatedVariablesAndSolvesAsConstraints() throws {
        let x = Variable("x"), w = Variable("w")
        var batch = EquationBatch()
        // x + w - x - 30 == 0: x cancels.
        batch.terms += [Term(x), Term(w), Term(x, -1)]
        let wid = batch.endEquation(constant: -30, relation: .equal, priority: .required)
        batch.terms += [Term(x)]
        batch.endEquation(constant: -7, relation: .equal, priority: .required)
        #expect(batch.equations[0].termCount == 1 && batch.terms[0].variable == w)
        #expect(batch.constraint(at: 0).description == "w - 30 == 0")
        let solver = Solver()
        var failures = 0
        solver.add(batch: batch) { _, _ in failures += 1 }
        #expect(failures == 0)
        #expect(solver.value(of: w) == 30 && solver.value(of: x) == 7)
        #expect(solver.constraint(id: wid)?.expression.terms.map(\.variable) == [w])
    }

    /// Taking equations back from either end keeps the buffer consistent.
    @Test func equationsComeOffEitherEnd() {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        var batch = EquationBatch()
        batch.append(a == 1)
        batch.append(b == a + 2)
        batch.append(c == b + 3)
        batch.removeFirst(1)
        #expect(batch.count == 2 && batch.equations[0].termStart == 0 && batch.terms.count == 4)
        #expect(batch.constraint(at: 1).description == "c - b - 3 == 0")
        batch.removeLast()
        #expect(batch.count == 1 && batch.terms.count == 2)
        #expect(batch.constraint(at: 0).description == "b - a - 2 == 0")
    }

    /// A failing equation of a flat batch is reported with its own id and
    /// terms; the rest go in.
    @Test func aFailingFlatEquationIsReportedAsItWasQueued() {
        let x = Variable("x")
        var batch = EquationBatch()
        batch.terms.append(Term(x))
        batch.endEquation(constant: -1, relation: .equal, priority: .required)
        batch.terms.append(Term(x))
        let bad = batch.endEquation(constant: -2, relation: .equal, priority: .required)
        let solver = Solver()
        var failed: [(Int, SolverError)] = []
        solver.add(batch: batch) { failed.append(($0, $1)) }
        #expect(failed.count == 1 && failed.first?.0 == 1)
        if case let .unsatisfiable(c, conflicts)? = failed.first?.1 {
            #expect(c.id == bad && c.description == "x - 2 == 0")
            #expect(conflicts.map(\.description) == ["x - 1 == 0"])
        } else {
            Issue.record("expected unsatisfiable, got \(String(describing: failed.first?.1))")
        }
        #expect(solver.value(of: x) == 1)
    }

    /// Names are interned: the same name twice is one entry, and a
    /// variable's name survives being copied around as a plain value.
    @Test func variableNamesAreInterned() {
        let a = Variable("left"), b = Variable("left"), c = Variable()
        #expect(a != b && a.name == "left" && b.name == "left")
        #expect(c.name.isEmpty && c.description == "v\(c.id)")
        let terms = [Term(a), Term(b, 2)]
        #expect(terms.map(\.variable.description) == ["left", "left"])
    }
}
