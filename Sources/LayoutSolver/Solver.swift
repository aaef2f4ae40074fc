/// An incremental constraint solver in the Cassowary family.
///
/// Add and remove constraints, change their constants in place, drive edit
/// variables with `suggestValue`, and read values. Work is deferred: adding
/// constraints only updates the tableau, and error minimisation runs when a
/// value is read (or on `solve()`), once per touched component. Independent
/// blocks of constraints live in separate components, so their cost adds up
/// linearly and a change in one block never touches another.
///
/// Removals are deferred too, until the next call that reads or changes the
/// solver: a large component that loses at least half its constraints is
/// dropped whole and rebuilt from what stays (see `flushRemovals`), instead
/// of pivoting each marker out of rows that are about to go — a linked
/// chain taken down costs its size, not its size times its length.
///
/// Every failing call throws a `SolverError` and leaves the solver as it was.
public final class Solver {
    var tableau = Tableau()
    var symbolOf = PagedIDMap()          // variable id → symbol
    /// Per symbol: the variable it stands for, if external, and its last reported value.
    var variables: [SymbolVariable] = []
    var recordOf = PagedIDMap()          // constraint id → record
    /// Per record slot: one array of structs rather than three arrays, so an
    /// add grows one buffer, not three.
    var recordInfo: [RecordInfo] = []
    /// The kept equations' terms, each a run given by its `RecordInfo`: one
    /// buffer for all, so keeping an equation allocates nothing and a solver
    /// going away frees one buffer, not one per constraint. Runs of removed
    /// equations stay until they are half the buffer (`compactKeptTermsIfSparse`).
    var keptTerms: [Term] = []
    private var deadKeptTerms = 0
    private var additions = 0
    /// Records removed by the caller and not yet taken out of the tableau, in removal order.
    private var pendingRemovals: [Int] = []
    private var edits: [UInt64: Edit] = [:]
    /// Variables that lost their last constraint while reported non-zero:
    /// they read 0 now, which the next `takeChangedVariables` must say.
    private var forgottenNonZero: [(variable: Variable, reported: Double)] = []
    /// Reused by `install` (taken out while in use), so an add allocates no buffers of its own.
    private var scratchTerms: [(symbol: Int, coefficient: Double)] = []
    private var scratchCreated: [Int] = []
    /// Reused by `copy(block:from:)` (taken out while in use), so a copy's
    /// ids, new symbols and created list are not three allocations of its own.
    var copyScratch = CopyScratch()
    /// Some equation added had terms outside 2⁻⁷…2⁷ or a constant of 2²⁰
    /// or more (see `verifyRequired`).
    var wideScale = false
    /// Some equation added had terms outside 2⁻⁷…2⁷: only then do small
    /// components take their values afresh after every change.
    var wideCoefficients = false
    /// A scratch solver that `reinstallAround` asks: it answers as it is.
    private var isProbe = false
    /// Every component needs the check, not only those `changedSinceCheck`
    /// names: after `reinstallAround` rebuilt components, when a constant
    /// first makes the system wide-scale, or after changes to much of it.
    var needsVerification = false
    /// The equations added or given a new constant, and the variables of
    /// those removed, since the last check, in a solver with wide-scale
    /// terms: the check reads only their components, so a change (a
    /// suggestion among ten thousand blocks) costs its own component, not
    /// the system.
    var changedSinceCheck: [Changed] = []
    /// Reused by `verifyRequired` for the components it reads.
    var scratchComponents: [Int] = []

    /// What leads the check to a changed component. By id, not by slot or
    /// symbol: a rebuild moves records and renumbers symbols.
    enum Changed {
        case equation(UInt64)
        case variable(UInt64)
    }
    /// Whether a read must run the check first.
    var checkPending: Bool { needsVerification || !changedSinceCheck.isEmpty }

    struct CopyScratch {
        var ids: [UInt64] = []
        var externals: [Int] = []
        var created: [Int] = []
    }

    struct SymbolVariable {
        var variable: Variable?
        var reported: Double
    }

    /// A record's equation as it was added (its terms are a run of
    /// `keptTerms`), the constant in effect, and when it was added.
    struct RecordInfo {
        var id: UInt64 = 0
        /// The constant in effect.
        var constant = 0.0
        /// The constant it was added with (what `constraint(id:)` gives back).
        var addedConstant = 0.0
        /// When the constraint was added (a rebuild adds them again in that order).
        var addedAt = 0
        var termStart = 0
        var termCount = 0
        var relation = Relation.equal
        var priority = Priority.required
        var abovePriority: Priority?
        /// False for a free slot (never used, or its constraint removed).
        var isLive = false

        var termRange: Range<Int> { termStart..<(termStart + termCount) }
    }

    private struct Edit {
        var constraint: Constraint
        var value: Double
    }

    /// A solver with no constraints (on a spare solver's emptied tables,
    /// if one left them: see `SpareStorage`).
    public init() { adoptSpareStorage() }

    deinit { giveUpStorage() }

    /// A solver that folds a new row's dummies from `foldThreshold` on and
    /// rebuilds components from `rebuildThreshold` constraints on (tests use
    /// small values to reach both with small systems).
    init(foldThreshold: Int, rebuildThreshold: Int = Solver.defaultRebuildThreshold) {
        adoptSpareStorage()
        tableau.foldThreshold = foldThreshold
        self.rebuildThreshold = rebuildThreshold
    }

