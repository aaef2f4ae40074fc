import LayoutSolver

/// A dense linear program `minimise objective·x subject to rows`, solved by
/// the two-phase simplex method with Bland's rule. Used only by tests as an
/// independent oracle for `Solver`: it shares no code with it, favours
/// readability over speed, and is meant for problems of a few dozen columns.
///
/// Free variables are split as `x = x⁺ − x⁻` with both parts ≥ 0.
struct DenseLP {
    enum Sense { case lessOrEqual, equal, greaterOrEqual }

    struct Row {
        var coefficients: [Double]
        var sense: Sense
        var rhs: Double
    }

    enum Outcome {
        case optimal(value: Double, point: [Double])
        case infeasible
        case unbounded
    }

    var variableCount: Int
    /// Per variable: unrestricted in sign (else ≥ 0).
    var isFree: [Bool]
    var rows: [Row] = []
    /// Minimised. Defaults to zero (a pure feasibility problem).
    var objective: [Double]

    /// Pivots and reduced costs smaller than this count as zero.
    static let tolerance = 1e-9
    /// A phase-one optimum above this means the rows cannot all hold.
    static let infeasibility = 1e-7

    init(variableCount: Int, isFree: [Bool]) {
        precondition(isFree.count == variableCount)
        self.variableCount = variableCount
        self.isFree = isFree
        self.objective = Array(repeating: 0, count: variableCount)
    }

    mutating func addRow(_ coefficients: [Double], _ sense: Sense, _ rhs: Double) {
        precondition(coefficients.count == variableCount)
        rows.append(Row(coefficients: coefficients, sense: sense, rhs: rhs))
    }

    func minimize() -> Outcome {
        // Columns: the structural ones (two per free variable), one slack or
        // surplus per inequality, one artificial per row; then the right-hand side.
        var plusColumn: [Int] = [], minusColumn: [Int?] = []
        var n = 0
        for j in 0..<variableCount {
            plusColumn.append(n)
            minusColumn.append(isFree[j] ? n + 1 : nil)
            n += isFree[j] ? 2 : 1
        }
        var slackColumn: [Int?] = []
        for row in rows {
            slackColumn.append(row.sense == .equal ? nil : n)
            if row.sense != .equal { n += 1 }
        }
        let firstArtificial = n
        n += rows.count

        var tableau = SimplexTableau(columnCount: n)
        for (i, row) in rows.enumerated() {
            var line = [Double](repeating: 0, count: n + 1)
            for j in 0..<variableCount {
                line[plusColumn[j]] = row.coefficients[j]
                if let m = minusColumn[j] { line[m] = -row.coefficients[j] }
            }
            if let s = slackColumn[i] { line[s] = row.sense == .lessOrEqual ? 1 : -1 }
            line[n] = row.rhs
            if line[n] < 0 { line = line.map { -$0 } }
            line[firstArtificial + i] = 1
            tableau.lines.append(line)
            tableau.basis.append(firstArtificial + i)
        }

        // Phase one: minimise the sum of the artificial variables.
        var phaseOne = [Double](repeating: 0, count: n)
        for a in firstArtificial..<n { phaseOne[a] = 1 }
        tableau.setCost(phaseOne)
        guard tableau.run(allowed: n) == .optimal else { return .unbounded }   // cannot happen: bounded below by 0
        if tableau.objectiveValue > Self.infeasibility { return .infeasible }

        // Drive the remaining (zero) artificials out of the basis; a row with
        // no other non-zero entry is redundant and is dropped.
        var i = 0
        while i < tableau.lines.count {
            if tableau.basis[i] >= firstArtificial {
                if let j = (0..<firstArtificial).first(where: { abs(tableau.lines[i][$0]) > Self.tolerance }) {
                    tableau.pivot(row: i, column: j)
                } else {
                    tableau.lines.remove(at: i)
                    tableau.basis.remove(at: i)
                    continue
                }
            }
            i += 1
        }

        // Phase two: the real objective over the non-artificial columns.
        var cost = [Double](repeating: 0, count: n)
        for j in 0..<variableCount {
            cost[plusColumn[j]] = objective[j]
            if let m = minusColumn[j] { cost[m] = -objective[j] }
        }
        tableau.setCost(cost)
        guard tableau.run(allowed: firstArtificial) == .optimal else { return .unbounded }

        let values = tableau.columnValues()
        let point = (0..<variableCount).map { j in
            values[plusColumn[j]] - (minusColumn[j].map { values[$0] } ?? 0)
        }
        return .optimal(value: tableau.objectiveValue, point: point)
    }
}

/// A dense tableau in canonical form: `lines[i]` expresses `basis[i]`, the
/// last entry of each line is its value, and `cost` holds the reduced costs
/// (its last entry is minus the objective value).
private struct SimplexTableau {
    var columnCount: Int
    var lines: [[Double]] = []
    var basis: [Int] = []
    var cost: [Double] = []

