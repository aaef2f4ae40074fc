import Synchronization

/// How an expression relates to zero.
public enum Relation: String, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// `expression (== | <= | >=) 0` at a priority.
///
/// A constraint is a value with identity: `id` is unique in the process, so
/// the same constraint can be added to several solvers and a solver can tell
/// a constraint it already holds from an equal-looking new one.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    public let id: UInt64
    /// `lhs - rhs`, with repeated variables folded.
    public let expression: Expression
    public let relation: Relation
    /// The priority; for a two-sided preference, that of the expression
    /// falling below zero.
    public let priority: Priority
    /// For a two-sided preference only: the priority of the expression
    /// rising above zero (see `init(_:above:below:)`).
    public let abovePriority: Priority?

    public init(_ expression: consuming Expression, _ relation: Relation, priority: Priority = .required) {
        self.id = constraintIDs.add(1, ordering: .relaxed).oldValue
        self.expression = expression.reduced()
        self.relation = relation
        self.priority = priority
        self.abovePriority = nil
    }

    /// `expression == 0` as a preference whose two sides weigh differently:
    /// rising above zero costs at `above`, falling below at `below`. It
    /// optimises like the two inequalities `expression <= 0 @above` and
    /// `expression >= 0 @below`, as one row with two error symbols instead of
    /// two rows with four (UIKit's content size constraint: hugging above
    /// the intrinsic size, compression resistance below it). Neither side may
    /// be required: `Solver.add` throws `.requiredTwoSidedPreference`.
    public init(_ expression: consuming Expression, above: Priority, below: Priority) {
        self.id = constraintIDs.add(1, ordering: .relaxed).oldValue
        self.expression = expression.reduced()
        self.relation = .equal
        self.priority = below
        self.abovePriority = above
    }

    /// `lhs relation rhs`.
    /// An equation rebuilt from its parts under its own `id` (the terms as
    /// they were reduced when it was first made).
    package init(id: UInt64, terms: [Term], constant: Double, relation: Relation, priority: Priority,
                 abovePriority: Priority?) {
        self.id = id
        self.expression = Expression(terms, constant: constant)
        self.relation = relation
        self.priority = priority
        self.abovePriority = abovePriority
    }

    /// A fresh constraint id, for equations made without a `Constraint` value.
    package static func nextID() -> UInt64 { constraintIDs.add(1, ordering: .relaxed).oldValue }

    /// `count` fresh constraint ids, consecutive, for one atomic step.
    package static func reserveIDs(_ count: Int) -> Range<UInt64> {
        let first = constraintIDs.add(UInt64(count), ordering: .relaxed).oldValue
        return first..<(first + UInt64(count))
    }

    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression, priority: Priority = .required) {
        self.init(lhs - rhs, relation, priority: priority)
    }

    /// A new constraint (with a new identity) like this one at another priority.
    public func priority(_ priority: Priority) -> Constraint {
        Constraint(expression, relation, priority: priority)
    }

    /// Whether this is a two-sided preference (`init(_:above:below:)`).
    public var isTwoSided: Bool { abovePriority != nil }

    public static func == (a: Constraint, b: Constraint) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    public var description: String {
        if let above = abovePriority { return "\(expression) == 0 @above \(above), below \(priority)" }
        let suffix = priority.isRequired ? "" : " @\(priority)"
        return "\(expression) \(relation.rawValue) 0\(suffix)"
    }
}

private let constraintIDs = Atomic<UInt64>(1)

// MARK: - Building constraints: `x + 8 == y`, `w >= 100`, `(w == 40).priority(750)`

public func == (a: Expression, b: Expression) -> Constraint { Constraint(a, .equal, b) }
public func <= (a: Expression, b: Expression) -> Constraint { Constraint(a, .lessThanOrEqual, b) }
public func >= (a: Expression, b: Expression) -> Constraint { Constraint(a, .greaterThanOrEqual, b) }

public func == (a: Expression, k: Double) -> Constraint { a == Expression(constant: k) }
public func <= (a: Expression, k: Double) -> Constraint { a <= Expression(constant: k) }
public func >= (a: Expression, k: Double) -> Constraint { a >= Expression(constant: k) }

public func == (v: Variable, k: Double) -> Constraint { Expression(v) == k }
public func <= (v: Variable, k: Double) -> Constraint { Expression(v) <= k }
public func >= (v: Variable, k: Double) -> Constraint { Expression(v) >= k }

public func == (v: Variable, e: Expression) -> Constraint { Expression(v) == e }
public func <= (v: Variable, e: Expression) -> Constraint { Expression(v) <= e }
public func >= (v: Variable, e: Expression) -> Constraint { Expression(v) >= e }
public func == (e: Expression, v: Variable) -> Constraint { e == Expression(v) }
public func <= (e: Expression, v: Variable) -> Constraint { e <= Expression(v) }
public func >= (e: Expression, v: Variable) -> Constraint { e >= Expression(v) }
/// `x <= y` and `x >= y` between variables (`==` is taken by `Equatable`; write `x == y + 0`).
public func <= (a: Variable, b: Variable) -> Constraint { Expression(a) <= Expression(b) }
public func >= (a: Variable, b: Variable) -> Constraint { Expression(a) >= Expression(b) }
