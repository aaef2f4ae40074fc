@testable import LayoutSolver
import Randomness

/// The shared SplitMix64, so a seed names the same session on every
/// platform and in every process.
extension SplitMix64 {
    /// Uniform in `range` (modulo bias is irrelevant at these sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

// MARK: - Random steps and sessions

/// Generates layout-like random steps: mostly `±x ∓ y + c` with coefficients
/// in −3…3 (mostly ±1), constants in −50…50, every relation, priorities from
/// {1000, 750, 500, 250, 1}, and clones of live constraints' expressions to
/// make redundant and degenerate systems.
struct RandomSteps {
    struct Options {
        /// How often a new constraint reuses a live constraint's terms.
        var cloneRate = 0.2
        /// How often a coefficient is 0 (a constraint may lose every term).
        var zeroRate = 0.05
        /// Variables per session (2…size); every phase grows with it.
        var size = 6
        /// Multiplies constants and suggested values (large layouts).
        var scale = 1.0
        /// How often a coefficient is a multiplier such as ½, ⅓ or 1.5.
        var fractionRate = 0.0
        /// Variables fall into this many blocks; a constraint stays inside
        /// one block nine times in ten, so components merge and split.
        var blocks = 1
        /// The solver's `linkThreshold` (nil: its default).
        var linkThreshold: Int? = nil
        /// The solver's `foldThreshold` (nil: its default).
        var foldThreshold: Int? = nil
    }

    var rng: SplitMix64
    let variables: [Variable]
    let options: Options

    static let priorities: [Priority] = [1000, 1000, 1000, 750, 500, 250, 1]

    init(seed: UInt64, variables: [Variable], options: Options) {
        rng = SplitMix64(seed: seed)
        self.variables = variables
        self.options = options
    }

    mutating func coefficient() -> Double {
        if rng.chance(options.zeroRate) { return 0 }
        if rng.chance(options.fractionRate) { return rng.pick([0.5, -0.5, 1.0 / 3, -1.0 / 3, 1.5, -0.25]) }
        let magnitude: Double = switch rng.int(0...9) {
            case 0...6: 1
            case 7...8: 2
            default: 3
        }
        return rng.chance(0.5) ? magnitude : -magnitude
    }

    mutating func constant() -> Double { Double(rng.int(-50...50)) * options.scale }

    mutating func relation() -> Relation {
        switch rng.int(0...9) {
        case 0...3: .equal
        case 4...6: .lessThanOrEqual
        default: .greaterThanOrEqual
        }
    }

    mutating func constraint(cloning live: [Constraint]) -> Constraint {
        if !live.isEmpty && rng.chance(options.cloneRate) {
            let model = rng.pick(live)
            let k = rng.chance(0.5) ? model.expression.constant : constant()
            let sign: Double = rng.chance(0.5) ? 1 : -1
            return Constraint(Expression(model.expression.terms, constant: k) * sign, relation(),
                              priority: rng.pick(Self.priorities))
        }
        let count = rng.pick([1, 1, 2, 2, 2, 2, 3])
        var pool = variables
        if options.blocks > 1 && rng.chance(0.9) {
            let block = rng.int(0...(options.blocks - 1))
            pool = variables.enumerated().filter { $0.offset % options.blocks == block }.map(\.element)
        }
        var chosen: [Variable] = []
        while chosen.count < min(count, pool.count) {
            let v = rng.pick(pool)
            if !chosen.contains(v) { chosen.append(v) }
        }
        let terms = chosen.map { Term($0, coefficient()) }
        return Constraint(Expression(terms, constant: constant()), relation(), priority: rng.pick(Self.priorities))
    }

    mutating func suggestion() -> Double {
        Double(rng.int(-100...100)) / (rng.chance(0.2) ? 2 : 1) * options.scale
    }
}

extension SolverSession {
    /// A whole random session in phases: build, remove some, change
    /// constants (with a few more additions), edit and suggest (mixed with
    /// removals, constant changes, additions and re-additions), tear down.
    /// A solver tuned as `options` say.
    static func solver(_ options: RandomSteps.Options) -> Solver {
        let solver = options.foldThreshold.map { Solver(foldThreshold: $0) } ?? Solver()
        if let link = options.linkThreshold {
            solver.tableau.linkThreshold = link
            // Sessions this small never reach the default's work: their
            // restricted rows link whenever external rows do.
            solver.tableau.restrictedLinkWork = 0
        }
        return solver
    }

    static func random(seed: UInt64, options: RandomSteps.Options = .init()) -> SolverSession {
        var rng = SplitMix64(seed: seed)
        let size = options.size
        let variables = (0..<rng.int(2...size)).map { Variable("x\($0)") }
        var gen = RandomSteps(seed: rng.next(), variables: variables, options: options)
        let s = SolverSession(variables: variables, scale: options.scale,
                              solver: Self.solver(options))

        for _ in 0..<gen.rng.int(3...(size + 4)) { s.apply(.add(gen.constraint(cloning: s.active))) }
        for c in s.active where gen.rng.chance(0.3) { s.apply(.remove(c)) }
        for _ in 0..<gen.rng.int(3...(size + 2)) {
            if s.active.isEmpty || gen.rng.chance(0.25) {
                s.apply(.add(gen.constraint(cloning: s.active)))
            } else {
                s.apply(.setConstant(gen.rng.pick(s.active), gen.constant()))
            }
        }
        for v in variables where gen.rng.chance(0.35) {
            s.apply(.addEdit(v, gen.rng.chance(0.5) ? 999 : 500))
        }
        for _ in 0..<gen.rng.int(2...(size + 2)) {
            switch gen.rng.int(0...9) {
            case 0...4 where !s.edits.isEmpty:
                s.apply(.suggest(gen.rng.pick(s.edits).variable, gen.suggestion()))
            case 5 where !s.active.isEmpty:
                s.apply(.remove(gen.rng.pick(s.active)))
            case 6 where !s.active.isEmpty:
                s.apply(.setConstant(gen.rng.pick(s.active), gen.constant()))
            case 7 where !s.edits.isEmpty:
                s.apply(.removeEdit(gen.rng.pick(s.edits).variable))
            case 8 where !s.retired.isEmpty:
                s.apply(.add(gen.rng.pick(s.retired)))   // the same constraint again
            default:
                s.apply(.add(gen.constraint(cloning: s.active)))
            }
        }
        s.tearDown()
        return s
    }
}
