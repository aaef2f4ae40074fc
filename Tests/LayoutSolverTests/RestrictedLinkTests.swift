import Testing
@testable import LayoutSolver
import Randomness

/// Restricted rows that link while an optimisation runs (see "Restricted
/// links" in `Tableau+Links.swift`): the optimum is the one a written-out
/// tableau reaches, the columns stay exact, and the work shrinks.
@Suite struct RestrictedLinkTests {
    /// N views in a 1000-point square with random anchors between them at
    /// one priority, as the `random-anchors` workload builds them: the
    /// optimum's tight anchors form a deep forest, where a written-out
    /// tableau writes each bound's slack over its view's whole path.
    struct Anchors {
        var x: [Variable] = [], y: [Variable] = []
        var anchors: [(view: Int, other: Int, vertical: Bool, offset: Double)] = []
        var constraints: [Constraint] = []

        init(views: Int, seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            func below(_ n: Int) -> Int { Int((UInt128(rng.next()) * UInt128(n)) >> 64) }
            for i in 0..<views {
                x.append(Variable("x\(i)"))
                y.append(Variable("y\(i)"))
                let w = 40 + Double(i % 3) * 10
                constraints += [Expression(x[i]) >= 0, Expression(x[i]) + w <= 1000,
                                Expression(y[i]) >= 0, Expression(y[i]) + 30 <= 1000]
            }
            for i in 0..<views {
                for _ in 0..<2 {
                    var j = below(views - 1)
                    if j >= i { j += 1 }
                    anchors.append((i, j, below(2) == 1, Double(below(201) - 100)))
                }
            }
            for a in anchors {
                let (v, o) = a.vertical ? (y[a.view], y[a.other]) : (x[a.view], x[a.other])
                constraints.append((Expression(v) == Expression(o) + a.offset).priority(500))
            }
        }

        /// The summed violation of the anchors at the solver's values.
        func error(_ solver: Solver) -> Double {
            anchors.reduce(0) { sum, a in
                let (v, o) = a.vertical ? (y[a.view], y[a.other]) : (x[a.view], x[a.other])
                return sum + abs(solver.value(of: v) - solver.value(of: o) - a.offset)
            }
        }

        /// The largest violation of a bound.
        func boundViolation(_ solver: Solver) -> Double {
            var worst = 0.0
            for i in x.indices {
                let (px, py) = (solver.value(of: x[i]), solver.value(of: y[i]))
                worst = max(worst, -px, -py, px + 40 + Double(i % 3) * 10 - 1000, py + 30 - 1000)
            }
            return worst
        }
    }

    @Test(arguments: [UInt64(1), 2])
    func randomAnchorsReachTheWrittenOutOptimumWithLessWork(seed: UInt64) throws {
        let system = Anchors(views: 300, seed: seed)
        let linked = Solver(), written = Solver(linkThreshold: .max), unlinked = Solver()
        unlinked.tableau.restrictedLinkWork = .max
        for s in [linked, written, unlinked] { try s.add(system.constraints) }
        let (a, b) = (system.error(linked), system.error(written))
        #expect(abs(a - b) <= 1e-9 * max(1, b), "anchor error \(a) linked, \(b) written out")
        #expect(system.boundViolation(linked) <= 1e-9)
        #expect(linked.anomalies == 0)
        expectExactColumns(linked.tableau)
        expectExactColumns(written.tableau)
        // A long pivot row is written once, not into every row below it.
        // (The entering symbol with the shorter column already keeps most
        // long rows out of most rows, so the links save a fifth, not more.)
        _ = unlinked.value(of: system.x[0])
        #expect(linked.counters.termsTouched * 5 < unlinked.counters.termsTouched * 4,
                "\(linked.counters.termsTouched) terms touched linked, \(unlinked.counters.termsTouched) with restricted rows written out")
    }

    /// An optimisation whose smallest entering candidate would rewrite more
    /// than `longColumn` rows takes the candidate with the shortest column
    /// instead: the same optimum as Bland's rule throughout, for less work.
    @Test(arguments: [UInt64(1), 3])
    func theShorterColumnEntersForTheSameOptimum(seed: UInt64) throws {
        // From a few hundred views on: below, the forest's trees are small
        // and either rule rewrites about as much.
        let system = Anchors(views: 450, seed: seed)
        let shorter = Solver(), bland = Solver()
        bland.tableau.longColumn = .max
        for s in [shorter, bland] { try s.add(system.constraints) }
        let (a, b) = (system.error(shorter), system.error(bland))
        #expect(abs(a - b) <= 1e-9 * max(1, b), "anchor error \(a) with the shorter column, \(b) by Bland's rule")
        #expect(system.boundViolation(shorter) <= 1e-9)
        #expect(shorter.anomalies == 0)
        expectExactColumns(shorter.tableau)
        #expect(shorter.counters.termsTouched * 10 < bland.counters.termsTouched * 9,
                "\(shorter.counters.termsTouched) terms touched, \(bland.counters.termsTouched) by Bland's rule")
    }

    /// Every live row's symbols are in their columns, and each column's live
    /// count is the number of rows holding the symbol: a slot dropped from
    /// a column hides the row from every later substitution and ratio test.
    func expectExactColumns(_ t: Tableau, sourceLocation: SourceLocation = #_sourceLocation) {
        var holding = [Int](repeating: 0, count: t.symbolInfo.count)
        var missing = 0
        for slot in t.rows.indices where t.basicOf[slot] >= 0 {
            for cell in t.rows[slot].cells {
                holding[cell.symbol] += 1
                let column = t.symbolInfo[cell.symbol].column.slots
                if !(0..<column.count).contains(where: { column.element($0, in: t.listStore) == slot }) { missing += 1 }
            }
        }
        let miscounted = t.symbolInfo.indices.filter { t.symbolInfo[$0].kind != .free && t.symbolInfo[$0].column.live != holding[$0] }
        #expect(missing == 0, "\(missing) cells missing from their columns", sourceLocation: sourceLocation)
        #expect(miscounted.isEmpty, "\(miscounted.count) columns with a wrong live count: \(miscounted.prefix(5).map { (t.symbolInfo[$0].kind, t.symbolInfo[$0].column.live, holding[$0], t.symbolInfo[$0].rowOf) })", sourceLocation: sourceLocation)
    }
}