    /// A solver that links basic rows from `linkThreshold` terms on (tests
    /// use 1, linking every row, or `Int.max`, linking none; see
    /// `Tableau+Links.swift`).
    init(linkThreshold: Int) {
        adoptSpareStorage()
        tableau.linkThreshold = linkThreshold
    }

    /// A solver that copies repeated blocks of a batch from `smallestCopiedBlock`
    /// constraints on (tests copy small blocks; see `add(batch:failed:)`).
    /// Tests also turn off finding new bases on images (`discoverBasis`), to
    /// compare with the written-out path.
    init(smallestCopiedBlock: Int, discoversOnImages: Bool = true) {
        adoptSpareStorage()
        self.smallestCopiedBlock = smallestCopiedBlock
        tableau.discoversOnImages = discoversOnImages
    }
    private(set) var smallestCopiedBlock = Solver.defaultSmallestCopiedBlock

    /// Forgets every constraint, variable and counter at once, keeping the
    /// tuning: an engine whose window has gone frees its storage this way
    /// while constraints that outlive the window still point at the engine.
    /// Its tables, emptied, go to the next solver made (`SpareStorage`).
    package func reset() {
        let fold = tableau.foldThreshold, discovers = tableau.discoversOnImages, link = tableau.linkThreshold
        let restrictedLinkWork = tableau.restrictedLinkWork, longColumn = tableau.longColumn
        giveUpStorage()
        tableau = Tableau()
        tableau.foldThreshold = fold
        tableau.linkThreshold = link
        tableau.restrictedLinkWork = restrictedLinkWork
        tableau.longColumn = longColumn
        tableau.discoversOnImages = discovers
        symbolOf = PagedIDMap()
        variables = []
        recordOf = PagedIDMap()
        recordInfo = []
        keptTerms = []
        deadKeptTerms = 0
        additions = 0
        pendingRemovals = []
        edits = [:]
        forgottenNonZero = []
        rebuilds = 0
        wideScale = false
        wideCoefficients = false
        needsVerification = false
        changedSinceCheck = []
    }

    // MARK: Constraints

    /// Adds one constraint.
    /// - Throws: `.duplicateConstraint`, `.nonFinite`, or `.unsatisfiable`
    ///   with the required constraints it conflicts with.
    public func add(_ constraint: Constraint) throws(SolverError) {
        let e = EquationBatch.Equation(id: constraint.id, constant: constraint.expression.constant, termStart: 0,
                                       termCount: constraint.expression.terms.count, relation: constraint.relation,
                                       priority: constraint.priority, abovePriority: constraint.abovePriority)
        try constraint.expression.terms.withUnsafeBufferPointer { terms throws(SolverError) in
            try add(e, terms, constraint)
        }
    }

    /// Adds equation `i` of `batch`, as `add(_:)`.
    package func add(_ batch: EquationBatch, at i: Int) throws(SolverError) {
        var e = batch.equations[i]
        let range = e.termRange
        e.termStart = 0
        try batch.terms.withUnsafeBufferPointer { all throws(SolverError) in
            try add(e, UnsafeBufferPointer(rebasing: all[range]), nil)
        }
    }

    /// Adds equation `e` over `terms` (its `termStart` ignored). `given` is
    /// the caller's `Constraint`, if it has one, for errors; else one is
    /// made from the parts.
    private func add(_ e: EquationBatch.Equation, _ terms: UnsafeBufferPointer<Term>,
                     _ given: Constraint?) throws(SolverError) {
        func value() -> Constraint { given ?? e.constraint(over: terms) }
        guard recordOf[key(e.id)] == nil else { throw .duplicateConstraint(value()) }
        guard e.constant.isFinite, terms.allSatisfy({ $0.coefficient.isFinite }) else { throw .nonFinite(value()) }
        if let above = e.abovePriority, above.isRequired || e.priority.isRequired {
            throw .requiredTwoSidedPreference(value())
        }
        flushRemovals()
        // The required equations a second opinion would hold (see
        // `probeRefuses`), noted before the install merges their components.
        // Only wide coefficients mislead phase one so; huge constants alone
        // (a long list's tops) never ask for one.
        let wideTerms = wideCoefficients || Solver.isWideScale(terms)
        let probeSlots = wideTerms && e.priority.isRequired && !isProbe ? requiredSlots(namedBy: terms) : []
        let slot: Int
        do {
            slot = try install(terms, e)
        } catch {
            let wide = wideScale || Solver.isWideScale(terms) || Solver.isWideConstant(e.constant)
            guard wide && e.priority.isRequired && !isProbe else {
                throw .unsatisfiable(value(), conflicts: error.records.compactMap(keptConstraint))
            }
            switch reinstallAround(e, terms, value(), rejected: error) {
            case .success(let s):
                tableau.anomalies += 1
                slot = s
            case .failure(let conflict):
                throw .unsatisfiable(value(), conflicts: conflict.records.compactMap(keptConstraint))
            }
        }
        keep(e, terms, slot: slot)
        guard wideScale && e.priority.isRequired && !isProbe else { return }
        switch confirmAdded(slot, id: e.id, refusedByProbe: { probeRefuses(value(), holding: probeSlots) }) {
        case .holds:
            break
        case .refused(let conflict):
            throw .unsatisfiable(value(), conflicts: conflict.records.compactMap(keptConstraint))
        case .takeBack(let conflicts):
            _ = remove(id: e.id)
            flushRemovals()
            throw .unsatisfiable(value(), conflicts: conflicts)
        }
    }

