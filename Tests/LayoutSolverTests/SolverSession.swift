import LayoutSolver

/// One call on the solver, as recorded by a session and replayed by the shrinker.
enum Step: CustomStringConvertible {
    case add(Constraint)
    /// `Solver.add(batch:failed:)`: blocks that repeat are cloned.
    case addBatch([Constraint])
    case remove(Constraint)
    /// `Solver.remove(_:)` on several at once: the batch path that may rebuild a component.
    case removeBatch([Constraint])
    case setConstant(Constraint, Double)
    case addEdit(Variable, Priority)
    case suggest(Variable, Double)
    case removeEdit(Variable)

    var description: String {
        switch self {
        case let .add(c): "add #\(c.id)  \(c)"
        case let .addBatch(cs): "add(batch:) [\(cs.map { "#\($0.id)  \($0)" }.joined(separator: "; "))]"
        case let .remove(c): "remove #\(c.id)"
        case let .removeBatch(cs): "remove [\(cs.map { "#\($0.id)" }.joined(separator: ", "))]"
        case let .setConstant(c, k): "setConstant(\(format(k)), for: #\(c.id))"
        case let .addEdit(v, p): "addEditVariable(\(v), priority: \(p))"
        case let .suggest(v, x): "suggestValue(\(format(x)), for: \(v))"
        case let .removeEdit(v): "removeEditVariable(\(v))"
        }
    }

    private func format(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}

/// Solver bugs these tests found, all fixed since (SolverRegressionTests.swift
/// keeps a minimal reproduction of each). A random session that fails in one
/// of these ways names the bug in its report, so a regression is recognised
/// at once; it fails the suite like any other failure.
enum KnownBug: String {
    /// A rejected `add` leaves a component behind (empty or merged).
    case rejectedAddKeepsComponent
    /// A required equality implied by other required equalities (an all-dummy
    /// row) breaks removal of its partners and accepts any new constant.
    case redundantEquality
    /// The dual simplex breaks lexicographic ties by exact comparison, so
    /// rounding noise at a higher level picks a pivot that leaves a lower
    /// level suboptimal after `setConstant` or `suggestValue`.
    case dualRatioTie
    /// A rejected call leaves a different optimal vertex: values move.
    case rejectedCallMovesValues
    /// A variable whose constraints are all removed reads 0 but is not
    /// reported by `takeChangedVariables`; once constrained again it is
    /// compared with 0, not with the value last reported.
    case forgottenVariableChange
}

/// A property that failed, with the steps that led there.
struct Finding: CustomStringConvertible {
    enum Kind: String {
        case requiredViolated, notOptimal, acceptedInfeasible, rejectedFeasible
        case changedByFailedCall, conflictsNotAConflict, oldConstantLost
        case anomaly, unexpectedError, notEmptyAfterTeardown, changesMisreported, componentsWrong
    }

    var kind: Kind
    var detail: String
    var steps: [Step]
    /// Set when the failure matches the signature of a bug already reported.
    var knownBug: KnownBug?

    var description: String {
        "\(kind.rawValue)\(knownBug.map { " (known: \($0.rawValue))" } ?? ""): \(detail)\n"
            + steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n")
    }
}

/// Drives one `Solver` through steps and checks it after every one against
/// `LexicographicReference` on a model of what the solver should hold.
///
/// The model is the list of accepted constraints with their current constants
/// plus one `v == suggested` constraint per edit variable. After every step:
/// every required constraint holds within 1e-8; the reference finds the model
/// feasible; each level's total violation matches the reference optimum
/// within 1e-6 (both tolerances grow with `scale`, as the reference's error does); no anomalies; variables sharing a constraint share a
/// component; `takeChangedVariables` reports exactly what moved. A rejected call (`.unsatisfiable`) must really be infeasible, name
/// conflicts that are one, and leave every value where it was.
final class SolverSession {
    let solver: Solver
    let variables: [Variable]
    private(set) var active: [Constraint] = []
    /// Removed constraints, which may be added again.
    private(set) var retired: [Constraint] = []
    private(set) var constants: [UInt64: Double] = [:]
    private(set) var edits: [(variable: Variable, priority: Priority, value: Double)] = []
    private(set) var steps: [Step] = []
    /// Counters and value bit patterns after every step, for determinism checks.
    private(set) var trace: [UInt64] = []
    /// The first failed check; the session stops there.
    private(set) var finding: Finding?
    /// Findings noted while the session goes on: those of bugs listed in
    /// `tolerable`. Every bug found so far is fixed, so none is tolerated.
    private(set) var tolerated: [Finding] = []
    static let tolerable: Set<KnownBug> = []

