import LayoutSolver

/// A view as the solver sees it: four variables (220, 11:57). Solver-level
/// drivers use boxes until the view layer carries the scenario.
struct Box {
    let x: Variable, y: Variable, w: Variable, h: Variable

    init(_ name: String) {
        x = Variable("\(name).x"); y = Variable("\(name).y")
        w = Variable("\(name).width"); h = Variable("\(name).height")
    }

    var right: Expression { x + w }
    var bottom: Expression { y + h }

    /// Reads the frame (which triggers the deferred optimisation) into `digest`, returning a checksum.
    func read(_ solver: Solver, into digest: inout LayoutDigest) -> Double {
        let f = (solver.value(of: x), solver.value(of: y), solver.value(of: w), solver.value(of: h))
        digest.add([f.0, f.1, f.2, f.3])
        return f.0 + f.1 + f.2 + f.3
    }

    func read(_ solver: Solver) -> Double {
        solver.value(of: x) + solver.value(of: y) + solver.value(of: w) + solver.value(of: h)
    }
}

extension Solver {
    /// Adds constraints the scenario expects to hold; a rejection is an engine failure with its log.
    func require(_ constraints: [Constraint]) throws(ScenarioError) {
        do { try add(constraints) } catch {
            throw .engine("a constraint the scenario expects to hold was rejected", log: error.description.split(separator: "\n").map(String.init))
        }
    }

    func require(_ constraint: Constraint) throws(ScenarioError) { try require([constraint]) }

    /// `setConstant`, with a rejection reported as an engine failure.
    func change(_ constant: Double, for constraint: Constraint) throws(ScenarioError) {
        do { try setConstant(constant, for: constraint) } catch {
            throw .engine("setConstant was rejected", log: [error.description])
        }
    }

    func drop(_ constraint: Constraint) throws(ScenarioError) {
        do { try remove(constraint) } catch { throw .engine("remove was rejected", log: [error.description]) }
    }
}