    /// A required equation rejected in a wide-scale system is tried once
    /// more, against its components rebuilt from their equations with the
    /// required ones first, then it, then the preferences. Phase one ran
    /// over a basis whose values the preferences had pushed to 1e13, where
    /// the difference that makes the equation satisfiable is below the
    /// cancellation bound of its terms; with only required rows in, the
    /// values are the equations' own. Small components only.
    ///
    /// A fresh solver holding only those required equations is asked first:
    /// a call that fails leaves this one exactly as it was.
    private func reinstallAround(_ e: EquationBatch.Equation, _ terms: UnsafeBufferPointer<Term>,
                                 _ constraint: Constraint, rejected: Conflict) -> Result<Int, Conflict> {
        let components = smallComponents(namedBy: terms)
        guard !components.isEmpty,
              let probe = requiredProbe(components.flatMap(requiredSlots(of:))) else { return .failure(rejected) }
        // Accepted only with a witness: the probe's own values must meet
        // every required equation. Phase one over rows of 1e15 can reach
        // zero on rounding alone, where the equations say otherwise.
        guard (try? probe.add(constraint)) != nil, probe.requiredEquationsHoldWhenSolved() else {
            return .failure(rejected)
        }
        let again = takeApart(components) { _ in true }
        for r in again where r.priority.isRequired { reinstall(r) }
        let result: Result<Int, Conflict>
        do throws(Conflict) {
            result = .success(try install(terms, e))
        } catch {
            result = .failure(error)
        }
        for r in again where !r.priority.isRequired { reinstall(r) }
        wideScale = true
        needsVerification = true
        return result
    }

    /// Records equation `e`, which `install` put into `slot`, copying its
    /// terms into `keptTerms`.
    func keep(_ e: EquationBatch.Equation, _ terms: UnsafeBufferPointer<Term>, slot: Int) {
        compactKeptTermsIfSparse()
        let start = keptTerms.count
        // Term by term: two to four, where `append(contentsOf:)` would take
        // its slower generic path for each equation.
        for t in terms { keptTerms.append(t) }
        if !wideCoefficients && Solver.isWideScale(terms) { wideCoefficients = true }
        if !wideScale && (wideCoefficients || Solver.isWideConstant(e.constant)) { wideScale = true }
        // A slot the tableau has not handed out before grows the array (a
        // rejected add may have used the ones in between), as for symbols.
        while recordInfo.count < slot { recordInfo.append(RecordInfo()) }
        let info = RecordInfo(id: e.id, constant: e.constant, addedConstant: e.constant, addedAt: additions,
                              termStart: start, termCount: e.termCount, relation: e.relation,
                              priority: e.priority, abovePriority: e.abovePriority, isLive: true)
        // A new slot is appended once, not appended empty and then written.
        if recordInfo.count == slot { recordInfo.append(info) } else { recordInfo[slot] = info }
        additions += 1
        noteChange(slot)
    }

    /// Notes `slot`'s equation for the next check, in a wide-scale system:
    /// itself, or the variables it named when it is being removed.
    func noteChange(_ slot: Int, removing: Bool = false) {
        guard wideScale, !needsVerification else { return }
        guard changedSinceCheck.count < recordInfo.count / 2 + 64 else {
            // Changes to much of the system (a frame that rebuilds every
            // cell): one pass over every record costs less than finding
            // and sorting out their components.
            needsVerification = true
            changedSinceCheck.removeAll()
            return
        }
        if !removing {
            changedSinceCheck.append(.equation(recordInfo[slot].id))
        } else {
            for t in keptTerms[recordInfo[slot].termRange] { changedSinceCheck.append(.variable(t.variable.id)) }
        }
    }

    /// Forgets `slot`'s equation (its constraint is gone from the tableau).
    private func release(_ slot: Int) {
        guard recordInfo[slot].isLive else { return }
        recordInfo[slot].isLive = false
        deadKeptTerms += recordInfo[slot].termCount
    }

    /// Rewrites `keptTerms` without the runs of removed equations once
    /// they are most of it, so churn does not grow it without bound.
    private func compactKeptTermsIfSparse() {
        guard deadKeptTerms >= 1024, deadKeptTerms * 2 >= keptTerms.count else { return }
        var compacted: [Term] = []
        compacted.reserveCapacity(keptTerms.count - deadKeptTerms)
        for slot in recordInfo.indices where recordInfo[slot].isLive {
            let range = recordInfo[slot].termRange
            recordInfo[slot].termStart = compacted.count
            compacted.append(contentsOf: keptTerms[range])
        }
        keptTerms = compacted
        deadKeptTerms = 0
    }

    /// The equation kept for `slot` as a `Constraint` value (its id, its
    /// terms as added, the constant it was added with, or with `inEffect`
    /// the constant in effect).
    func keptConstraint(_ slot: Int) -> Constraint? { keptConstraint(slot, inEffect: false) }

    func keptConstraint(_ slot: Int, inEffect: Bool) -> Constraint? {
        let r = recordInfo[slot]
        guard r.isLive else { return nil }
        return Constraint(id: r.id, terms: Array(keptTerms[r.termRange]),
                          constant: inEffect ? r.constant : r.addedConstant,
                          relation: r.relation, priority: r.priority, abovePriority: r.abovePriority)
    }