    /// What `takeChangedVariables` reported last, per variable (0 before).
    private var reported: [Variable: Double] = [:]
    // Evidence for `KnownBug` signatures.
    private var rejectedAdds = 0
    private var acceptedRedundantEquality = false
    private var forgottenWhileNonzero: Set<Variable> = []

    /// The magnitude of the session's constants: tolerances scale with it.
    let scale: Double

    init(variables: [Variable], scale: Double = 1, solver: Solver = Solver()) {
        self.solver = solver
        self.variables = variables
        self.scale = scale
    }

    var model: [Constraint] {
        active.map { $0.withConstant(constants[$0.id]!) }
            + edits.map { Constraint(Expression($0.variable) - $0.value, .equal, priority: $0.priority) }
    }

    func isActive(_ c: Constraint) -> Bool { constants[c.id] != nil }
    func isEdit(_ v: Variable) -> Bool { edits.contains { $0.variable == v } }

    // MARK: Steps

    /// Applies `step` (skipping it if it no longer applies, as when replaying
    /// a shrunk list) and checks the result. Returns false once a check fails.
    @discardableResult
    func apply(_ step: Step) -> Bool {
        guard finding == nil else { return false }
        guard applies(step) else { return true }
        steps.append(step)
        let before = values()
        do {
            switch step {
            case let .add(c):
                let redundant = c.priority.isRequired && c.relation == .equal && isImpliedByRequiredEqualities(c)
                do {
                    try solver.add(c)
                    active.append(c)
                    retired.removeAll { $0 == c }
                    constants[c.id] = c.expression.constant
                    if redundant { acceptedRedundantEquality = true }
                } catch let .unsatisfiable(culprit, conflicts) {
                    rejectedAdds += 1
                    if culprit != c { fail(.unexpectedError, "the error names \(culprit), not \(c)") }
                    checkRejection(of: c, conflicts: conflicts, before: before)
                }
            case let .addBatch(cs):
                var failed: [Int: SolverError] = [:]
                var order: [Int] = []
                solver.add(batch: cs) { i, error in failed[i] = error; order.append(i) }
                if order != order.sorted() { fail(.unexpectedError, "failures reported out of order: \(order)") }
                for (i, c) in cs.enumerated() where failed[i] == nil {
                    active.append(c)
                    retired.removeAll { $0 == c }
                    constants[c.id] = c.expression.constant
                }
                // A constraint the batch left out must conflict with the
                // required constraints it kept (those before it in its block
                // already do); its conflicts must be kept required ones.
                let required = model.filter { $0.priority.isRequired }
                let kept = Set(active.filter(\.priority.isRequired).map(\.id))
                for (i, error) in failed.sorted(by: { $0.key < $1.key }) {
                    rejectedAdds += 1
                    guard case let .unsatisfiable(culprit, conflicts) = error, culprit == cs[i] else {
                        fail(.unexpectedError, "batch entry \(i): \(error)"); break
                    }
                    if LexicographicReference(required + [cs[i]]).solve() != nil {
                        fail(.rejectedFeasible, "batch entry \(i) \(cs[i]) was left out but the reference satisfies it"); break
                    }
                    if let stranger = conflicts.first(where: { !kept.contains($0.id) }) {
                        fail(.conflictsNotAConflict, "conflict \(stranger) is not a kept required constraint"); break
                    }
                }
            case let .remove(c):
                try solver.remove(c)
                active.removeAll { $0 == c }
                constants[c.id] = nil
                retired.append(c)
            case let .removeBatch(cs):
                try solver.remove(cs)
                for c in cs {
                    active.removeAll { $0 == c }
                    constants[c.id] = nil
                    retired.append(c)
                }
            case let .setConstant(c, k):
                let old = constants[c.id]!
                do {
                    try solver.setConstant(k, for: c)
                    constants[c.id] = k
                } catch let .unsatisfiable(culprit, conflicts) {
                    if culprit != c { fail(.unexpectedError, "the error names \(culprit), not \(c)") }
                    checkRejection(of: c.withConstant(k), conflicts: conflicts.filter { $0 != c }, before: before)
                    if solver.constant(of: c) != old {
                        fail(.oldConstantLost, "constant is \(String(describing: solver.constant(of: c))), not \(old)")
                    }
                }
            case let .addEdit(v, p):
                let start = solver.value(of: v)
                try solver.addEditVariable(v, priority: p)
                edits.append((v, p, start))
            case let .suggest(v, x):
                try solver.suggestValue(x, for: v)
                edits[edits.firstIndex { $0.variable == v }!].value = x
            case let .removeEdit(v):
                try solver.removeEditVariable(v)
                edits.removeAll { $0.variable == v }
            }
        } catch {
            fail(.unexpectedError, "\(error)")
        }
        if finding == nil { check() }
        record()
        return finding == nil
    }

