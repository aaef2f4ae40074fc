import Testing
@testable import LayoutSolver
import Randomness

/// `Solver.add(batch:failed:)`: blocks of a batch that repeat an earlier
/// block's shape are copied from its solved component, then their constants
/// moved. The results must be those of adding the batch one constraint at a
/// time; work is counted, never timed.
@Suite struct BatchCloneTests {
    /// A list cell's worth of constraints over fresh variables: two views
    /// side by side in a container, a label with a two-sided content-size
    /// preference whose constant is its text's width.
    struct Cell {
        let v: [Variable] = (0..<8).map { Variable("c\($0)") }
        func constraints(textWidth: Double, margin: Double = 8) -> [Constraint] {
            let (left, width, iconLeft, iconWidth, labelLeft, labelWidth, height, labelHeight) =
                (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7])
            return [
                left == 0, width == 375,
                iconLeft == left + margin, iconWidth == 40,
                labelLeft == iconLeft + iconWidth + margin,
                labelLeft + labelWidth <= left + width - margin,
                Constraint(Expression(labelWidth) - textWidth, above: 250, below: 750),
                labelHeight >= 20, (labelHeight == 0).priority(250),
                height >= labelHeight + 2 * margin, height >= 56, (height == 0).priority(1),
            ]
        }
    }

    /// Twenty cells in one batch: a cell is two blocks (its horizontal and
    /// its vertical constraints share no variable); the first cell's are
    /// built, the other nineteen cells' are copies, and every value — and
    /// every report of a change — is what adding one by one gives.
    @Test func repeatedBlocksAreSolvedOnceAndCopied() throws {
        let cells = (0..<20).map { _ in Cell() }
        let widths = (0..<20).map { Double(60 + 37 * $0 % 400) }   // some overflow the cell: compression wins
        let batch = zip(cells, widths).flatMap { $0.constraints(textWidth: $1) }

        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        var failures = 0
        copied.add(batch: batch) { _, _ in failures += 1 }
        for c in batch { try built.add(c) }

        #expect(failures == 0)
        #expect(copied.counters.componentsCloned == 38)
        #expect(built.counters.componentsCloned == 0)
        #expect(copied.counters.constraintsAdded == batch.count)
        #expect(copied.componentCount == 40)
        let all = cells.flatMap(\.v)
        #expect(all.map(copied.value(of:)) == all.map(built.value(of:)))
        #expect(Set(copied.takeChangedVariables()) == Set(built.takeChangedVariables()))
        #expect(copied.counters.work < built.counters.work,
                "copying did \(copied.counters.work) units of work, building \(built.counters.work)")
        // The labels really differ: the copies' constants moved.
        #expect(Set(cells.map { copied.value(of: $0.v[5]) }).count > 10)
    }

    /// Blocks as long as each other, over as many variables and with as
    /// many terms, that differ in one word of their shape (a coefficient, a
    /// priority, a relation, which variable a term names) are each built,
    /// not copied from one another; exact twins of each are copied. (Which
    /// variables they are is not part of a shape: only the order in which
    /// the block first names them.)
    @Test func blocksThatDifferInOneWordAreNotTwins() throws {
        func block(coefficient: Double = 1, priority: Priority = 500, relation: Relation = .greaterThanOrEqual,
                   relinked: Bool = false) -> [Constraint] {
            // A chain first, so that the difference lies past the words the
            // shape's hash covers: only the word-by-word comparison sees it.
            let chain = (0..<9).map { Variable("c\($0)") }
            let v = (0..<4).map { Variable("s\($0)") }
            var out: [Constraint] = [chain[0] == 0]
            for i in 1..<9 { out.append(chain[i] == chain[i - 1] + 1) }
            let linked = relinked ? v[0] : v[1]
            out.append(v[0] == chain[8] + 1)
            out.append(v[1] == v[0] + 10)
            out.append(v[2] == linked + 5)
            out.append(Constraint(Expression([Term(v[3], coefficient), Term(v[2], -1)], constant: -3), relation,
                                  priority: .required))
            out.append((v[3] == 100).priority(priority))
            return out
        }
        let kinds = [block(), block(coefficient: 2), block(priority: 600), block(relation: .lessThanOrEqual),
                     block(relinked: true)]
        let twins = [block(), block(coefficient: 2), block(priority: 600), block(relation: .lessThanOrEqual),
                     block(relinked: true)]
        let batch = (kinds + twins).flatMap { $0 }
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        copied.add(batch: batch) { _, error in Issue.record("\(error)") }
        for c in batch { try built.add(c) }
        #expect(copied.counters.componentsCloned == twins.count)
        let all = batch.flatMap { $0.expression.terms.map(\.variable) }
        #expect(all.map(copied.value(of:)) == all.map(built.value(of:)))
    }

    /// Copies are ordinary components afterwards: constants change in place,
    /// constraints go, edits drive them, and taking everything down leaves
    /// the solver empty.
    @Test func copiesBehaveAsBuiltOnesAfterwards() throws {
        let cells = (0..<6).map { _ in Cell() }
        let batches = cells.enumerated().map { $1.constraints(textWidth: Double(100 + 50 * $0)) }
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        copied.add(batch: Array(batches.joined())) { i, e in Issue.record("entry \(i): \(e)") }
        for c in batches.joined() { try built.add(c) }
        #expect(copied.counters.componentsCloned == 10)
        let all = cells.flatMap(\.v)

        for s in [copied, built] {
            try s.setConstant(-500, for: batches[3][6])   // cell 3's text grows past the cell
            try s.remove(batches[4][11])                   // cell 4 loses its weak height
            try s.addEditVariable(cells[2].v[7], priority: 999)
            try s.suggestValue(200, for: cells[2].v[7])    // cell 2's label grows taller
        }
        #expect(all.map(copied.value(of:)) == all.map(built.value(of:)))
        #expect(copied.value(of: cells[2].v[7]) == 200)
        #expect(copied.value(of: cells[2].v[6]) == 216)

        try copied.removeEditVariable(cells[2].v[7])
        for (i, b) in batches.enumerated() { try copied.remove(i == 4 ? b.filter { $0 != b[11] } : b) }
        #expect([copied.rowCount, copied.objectiveTermCount, copied.componentCount, copied.symbolCount] == [0, 0, 0, 0])
    }

    /// A copy whose new constant breaks a required constraint is dropped and
    /// its block built constraint by constraint instead, which leaves out the
    /// same constraint adding one by one would, and reports it at its index.
    @Test func aCopyThatCannotTakeItsConstantsIsBuiltInstead() throws {
        func block(_ limit: Double) -> (vars: [Variable], constraints: [Constraint]) {
            let w = Variable("w"), x = Variable("x"), r = Variable("r")
            return ([w, x, r], [x == 10, w >= 100, r == x + w, w <= limit, (w == 0).priority(250)])
        }
        let blocks = (0..<6).map { block($0 == 3 ? 50 : 200 + Double($0)) }
        let batch = blocks.flatMap(\.constraints)
        let copied = Solver(smallestCopiedBlock: 3), built = Solver()
        var failed: [Int] = []
        copied.add(batch: batch) { i, error in
            failed.append(i)
            if case let .unsatisfiable(c, conflicts) = error {
                #expect(c == batch[i])
                #expect(conflicts == [blocks[3].constraints[1]])
            } else {
                Issue.record("\(error)")
            }
        }
        var builtFailed: [Int] = []
        for (i, c) in batch.enumerated() {
            do { try built.add(c) } catch { builtFailed.append(i) }
        }
        #expect(failed == [3 * 5 + 3])
        #expect(failed == builtFailed)
        #expect(copied.counters.componentsCloned == 4)   // blocks 1, 2, 4 and 5
        let all = blocks.flatMap(\.vars)
        #expect(all.map(copied.value(of:)) == all.map(built.value(of:)))
        #expect(copied.value(of: blocks[3].vars[0]) == 100)
        #expect(copied.constraintCount == batch.count - 1)
    }

    /// What touches a variable the solver already holds is added first, in
    /// batch order, with whatever shares variables with it; the same
    /// constraint twice is a duplicate at its second place, and its block
    /// is no template. Values are those of adding one by one.
    @Test func theRestOfABatchIsAddedAsAddWouldAddIt() throws {
        let shared = Variable("shared")
        let cells = (0..<4).map { _ in Cell() }
        var batch = cells.flatMap { $0.constraints(textWidth: 120) }
        let link = cells[1].v[0] == shared + 5   // cell 1 hangs on what the solver holds: conflicts with its `left == 0`
        batch.append(link)
        batch.append(batch[2])                   // cell 0's `iconLeft == left + 8` again

        let solver = Solver(smallestCopiedBlock: 3), built = Solver()
        let pin = shared == 10
        try solver.add(pin)
        try built.add(shared == 10)
        var failed: [(Int, SolverError)] = []
        solver.add(batch: batch) { failed.append(($0, $1)) }
        var builtFailed: [Int] = []
        for (i, c) in batch.enumerated() {
            do { try built.add(c) } catch { builtFailed.append(i) }
        }

        #expect(failed.map(\.0) == [batch.count - 2, batch.count - 1])
        #expect(failed.map(\.0) == builtFailed)
        if case let .unsatisfiable(c, conflicts)? = failed.first?.1 {
            #expect(c == link)
            #expect(Set(conflicts) == [pin, batch[12]])   // the pin and cell 1's `left == 0`
        } else {
            Issue.record("\(failed)")
        }
        if case let .duplicateConstraint(c)? = failed.last?.1 { #expect(c == batch[2]) } else { Issue.record("\(failed)") }
        // Vertically, cells 1 to 3 copy cell 0 (cell 1's vertical block is
        // fresh: only its horizontal one hangs on the pin); horizontally,
        // cell 0 held the duplicate, so cell 3 copies cell 2.
        #expect(solver.counters.componentsCloned == 4)
        let all = [shared] + cells.flatMap(\.v)
        #expect(all.map(solver.value(of:)) == all.map(built.value(of:)))
    }

    /// By default a block is copied from eight constraints on: the cell's
    /// horizontal block (7) and vertical block (5) are built, a block of
    /// eight is copied.
    @Test func smallBlocksAreBuiltNotCopied() {
        let cells = (0..<6).map { _ in Cell() }
        let solver = Solver()
        solver.add(batch: cells.flatMap { $0.constraints(textWidth: 100) }) { i, e in Issue.record("entry \(i): \(e)") }
        #expect(solver.counters.componentsCloned == 0)

        let wide = (0..<6).map { _ in Cell() }
        let batch = wide.flatMap { $0.constraints(textWidth: 100) + [$0.v[5] >= 10] }   // horizontal: 8
        let copying = Solver()
        copying.add(batch: batch) { i, e in Issue.record("entry \(i): \(e)") }
        #expect(copying.counters.componentsCloned == 5)
    }

    /// A batch in which no two blocks share a shape is added in its own
    /// order, exactly as one by one: the same work, counter for counter.
    @Test func aBatchWithNothingToCopyIsAddedInItsOwnOrder() throws {
        let chain = BatchRemovalTests.Chain(30)          // one block
        let cells = (0..<3).map { _ in Cell() }
        // Horizontal blocks of 7, 8 and 9 constraints, vertical ones of 5
        // (below the default copied size): no twins.
        var odd: [Constraint] = []
        for (k, cell) in cells.enumerated() {
            odd += cell.constraints(textWidth: 100)
            for j in 0..<k { odd.append(cell.v[5] >= Double(10 + j)) }
        }
        let batch = Array(chain.blocks.joined()) + odd
        let solver = Solver(), built = Solver()
        solver.add(batch: batch) { i, e in Issue.record("entry \(i): \(e)") }
        for c in batch { try built.add(c) }
        #expect(solver.counters.componentsCloned == 0)
        #expect(solver.counters == built.counters)
        let all = chain.rights + cells.flatMap(\.v)
        #expect(all.map(solver.value(of:)) == all.map(built.value(of:)))
    }

    /// Below `batchGroupingThreshold` a batch is added one by one: nothing
    /// is grouped, nothing copied.
    @Test func aSmallBatchIsAddedOneByOne() {
        let a = Cell(), b = Cell()
        let batch = Array(a.constraints(textWidth: 90)[0..<6]) + Array(b.constraints(textWidth: 90)[0..<6])
        #expect(batch.count < Solver.batchGroupingThreshold)
        let solver = Solver(smallestCopiedBlock: 3)
        solver.add(batch: batch) { i, e in Issue.record("entry \(i): \(e)") }
        #expect(solver.counters.componentsCloned == 0)
        #expect(solver.constraintCount == 12)
    }
}