    /// Puts equation `e` over `terms` into the tableau with `e.constant` in
    /// effect and returns its record slot (`keep` records it there).
    private func install(_ terms: UnsafeBufferPointer<Term>, _ e: EquationBatch.Equation) throws(Conflict) -> Int {
        // Borrowed by swapping, not copying: a copy retains both buffers and
        // the write-back releases them, four atomics per add.
        var created: [Int] = [], symbolTerms: [(symbol: Int, coefficient: Double)] = []
        swap(&created, &scratchCreated)
        swap(&symbolTerms, &scratchTerms)
        defer {
            created.removeAll(keepingCapacity: true)
            symbolTerms.removeAll(keepingCapacity: true)
            swap(&created, &scratchCreated)
            swap(&symbolTerms, &scratchTerms)
        }
        for term in terms {
            symbolTerms.append((symbol(for: term.variable, created: &created), term.coefficient))
        }
        let slot: Int
        do {
            slot = try tableau.addConstraint(terms: symbolTerms, constant: e.constant,
                                             relation: e.relation,
                                             priority: (e.abovePriority ?? e.priority).rawValue,
                                             otherPriority: e.priority.rawValue)
        } catch {
            for s in created where tableau.symbolInfo[s].referenceCount == 0 { forgetSymbol(s, free: true) }
            throw error
        }
        recordOf[key(e.id)] = slot
        return slot
    }

    /// Makes room for `n` more constraints, so that adding a large batch
    /// (a window's first layout) does not grow every per-symbol and
    /// per-constraint table by doubling, copying each several times over.
    /// Only a hint; adding more is fine.
    public func reserveCapacity(forAdding n: Int) {
        guard n > 0 else { return }
        // A constraint brings one or two markers and, in a view layer, about
        // one new variable: rows follow constraints, symbols (the feed cell:
        // 2.1 per constraint) two and a half times as fast.
        let symbols = tableau.symbolInfo.count + 2 * n + n / 2
        tableau.reserveCapacity(symbols: symbols, constraints: tableau.records.count + n)
        growCapacity(&variables, to: symbols)
        growCapacity(&recordInfo, to: recordInfo.count + n)
        // A view constraint names two to four variables.
        growCapacity(&keptTerms, to: keptTerms.count + 3 * n)
        recordOf.reserveCapacity(forAdding: n)
        symbolOf.reserveCapacity(forAdding: n)
    }

    /// Adds constraints as one batch: the objective is minimised once, when
    /// values are next read. All or nothing: if one fails, those already
    /// added by this call are removed again before the error is thrown.
    public func add(_ constraints: [Constraint]) throws(SolverError) {
        reserveCapacity(forAdding: constraints.count)
        var done: [Constraint] = []
        done.reserveCapacity(constraints.count)
        for c in constraints {
            do {
                try add(c)
                done.append(c)
            } catch {
                for d in done.reversed() { try? remove(d) }
                throw error
            }
        }
    }