    private func applies(_ step: Step) -> Bool {
        switch step {
        case let .add(c): !isActive(c)
        case let .addBatch(cs): !cs.contains(where: isActive)
        case let .remove(c), let .setConstant(c, _): isActive(c)
        case let .removeBatch(cs): !cs.isEmpty && cs.allSatisfy(isActive) && Set(cs.map(\.id)).count == cs.count
        case let .addEdit(v, _): !isEdit(v)
        case let .suggest(v, _), let .removeEdit(v): isEdit(v)
        }
    }

    /// Removes every edit and constraint; the solver must be empty again.
    func tearDown() {
        for v in edits.map(\.variable) { apply(.removeEdit(v)) }
        for c in active { apply(.remove(c)) }
        guard finding == nil else { return }
        let sizes = [solver.rowCount, solver.objectiveTermCount, solver.componentCount, solver.symbolCount]
        if sizes != [0, 0, 0, 0] {
            fail(.notEmptyAfterTeardown, "rows, objective terms, components, symbols = \(sizes)")
        }
    }

    // MARK: Checks

    func values() -> [Double] { variables.map { solver.value(of: $0) } }

    private func fail(_ kind: Finding.Kind, _ detail: String, knownBug: KnownBug? = nil) {
        guard finding == nil else { return }
        let f = Finding(kind: kind, detail: detail, steps: steps, knownBug: knownBug ?? signature(of: kind))
        if let bug = f.knownBug, Self.tolerable.contains(bug) {
            tolerated.append(f)
        } else {
            finding = f
        }
    }

    /// Which known bug a failure of `kind` at this point is evidence of.
    private func signature(of kind: Finding.Kind) -> KnownBug? {
        switch kind {
        case .requiredViolated where acceptedRedundantEquality: return .redundantEquality
        case .notOptimal:
            switch steps.last {
            case .setConstant?, .suggest?: return .dualRatioTie
            default: return nil
            }
        case .changedByFailedCall: return .rejectedCallMovesValues
        case .notEmptyAfterTeardown:
            let emptyButComponents = solver.rowCount == 0 && solver.objectiveTermCount == 0 && solver.symbolCount == 0
            return emptyButComponents && solver.componentCount <= rejectedAdds ? .rejectedAddKeepsComponent : nil
        default: return nil
        }
    }

    private func record() {
        trace += solver.counters.named.map { UInt64($0.value) }
        trace += values().map(\.bitPattern)
    }

    private func check() {
        let model = self.model
        let value: [Variable: Double] = Dictionary(uniqueKeysWithValues: variables.map { ($0, solver.value(of: $0)) })
        let at = { (v: Variable) in value[v] ?? 0 }
        for c in model where c.priority.isRequired {
            let v = c.violation(at)
            if v > 1e-8 * scale { return fail(.requiredViolated, "\(c) is off by \(v) at \(describe(value))") }
        }
        guard let reference = LexicographicReference(model).solve() else {
            return fail(.acceptedInfeasible, "the reference finds the required constraints infeasible")
        }
        let mine = levelViolations(model, priorities: reference.levels.map(\.priority), at)
        for (level, got) in zip(reference.levels, mine) where abs(got - level.violation) > 1e-6 * max(scale, level.violation) {
            return fail(.notOptimal, "level @\(level.priority): violation \(got), optimum \(level.violation); "
                        + "solver \(describe(value)), reference \(describe(reference.values))")
        }
        if solver.anomalies > 0 { return fail(.anomaly, "anomalies = \(solver.anomalies)") }
        if solver.constraintCount != active.count + edits.count {
            return fail(.unexpectedError, "constraintCount \(solver.constraintCount), expected \(active.count + edits.count)")
        }
        for c in model {
            let vs = c.expression.terms.map(\.variable)
            if let v = vs.first(where: { !solver.sharesComponent(vs[0], $0) }) {
                return fail(.componentsWrong, "\(vs[0]) and \(v) share \(c) but not a component")
            }
        }
        checkChanges(value, mentioned: Set(model.flatMap { $0.expression.terms.map(\.variable) }))
    }

