import LayoutSolver
import Synchronization

/// `systemLayoutSizeFitting` the way UIKit does it: every call builds a
/// fresh engine (a new `Solver`) from the view's subtree — its internal
/// constraints, its subviews' frames and intrinsic sizes — plus the target
/// size at the fitting priorities, solves it, reads the size and throws the
/// engine away. Counted as `enginesCreated` and `fittingSizeCalls`, with the
/// fresh solvers' work added to the `solver.*` counters.
extension View {
    /// The smallest size the constraints allow, as `UIView.layoutFittingCompressedSize`.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest, as `UIView.layoutFittingExpandedSize`.
    public static let layoutFittingExpandedSize = Size(width: 1e7, height: 1e7)

    /// The size that best fits `target` under the view's constraints, with
    /// each dimension of `target` wanted at its priority (`fittingSizeLevel`
    /// lets the content decide; `required` pins it).
    public func systemLayoutSizeFitting(_ target: Size,
                                        horizontalFittingPriority: LayoutPriority = .fittingSizeLevel,
                                        verticalFittingPriority: LayoutPriority = .fittingSizeLevel) -> Size {
        let solver = Solver()
        var fitting = FittingSession(root: self, solver: solver)
        fitting.addSubtree()
        fitting.add(Constraint(Expression(widthVar), .equal, Expression(constant: target.width),
                               priority: horizontalFittingPriority))
        fitting.add(Constraint(Expression(heightVar), .equal, Expression(constant: target.height),
                               priority: verticalFittingPriority))
        fitting.refineWrappingLabels()
        let size = Size(width: solver.value(of: widthVar), height: solver.value(of: heightVar))
        if let engine = window?.layoutEngine {
            engine.counters.add(.enginesCreated)
            engine.counters.add(.fittingSizeCalls)
            engine.fittingSolverCounters.add(solver.counters)
        }
        return size
    }
}

/// One fresh engine being filled from a subtree.
private struct FittingSession {
    let root: View
    let solver: Solver
    /// A token marking the subtree's views for this call.
    let token: Int
    var wrappingLabels: [(label: Label, heightConstraints: [Constraint])] = []
    var framed = Set<ObjectIdentifier>()

    init(root: View, solver: Solver) {
        self.root = root
        self.solver = solver
        token = fittingTokens.add(1, ordering: .relaxed).newValue
    }

    func add(_ c: Constraint) {
        try? solver.add(c)   // unsatisfiable ones are left out, as the window's engine breaks them
    }

    mutating func addSubtree() {
        root.forEachInSubtree { $0.fittingToken = token }
        root.forEachInSubtree { view in
            view.forEachItem { item in
                for (i, c) in item.references.enumerated() where c.goneItems == 0 && c.isFirstItem(item) && c.firstSlot == i {
                    addIfInternal(c)
                }
                for c in item.engineOwnedConstraints where c.kind == .guide { addIfInternal(c) }
            }
            if view !== root, view.translatesAutoresizingMaskIntoConstraints {
                addFrame(of: view)
            } else if !view.translatesAutoresizingMaskIntoConstraints {
                addIntrinsicSize(of: view)
            }
        }
    }

    private mutating func addIfInternal(_ c: LayoutConstraint) {
        let inside = c.withItems { first, second in
            first.hostView?.fittingToken == token && second.map { $0.hostView?.fittingToken == token } ?? true
        }
        guard inside else { return }
        var touched: [LayoutItem] = []
        guard let expression = ExpressionBuilder.expression(for: c, touching: { touched.append($0) }) else { return }
        add(c.solverConstraint(expression))
        for item in touched {
            if let v = item as? View, v !== root, v.translatesAutoresizingMaskIntoConstraints { addFrame(of: v) }
        }
    }

    private mutating func addFrame(of view: View) {
        guard framed.insert(ObjectIdentifier(view)).inserted else { return }
        let f = view.frame
        add(Constraint(Expression(view.xVar), .equal, Expression(constant: f.minX)))
        add(Constraint(Expression(view.yVar), .equal, Expression(constant: f.minY)))
        add(Constraint(Expression(view.widthVar), .equal, Expression(constant: f.width)))
        add(Constraint(Expression(view.heightVar), .equal, Expression(constant: f.height)))
    }

    private mutating func addIntrinsicSize(of view: View) {
        let size = view.intrinsicContentSize
        if size.width >= 0 { _ = addContentSize(Expression(view.widthVar) - size.width, view, .horizontal) }
        if size.height >= 0 {
            let added = addContentSize(Expression(view.heightVar) - size.height, view, .vertical)
            if let label = view as? Label, label.numberOfLines != 1, label.preferredMaxLayoutWidth <= 0 {
                wrappingLabels.append((label, added))
            }
        }
    }

    /// `expression` (size − intrinsic) ≈ 0 in the window engine's form
    /// (`ContentSizeForm`), so both engines solve the same system.
    private mutating func addContentSize(_ expression: Expression, _ view: View, _ axis: LayoutAxis) -> [Constraint] {
        let resist = view.contentCompressionResistancePriority(for: axis)
        let hug = view.contentHuggingPriority(for: axis)
        let constraints: [Constraint] = switch ContentSizeForm(resist: resist, hug: hug) {
        case .twoSided: [Constraint(expression, above: hug, below: resist)]
        case .equality: [Constraint(expression, .equal)]
        case .inequalities: [Constraint(expression, .greaterThanOrEqual, priority: resist),
                             Constraint(expression, .lessThanOrEqual, priority: hug)]
        }
        for c in constraints { add(c) }
        return constraints
    }

    /// The second pass for wrapping labels: re-measure at the solved width
    /// and move their height constraints in place.
    mutating func refineWrappingLabels() {
        guard !wrappingLabels.isEmpty else { return }
        for (label, constraints) in wrappingLabels {
            let width = solver.value(of: label.widthVar)
            guard width > 0 else { continue }
            let height = label.sizeThatFits(Size(width: width, height: .infinity)).height
            for c in constraints { try? solver.setConstant(-height, for: c) }
        }
    }
}

private let fittingTokens = Atomic<Int>(0)
