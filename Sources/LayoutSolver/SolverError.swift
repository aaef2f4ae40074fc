/// Everything a solver call can reject. After any of these the solver is
/// exactly as it was before the call.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required
    /// constraints in `conflicts` (the ones it was found to fight with).
    case unsatisfiable(Constraint, conflicts: [Constraint])
    case duplicateConstraint(Constraint)
    case unknownConstraint(Constraint)
    case duplicateEditVariable(Variable)
    case unknownEditVariable(Variable)
    /// Edit variables are preferences by nature; `.required` is refused.
    case requiredEditVariable(Variable)
    /// A coefficient or constant is NaN or infinite.
    case nonFinite(Constraint)
    case nonFiniteValue(Variable, Double)
    /// A two-sided preference with a required side; use two inequalities.
    case requiredTwoSidedPreference(Constraint)

    public var description: String {
        switch self {
        case let .unsatisfiable(c, conflicts):
            var lines = ["Unable to simultaneously satisfy constraints.",
                         "Probably at least one of the constraints in the following list is one you don't want.",
                         "    \(c)"]
            lines += conflicts.map { "    \($0)" }
            lines.append("Remove or lower the priority of one of them.")
            return lines.joined(separator: "\n")
        case let .duplicateConstraint(c):
            return "The constraint \(c) is already in the solver; remove it first or add a new constraint."
        case let .unknownConstraint(c):
            return "The constraint \(c) is not in the solver; add it before removing or changing it."
        case let .duplicateEditVariable(v):
            return "\(v) is already an edit variable; call suggestValue, or remove the edit first."
        case let .unknownEditVariable(v):
            return "\(v) is not an edit variable; call addEditVariable(\(v), priority:) first."
        case let .requiredEditVariable(v):
            return "Edit variable \(v) cannot be required; use a priority below 1000."
        case let .nonFinite(c):
            return "The constraint \(c) has a NaN or infinite coefficient or constant; check the values it was built from."
        case let .nonFiniteValue(v, x):
            return "Cannot suggest \(x) for \(v): values must be finite."
        case let .requiredTwoSidedPreference(c):
            return "The two-sided preference \(c) has a required side; add that side as a required inequality "
                + "and the other as a preference instead."
        }
    }
}
