/// `coefficient × variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficientᵢ·variableᵢ + constant`.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    /// The same expression with repeated variables folded into one term and
    /// zero terms dropped, in first-appearance order.
    /// Consuming, so that an expression with nothing to fold is handed on
    /// as it is, without a retain and a release of its terms.
    public consuming func reduced() -> Expression {
        // Most expressions (a view layer's constraints) name a few distinct
        // variables: then nothing folds, and a pairwise check is far cheaper
        // than hashing every term.
        if terms.count <= 8 {
            var distinct = true
            for i in terms.indices where distinct {
                if terms[i].coefficient == 0 { distinct = false; break }
                for j in terms.indices where j > i && terms[j].variable.id == terms[i].variable.id {
                    distinct = false
                    break
                }
            }
            if distinct { return self }
        }
        var order: [Variable] = []
        var sums: [Variable: Double] = [:]
        for term in terms {
            if sums[term.variable] == nil { order.append(term.variable) }
            sums[term.variable, default: 0] += term.coefficient
        }
        let folded = order.compactMap { v -> Term? in
            let c = sums[v]!
            return c == 0 ? nil : Term(v, c)
        }
        return Expression(folded, constant: constant)
    }

    public var description: String {
        var out = ""
        for t in terms {
            let c = t.coefficient
            let name = t.variable.description
            if out.isEmpty {
                out = c == 1 ? name : c == -1 ? "-\(name)" : "\(format(c))·\(name)"
            } else {
                let m = abs(c)
                out += (c < 0 ? " - " : " + ") + (m == 1 ? name : "\(format(m))·\(name)")
            }
        }
        if out.isEmpty { return format(constant) }
        if constant != 0 { out += (constant < 0 ? " - " : " + ") + format(abs(constant)) }
        return out
    }
}

func format(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
}

// MARK: - Building expressions

public func + (a: Expression, b: Expression) -> Expression {
    Expression(a.terms + b.terms, constant: a.constant + b.constant)
}
public func * (e: Expression, k: Double) -> Expression {
    Expression(e.terms.map { Term($0.variable, $0.coefficient * k) }, constant: e.constant * k)
}
public func * (k: Double, e: Expression) -> Expression { e * k }
public prefix func - (e: Expression) -> Expression { e * -1 }
public func - (a: Expression, b: Expression) -> Expression { a + -b }
public func + (e: Expression, k: Double) -> Expression { e + Expression(constant: k) }
public func - (e: Expression, k: Double) -> Expression { e + Expression(constant: -k) }
public func + (k: Double, e: Expression) -> Expression { e + k }

public func + (a: Variable, b: Variable) -> Expression { Expression(a) + Expression(b) }
public func - (a: Variable, b: Variable) -> Expression { Expression(a) - Expression(b) }
public func + (a: Variable, k: Double) -> Expression { Expression(a) + k }
public func - (a: Variable, k: Double) -> Expression { Expression(a) - k }
public func + (a: Expression, v: Variable) -> Expression { a + Expression(v) }
public func - (a: Expression, v: Variable) -> Expression { a - Expression(v) }
public func + (v: Variable, e: Expression) -> Expression { Expression(v) + e }
public func - (v: Variable, e: Expression) -> Expression { Expression(v) - e }
public func * (v: Variable, k: Double) -> Expression { Expression([Term(v, k)]) }
public func * (k: Double, v: Variable) -> Expression { Expression([Term(v, k)]) }
public prefix func - (v: Variable) -> Expression { Expression([Term(v, -1)]) }
