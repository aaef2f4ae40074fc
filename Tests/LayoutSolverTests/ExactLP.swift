import LayoutSolver

/// A fraction of two `Int128`s in lowest terms, denominator > 0. Every
/// operation checks for overflow and throws `Exact.overflow` instead of
/// rounding: an answer from `ExactLP` is exact or there is none.
struct Fraction: Equatable, Comparable, CustomStringConvertible {
    private(set) var numerator: Int128
    private(set) var denominator: Int128

    static let zero = Fraction(0), one = Fraction(1)

    init(_ n: Int128, _ d: Int128 = 1) {
        precondition(d != 0)
        let g = Fraction.gcd(n.magnitude, d.magnitude)
        let sign: Int128 = d < 0 ? -1 : 1
        numerator = sign * n / Int128(g)
        denominator = sign * d / Int128(g)
    }

    /// `mantissa × 10^exponent`, exactly.
    init(mantissa: Int, exponent: Int) {
        var p: Int128 = 1
        for _ in 0..<abs(exponent) { p *= 10 }
        self = exponent >= 0 ? Fraction(Int128(mantissa) * p) : Fraction(Int128(mantissa), p)
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }

    var double: Double { Double(numerator) / Double(denominator) }
    var isZero: Bool { numerator == 0 }
    var isNegative: Bool { numerator < 0 }
    var isPositive: Bool { numerator > 0 }
    var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    private static func checked(_ r: (partialValue: Int128, overflow: Bool)) throws(Exact) -> Int128 {
        if r.overflow { throw .overflow }
        return r.partialValue
    }

    static func + (a: Fraction, b: Fraction) throws(Exact) -> Fraction {
        // Over the least common denominator, so sums stay as small as they can.
        let g = Int128(gcd(a.denominator.magnitude, b.denominator.magnitude))
        let da = a.denominator / g, db = b.denominator / g
        let x = try checked(a.numerator.multipliedReportingOverflow(by: db))
        let y = try checked(b.numerator.multipliedReportingOverflow(by: da))
        let n = try checked(x.addingReportingOverflow(y))
        let d = try checked(a.denominator.multipliedReportingOverflow(by: db))
        return Fraction(n, d)
    }

    static prefix func - (a: Fraction) -> Fraction { Fraction(-a.numerator, a.denominator) }

    static func - (a: Fraction, b: Fraction) throws(Exact) -> Fraction { try a + -b }

    static func * (a: Fraction, b: Fraction) throws(Exact) -> Fraction {
        // Cross-cancel first: the products then need no reduction.
        let g1 = Int128(gcd(a.numerator.magnitude, b.denominator.magnitude))
        let g2 = Int128(gcd(b.numerator.magnitude, a.denominator.magnitude))
        let n = try checked((a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2))
        let d = try checked((a.denominator / g2).multipliedReportingOverflow(by: b.denominator / g1))
        return Fraction(n, d)
    }

    static func / (a: Fraction, b: Fraction) throws(Exact) -> Fraction {
        precondition(!b.isZero)
        return try a * Fraction(b.denominator, b.numerator)
    }

    static func < (a: Fraction, b: Fraction) -> Bool {
        // The sign of a − b; on overflow compare the doubles, which differ
        // whenever the fractions do at these magnitudes.
        if let d = try? a - b { return d.isNegative }
        return a.double < b.double
    }
}

enum Exact: Error { case overflow }

/// `minimise objective·x subject to rows`, x ≥ 0 except the free columns,
/// by the two-phase simplex method with Bland's rule over `Fraction`s: no
/// tolerance anywhere, so its answers are the program's own. For systems of
/// a few variables and constraints (tests only).
struct ExactLP {
    /// The floating-point reference's senses: the two programs read alike.
    typealias Sense = DenseLP.Sense
    struct Row {
        var coefficients: [Fraction]
        var sense: Sense
        var rhs: Fraction
    }
    enum Outcome {
        case optimal(value: Fraction, point: [Fraction])
        case infeasible
        case unbounded
    }

    var isFree: [Bool]
    var rows: [Row] = []
    var objective: [Fraction]

    init(isFree: [Bool]) {
        self.isFree = isFree
        objective = Array(repeating: .zero, count: isFree.count)
    }

    func minimize() throws(Exact) -> Outcome {
        // Columns: structural (free ones split in two), one slack per
        // inequality, one artificial per row, then the right-hand side.
        var plus: [Int] = [], minus: [Int?] = []
        var n = 0
        for free in isFree {
            plus.append(n)
            minus.append(free ? n + 1 : nil)
            n += free ? 2 : 1
        }
        var slack: [Int?] = []
        for row in rows {
            slack.append(row.sense == .equal ? nil : n)
            if row.sense != .equal { n += 1 }
        }
        let firstArtificial = n
        n += rows.count
        var lines: [[Fraction]] = []
        var basis: [Int] = []
        for (i, row) in rows.enumerated() {
            var line = [Fraction](repeating: .zero, count: n + 1)
            for j in isFree.indices {
                line[plus[j]] = row.coefficients[j]
                if let m = minus[j] { line[m] = -row.coefficients[j] }
            }
            if let s = slack[i] { line[s] = row.sense == .lessOrEqual ? .one : -.one }
            line[n] = row.rhs
            if row.rhs.isNegative { line = line.map { -$0 } }
            line[firstArtificial + i] = .one
            lines.append(line)
            basis.append(firstArtificial + i)
        }
        var t = Table(lines: lines, basis: basis, width: n)
        var phaseOne = [Fraction](repeating: .zero, count: n)
        for j in firstArtificial..<n { phaseOne[j] = .one }
        try t.setCost(phaseOne)
        guard try t.run(allowed: n) else { return .unbounded }
        if t.cost[n].isNegative { return .infeasible }   // holds −(phase-one optimum)
        // Drive artificials at zero out of the basis where a structural column can replace them.
        for r in t.basis.indices where t.basis[r] >= firstArtificial {
            if let j = (0..<firstArtificial).first(where: { !t.lines[r][$0].isZero }) { try t.pivot(r, j) }
        }
        var cost = [Fraction](repeating: .zero, count: n)
        for j in isFree.indices {
            cost[plus[j]] = objective[j]
            if let m = minus[j] { cost[m] = -objective[j] }
        }
        try t.setCost(cost)
        guard try t.run(allowed: firstArtificial) else { return .unbounded }
        var column = [Fraction](repeating: .zero, count: n)
        for (r, b) in t.basis.enumerated() { column[b] = t.lines[r][n] }
        var point: [Fraction] = []
        for j in isFree.indices { point.append(try minus[j].map { m throws(Exact) in try column[plus[j]] - column[m] } ?? column[plus[j]]) }
        return .optimal(value: -t.cost[n], point: point)
    }

