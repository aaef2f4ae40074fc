import BigInt
import LayoutSolver

/// A fraction of two integers of any size, in lowest terms, denominator > 0:
/// no operation rounds or overflows, so an answer from `ExactLP` is the
/// program's own. Parts that fit in `Int128` are kept there, so the common
/// small systems run at machine speed; a result that overflows is redone
/// in `BigInt`.
struct Fraction: Equatable, Comparable, CustomStringConvertible {
    private enum Parts: Equatable {
        case small(Int128, Int128)
        case big(BigInt, BigInt)
    }
    private var parts: Parts

    static let zero = Fraction(small: 0, 1), one = Fraction(small: 1, 1)

    var numerator: BigInt {
        switch parts {
        case let .small(n, _): BigInt(n)
        case let .big(n, _): n
        }
    }
    var denominator: BigInt {
        switch parts {
        case let .small(_, d): BigInt(d)
        case let .big(_, d): d
        }
    }

    init(_ n: BigInt, _ d: BigInt = 1) {
        precondition(d != 0)
        let g = Swift.max(n.greatestCommonDivisor(with: d), 1)
        let sign: BigInt = d < 0 ? -1 : 1
        let (n, d) = (sign * n / g, sign * d / g)
        // Through the magnitude: BigInt's words for a negative value are not
        // the two's complement `Int128(exactly:)` reads.
        if let m = Int128(exactly: n.magnitude), let sd = Int128(exactly: d.magnitude) {
            parts = .small(n < 0 ? -m : m, sd)
        } else {
            parts = .big(n, d)
        }
    }

    /// `n / d` from parts already known to fit, reduced here.
    private init(small n: Int128, _ d: Int128) {
        let g = Int128(Self.gcd(n.magnitude, d.magnitude))
        let sign: Int128 = d < 0 ? -1 : 1
        parts = .small(sign * n / g, sign * d / g)
    }

    /// `mantissa × 10^exponent`, exactly.
    init(mantissa: Int, exponent: Int) {
        let p = BigInt(10).power(abs(exponent))
        self = exponent >= 0 ? Fraction(BigInt(mantissa) * p) : Fraction(BigInt(mantissa), p)
    }

