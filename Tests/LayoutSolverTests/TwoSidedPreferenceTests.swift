import Testing
import LayoutSolver
import Randomness

/// `Constraint(_:above:below:)`: one equation whose sides weigh differently
/// must optimise exactly like the two inequalities it stands for.
@Suite struct TwoSidedPreferenceTests {
    /// The two inequalities a two-sided preference stands for.
    private func split(_ e: Expression, above: Priority, below: Priority) -> [Constraint] {
        [Constraint(e, .lessThanOrEqual, priority: above), Constraint(e, .greaterThanOrEqual, priority: below)]
    }

    @Test func eachSideYieldsOnlyToStrongerPulls() throws {
        // A label 40 wide: hugging 250, compression resistance 750.
        let solver = Solver()
        let w = Variable("w")
        try solver.add(Constraint(w - 40, above: 250, below: 750))
        let pull = (w == 60).priority(500)
        try solver.add(pull)
        #expect(solver.value(of: w) == 60)   // 500 beats hugging
        try solver.remove(pull)
        let squeeze = (w == 20).priority(500)
        try solver.add(squeeze)
        #expect(solver.value(of: w) == 40)   // 500 loses to compression resistance
        try solver.setConstant(-30, for: squeeze)   // squeeze towards 30 instead
        #expect(solver.value(of: w) == 40)
        try solver.remove(squeeze)
        try solver.add((w <= 10).priority(900))
        #expect(solver.value(of: w) == 10)
    }

    @Test func removingAViolatedOneLeavesNoTrace() throws {
        // Squeezed to 20 by a required bound, then removed while its error
        // (compression side) is basic: nothing of it may stay in the objective.
        let solver = Solver()
        let w = Variable("w")
        let size = Constraint(w - 40, above: 250, below: 750)
        try solver.add([w <= 20, size])
        #expect(solver.value(of: w) == 20)
        try solver.remove(size)
        try solver.add((w == 10).priority(500))
        #expect(solver.value(of: w) == 10)
    }

    @Test func constantChangesMoveBothSides() throws {
        let solver = Solver()
        let w = Variable("w")
        let size = Constraint(w - 40, above: 250, below: 750)
        try solver.add(size)
        try solver.add((w == 100).priority(500))
        #expect(solver.value(of: w) == 100)
        try solver.setConstant(-120, for: size)   // intrinsic 120: now above the pull, which cannot squeeze it
        #expect(solver.value(of: w) == 120)
        try solver.setConstant(-80, for: size)
        #expect(solver.value(of: w) == 100)
    }

    @Test func aRequiredSideIsRefused() {
        let solver = Solver()
        let w = Variable("w")
        for c in [Constraint(w - 40, above: .required, below: 750), Constraint(w - 40, above: 250, below: .required)] {
            #expect(throws: SolverError.requiredTwoSidedPreference(c)) { try solver.add(c) }
        }
        #expect(solver.constraintCount == 0)
        #expect(solver.value(of: w) == 0)
    }

    @Test(arguments: 0..<40)
    func randomSystemsMatchTheReferenceOnTheirInequalities(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let vars = (0..<4).map { Variable("x\($0)") }
        let priorities: [Priority] = [1, 50, 250, 500, 750, 999]
        var model: [(constraint: Constraint, reference: [Constraint])] = []   // the reference solves inequalities only
        let solver = Solver()
        func pick<T>(_ xs: [T]) -> T { xs[Int(random.next() % UInt64(xs.count))] }
        func expression() -> Expression {
            var e = Expression(constant: Double(Int(random.next() % 41) - 20))
            for v in vars where random.next() % 2 == 0 { e = e + Double(Int(random.next() % 5) - 2) * v }
            return e.terms.isEmpty ? e + vars[0] : e
        }
        func add(_ c: Constraint, _ reference: [Constraint]? = nil) throws {
            try solver.add(c)
            model.append((c, reference ?? [c]))
        }
        func check(_ stage: String) throws {
            let inequalities = model.flatMap(\.reference)
            let reference = try #require(LexicographicReference(inequalities).solve())
            let value: [Variable: Double] = Dictionary(uniqueKeysWithValues: vars.map { ($0, solver.value(of: $0)) })
            let mine = levelViolations(inequalities, priorities: reference.levels.map(\.priority)) { value[$0] ?? 0 }
            for (level, got) in zip(reference.levels, mine) {
                #expect(abs(got - level.violation) <= 1e-6 * max(100, level.violation),
                        "\(stage), level @\(level.priority), seed \(seed)")
            }
            #expect(solver.anomalies == 0)
        }
        for v in vars {   // keep every variable bounded
            try add(v >= -100)
            try add(v <= 100)
        }
        for _ in 0..<8 {
            let e = expression()
            switch random.next() % 3 {
            case 0:
                let above = pick(priorities), below = pick(priorities)
                try add(Constraint(e, above: above, below: below), split(e, above: above, below: below))
            case 1:
                try add(Constraint(e, .equal, priority: pick(priorities)))
            default:
                try add(Constraint(e, random.next() % 2 == 0 ? .lessThanOrEqual : .greaterThanOrEqual,
                                   priority: pick(priorities)))
            }
        }
        try check("built")
        // Removal takes each error out of its own level: remove the other
        // constraints one by one, so the two-sided ones' errors are basic.
        while let i = model.indices.last(where: { !model[$0].constraint.isTwoSided && $0 >= 2 * vars.count }) {
            try solver.remove(model.remove(at: i).constraint)
            try check("after a removal")
        }
        for _ in 0..<8 {
            try add(Constraint(expression(), .equal, priority: pick(priorities)))
        }
        while let i = model.indices.last(where: { model[$0].constraint.isTwoSided }) {
            try solver.remove(model.remove(at: i).constraint)
            try check("after a two-sided removal")
        }
    }
}