    private struct Table {
        var lines: [[Fraction]]
        var basis: [Int]
        let width: Int
        /// Reduced costs; the last entry is −(objective value).
        var cost: [Fraction] = []

        mutating func setCost(_ c: [Fraction]) throws(Exact) {
            cost = c + [.zero]
            for (r, b) in basis.enumerated() where !cost[b].isZero {
                let k = cost[b]
                for j in 0...width { cost[j] = try cost[j] - k * lines[r][j] }
            }
        }

        /// Bland's rule; false when unbounded.
        mutating func run(allowed: Int) throws(Exact) -> Bool {
            while let e = (0..<allowed).first(where: { cost[$0].isNegative }) {
                var leave = -1
                var best = Fraction.zero
                for r in lines.indices where lines[r][e].isPositive {
                    let ratio = try lines[r][width] / lines[r][e]
                    if leave < 0 || ratio < best || (ratio == best && basis[r] < basis[leave]) {
                        leave = r
                        best = ratio
                    }
                }
                guard leave >= 0 else { return false }
                try pivot(leave, e)
            }
            return true
        }

        mutating func pivot(_ r: Int, _ e: Int) throws(Exact) {
            let p = lines[r][e]
            for j in 0...width { lines[r][j] = try lines[r][j] / p }
            for i in lines.indices where i != r && !lines[i][e].isZero {
                let k = lines[i][e]
                for j in 0...width where !lines[r][j].isZero { lines[i][j] = try lines[i][j] - k * lines[r][j] }
            }
            if !cost[e].isZero {
                let k = cost[e]
                for j in 0...width where !lines[r][j].isZero { cost[j] = try cost[j] - k * lines[r][j] }
            }
            basis[r] = e
        }
    }
}

/// A constraint over exact numbers: `Σ coefficient·variable + constant (relation) 0`.
struct ExactConstraint {
    var terms: [(variable: Int, coefficient: Fraction)]
    var constant: Fraction
    var relation: Relation
    var priority: Priority
}

/// The lexicographic optimum of a set of constraints, exactly: required
/// ones must hold; each level of preferences in turn minimises its summed
/// violation (|e| for `==`, max(0, e) for `<=`, max(0, −e) for `>=`) with
/// every higher level held at its optimum.
enum ExactLexicographic {
    /// Each preference level's least total violation, highest first, or
    /// nil when the required constraints cannot all hold.
    static func optima(_ constraints: [ExactConstraint], variables: Int) throws(Exact) -> [(Priority, Fraction)]? {
        let levels = Array(Set(constraints.filter { !$0.priority.isRequired }.map(\.priority))).sorted(by: >)
        var optima: [(Priority, Fraction)] = []
        for k in 0..<max(1, levels.count) {
            let level = levels.isEmpty ? nil : levels[k]
            var errorColumns: [(Priority, [Int])] = []
            var rows: [(coefficients: [Int: Fraction], sense: ExactLP.Sense, rhs: Fraction)] = []
            var next = variables
            for c in constraints {
                var a: [Int: Fraction] = [:]
                for t in c.terms { a[t.variable] = try (a[t.variable] ?? .zero) + t.coefficient }
                let sense: ExactLP.Sense = switch c.relation {
                    case .equal: .equal
                    case .lessThanOrEqual: .lessOrEqual
                    case .greaterThanOrEqual: .greaterOrEqual
                }
                if !c.priority.isRequired {
                    guard let level, c.priority >= level else { continue }
                    var mine: [Int] = []
                    if c.relation != .greaterThanOrEqual { a[next] = -.one; mine.append(next); next += 1 }
                    if c.relation != .lessThanOrEqual { a[next] = .one; mine.append(next); next += 1 }
                    errorColumns.append((c.priority, mine))
                }
                rows.append((a, sense, -c.constant))
            }
            for (p, optimum) in optima {
                var a: [Int: Fraction] = [:]
                for (q, cols) in errorColumns where q == p { for col in cols { a[col] = .one } }
                rows.append((a, .lessOrEqual, optimum))
            }
            var lp = ExactLP(isFree: (0..<next).map { $0 < variables })
            for r in rows {
                var line = [Fraction](repeating: .zero, count: next)
                for (j, v) in r.coefficients { line[j] = v }
                lp.rows.append(ExactLP.Row(coefficients: line, sense: r.sense, rhs: r.rhs))
            }
            if let level {
                for (q, cols) in errorColumns where q == level { for col in cols { lp.objective[col] = .one } }
            }
            switch try lp.minimize() {
            case .infeasible: return nil
            case .unbounded: preconditionFailure("violations are bounded below by zero")
            case let .optimal(value, _): if let level { optima.append((level, value)) }
            }
        }
        return optima
    }
}