    /// The exact value of a finite double: what a solver given `x` is given.
    init(exactly x: Double) {
        precondition(x.isFinite)
        guard x != 0 else { self = .zero; return }
        // x = m · 2^(e − 52) with m an integer of at most 53 bits, subnormals included.
        let m = BigInt(UInt64(x.magnitude.significand * 0x1p52)) * (x < 0 ? -1 : 1)
        let shift = Int(x.exponent) - 52
        self = shift >= 0 ? Fraction(m << shift) : Fraction(m, BigInt(1) << -shift)
    }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return Swift.max(a, 1)
    }

    /// The nearest double, to within two roundings, subnormals and the
    /// largest finite values included.
    var double: Double {
        if case let .small(n, d) = parts, n.magnitude < 1 << 53, d.magnitude < 1 << 53 { return Double(n) / Double(d) }
        guard !isZero else { return 0 }
        let n = numerator.magnitude, d = denominator.magnitude
        // A quotient of 63 or 64 bits, then scaled back by a power of two.
        let k = 63 - (n.bitWidth - d.bitWidth)
        let q = k >= 0 ? (n << k) / d : n / (d << -k)
        return Double(sign: isNegative ? .minus : .plus, exponent: -k, significand: Double(UInt64(q)))
    }
    var isZero: Bool {
        switch parts {
        case let .small(n, _): n == 0
        case let .big(n, _): n == 0
        }
    }
    var isNegative: Bool {
        switch parts {
        case let .small(n, _): n < 0
        case let .big(n, _): n < 0
        }
    }
    var isPositive: Bool { !isZero && !isNegative }
    var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    static func + (a: Fraction, b: Fraction) -> Fraction {
        if case let .small(an, ad) = a.parts, case let .small(bn, bd) = b.parts {
            // Over the least common denominator, so sums stay as small as they can.
            let g = Int128(gcd(ad.magnitude, bd.magnitude))
            let da = ad / g, db = bd / g
            let x = an.multipliedReportingOverflow(by: db), y = bn.multipliedReportingOverflow(by: da)
            let d = ad.multipliedReportingOverflow(by: db)
            if !x.overflow, !y.overflow, !d.overflow {
                let n = x.partialValue.addingReportingOverflow(y.partialValue)
                if !n.overflow, n.partialValue != .min { return Fraction(small: n.partialValue, d.partialValue) }
            }
        }
        let g = a.denominator.greatestCommonDivisor(with: b.denominator)
        let da = a.denominator / g, db = b.denominator / g
        return Fraction(a.numerator * db + b.numerator * da, a.denominator * db)
    }

    static prefix func - (a: Fraction) -> Fraction {
        switch a.parts {
        case let .small(n, d): Fraction(small: -n, d)
        case let .big(n, d): Fraction(-n, d)
        }
    }

    static func - (a: Fraction, b: Fraction) -> Fraction { a + -b }

    static func * (a: Fraction, b: Fraction) -> Fraction {
        // Cross-cancel first: the products then need no reduction.
        if case let .small(an, ad) = a.parts, case let .small(bn, bd) = b.parts {
            let g1 = Int128(gcd(an.magnitude, bd.magnitude)), g2 = Int128(gcd(bn.magnitude, ad.magnitude))
            let n = (an / g1).multipliedReportingOverflow(by: bn / g2)
            let d = (ad / g2).multipliedReportingOverflow(by: bd / g1)
            if !n.overflow, !d.overflow, n.partialValue != .min { return Fraction(small: n.partialValue, d.partialValue) }
        }
        let g1 = Swift.max(a.numerator.greatestCommonDivisor(with: b.denominator), 1)
        let g2 = Swift.max(b.numerator.greatestCommonDivisor(with: a.denominator), 1)
        return Fraction((a.numerator / g1) * (b.numerator / g2), (a.denominator / g2) * (b.denominator / g1))
    }

    static func / (a: Fraction, b: Fraction) -> Fraction {
        precondition(!b.isZero)
        return switch b.parts {
        case let .small(n, d): a * Fraction(small: d, n)
        case let .big(n, d): a * Fraction(d, n)
        }
    }

    static func < (a: Fraction, b: Fraction) -> Bool { (a - b).isNegative }
}

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

    func minimize() -> Outcome {
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
        t.setCost(phaseOne)
        guard t.run(allowed: n) else { return .unbounded }
        if t.cost[n].isNegative { return .infeasible }   // holds −(phase-one optimum)
        // Drive artificials at zero out of the basis where a structural column can replace them.
        for r in t.basis.indices where t.basis[r] >= firstArtificial {
            if let j = (0..<firstArtificial).first(where: { !t.lines[r][$0].isZero }) { t.pivot(r, j) }
        }
        var cost = [Fraction](repeating: .zero, count: n)
        for j in isFree.indices {
            cost[plus[j]] = objective[j]
            if let m = minus[j] { cost[m] = -objective[j] }
        }
        t.setCost(cost)
        guard t.run(allowed: firstArtificial) else { return .unbounded }
        var column = [Fraction](repeating: .zero, count: n)
        for (r, b) in t.basis.enumerated() { column[b] = t.lines[r][n] }
        var point: [Fraction] = []
        for j in isFree.indices { point.append(minus[j].map { m in column[plus[j]] - column[m] } ?? column[plus[j]]) }
        return .optimal(value: -t.cost[n], point: point)
    }

    private struct Table {
        var lines: [[Fraction]]
        var basis: [Int]
        let width: Int
        /// Reduced costs; the last entry is −(objective value).
        var cost: [Fraction] = []

        mutating func setCost(_ c: [Fraction]) {
            cost = c + [.zero]
            for (r, b) in basis.enumerated() where !cost[b].isZero {
                let k = cost[b]
                for j in 0...width { cost[j] = cost[j] - k * lines[r][j] }
            }
        }

        /// Bland's rule; false when unbounded.
        mutating func run(allowed: Int) -> Bool {
            while let e = (0..<allowed).first(where: { cost[$0].isNegative }) {
                var leave = -1
                var best = Fraction.zero
                for r in lines.indices where lines[r][e].isPositive {
                    let ratio = lines[r][width] / lines[r][e]
                    if leave < 0 || ratio < best || (ratio == best && basis[r] < basis[leave]) {
                        leave = r
                        best = ratio
                    }
                }
                guard leave >= 0 else { return false }
                pivot(leave, e)
            }
            return true
        }

        mutating func pivot(_ r: Int, _ e: Int) {
            let p = lines[r][e]
            for j in 0...width { lines[r][j] = lines[r][j] / p }
            for i in lines.indices where i != r && !lines[i][e].isZero {
                let k = lines[i][e]
                for j in 0...width where !lines[r][j].isZero { lines[i][j] = lines[i][j] - k * lines[r][j] }
            }
            if !cost[e].isZero {
                let k = cost[e]
                for j in 0...width where !lines[r][j].isZero { cost[j] = cost[j] - k * lines[r][j] }
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
    static func optima(_ constraints: [ExactConstraint], variables: Int) -> [(Priority, Fraction)]? {
        let levels = Array(Set(constraints.filter { !$0.priority.isRequired }.map(\.priority))).sorted(by: >)
        var optima: [(Priority, Fraction)] = []
        for k in 0..<max(1, levels.count) {
            let level = levels.isEmpty ? nil : levels[k]
            // Required rows hold exactly; each higher level at its optimum.
            var program = Program(variables: variables)
            for c in constraints where c.priority.isRequired || level.map({ c.priority >= $0 }) == true {
                let errors = program.add(c, withErrors: !c.priority.isRequired)
                if c.priority == level { program.objective += errors } else if !c.priority.isRequired {
                    program.perLevel[c.priority, default: []] += errors
                }
            }
            for (p, optimum) in optima { program.bound(program.perLevel[p] ?? [], by: optimum) }
            switch program.minimize() {
            case .infeasible: return nil
            case .unbounded: preconditionFailure("violations are bounded below by zero")
            case let .optimal(value, _): if let level { optima.append((level, value)) }
            }
        }
        return optima
    }

    /// The least total violation of `level` when each required constraint
    /// `i` may be off by up to `requiredSlack[i]` and each higher level's
    /// total violation is at most `higherBound[priority]`; lower levels are
    /// free. Nil when even that cannot hold. What an answer that meets the
    /// higher levels and the required ones only to a tolerance can reach.
    static func leastViolation(of level: Priority, _ constraints: [ExactConstraint], variables: Int,
                               requiredSlack: [Fraction], higherBound: [Priority: Fraction]) -> Fraction? {
        var program = Program(variables: variables)
        for (i, c) in constraints.enumerated() where c.priority.isRequired || c.priority >= level {
            let errors = program.add(c)
            if c.priority.isRequired {
                program.bound(errors, by: requiredSlack[i])
            } else if c.priority == level {
                program.objective += errors
            } else {
                program.perLevel[c.priority, default: []] += errors
            }
        }
        for (p, columns) in program.perLevel { program.bound(columns, by: higherBound[p] ?? .zero) }
        switch program.minimize() {
        case .infeasible: return nil
        case .unbounded: preconditionFailure("violations are bounded below by zero")
        case let .optimal(value, _): return value
        }
    }

    /// Constraints as rows over the variables (free) and error columns
    /// (≥ 0) that carry each one's violation, with bounds on sums of
    /// error columns and an objective that sums some of them.
    private struct Program {
        let variables: Int
        var next: Int
        var rows: [(coefficients: [Int: Fraction], sense: ExactLP.Sense, rhs: Fraction)] = []
        var objective: [Int] = []
        /// Error columns of levels that are bounded, not minimised.
        var perLevel: [Priority: [Int]] = [:]

        init(variables: Int) {
            self.variables = variables
            next = variables
        }

        /// Adds `c`, with its error columns (|e| for `==`, max(0, e) for
        /// `<=`, max(0, −e) for `>=`) when `withErrors`, and returns them.
        mutating func add(_ c: ExactConstraint, withErrors: Bool = true) -> [Int] {
            var a: [Int: Fraction] = [:]
            for t in c.terms { a[t.variable] = (a[t.variable] ?? .zero) + t.coefficient }
            var errors: [Int] = []
            if withErrors && c.relation != .greaterThanOrEqual { a[next] = -.one; errors.append(next); next += 1 }
            if withErrors && c.relation != .lessThanOrEqual { a[next] = .one; errors.append(next); next += 1 }
            let sense: ExactLP.Sense = switch c.relation {
                case .equal: .equal
                case .lessThanOrEqual: .lessOrEqual
                case .greaterThanOrEqual: .greaterOrEqual
            }
            rows.append((a, sense, -c.constant))
            return errors
        }

        /// The sum of `columns` at most `bound`.
        mutating func bound(_ columns: [Int], by bound: Fraction) {
            var a: [Int: Fraction] = [:]
            for col in columns { a[col] = .one }
            rows.append((a, .lessOrEqual, bound))
        }

        func minimize() -> ExactLP.Outcome {
            var lp = ExactLP(isFree: (0..<next).map { $0 < variables })
            for r in rows {
                var line = [Fraction](repeating: .zero, count: next)
                for (j, v) in r.coefficients { line[j] = v }
                lp.rows.append(ExactLP.Row(coefficients: line, sense: r.sense, rhs: r.rhs))
            }
            for col in objective { lp.objective[col] = .one }
            return lp.minimize()
        }
    }
}