/// Random blocks, copied with constants that sometimes stay and sometimes
/// move (sometimes into a conflict), added as one batch and then edited,
/// removed and torn down, checked against the reference after every step.
@Suite struct BatchCloneSessionTests {
    @Test(arguments: [UInt64(0), 1, 2, 3])
    func batchedCopiesMatchTheReference(block: UInt64) {
        var cloned = 0
        for seed in (block * 25)..<((block + 1) * 25) {
            let session = Self.session(seed: seed)
            cloned += session.solver.counters.componentsCloned
            if let finding = session.finding {
                Issue.record("seed \(seed): \(SolverSession.shrink(finding, variables: session.variables))")
            }
        }
        #expect(cloned >= 50, "only \(cloned) copies in 25 sessions: the copy path is not exercised")
    }

    static func session(seed: UInt64) -> SolverSession {
        var rng = SplitMix64(seed: seed &+ 0xC10E)
        let size = rng.int(3...5), copies = rng.int(4...7)
        let blocks = (0..<copies).map { b in (0..<size).map { Variable("b\(b)x\($0)") } }
        var gen = RandomSteps(seed: rng.next(), variables: blocks[0], options: .init(size: size))
        var template: [Constraint] = []
        while template.count < max(4, 16 / copies + 1) { template.append(gen.constraint(cloning: template)) }
        var batch: [Constraint] = []
        for b in blocks {
            for c in template {
                let terms = c.expression.terms.map { t in Term(b[blocks[0].firstIndex(of: t.variable)!], t.coefficient) }
                let k = rng.chance(0.6) ? c.expression.constant : gen.constant()
                batch.append(Constraint(Expression(terms, constant: k), c.relation, priority: c.priority))
            }
        }
        let variables = Array(blocks.joined())
        let s = SolverSession(variables: variables, solver: Solver(smallestCopiedBlock: 3))
        s.apply(.addBatch(batch))
        var after = RandomSteps(seed: rng.next(), variables: variables, options: .init(size: variables.count, blocks: copies))
        for _ in 0..<rng.int(4...10) {
            switch after.rng.int(0...9) {
            case 0...3 where !s.active.isEmpty:
                s.apply(.setConstant(after.rng.pick(s.active), after.constant()))
            case 4...5 where !s.active.isEmpty:
                s.apply(.remove(after.rng.pick(s.active)))
            case 6 where s.edits.isEmpty:
                let v = after.rng.pick(variables)
                s.apply(.addEdit(v, 999))
                s.apply(.suggest(v, after.suggestion()))
            default:
                s.apply(.add(after.constraint(cloning: s.active)))
            }
        }
        s.tearDown()
        return s
    }
}
