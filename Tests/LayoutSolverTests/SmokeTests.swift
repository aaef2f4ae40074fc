import Testing
@testable import LayoutSolver

@Test func talksTextFieldExample() throws {
    // WWDC 2018 session 220, 13:00: field1.x = 8, field1.width = 100, field2.x = field1.right + 20.
    let solver = Solver()
    let x1 = Variable("x1"), w1 = Variable("w1"), x2 = Variable("x2")
    try solver.add(x1 == 8)
    try solver.add(w1 == 100)
    try solver.add(x2 == x1 + w1 + 20)
    #expect(solver.value(of: x1) == 8)
    #expect(solver.value(of: w1) == 100)
    #expect(solver.value(of: x2) == 128)
}
