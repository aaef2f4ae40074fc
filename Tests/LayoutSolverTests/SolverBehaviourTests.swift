import Testing
import LayoutSolver

/// Known answers, misuse, bookkeeping and independence. Bugs found here keep
/// a minimal reproduction in SolverRegressionTests.swift.
@Suite struct SolverBehaviourTests {
    // MARK: Known answers

    @Test func talksTextFieldExample() throws {
        // WWDC 2018 session 220: field1.x = 8, field1.width = 100, field2.x = field1.right + 20.
        let solver = Solver()
        let x1 = Variable("field1.x"), w1 = Variable("field1.width"), x2 = Variable("field2.x")
        let left = x1 == 8
        try solver.add([left, w1 == 100, x2 == x1 + w1 + 20])
        #expect(solver.value(of: x1) == 8)
        #expect(solver.value(of: w1) == 100)
        #expect(solver.value(of: x2) == 128)

        try solver.setConstant(-30, for: left)   // field1.x = 30
        #expect(solver.value(of: x2) == 150)
    }

    @Test func textbookProgramAsPreference() throws {
        // maximise 3x + 5y s.t. x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18, x, y ≥ 0 → 36 at (2, 6):
        // a preference 3x + 5y ≥ 100 is violated least there.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add([x >= 0, y >= 0, x <= 4, 2 * y <= 12, 3 * x + 2 * y <= 18,
                        (3 * x + 5 * y >= 100).priority(500)])
        #expect(abs(solver.value(of: x) - 2) < 1e-9)
        #expect(abs(solver.value(of: y) - 6) < 1e-9)
    }

    @Test func oneConstraintAt751BeatsThreeHundredAt750() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add((x == 100).priority(751))
        for _ in 0..<300 { try solver.add((x <= 0).priority(750)) }
        // The 750s still matter where the 751 is indifferent.
        try solver.add((y == x + 0).priority(751))
        for _ in 0..<300 { try solver.add((y <= 40).priority(750)) }
        #expect(solver.value(of: x) == 100)
        #expect(solver.value(of: y) == 100)

        let z = Variable("z")
        try solver.add((z == 0).priority(2))
        for _ in 0..<500 { try solver.add((z >= 10).priority(1)) }
        #expect(solver.value(of: z) == 0)
    }

    @Test func equalWeightsWithinALevel() throws {
        // Three pulls at one level: the median wins (|x − 0| + |x − 10| + |x − 30|).
        let solver = Solver()
        let x = Variable("x")
        try solver.add([(x == 0).priority(500), (x == 10).priority(500), (x == 30).priority(500)])
        #expect(solver.value(of: x) == 10)
    }

    @Test func resetForgetsEverythingAndTheSolverWorksOn() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let left = x == 8
        try solver.add([left, y == x + 10, (x >= 50).priority(300)])
        #expect(solver.value(of: y) == 18)
        solver.reset()
        #expect(solver.constraintCount == 0 && solver.rowCount == 0 && solver.symbolCount == 0)
        #expect(solver.componentCount == 0 && solver.counters.constraintsAdded == 0)
        #expect(solver.value(of: x) == 0 && solver.value(of: y) == 0)
        #expect(!solver.contains(left))
        #expect(throws: SolverError.self) { try solver.setConstant(-1, for: left) }
        // The same variables under new constraints are solved from scratch.
        try solver.add([x == 3, y == 2 * x])
        #expect(solver.value(of: y) == 6)
        // The old constraint is unknown now, not a duplicate: adding it again
        // meets the new x == 3.
        do {
            try solver.add(left)
            Issue.record("x == 8 against x == 3 must be unsatisfiable")
        } catch {
            guard case .unsatisfiable = error else { Issue.record("\(error)"); return }
        }
    }

    // MARK: Editing

    @Test func draggingReadsBackEverySuggestion() throws {
        let solver = Solver()
        let x = Variable("x"), w = Variable("w"), right = Variable("right")
        try solver.add([w == 40, right == x + w, x >= 0, right <= 300])
        try solver.addEditVariable(x, priority: 999)
        for i in 0..<100 {
            let target = Double(i * 7 - 50)   // −50 … 643: both bounds bite
            try solver.suggestValue(target, for: x)
            let expected = min(max(target, 0), 260)
            #expect(solver.value(of: x) == expected, "suggestion \(target)")
            #expect(solver.value(of: right) == expected + 40)
        }
        #expect(solver.counters.suggestions == 100)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func strongerEditWinsOverWeakerEdit() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b")
        try solver.add(b == a + 10)
        try solver.addEditVariable(a, priority: 999)
        try solver.addEditVariable(b, priority: 500)
        try solver.suggestValue(100, for: a)
        try solver.suggestValue(0, for: b)
        #expect(solver.value(of: a) == 100)
        #expect(solver.value(of: b) == 110)
    }

    @Test func setConstantOnRequiredAndPreference() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let cap = x <= 50
        let wish = (x == 80).priority(500)
        let link = y == x + 5
        try solver.add([cap, wish, link])
        #expect(solver.value(of: x) == 50)

        try solver.setConstant(-100, for: cap)     // x ≤ 100: the wish holds
        #expect(solver.value(of: x) == 80)
        try solver.setConstant(-120, for: wish)    // wish x = 120, capped at 100
        #expect(solver.value(of: x) == 100)
        try solver.setConstant(-10, for: link)     // y = x + 10
        #expect(solver.value(of: y) == 110)
        #expect(solver.constant(of: wish) == -120)
        #expect(solver.counters.constantUpdates == 3)

        try solver.setConstant(-120, for: wish)    // no change: no work
        #expect(solver.counters.constantUpdates == 3)
    }

    @Test func rejectedConstantKeepsTheOldOne() throws {
        let solver = Solver()
        let x = Variable("x")
        let floor = x >= 10
        let ceiling = x <= 40
        try solver.add([floor, ceiling, (x == 25).priority(500)])
        try expectRejected(solver, [x]) { () throws(SolverError) in try solver.setConstant(-5, for: ceiling) }   // x ≤ 5
        #expect(solver.constant(of: ceiling) == -40)
        try solver.add((x >= 30).priority(750))
        #expect(solver.value(of: x) == 30)
    }

    // MARK: Misuse: each error, and nothing moves

    @Test func conflictingRequiredWidthsNameEachOther() throws {
        let solver = Solver()
        let width = Variable("width")
        let fifty = width == 50
        let twoHundred = width == 200
        try solver.add(fifty)
        let error = try expectRejected(solver, [width]) { () throws(SolverError) in try solver.add(twoHundred) }
        #expect(error == .unsatisfiable(twoHundred, conflicts: [fifty]))
        #expect(solver.value(of: width) == 50)
        #expect(!solver.contains(twoHundred))
        try solver.add(width >= 10)
        try solver.add((width == 70).priority(750))
        #expect(solver.value(of: width) == 50)
        #expect(solver.constraintCount == 3)
    }

    @Test func conflictingRequiredInequalities() throws {
        let solver = Solver()
        let x = Variable("x")
        let atLeast = x >= 10
        let atMost = x <= 5
        try solver.add(atLeast)
        let error = try expectRejected(solver, [x]) { () throws(SolverError) in try solver.add(atMost) }
        guard case let .unsatisfiable(culprit, conflicts) = error else { Issue.record("\(error)"); return }
        #expect(culprit == atMost)
        #expect(conflicts == [atLeast])
        #expect(solver.value(of: x) == 10)
    }

    @Test func chainConflictNamesTheWholeChain() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10, b = y == x + 5, c = y == 20
        try solver.add([a, b])
        let error = try expectRejected(solver, [x, y]) { () throws(SolverError) in try solver.add(c) }
        guard case let .unsatisfiable(culprit, conflicts) = error else { Issue.record("\(error)"); return }
        #expect(culprit == c)
        #expect(Set(conflicts) == [a, b])
        #expect(error.description.contains("Unable to simultaneously satisfy constraints"))
    }

    @Test func batchAddIsAllOrNothing() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x == 1)
        let good = (x >= 0).priority(500)
        try expectRejected(solver, [x]) { () throws(SolverError) in try solver.add([good, x == 2]) }
        #expect(!solver.contains(good))
        #expect(solver.constraintCount == 1)
    }

    @Test func misuseErrors() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let c = x == 10
        try solver.add([c, (y == x + 5).priority(500)])
        let all = [x, y]

        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.add(c) } == .duplicateConstraint(c))
        let stranger = x >= 3
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.remove(stranger) } == .unknownConstraint(stranger))
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.remove([c, stranger]) } == .unknownConstraint(stranger))
        #expect(solver.contains(c))
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.setConstant(1, for: stranger) } == .unknownConstraint(stranger))

        try solver.addEditVariable(y, priority: 750)
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.addEditVariable(y, priority: 500) } == .duplicateEditVariable(y))
        let z = Variable("z")
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.suggestValue(1, for: z) } == .unknownEditVariable(z))
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.removeEditVariable(z) } == .unknownEditVariable(z))
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.addEditVariable(z, priority: .required) } == .requiredEditVariable(z))
        #expect(!solver.hasEditVariable(z))
    }

    @Test func nonFiniteNumbersAreRefused() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let c = (x == y + 3).priority(500)
        try solver.add([x == 1, c])
        try solver.addEditVariable(y, priority: 999)
        let all = [x, y]
        let bad = [
            Constraint(Expression([Term(x, .nan)]), .equal),
            Constraint(Expression([Term(x, 1), Term(y, .infinity)]), .lessThanOrEqual),
            x == .infinity,
            (x >= -Double.infinity).priority(250),
            Constraint(Expression([Term(y, 2)], constant: .nan), .greaterThanOrEqual),
        ]
        for b in bad {
            #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.add(b) } == .nonFinite(b))
            #expect(!solver.contains(b))
        }
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.setConstant(.nan, for: c) } == .nonFinite(c))
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.setConstant(.infinity, for: c) } == .nonFinite(c))
        let error = try expectRejected(solver, all) { () throws(SolverError) in try solver.suggestValue(.nan, for: y) }
        guard case let .nonFiniteValue(v, value) = error else { Issue.record("\(error)"); return }
        #expect(v == y && value.isNaN)
        #expect(try expectRejected(solver, all) { () throws(SolverError) in try solver.suggestValue(-.infinity, for: y) } == .nonFiniteValue(y, -.infinity))
        #expect(solver.constraintCount == 3)
    }

    // MARK: Bookkeeping

    @Test func removingEverythingEmptiesTheSolver() throws {
        let solver = Solver()
        let v = (0..<6).map { Variable("v\($0)") }
        let constraints = [
            v[0] == 8, v[1] >= 10, (v[1] == 100).priority(250), v[2] == v[0] + v[1] + 20,
            v[3] <= v[2], (v[3] >= 400).priority(750), v[4] + v[5] == 60, (v[4] == v[5] + 0).priority(1),
        ]
        try solver.add(constraints)
        try solver.addEditVariable(v[0], priority: 500)
        solver.solve()
        try solver.removeEditVariable(v[0])
        try solver.remove(constraints.reversed())
        solver.solve()
        #expect(solver.constraintCount == 0)
        #expect(solver.rowCount == 0)
        #expect(solver.objectiveTermCount == 0)
        #expect(solver.componentCount == 0)
        #expect(solver.symbolCount == 0)
        #expect(v.allSatisfy { solver.value(of: $0) == 0 })
    }

    @Test func thousandAddRemoveCyclesLeaveNoTrace() throws {
        let solver = Solver()
        // The base: a row of three views with a unique optimum.
        let left = (0..<3).map { Variable("left\($0)") }, width = (0..<3).map { Variable("width\($0)") }
        var base: [Constraint] = [left[0] == 20, left[2] + width[2] <= 200]
        for (i, p) in zip(0..<3, [300, 250, 200] as [Priority]) {   // distinct levels: one optimum
            base += [width[i] >= 30, (width[i] == 80).priority(p)]
            if i > 0 { base.append(left[i] == left[i - 1] + width[i - 1] + 8) }
        }
        try solver.add(base)
        let baseValues = (left + width).map { solver.value(of: $0) }
        let sizes = { [solver.rowCount, solver.objectiveTermCount, solver.symbolCount, solver.componentCount] }
        let start = sizes()

        var extra = Variable("extra")
        for cycle in 0..<1000 {
            if cycle % 2 == 0 { extra = Variable("extra\(cycle)") }   // half the time a fresh symbol
            let other = Variable("other")
            let system: [Constraint] = [
                extra >= left[2] + width[2] + 8,
                (extra == 300).priority(500),
                (extra <= 250).priority(750),
                other == extra + 10,
                (other >= 1000).priority(1),
                (width[1] == 120).priority(250),   // pulls on the base, at the base's level
            ]
            try solver.add(system)
            #expect(solver.value(of: extra) == 250)
            try solver.remove(cycle % 3 == 0 ? system : system.reversed())
            solver.solve()
            if sizes() != start {
                Issue.record("cycle \(cycle): rows, objective terms, symbols, components = \(sizes()), not \(start)")
                break
            }
        }
        #expect((left + width).map { solver.value(of: $0) } == baseValues)
        #expect(solver.anomalies == 0)
    }

    // MARK: Degenerate systems

    @Test func kiwiIssue20MidpointDrag() throws {
        // nucleic/kiwi#20: wrong values after suggestions on a midpoint.
        let solver = Solver()
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        try solver.add([2 * xm == xl + xr, xl + 10 <= xr, xr <= 100, xl >= 0])
        try solver.addEditVariable(xm, priority: 999)
        for target in [70.0, 90, 100, 0, -10, 50, 95, 5, 96, 4, 60] {
            try solver.suggestValue(target, for: xm)
            let l = solver.value(of: xl), m = solver.value(of: xm), r = solver.value(of: xr)
            #expect(abs(m - min(max(target, 5), 95)) < 1e-9, "suggested \(target)")
            #expect(abs(2 * m - l - r) < 1e-9 && l + 10 <= r + 1e-9 && r <= 100 + 1e-9 && l >= -1e-9)
        }
        #expect(solver.anomalies == 0)
    }

    @Test func kiwiIssue15RoundingInARedundantRow() throws {
        // nucleic/kiwi#15: a redundant (all-dummy) row whose constant is
        // rounding noise must not stop the dual simplex.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.add([x == 0.1, y == 0.2, x + y == 0.3, z >= x + y])
        try solver.addEditVariable(z, priority: 999)
        for target in [1.0, -1, 0.3, 0.30000000000000004, 0.29999999999999993, 7] {
            try solver.suggestValue(target, for: z)
            #expect(abs(solver.value(of: z) - max(target, 0.3)) < 1e-9)
        }
        #expect(solver.anomalies == 0)
    }

    @Test func bealesCyclingProgram() throws {
        // Beale (1955) cycles under Dantzig's rule; least −¾x₁ + 150x₂ − x₃/50 + 6x₄
        // is −1/20 at (1/25, 0, 1, 0).
        let solver = Solver()
        let x = (1...4).map { Variable("x\($0)") }
        try solver.add(x.map { $0 >= 0 })
        try solver.add([0.25 * x[0] - 60 * x[1] - 0.04 * x[2] + 9 * x[3] <= 0,
                        0.5 * x[0] - 90 * x[1] - 0.02 * x[2] + 3 * x[3] <= 0,
                        x[2] <= 1])
        try solver.add((-0.75 * x[0] + 150 * x[1] - 0.02 * x[2] + 6 * x[3] <= -1000).priority(500))
        let expected = [0.04, 0, 1, 0]
        for (v, e) in zip(x, expected) { #expect(abs(solver.value(of: v) - e) < 1e-9, "\(v)") }
    }

    @Test func repeatedBoundsAndDegenerateRemovals() throws {
        let solver = Solver()
        let x = Variable("x")
        let floors = (0..<20).map { _ in x >= 0 }
        try solver.add(floors)
        try solver.add((x == -5).priority(500))
        for (i, f) in floors.enumerated() {
            #expect(solver.value(of: x) == 0, "with \(20 - i) floors")
            try solver.remove(f)
        }
        #expect(solver.value(of: x) == -5)
        #expect(solver.anomalies == 0)
    }

    @Test func tiesInTheRatioTest() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let bounds = [x <= 10, x <= 10, y <= 10, x + y <= 20, x + y <= 20, x - y <= 0, y - x <= 0]
        try solver.add(bounds)
        try solver.add([(x >= 50).priority(500), (y >= 50).priority(500), (x + y >= 200).priority(250),
                        (x + y <= 0).priority(1)])
        #expect(solver.value(of: x) == 10 && solver.value(of: y) == 10)
        for b in bounds.prefix(4) {   // x ≤ 10 twice, y ≤ 10, x + y ≤ 20 once: still pinned at 10
            try solver.remove(b)
            #expect(solver.value(of: x) == 10 && solver.value(of: y) == 10)
        }
        try solver.remove(bounds[4])   // now only the preferences bound x = y
        #expect(solver.value(of: x) == 100 && solver.value(of: y) == 100)
    }

    @Test func manyRedundantEqualitiesStillSolve() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.add([a == 10, b == a + 5, c == b + 5])
        for _ in 0..<10 { try solver.add([c == a + 10, b == c - 5, a + c == 2 * b]) }
        try solver.add((a == 0).priority(750))
        #expect([a, b, c].map { solver.value(of: $0) } == [10, 15, 20])
        #expect(solver.anomalies == 0)
    }

    // MARK: Independence

    @Test func blocksMergeWhenLinkedAndSplitWhenUnlinked() throws {
        let solver = Solver()
        let a = Variable("a"), aw = Variable("a.width"), ar = Variable("a.right")
        let b = Variable("b"), bw = Variable("b.width"), br = Variable("b.right")
        try solver.add([a == 10, aw == 50, ar == a + aw, (aw >= 80).priority(250)])
        try solver.add([b >= 0, bw == 30, br == b + bw, (b == 300).priority(500)])
        #expect(!solver.sharesComponent(a, b))
        #expect(solver.sharesComponent(a, ar) && solver.sharesComponent(b, br))
        #expect(solver.componentCount == 2)

        let link = b >= ar + 400
        try solver.add(link)
        #expect(solver.sharesComponent(a, b))
        #expect(solver.componentCount == 1)
        #expect(solver.value(of: b) == 460)

        try solver.remove(link)
        #expect(!solver.sharesComponent(a, b))
        #expect(solver.sharesComponent(a, ar) && solver.sharesComponent(b, br))
        #expect(solver.componentCount == 2)
        #expect(solver.value(of: b) == 300)
        #expect(solver.value(of: ar) == 60)
    }

    @Test func removalsFromOneComponentInOneBatchSplitItIntoEveryPieceAtOnce() throws {
        // Three blocks chained by two links; both links and one block's
        // preference go in one batch of removals, checked for a split once.
        let solver = Solver()
        let blocks = (0..<3).map { i in (0..<3).map { Variable("b\(i).\($0)") } }
        var prefs: [Constraint] = []
        for (i, v) in blocks.enumerated() {
            try solver.add([v[0] == Double(100 * i), v[1] == v[0] + 10, v[2] >= v[1] + 5])
            let p = (v[2] == v[1] + 20).priority(250)
            prefs.append(p)
            try solver.add(p)
        }
        let links = [(blocks[1][0] >= blocks[0][2] + 1).priority(500), (blocks[2][0] >= blocks[1][2] + 1).priority(500)]
        try solver.add(links)
        #expect(solver.componentCount == 1)
        let before = solver.counters.componentsSplit
        try solver.remove(links + [prefs[1]])
        #expect(solver.value(of: blocks[2][2]) == 230)   // a read carries the batch out
        #expect(solver.componentCount == 3)
        #expect(solver.counters.componentsSplit - before == 2)
        #expect(!solver.sharesComponent(blocks[0][0], blocks[1][0]) && !solver.sharesComponent(blocks[1][0], blocks[2][0]))
        #expect(blocks.map { solver.value(of: $0[2]) } == [30, 115, 230])
        #expect(solver.anomalies == 0)
    }

    @Test func largeComponentsSplitOnceAQuarterHasGone() throws {
        // Above 64 constraints a component looks for a split only once its
        // removals since the last look reach a quarter of its size.
        let solver = Solver()
        let chain = (0..<60).map { Variable("c\($0)") }
        try solver.add(chain[0] == 0)
        for i in 1..<60 { try solver.add(chain[i] == chain[i - 1] + 1) }
        let loose = (0..<20).map { Variable("loose\($0)") }   // removable padding in the chain's block
        let padding = loose.map { (($0 == chain[59] + 0).priority(250)) }
        try solver.add(padding)
        let b = Variable("b")
        try solver.add([b == 5])
        let link = (b >= chain[59] + 1).priority(500)
        try solver.add(link)
        #expect(solver.sharesComponent(chain[0], b))

        try solver.remove(link)   // 81 constraints left: 1 removal, no look yet
        #expect(solver.sharesComponent(chain[0], b))
        var removed = 1
        for p in padding {
            try solver.remove(p)
            removed += 1
            let left = 81 - (removed - 1)
            if !solver.sharesComponent(chain[0], b) { break }
            #expect(left > 64 && removed * 4 < left, "should have split after \(removed) removals")
        }
        #expect(!solver.sharesComponent(chain[0], b))
        #expect(solver.componentCount == 2)
        #expect(solver.value(of: chain[59]) == 59 && solver.value(of: b) == 5)
    }

    @Test func editingOneBlockCostsTheSameWithOrWithoutAnother() throws {
        func block(_ solver: Solver, _ name: String) throws -> Variable {
            let x = (0..<8).map { Variable("\(name)\($0)") }
            try solver.add(x[0] >= 0)
            for i in 1..<8 {
                try solver.add([x[i] >= x[i - 1] + 10, (x[i] == x[i - 1] + 40).priority(250)])
            }
            try solver.add(x[7] <= 400)
            return x[0]
        }
        let alone = Solver(), together = Solver()
        let a = try block(alone, "a"), a2 = try block(together, "a")
        _ = try block(together, "b")
        #expect(together.componentCount == 2)
        var work: [[Int]] = []
        for (solver, x) in [(alone, a), (together, a2)] {
            try solver.addEditVariable(x, priority: 999)
            solver.solve()
            let before = solver.counters
            for target in stride(from: -20.0, through: 400, by: 35) {
                try solver.suggestValue(target, for: x)
                solver.solve()
            }
            work.append((solver.counters - before).named.map(\.value))
        }
        #expect(work[0] == work[1])
    }

    @Test func onlyTheMovedBlockIsReported() throws {
        let solver = Solver()
        let a = Variable("a"), aw = Variable("a.width"), ar = Variable("a.right")
        let b = Variable("b"), bw = Variable("b.width"), br = Variable("b.right")
        let aLeft = a == 10
        try solver.add([aLeft, aw == 50, ar == a + aw])
        try solver.add([b == 200, bw == 30, br == b + bw, (bw >= 40).priority(250)])
        #expect(Set(solver.takeChangedVariables()) == [a, aw, ar, b, bw, br])
        #expect(solver.takeChangedVariables().isEmpty)

        let before = solver.counters
        try solver.setConstant(-25, for: aLeft)   // move block a by 15
        #expect(Set(solver.takeChangedVariables()) == [a, ar])   // a's width did not move, b not at all
        #expect(solver.takeChangedVariables().isEmpty)
        #expect((solver.counters - before).componentsMerged == 0)

        try solver.setConstant(-25, for: aLeft)   // same value: nothing to report
        #expect(solver.takeChangedVariables().isEmpty)
    }
}

/// Runs `call`, which must throw, and checks that no variable in `variables`
/// moved. Returns the error.
@discardableResult
func expectRejected(_ solver: Solver, _ variables: [Variable], sourceLocation: SourceLocation = #_sourceLocation,
                    _ call: () throws(SolverError) -> Void) throws -> SolverError {
    let before = variables.map { solver.value(of: $0) }
    do {
        try call()
    } catch {
        let after = variables.map { solver.value(of: $0) }
        #expect(after == before, "values moved after \(error)", sourceLocation: sourceLocation)
        return error
    }
    Issue.record("expected the call to throw", sourceLocation: sourceLocation)
    throw ExpectedAnError()
}

struct ExpectedAnError: Error {}