    /// `takeChangedVariables` reports exactly the variables whose value moved
    /// since it last reported them. Variables no constraint mentions read 0
    /// and are exempt while unmentioned.
    private func checkChanges(_ value: [Variable: Double], mentioned: Set<Variable>) {
        let changed = solver.takeChangedVariables()
        if Set(changed).count != changed.count { return fail(.changesMisreported, "duplicates in \(changed)") }
        for v in changed where value[v] == reported[v, default: 0] {
            fail(.changesMisreported, "\(v) reported but still \(value[v]!)",
                 knownBug: forgottenWhileNonzero.contains(v) ? .forgottenVariableChange : nil)
        }
        for v in mentioned where !changed.contains(v) && value[v] != reported[v, default: 0] {
            fail(.changesMisreported, "\(v) moved from \(reported[v, default: 0]) to \(value[v]!) unreported",
                 knownBug: forgottenWhileNonzero.contains(v) ? .forgottenVariableChange : nil)
            reported[v] = value[v]   // in step again, should the failure be tolerated
        }
        for v in changed { reported[v] = value[v] }
        for v in variables where !mentioned.contains(v) && reported[v, default: 0] != 0 {
            forgottenWhileNonzero.insert(v)
        }
    }

    /// A rejected required constraint `c` (or new constant, folded into `c`):
    /// the model's required constraints plus `c` must be infeasible, the
    /// conflicts must be accepted required constraints that with `c` alone are
    /// already infeasible, and nothing may have moved.
    private func checkRejection(of c: Constraint, conflicts: [Constraint], before: [Double]) {
        let required = model.filter { $0.priority.isRequired }
        if LexicographicReference(required + [c]).solve() != nil {
            return fail(.rejectedFeasible, "\(c) was rejected but the reference satisfies it")
        }
        let activeRequired = Set(active.filter(\.priority.isRequired).map(\.id))
        if let stranger = conflicts.first(where: { !activeRequired.contains($0.id) }) {
            return fail(.conflictsNotAConflict, "conflict \(stranger) is not an accepted required constraint")
        }
        let named = conflicts.map { $0.withConstant(constants[$0.id]!) }
        if LexicographicReference(named + [c]).solve() != nil {
            return fail(.conflictsNotAConflict, "\(c) with its conflicts \(named) is satisfiable")
        }
        let after = values()
        if let i = variables.indices.first(where: { abs(before[$0] - after[$0]) > 1e-9 }) {
            return fail(.changedByFailedCall, "\(variables[i]) moved from \(before[i]) to \(after[i])")
        }
    }

    /// Whether the required equalities already in the model fix `c`'s expression.
    private func isImpliedByRequiredEqualities(_ c: Constraint) -> Bool {
        let equalities = model.filter { $0.priority.isRequired && $0.relation == .equal }
        if c.expression.terms.isEmpty { return true }
        guard let r = LexicographicReference(equalities).range(of: c.expression),
              let lower = r.lower, let upper = r.upper else { return false }
        return abs(upper - lower) < 1e-7
    }

    private func describe(_ value: [Variable: Double]) -> String {
        variables.map { "\($0)=\(value[$0].map { String($0) } ?? "-")" }.joined(separator: " ")
    }
}

// MARK: - Replaying and shrinking

extension SolverSession {
    /// Replays `steps` on a fresh solver, skipping steps that no longer apply.
    static func replay(_ steps: [Step], variables: [Variable], scale: Double, tearDown: Bool) -> SolverSession {
        let s = SolverSession(variables: variables, scale: scale)
        for step in steps where !s.apply(step) { break }
        if tearDown && s.finding == nil { s.tearDown() }
        return s
    }

    /// Drops steps one at a time while a failure of the same kind persists
    /// (stopping or tolerated): a 1-minimal reproduction for a bug report.
    static func shrink(_ finding: Finding, variables: [Variable], scale: Double = 1) -> Finding {
        let tearDown = finding.kind == .notEmptyAfterTeardown
        var best = finding
        var progress = true
        while progress {
            progress = false
            for i in best.steps.indices.reversed() where i < best.steps.count {
                var candidate = best.steps
                candidate.remove(at: i)
                let s = replay(candidate, variables: variables, scale: scale, tearDown: tearDown)
                if let f = (s.tolerated + [s.finding].compactMap { $0 }).first(where: { $0.kind == finding.kind }) {
                    best = f
                    progress = true
                }
            }
        }
        return best
    }
}