    init(columnCount: Int) { self.columnCount = columnCount }

    enum Result { case optimal, unbounded }

    var objectiveValue: Double { -cost[columnCount] }

    /// Installs `c` as the objective, priced out against the current basis.
    mutating func setCost(_ c: [Double]) {
        cost = c + [0]
        for (i, b) in basis.enumerated() where c[b] != 0 {
            let k = c[b]
            for j in 0...columnCount { cost[j] -= k * lines[i][j] }
        }
    }

    /// Primal simplex with Bland's rule: the entering column is the lowest
    /// index with a negative reduced cost; the leaving row is the minimum
    /// ratio, ties to the lowest basic index. Bland's rule cannot cycle.
    mutating func run(allowed: Int) -> Result {
        var iterations = 0
        while true {
            iterations += 1
            precondition(iterations < 100_000, "reference simplex did not terminate")
            guard let entering = (0..<allowed).first(where: { cost[$0] < -DenseLP.tolerance }) else {
                return .optimal
            }
            var leaving = -1
            var best = Double.infinity
            for i in lines.indices where lines[i][entering] > DenseLP.tolerance {
                let ratio = lines[i][columnCount] / lines[i][entering]
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leaving]) {
                    best = ratio
                    leaving = i
                }
            }
            if leaving < 0 { return .unbounded }
            pivot(row: leaving, column: entering)
        }
    }

    mutating func pivot(row r: Int, column e: Int) {
        let p = lines[r][e]
        for j in 0...columnCount { lines[r][j] /= p }
        lines[r][e] = 1
        for i in lines.indices where i != r {
            let k = lines[i][e]
            if k == 0 { continue }
            for j in 0...columnCount { lines[i][j] -= k * lines[r][j] }
            lines[i][e] = 0
        }
        let k = cost[e]
        if k != 0 {
            for j in 0...columnCount { cost[j] -= k * lines[r][j] }
            cost[e] = 0
        }
        basis[r] = e
    }

    func columnValues() -> [Double] {
        var values = [Double](repeating: 0, count: columnCount)
        for (i, b) in basis.enumerated() { values[b] = lines[i][columnCount] }
        return values
    }
}

// MARK: - The lexicographic problem the solver solves

/// The reference for `Solver`'s semantics: required constraints (priority
/// 1000) hold exactly; then, level by level from the highest priority down,
/// the total violation of that level's constraints is minimised while every
/// higher level keeps its optimum. The violation of `e == 0` is |e|, of
/// `e <= 0` is max(0, e), of `e >= 0` is max(0, −e); all weigh 1.
///
/// Each level is one LP with error columns e⁺, e⁻ ≥ 0 per constraint:
/// `e − e⁺ + e⁻ == 0`, `e − e⁺ <= 0`, `e + e⁻ >= 0`; earlier levels enter
/// as `Σ errors <= optimum + slack`.
struct LexicographicReference {
    struct Level: CustomStringConvertible {
        var priority: Priority
        var violation: Double
        var description: String { "@\(priority): \(violation)" }
    }

    struct Solution {
        /// Highest priority first; only levels that have constraints.
        var levels: [Level]
        /// One optimal point (optima need not be unique).
        var values: [Variable: Double]
    }

    let constraints: [Constraint]
    let variables: [Variable]

    init(_ constraints: [Constraint]) {
        self.constraints = constraints
        var seen = Set<Variable>()
        var order: [Variable] = []
        for c in constraints {
            for t in c.expression.terms where seen.insert(t.variable).inserted { order.append(t.variable) }
        }
        self.variables = order
    }

    /// How much a fixed-level optimum may be exceeded by later levels.
    static func slack(for optimum: Double) -> Double { 1e-9 * max(1, abs(optimum)) }

    /// The optimum, or nil when the required constraints cannot all hold.
    func solve() -> Solution? {
        let priorities = Array(Set(constraints.filter { !$0.priority.isRequired }.map(\.priority))).sorted(by: >)
        var optima: [Double] = []
        var values: [Double] = Array(repeating: 0, count: variables.count)
        for k in 0..<max(1, priorities.count) {
            let current = priorities.isEmpty ? nil : priorities[k]
            guard case let .optimal(value, point) = program(priorities: priorities, level: k, optima: optima).minimize() else {
                if k == 0 { return nil }
                preconditionFailure("reference: level \(k) lost feasibility; the slack is too small")
            }
            if current != nil { optima.append(max(0, value)) }
            values = Array(point.prefix(variables.count))
        }
        return Solution(levels: zip(priorities, optima).map { Level(priority: $0, violation: $1) },
                        values: Dictionary(uniqueKeysWithValues: zip(variables, values)))
    }