    /// Removes one constraint. The tableau catches up at the next call that
    /// reads or changes the solver (see `flushRemovals`).
    /// - Throws: `.unknownConstraint`.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let slot = recordOf.remove(key(constraint.id)) else {
            throw .unknownConstraint(constraint)
        }
        pendingRemovals.append(slot)
    }

    /// Removes the constraint with this id; returns false if the solver
    /// does not hold it. For callers that keep only ids (the view layer).
    @discardableResult
    package func remove(id: UInt64) -> Bool {
        guard let slot = recordOf.remove(key(id)) else { return false }
        pendingRemovals.append(slot)
        return true
    }

    /// Takes back the removal of constraint `id` while it is still pending
    /// (nothing has read or changed the solver since) and `equation` is the
    /// same equation — same terms, constant in effect, relation and
    /// priorities. The tableau never let go of it, so taking the removal
    /// back leaves the solver exactly as it was, where removing and adding
    /// it again would pivot twice. Returns whether it did; the constraint
    /// keeps `id`, and `equation`'s own id is not used.
    ///
    /// Only the most recent pending removals are looked at, so the call is
    /// O(1) even while a large batch of removals waits.
    package func restore(removed id: UInt64, as equation: borrowing Constraint) -> Bool {
        var batch = EquationBatch()
        batch.append(equation)
        return restore(removed: id, as: batch, at: 0)
    }

    /// The same, for equation `i` of `batch`.
    package func restore(removed id: UInt64, as batch: borrowing EquationBatch, at i: Int) -> Bool {
        var k = pendingRemovals.count - 1
        let stop = Swift.max(0, pendingRemovals.count - 8)
        while k >= stop {
            let slot = pendingRemovals[k]
            if recordInfo[slot].isLive && recordInfo[slot].id == id {
                let kept = recordInfo[slot], e = batch.equations[i]
                guard kept.constant == e.constant, kept.relation == e.relation, kept.priority == e.priority,
                      kept.abovePriority == e.abovePriority, kept.termCount == e.termCount,
                      keptTerms[kept.termRange].elementsEqual(batch.terms[e.termRange])   // variables compare by id
                else { return false }
                pendingRemovals.remove(at: k)
                recordOf[key(id)] = slot
                return true
            }
            k -= 1
        }
        return false
    }

    /// Removes constraints as one batch; checks them all before removing any.
    /// A constraint listed twice is unknown the second time: the call throws
    /// for it and removes nothing.
    public func remove(_ constraints: [Constraint]) throws(SolverError) {
        for c in constraints where recordOf[key(c.id)] == nil { throw .unknownConstraint(c) }
        // A view's few constraints are compared pairwise, allocating nothing;
        // a long list goes through a set.
        if constraints.count <= 16 {
            for i in constraints.indices {
                for j in constraints.indices where j > i && constraints[j].id == constraints[i].id {
                    throw .unknownConstraint(constraints[j])
                }
            }
        } else {
            var listed = Set<UInt64>()
            listed.reserveCapacity(constraints.count)
            for c in constraints where !listed.insert(c.id).inserted { throw .unknownConstraint(c) }
        }
        for c in constraints { try remove(c) }
    }

    public func contains(_ constraint: Constraint) -> Bool { recordOf[key(constraint.id)] != nil }
    /// Whether the solver holds the constraint with this id.
    package func contains(id: UInt64) -> Bool { recordOf[key(id)] != nil }

    /// The constraint with this `id`, if the solver holds it: a caller that
    /// keeps only ids (the view layer's constraints) gets the equation back
    /// on the rare paths that need it.
    package func constraint(id: UInt64) -> Constraint? {
        recordOf[key(id)].flatMap(keptConstraint)
    }

    public var constraintCount: Int { recordOf.count }

    /// The constant currently in effect for `constraint`'s expression.
    public func constant(of constraint: Constraint) -> Double? {
        recordOf[key(constraint.id)].map { recordInfo[$0].constant }
    }

    /// Changes the constant of `constraint`'s expression (`Σ aᵢxᵢ + constant`)
    /// in place: the dependency-tracking path used when a view is dragged,
    /// far cheaper than removing the constraint and adding a new one.
    /// - Throws: `.unknownConstraint`, `.nonFinite`, or `.unsatisfiable` when
    ///   a required constraint cannot take the new constant (it keeps the old).
    public func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
        guard let slot = recordOf[key(constraint.id)] else { throw .unknownConstraint(constraint) }
        try setConstant(constant, slot: slot)
    }

    /// The same for the constraint with this id (the view layer keeps only
    /// ids); nothing happens if the solver does not hold it. Errors name
    /// the equation as it was added.
    package func setConstant(_ constant: Double, id: UInt64) throws(SolverError) {
        guard let slot = recordOf[key(id)] else { return }
        try setConstant(constant, slot: slot)
    }

    private func setConstant(_ constant: Double, slot: Int) throws(SolverError) {
        guard constant.isFinite else { throw .nonFinite(keptConstraint(slot)!) }
        let delta = constant - recordInfo[slot].constant
        guard delta != 0 else { return }
        flushRemovals()
        tableau.optimizeDirty()
        // Noted now: a rebuild below moves the record.
        noteChange(slot)
        var shifted = false
        do {
            try tableau.shiftConstant(slot, by: delta, to: constant)
            recordInfo[slot].constant = constant
            shifted = true
        } catch {
            guard !recordInfo[slot].priority.isRequired else {
                throw .unsatisfiable(keptConstraint(slot)!,
                                     conflicts: error.records.filter { $0 != slot }.compactMap(keptConstraint))
            }
            // A preference's constant can always move: its errors absorb any
            // change. A dual simplex that finds no way met rounding (a row
            // of 1e13 whose only way out was cancelled), so the component
            // is built again from its equations with the new constant (the
            // rebuild moves records: `slot` is not read after it).
            recordInfo[slot].constant = constant
            tableau.infeasible.removeAll()
            tableau.anomalies += 1
            rebuildFromEquations(tableau.symbolInfo[tableau.records[slot].marker].componentOf)
        }
        if shifted && recordInfo[slot].priority.isRequired && wideCoefficients && !isProbe {
            // Read before the check: going back can rebuild, which moves records.
            let changed = keptConstraint(slot)!
            if let conflicts = confirmConstant(slot, was: constant - delta) {
                throw .unsatisfiable(changed, conflicts: conflicts)
            }
        }
        tableau.counters.constantUpdates += 1
        if !wideScale && Solver.isWideConstant(constant) {
            wideScale = true
            needsVerification = true
        }
    }

    // MARK: Edit variables

    /// Makes `variable` editable at `priority` (below required), starting
    /// from its current value so that adding the edit moves nothing.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard edits[variable.id] == nil else { throw .duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let start = value(of: variable)
        let c = Constraint(Expression(variable) - start, .equal, priority: priority)
        try add(c)
        edits[variable.id] = Edit(constraint: c, value: start)
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable.id) else { throw .unknownEditVariable(variable) }
        try remove(edit.constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.id] != nil }

    /// Suggests a value for an edit variable; dual simplex moves only what
    /// depends on it.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var edit = edits[variable.id] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue(variable, value) }
        try setConstant(-value, for: edit.constraint)
        edit.value = value
        edits[variable.id] = edit
        tableau.counters.suggestions += 1
    }

    // MARK: Values

    /// Minimises the error of every component changed since the last call.
    public func solve() {
        flushRemovals()
        tableau.optimizeDirty()
        if checkPending { verifyRequired() }
    }

    /// The variable's value in the current optimal solution (0 if no
    /// constraint mentions it).
    public func value(of variable: Variable) -> Double {
        flushRemovals()
        tableau.settleCopies()
        tableau.optimizeDirty()
        if checkPending { verifyRequired() }
        guard let s = symbolOf[key(variable.id)] else { return 0 }
        return tableau.currentValue(of: s)
    }

    /// The variables whose value differs from what the previous call (or, for
    /// new variables, zero) reported, in the order they were touched. Only
    /// rows that changed are visited.
    public func takeChangedVariables() -> [Variable] {
        takeChangedValues().map(\.variable)
    }

    /// The same changes with the values reported: a caller that mirrors
    /// them (the view layer) reads no value back one lookup at a time.
    package func takeChangedValues() -> [(variable: Variable, value: Double)] {
        var out: [(variable: Variable, value: Double)] = []
        takeChangedValues { out.append(($0, $1)) }
        return out
    }

    /// The same, each change handed to `body` as it is found, in the same
    /// order, so that a large layout's changes are not an array of their
    /// own, written and read back. `body` must not call the solver.
    package func takeChangedValues(_ body: (Variable, Double) -> Void) {
        flushRemovals()
        tableau.settleCopies()
        tableau.optimizeDirty()
        if checkPending { verifyRequired() }
        tableau.propagateChangesThroughLinks()
        var seen = Set<UInt64>()
        for (v, last) in forgottenNonZero where seen.insert(v.id).inserted {
            let now = value(of: v)
            if let s = symbolOf[key(v.id)] { variables[s].reported = now }   // compared with what was reported, not 0
            if now != last { body(v, now) }
        }
        forgottenNonZero.removeAll()
        for i in tableau.changed.indices {
            let s = tableau.changed[i]
            tableau.symbolInfo[s].changedFlag = false
            guard tableau.symbolInfo[s].kind == .external, let v = variables[s].variable else { continue }
            let x = tableau.currentValue(of: s)
            if x != variables[s].reported {
                variables[s].reported = x
                // Most reports follow no forgotten variable: an empty set is not asked.
                if seen.isEmpty || !seen.contains(v.id) { body(v, x) }
            }
        }
        tableau.changed.removeAll(keepingCapacity: true)
    }

    /// What `takeChangedValues` last reported for `variable` (0 if never), the
    /// value a mirror of it holds.
    package func lastReported(_ variable: Variable) -> Double {
        // Forgotten (and perhaps mentioned again) since the last report:
        // the value it was forgotten with is what was reported.
        if !forgottenNonZero.isEmpty, let f = forgottenNonZero.first(where: { $0.variable.id == variable.id }) {
            return f.reported
        }
        if symbolOf.count == 0 { return 0 }   // a new window's engine
        return symbolOf[key(variable.id)].map { variables[$0].reported } ?? 0
    }

    // MARK: Introspection

    /// Work done so far; deterministic for a given sequence of calls.
    /// Reading them brings pending removals in, so they count.
    public var counters: SolverCounters {
        flushRemovals()
        tableau.settleCopies()
        return tableau.counters
    }
    /// States exact arithmetic rules out, met and survived. Zero when healthy.
    public var anomalies: Int {
        flushRemovals()
        return tableau.anomalies
    }
    /// Rows in the tableau.
    public var rowCount: Int {
        flushRemovals()
        return tableau.rows.count - tableau.freeRows.count
            + tableau.components.reduce(0) { $0 + ($1.shared?.image.rowCount ?? 0) }
    }
    /// Live components (independent blocks).
    public var componentCount: Int {
        flushRemovals()
        return tableau.components.count - tableau.freeComponents.count
    }
    /// Terms across every component's objective.
    public var objectiveTermCount: Int {
        flushRemovals()
        return tableau.components.reduce(0) {
            $0 + ($1.shared?.image.objectiveTermCount ?? $1.levels.reduce(0) { $0 + $1.row.cells.count })
        }
    }
    /// Times a block's folded dummy terms (see `DummyNode`) were written out:
    /// building a chain folds them; the first removal (or split) in that
    /// block writes them out once. Constant changes follow folded terms.
    public var unfolds: Int {
        flushRemovals()
        return tableau.unfoldCount
    }
    /// Symbols in use (variables, slacks, errors, markers).
    public var symbolCount: Int {
        flushRemovals()
        return tableau.symbolInfo.count - tableau.freeSymbols.count
    }

    /// Whether two variables are in the same independent block.
    public func sharesComponent(_ a: Variable, _ b: Variable) -> Bool {
        flushRemovals()
        guard let x = symbolOf[key(a.id)], let y = symbolOf[key(b.id)] else { return false }
        let c = tableau.symbolInfo[x].componentOf
        return c >= 0 && c == tableau.symbolInfo[y].componentOf
    }

    // MARK: Deferred removals

    /// Components at least this large are dropped or rebuilt when a batch
    /// removes half of their constraints or more. Smaller ones remove one by
    /// one: each removal there costs at most the component's size, so the
    /// bulk path has nothing to win back its fixed cost (grouping, sorting,
    /// adding back).
    static let defaultRebuildThreshold = 64
    private var rebuildThreshold = Solver.defaultRebuildThreshold
    /// Components dropped and rebuilt by `flushRemovals` so far (tests read
    /// it; reading it does not bring pending removals in).
    private(set) var rebuilds = 0

    /// Takes the pending removals out of the tableau, component by
    /// component: a large component losing at least half its constraints is
    /// dropped whole and what stays is added again in its original order
    /// (cost: building what stays; nothing, when all go); the rest are
    /// removed one at a time, in removal order.
    ///
    /// A rebuild finds an optimum of exactly the remaining constraints, like
    /// removing them one by one; where that optimum is not unique (an
    /// ambiguous layout), which one it lands on may differ — deterministically.
    func flushRemovals() {
        guard !pendingRemovals.isEmpty else { return }
        for slot in pendingRemovals { noteChange(slot, removing: true) }
        let pending = pendingRemovals
        pendingRemovals = []
        // Group by component, in order of first removal (never hash order).
        var groupOf = IntIndex<Int>()
        var groups: [(component: Int, slots: [Int])] = []
        for slot in pending {
            let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
            if c < 0 {
                removeNow(slot)
            } else if let g = groupOf[c] {
                groups[g].slots.append(slot)
            } else {
                groupOf[c] = groups.count
                groups.append((c, [slot]))
            }
        }
        for (c, slots) in groups {
            let total = tableau.components[c].constraintCount
            if total >= rebuildThreshold && slots.count * 2 >= total {
                rebuild(c, removing: slots)
            } else if slots.count == 1 {
                removeNow(slots[0])
            } else {
                // One split check after the group, not one per removal: a
                // cell taking its constraints down one by one split off a
                // piece at almost every step (churn: a fifth of a pass).
                tableau.splitChecksDeferred = true
                for slot in slots { removeNow(slot) }
                tableau.splitChecksDeferred = false
                tableau.checkSplit(c)
            }
        }
    }

    /// Takes one record out of the tableau (pivoting its marker out) and
    /// forgets the variables no constraint mentions any more.
    private func removeNow(_ slot: Int) {
        let released = tableau.removeConstraint(slot)
        for s in released { forgetSymbol(s, free: false) }
        release(slot)
    }

    /// Drops component `c` and adds back every constraint of it that is not
    /// in `removing`, with the constant in effect.
    private func rebuild(_ c: Int, removing: [Int]) {
        var marked = IntIndex<Int>()
        for slot in removing { marked[slot] = 1 }
        let again = takeApart([c]) { marked[$0] == nil }
        for slot in removing { release(slot) }
        for r in again { reinstall(r) }
    }

    /// Drops components `cs` from the tableau, forgetting the variables only
    /// they named, and returns the records `keep` keeps, no longer live, in
    /// the order they were first added, for `reinstall`. Their terms stay
    /// where they are in `keptTerms`; each record moves to the slot its
    /// equation is installed in again.
    private func takeApart(_ cs: [Int], keeping keep: (Int) -> Bool) -> [RecordInfo] {
        var kept: [Int] = []
        for c in cs {
            let (k, released) = tableau.dismantle(c, keep: keep)
            for s in released { forgetSymbol(s, free: false) }
            kept += k
        }
        rebuilds += 1
        let again = kept.sorted { recordInfo[$0].addedAt < recordInfo[$1].addedAt }.map { recordInfo[$0] }
        for slot in kept { recordInfo[slot].isLive = false }
        return again
    }

    /// The components that `terms` name, when there are any and they hold
    /// 64 constraints or fewer together; else none.
    private func smallComponents(namedBy terms: UnsafeBufferPointer<Term>) -> [Int] {
        var components: [Int] = []
        for t in terms {
            guard let s = symbolOf[key(t.variable.id)] else { continue }
            let c = tableau.symbolInfo[s].componentOf
            if c >= 0 && !components.contains(c) { components.append(c) }
        }
        return components.reduce(0, { $0 + tableau.components[$1].constraintCount }) <= 64 ? components : []
    }

    /// The live required records of component `c`, in its order.
    func requiredSlots(of c: Int) -> [Int] {
        tableau.records(of: c).filter { recordInfo[$0].isLive && recordInfo[$0].priority.isRequired }
    }

    /// The live required records of the small components that `terms`
    /// name, component by component; none when they are not small.
    private func requiredSlots(namedBy terms: UnsafeBufferPointer<Term>) -> [Int] {
        smallComponents(namedBy: terms).flatMap(requiredSlots(of:))
    }

    /// A fresh solver holding the equations of `slots`, each with the
    /// constant in effect, or nil when one does not go in.
    func requiredProbe(_ slots: [Int]) -> Solver? {
        let probe = Solver()
        probe.isProbe = true
        for slot in slots {
            guard let kept = keptConstraint(slot, inEffect: true), (try? probe.add(kept)) != nil else { return nil }
        }
        return probe
    }

    /// Whether a probe holding the required equations `slots` (noted before
    /// `constraint` went in) refuses `constraint`: the conflicting
    /// constraints then, nil when it accepts or cannot judge. Preferences
    /// push values to 1e13 and beyond, where phase one can reach zero on
    /// rounding and accept a row that no values hold; without them the
    /// values are the equations' own. Phase one can also miss a feasible
    /// row (one held only at 6e12, through a 1e-6 term), so a refusal here
    /// is a second opinion, not a verdict: an install whose values hold
    /// every required equation stands. Asked only when they do not hold.
    private func probeRefuses(_ constraint: Constraint, holding slots: [Int]) -> [Constraint]? {
        guard !slots.isEmpty, let probe = requiredProbe(slots) else { return nil }
        do {
            try probe.add(constraint)
            return nil
        } catch {
            guard case .unsatisfiable(_, let conflicts) = error else { return nil }
            // As every refusal names them: the solver's own records, as
            // added, the refused one left out.
            return conflicts.filter { $0.id != constraint.id }.compactMap { self.constraint(id: $0.id) }
        }
    }

    /// Drops component `c` and adds back all of its constraints from their
    /// equations, the required ones first, each group in addition order:
    /// the last repair, for rows that a pivot on rounding left on a
    /// singular basis, where no refactor can find values.
    /// Returns each constraint that could not go back in (by id), with the
    /// required records it conflicted with.
    @discardableResult
    func rebuildFromEquations(_ c: Int) -> [UInt64: Conflict] {
        let again = takeApart([c]) { _ in true }
        var dropped: [UInt64: Conflict] = [:]
        for r in again where r.priority.isRequired { if let e = reinstall(r) { dropped[r.id] = e } }
        for r in again where !r.priority.isRequired { if let e = reinstall(r) { dropped[r.id] = e } }
        tableau.optimizeDirty()
        // The reinstalls pivot as any add does, and a value can pass through
        // 1e13 on its way back (x1 = −0.0161 for −0.0163, its row's constant
        // rounded to a part in 2¹¹): the rebuilt basis takes its values
        // afresh from the equations. Only its values: rows rebuilt and
        // optimised again can pivot on the same rounding, off to 1e28.
        var rebuilt: [Int] = []
        for r in again {
            guard let slot = recordOf[key(r.id)] else { continue }
            let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
            if c >= 0 && !rebuilt.contains(c) { rebuilt.append(c) }
        }
        for c in rebuilt where tableau.components[c].alive && tableau.components[c].constraintCount <= 64 {
            refactor(c)
            // That refactor's dual simplex pivots on the rows the reinstalls
            // wrote. Where those no longer say what their equations do, an
            // equation misses by far more than rounding at the values they
            // reach (a preference off by 5e9 while its errors read 0), and
            // the optimum read off them is not one: the rows are then taken
            // afresh from the equations and optimised again.
            if tableau.components[c].alive && tableau.anyRecord(of: c, where: equationDrifts) {
                refactor(c, rows: true)
            }
        }
        return dropped
    }

    /// Installs a dismantled record's equation again, with the constant in
    /// effect, and moves its record to the slot it lands in. Returns the
    /// conflict when it cannot go back in.
    @discardableResult
    private func reinstall(_ r: RecordInfo) -> Conflict? {
        let e = EquationBatch.Equation(id: r.id, constant: r.constant, termStart: 0, termCount: r.termCount,
                                       relation: r.relation, priority: r.priority, abovePriority: r.abovePriority)
        let installed = keptTerms.withUnsafeBufferPointer { all -> Result<Int, Conflict> in
            do throws(Conflict) {
                return .success(try install(UnsafeBufferPointer(rebasing: all[r.termRange]), e))
            } catch {
                return .failure(error)
            }
        }
        switch installed {
        case .success(let slot):
            var moved = r
            moved.addedAt = additions
            additions += 1
            while recordInfo.count <= slot { recordInfo.append(RecordInfo()) }
            recordInfo[slot] = moved
            return nil
        case .failure(let conflict):
            // A subset of a satisfiable system is satisfiable: only
            // rounding can get here. Keep going without the constraint.
            tableau.anomalies += 1
            recordOf[key(r.id)] = nil
            deadKeptTerms += r.termCount
            edits = edits.filter { $0.value.constraint.id != r.id }
            return conflict
        }
    }

    // MARK: Private

    func symbol(for v: Variable, created: inout [Int]) -> Int {
        if let s = symbolOf[key(v.id)] { return s }
        let s = tableau.newSymbol(.external)
        symbolOf[key(v.id)] = s
        // A new slot is appended once, not appended empty and then written.
        while variables.count < s { variables.append(SymbolVariable(variable: nil, reported: 0)) }
        if variables.count == s {
            variables.append(SymbolVariable(variable: v, reported: 0))
        } else {
            variables[s] = SymbolVariable(variable: v, reported: 0)
        }
        created.append(s)
        return s
    }

    /// `symbol(for:created:)` for variables the solver holds none of yet
    /// (a copied block's: a block shares no variable with the solver), each
    /// appended to `symbols` and `created`, the tables grown once for all.
    func newSymbols(for vs: ArraySlice<Variable>, into symbols: inout [Int], created: inout [Int]) {
        guard tableau.freeSymbols.isEmpty, variables.count <= tableau.symbolInfo.count else {
            for v in vs { symbols.append(symbol(for: v, created: &created)) }
            return
        }
        var s = tableau.appendSymbols(vs.count, kind: .external)
        if variables.count < s {
            variables.append(contentsOf: repeatElement(SymbolVariable(variable: nil, reported: 0), count: s - variables.count))
        }
        for v in vs {
            assert(symbolOf[key(v.id)] == nil, "a copied block's variable is new to the solver")
            symbolOf[key(v.id)] = s
            variables.append(SymbolVariable(variable: v, reported: 0))
            symbols.append(s)
            created.append(s)
            s += 1
        }
    }

    func forgetSymbol(_ s: Int, free: Bool) {
        if free { tableau.freeSymbol(s) }
        if let v = variables[s].variable {
            symbolOf[key(v.id)] = nil
            if variables[s].reported != 0 { forgottenNonZero.append((v, variables[s].reported)) }
        }
        variables[s].variable = nil
    }

    @inline(__always) func key(_ id: UInt64) -> Int { Int(truncatingIfNeeded: id) }

}
