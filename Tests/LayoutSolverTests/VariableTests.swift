import Testing
@testable import LayoutSolver

@Suite struct VariableTests {
    @Test func fourVariablesAreDistinctFromEachOtherAndFromAnyOther() {
        let before = Variable("before")
        let (a, b, c, d) = Variable.four()
        let after = Variable()
        let ids = [before.id, a.id, b.id, c.id, d.id, after.id]
        #expect(Set(ids).count == ids.count)
        // The block is consecutive and the counter moved past it.
        #expect([b.id, c.id, d.id] == [a.id + 1, a.id + 2, a.id + 3])
        #expect(after.id > d.id)
    }

    /// Four start a block of their own, even after single variables left
    /// the counter mid-block: the view layer finds an item by `block`.
    @Test func fourVariablesAreABlockNoOtherVariableShares() {
        for singles in 0..<5 {
            let lone = (0..<singles).map { _ in Variable() }
            let (a, b, c, d) = Variable.four()
            let next = Variable()
            #expect(a.id % 4 == 0)
            #expect(Set([a.block, b.block, c.block, d.block]).count == 1)
            #expect(!lone.contains { $0.block == a.block } && next.block != a.block)
            let (e, _, _, _) = Variable.four()
            #expect(e.block > next.block)
        }
    }

    @Test func namesAreKeptAndUnnamedVariablesDescribeTheirID() {
        let named = Variable("width")
        let unnamed = Variable()
        #expect(named.name == "width" && named.description == "width")
        #expect(unnamed.name.isEmpty && unnamed.description == "v\(unnamed.id)")
        let (x, _, _, _) = Variable.four()
        #expect(x.name.isEmpty && x.description == "v\(x.id)")
    }

    @Test func aFourthVariableTakesPartInASolveLikeAnyOther() throws {
        let (x, y, w, h) = Variable.four()
        let solver = Solver()
        try solver.add(x == 8)
        try solver.add(w == 100)
        try solver.add(y == x + w)
        try solver.add(h >= 3)
        #expect(solver.value(of: y) == 108)
        #expect(solver.value(of: h) == 3)
    }
}