    /// The LP for `level`: required rows, error rows for every constraint at
    /// that level or above, the fixed optima of the levels above.
    private func program(priorities: [Priority], level: Int, optima: [Double]) -> DenseLP {
        let levelOf = Dictionary(uniqueKeysWithValues: priorities.enumerated().map { ($1, $0) })
        var errorColumns: [(level: Int, columns: [Int])] = []
        var rows: [SparseRow] = []
        var next = variables.count   // error columns follow the variables
        for c in constraints {
            var row = sparseRow(c)
            if c.priority.isRequired {
                rows.append(row)
                continue
            }
            let l = levelOf[c.priority]!
            guard l <= level else { continue }   // lower levels cannot constrain this one
            var mine: [Int] = []
            if c.relation != .greaterThanOrEqual {   // e⁺: e may exceed zero
                row.coefficients[next] = -1; mine.append(next); next += 1
            }
            if c.relation != .lessThanOrEqual {      // e⁻: e may fall below zero
                row.coefficients[next] = 1; mine.append(next); next += 1
            }
            rows.append(row)
            errorColumns.append((l, mine))
        }
        for (l, optimum) in optima.enumerated() {
            var a: [Int: Double] = [:]
            for (el, cols) in errorColumns where el == l { for col in cols { a[col] = 1 } }
            rows.append(SparseRow(coefficients: a, sense: .lessOrEqual, rhs: optimum + Self.slack(for: optimum)))
        }
        var lp = dense(rows, columns: next)
        for (el, cols) in errorColumns where el == level { for col in cols { lp.objective[col] = 1 } }
        return lp
    }

    /// The least and greatest value `expression` takes where the required
    /// constraints hold (nil for an unbounded side); nil if they cannot hold.
    /// Equal bounds mean the required constraints imply the expression's value.
    func range(of expression: Expression) -> (lower: Double?, upper: Double?)? {
        let required = constraints.filter(\.priority.isRequired)
        guard LexicographicReference(required).solve() != nil else { return nil }
        let index = Dictionary(uniqueKeysWithValues: variables.enumerated().map { ($1, $0) })
        guard expression.terms.allSatisfy({ index[$0.variable] != nil }) else { return (nil, nil) }   // a free variable
        var lp = dense(required.map(sparseRow), columns: variables.count)
        for t in expression.terms { lp.objective[index[t.variable]!] += t.coefficient }
        var lower: Double?, upper: Double?
        if case let .optimal(low, _) = lp.minimize() { lower = low + expression.constant }
        lp.objective = lp.objective.map { -$0 }
        if case let .optimal(high, _) = lp.minimize() { upper = -high + expression.constant }
        return (lower, upper)
    }

    private struct SparseRow {
        var coefficients: [Int: Double]
        var sense: DenseLP.Sense
        var rhs: Double
    }

    /// `c` as `Σ aᵢxᵢ (sense) −constant` over the variable columns.
    private func sparseRow(_ c: Constraint) -> SparseRow {
        var a: [Int: Double] = [:]
        for t in c.expression.terms { a[variables.firstIndex(of: t.variable)!, default: 0] += t.coefficient }
        let sense: DenseLP.Sense = switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessOrEqual
            case .greaterThanOrEqual: .greaterOrEqual
        }
        return SparseRow(coefficients: a, sense: sense, rhs: -c.expression.constant)
    }

    /// Variables are free; further columns (errors) are ≥ 0.
    private func dense(_ rows: [SparseRow], columns: Int) -> DenseLP {
        var lp = DenseLP(variableCount: columns, isFree: (0..<columns).map { $0 < variables.count })
        for row in rows {
            var line = [Double](repeating: 0, count: columns)
            for (j, v) in row.coefficients { line[j] = v }
            lp.addRow(line, row.sense, row.rhs)
        }
        return lp
    }
}

// MARK: - Evaluating solutions

extension Expression {
    func evaluated(_ value: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * value($1.variable) }
    }
}

extension Constraint {
    /// How far `value` is from satisfying this constraint (0 when it holds).
    func violation(_ value: (Variable) -> Double) -> Double {
        let e = expression.evaluated(value)
        switch relation {
        case .equal: return abs(e)
        case .lessThanOrEqual: return max(0, e)
        case .greaterThanOrEqual: return max(0, -e)
        }
    }

    /// The same relation and priority with another constant (a new identity).
    func withConstant(_ constant: Double) -> Constraint {
        Constraint(Expression(expression.terms, constant: constant), relation, priority: priority)
    }
}

/// Total violation per priority level, for the levels of `reference`.
func levelViolations(_ constraints: [Constraint], priorities: [Priority],
                     _ value: (Variable) -> Double) -> [Double] {
    priorities.map { p in
        constraints.filter { $0.priority == p }.reduce(0) { $0 + $1.violation(value) }
    }
}
