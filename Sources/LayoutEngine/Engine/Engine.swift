import LayoutSolver
import Synchronization

/// The tables of the last engine closed, emptied, for the next engine to
/// start from (the solver keeps its own: `SpareStorage`). A window's first
/// layout queues its whole tree at once (a list of cells: thousands of
/// equations); a queue grown from empty would copy itself a dozen times
/// over on the way, and the item tables' first large blocks would make
/// glibc consolidate its fast bins, full of the previous window's
/// constraints, while the new cells are being made.
/// Fresh engines per call (`systemLayoutSizeFitting`'s, a benchmark's
/// window per step) then grow nothing.
private let spareTables = Mutex<EngineTables?>(nil)

/// An engine's growable tables, emptied. Unchecked `Sendable`: empty, they
/// refer to nothing.
private struct EngineTables: @unchecked Sendable {
    var queue = EquationBatch()
    var queuedConstraints: [Unmanaged<LayoutConstraint>?] = []
    var itemSlotByVariable = IDIndex()
    var items: [Unmanaged<LayoutItem>?] = []
    var freeItemSlots: [Int] = []
    var scratchItems: [Unmanaged<LayoutItem>] = []
    var scratchPending: [Unmanaged<LayoutConstraint>] = []
    var scratchSlots: [Unmanaged<LayoutConstraint>?] = []

    /// Which of two spares is kept: the one with room for more equations.
    var room: Int { queue.equationCapacity }
}

/// One window's constraint engine: a `Solver`, the map from its variables
/// back to views, the text measurer, and the counters.
///
/// The engine turns layout constraints into solver equations, reports each
/// variable the solver moved to the item that owns it (which marks its
/// superview as needing layout), and breaks unsatisfiable constraints with a
/// UIKit-style log instead of stopping. Equations reach the solver in
/// batches (see `queued`); a constraint is found unsatisfiable, broken and
/// logged when its batch is applied, before anything reads the engine.
final class Engine {
    /// The solver with every queued addition applied: reads from outside
    /// the engine go through it, so they never see a stale tableau.
    var solver: Solver {
        applyQueuedAdditions()
        return core
    }
    private let core = Solver()
    /// Set when the window goes (`close`), which moves its slot on:
    /// constraints that outlive it read their engine as nil.
    private(set) var isClosed = false
    /// The equations of constraints installed but not yet added to the
    /// solver, in order, laid out flat (one terms buffer for all). They are
    /// added back to back before the next read or other change (every path
    /// to the solver applies them first), so the solver sees the same calls
    /// in the same order as if each were added at once. Batching keeps the
    /// solver's code in the instruction cache: otherwise a subtree joining
    /// the window, or a pass of content-size updates, would alternate one
    /// add with expression building or text shaping, whose code evicts it.
    private var queue = EquationBatch()
    private var reservedIDs: Range<UInt64> = 0..<0
    /// The constraint of each queued equation, so that applying a batch
    /// reads the queue alone: the constraint objects, long out of the cache
    /// by then, are touched only to break one. Unretained: a constraint
    /// stays installed (held by its items or its view) while queued, as
    /// every path that uninstalls it, or changes its equation, applies the
    /// queue first. Nil for a view's content-size equation, which has no
    /// object (and cannot fail: see `ContentSizeEquation`).
    private var queuedConstraints: [Unmanaged<LayoutConstraint>?] = []
    /// The first entry of `queue` not yet handed to the solver.
    private var nextQueued = 0
    var measurer: any TextMeasurer
    var counters = EngineCounters()
    /// Solver work done by fresh `systemLayoutSizeFitting` engines.
    var fittingSolverCounters = EngineCounters()
    /// UIKit-style messages about broken constraints, oldest first.
    var messages: [String] {
        applyQueuedAdditions()
        return logged
    }
    private var logged: [String] = []
    var logHandler: ((String) -> Void)?
    /// When non-nil, the render loop appends one line per call it makes.
    var trace: [String]?
    /// The window owns the engine and outlives it.
    unowned(unsafe) var window: Window?

    /// An item's block of variables (`Variable.block`) → its slot in
    /// `items`: one entry per item. The solver's open-addressing map, as
    /// Swift's `Dictionary` hashes every id with SipHash, which costs more
    /// than the lookup itself.
    private var itemSlotByVariable = IDIndex()
    /// The items in the engine, unretained: an item always leaves the engine
    /// (removal from the window, or the guide's removal) before it can go
    /// away, and retaining them would keep the window's tree alive through
    /// itself. Slots of items that left are reused.
    private var items: [Unmanaged<LayoutItem>?] = []
    private var freeItemSlots: [Int] = []
    /// Reused by `flushChanges` for the items it tells.
    private var scratchItems: [Unmanaged<LayoutItem>] = []
    /// Reused by `View.moveSubtree` for the constraints a subtree brings
    /// (taken out while in use): a cell's list is about a kilobyte, which
    /// would be allocated and freed per cell, and large requests make glibc consolidate its
    /// fast bins first. Unretained: the items' references hold them, and
    /// no app code runs while the list is in use (`holdingLogHandler`).
    var scratchPending: [Unmanaged<LayoutConstraint>] = []
    /// Reused by `View.moveSubtree` to put them in creation order.
    var scratchSlots: [Unmanaged<LayoutConstraint>?] = []

    /// The item `v` belongs to, if it is in this engine.
    private func item(of v: Variable) -> Unmanaged<LayoutItem>? {
        itemSlotByVariable[v.block].flatMap { items[$0] }
    }
    /// Signatures of user constraints removed in the current pass (churn detection).
    private var removedThisPass: Set<ConstraintSignature> = []
    /// Bumped by every solver mutation, so a flush with nothing to do is one comparison.
    private var generation = 0
    private var flushedGeneration = 0

    /// Where its installed constraints find it (see `EngineSlot`).
    let slot = EngineSlot.take()

    init(measurer: any TextMeasurer) {
        self.measurer = measurer
        slot.open(self)
        if var spare = spareTables.withLock({ slot -> EngineTables? in
            defer { slot = nil }
            return slot
        }) {
            exchangeTables(with: &spare)
        }
    }

    /// Swaps this engine's growable tables with `tables`.
    private func exchangeTables(with tables: inout EngineTables) {
        swap(&queue, &tables.queue)
        swap(&queuedConstraints, &tables.queuedConstraints)
        swap(&itemSlotByVariable, &tables.itemSlotByVariable)
        swap(&items, &tables.items)
        swap(&freeItemSlots, &tables.freeItemSlots)
        swap(&scratchItems, &tables.scratchItems)
        swap(&scratchPending, &tables.scratchPending)
        swap(&scratchSlots, &tables.scratchSlots)
    }

    deinit {
        // Never closed (no window owned it): its constraints must not find it.
        if !isClosed { slot.close() }
    }

    /// Counters including the solver's.
    func snapshot() -> EngineCounters {
        var c = counters
        c.add(solver.counters)
        return c + fittingSolverCounters
    }

    // MARK: Items

    /// Registers an item's variables so solver changes reach it.
    func enter(_ item: LayoutItem) {
        if item.engine === self { return }
        item.engine = self
        let slot: Int
        if let free = freeItemSlots.popLast() {
            slot = free
            items[slot] = .passUnretained(item)
        } else {
            slot = items.count
            items.append(.passUnretained(item))
        }
        // One entry for the item's four variables: `Variable.four()` made
        // them a block of their own.
        itemSlotByVariable[item.xVar.block] = slot
        // The mirror starts from what the solver last reported (0 for
        // variables it never held), so later reports keep it exact.
        item.reportedRect = Rect(x: core.lastReported(item.xVar), y: core.lastReported(item.yVar),
                                 width: core.lastReported(item.widthVar), height: core.lastReported(item.heightVar))
        item.didEnterEngine(self)
    }

    /// Clears the unretained reference to this engine that `item` holds, so
    /// one that outlives the window reads nil, as through a weak reference.
    /// The window calls it for every item in its tree as it goes (an item in
    /// the engine is always in the tree: leaving the window leaves the
    /// engine); nothing else may. Constraints need no visit: they find the
    /// engine through its slot, which `close` moves on.
    func detach(_ item: LayoutItem) {
        guard item.engine === self else { return }
        item.engine = nil
    }

    /// The window is going: constraints still installed read their engine
    /// as nil from now on, and the solver's storage is freed now rather
    /// than with the last of them.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        slot.close()
        window = nil
        var emptied = EngineTables()
        queue.removeAll(keepingCapacity: true)
        queuedConstraints.removeAll(keepingCapacity: true)
        itemSlotByVariable.removeAll()
        items.removeAll(keepingCapacity: true)
        freeItemSlots.removeAll(keepingCapacity: true)
        // Empty between uses already; emptied all the same.
        scratchItems.removeAll(keepingCapacity: true)
        scratchPending.removeAll(keepingCapacity: true)
        scratchSlots.removeAll(keepingCapacity: true)
        exchangeTables(with: &emptied)
        // The larger of two spares is kept: it fits the next window of either size.
        let offered = emptied
        spareTables.withLock { slot in
            if (slot?.room ?? 0) < offered.room { slot = offered }
        }
        nextQueued = 0
        core.reset()
    }

    /// Forgets an item (its constraints must already be uninstalled).
    func leave(_ item: LayoutItem) {
        guard item.engine === self else { return }
        item.willLeaveEngine(self)
        if let slot = itemSlotByVariable.remove(item.xVar.block) {
            items[slot] = nil
            freeItemSlots.append(slot)
        }
        item.engine = nil
        item.engineDirty = false
    }

    // MARK: Installing constraints

    /// Installs `c` if both its items are in this engine's window; a subtree
    /// joining the window asks this of each constraint it carries.
    func installIfInWindow(_ c: LayoutConstraint) {
        guard !c.isInstalled, c.goneItems == 0 else { return }
        c.withItems { first, second in
            guard first.installationEngine(with: second)?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
            else { return }
            install(c)
        }
    }

    /// Builds a constraint's equation and queues it for the solver (see
    /// `queued`). Unsatisfiable required constraints are broken (left out)
    /// and logged when the queue is applied.
    func install(_ c: LayoutConstraint) {
        guard !c.isInstalled, c.goneItems == 0 else { return }
        // Items enter as the expression names them, in the order the
        // expression lists them.
        // The callback holds the engine unretained: capturing `self` would
        // make the builder's calls retain and release it around each item.
        let me = Unmanaged.passUnretained(self)
        // Built on the stack, then appended to the queue: entering an item
        // can install its autoresizing constraints meanwhile.
        var terms = InlineTerms()
        guard let built = ExpressionBuilder.build(c, into: &terms, touching: { item in
            if item.engineLink?.toOpaque() != me.toOpaque() { me._withUnsafeGuaranteedRef { $0.enter(item) } }
        }) else {
            log("Unable to install \(c): its items have no common ancestor. "
                + "Add both views to the same hierarchy before activating constraints between them.")
            return
        }
        c.anchorConstant = built.anchorConstant
        let owner = built.owner
        if terms.overflowed {
            // Longer than the stack holds (a constraint between distant
            // cousins): built again into an array, its items entered already.
            var all: [Term] = []
            _ = ExpressionBuilder.build(c, into: &all, touching: { _ in })
            queue.terms.append(contentsOf: all)
        } else {
            terms.copy(to: &queue.terms)
        }
        let id = nextEquationID()
        c.queueEquation(constant: built.constant, in: &queue, id: id)
        // Uninstalled and installed again unchanged with nothing queued in
        // between (a toggled `isActive`): while its removal is still pending,
        // the solver takes it back and does no work at all. With additions
        // queued, an add after them keeps the order an immediate add gives.
        let restored: Bool
        if let old = c.removedSolverID, nextQueued == queuedConstraints.count,
           core.restore(removed: old, as: queue, at: queuedConstraints.count) {
            queue.removeLast()
            c.solverID = old
            restored = true
        } else {
            c.solverID = id
            restored = false
        }
        c.removedSolverID = nil
        c.brokenTerms = nil
        c.engine = self
        c.isBroken = false
        generation &+= 1
        counters.add(.constraintsAdded)
        // The owner as the builder found it: the host read again is a retain.
        owner?._withUnsafeGuaranteedRef { $0.counters.constraintsAdded += 1 }
        if c.kind == .user, !removedThisPass.isEmpty, removedThisPass.remove(c.signature) != nil {
            counters.add(.constraintChurn)
            owner?._withUnsafeGuaranteedRef { $0.counters.constraintChurn += 1 }
        }
        guard !restored else { return }
        c.queuedAt = Int32(truncatingIfNeeded: queuedConstraints.count)
        queuedConstraints.append(.passUnretained(c))
    }

    /// A fresh equation id from a run the engine reserved: one atomic step
    /// on the process-wide counter per 64 equations, not one each.
    private func nextEquationID() -> UInt64 {
        if reservedIDs.isEmpty { reservedIDs = Constraint.reserveIDs(64) }
        let id = reservedIDs.lowerBound
        reservedIDs = (id + 1)..<reservedIDs.upperBound
        return id
    }

    /// Constraints waiting in `queue` (tests read it).
    var queuedAdditionCount: Int { queuedConstraints.count - nextQueued }

    /// Adds the queued constraints' equations to the solver. Unsatisfiable
    /// required constraints are broken (left out) and logged.
    func applyQueuedAdditions() {
        // A large batch (a window's first layout adds its whole tree at
        // once) goes in one call, which reserves room for it up front and
        // copies repeated blocks.
        // The constraints' list, not the batch, answers how many wait: it is a
        // plain array here, where the batch's count is a call that retains it.
        if queuedConstraints.count - nextQueued >= Solver.batchGroupingThreshold { return applyQueuedBatch() }
        // An index into the queue, not a copy of it: a log handler that reads
        // the engine while a batch is applied finishes the same batch first.
        while nextQueued < queuedConstraints.count {
            let i = nextQueued
            nextQueued += 1
            do {
                try core.add(queue, at: i)
            } catch {
                breakQueued(queuedConstraints[i], error)
            }
        }
        if !queuedConstraints.isEmpty {
            queue.removeAll(keepingCapacity: true)
            queuedConstraints.removeAll(keepingCapacity: true)
            nextQueued = 0
        }
    }

    /// A large batch (a subtree joining the window, a window's first
    /// layout) goes to the solver in one call, which solves a block of
    /// constraints repeated across the batch (a list's cells) once and
    /// copies it (`Solver.add(batch:)`). Constraints it could not add are
    /// broken and logged afterwards, in queue order.
    private func applyQueuedBatch() {
        // Only a log handler that reads the engine mid-batch leaves some applied.
        queue.removeFirst(nextQueued)
        queuedConstraints.removeFirst(nextQueued)
        nextQueued = 0
        var broken: [(Unmanaged<LayoutConstraint>?, SolverError)] = []
        core.add(batch: queue) { i, error in broken.append((queuedConstraints[i], error)) }
        // The queue is done before anything is logged: a log handler that
        // reads the engine finds nothing left to apply.
        queue.removeAll(keepingCapacity: true)
        queuedConstraints.removeAll(keepingCapacity: true)
        for (c, error) in broken { breakQueued(c, error) }
    }

    /// Breaks the constraint of a queued equation the solver refused (nil:
    /// a content-size equation's, which has none).
    private func breakQueued(_ c: Unmanaged<LayoutConstraint>?, _ error: SolverError) {
        if let c { breakConstraint(c.takeUnretainedValue(), error) } else { contentSizeEquationFailed(error) }
    }

    /// A content-size equation is a finite two-sided preference over a
    /// variable of its own view: the solver has no reason to refuse one.
    private func contentSizeEquationFailed(_ error: SolverError) {
        assertionFailure("a content-size equation was refused: \(error)")
        log("Unable to add a content-size equation: \(error)")
    }

    /// Removes a constraint's equation from the solver.
    func uninstall(_ c: LayoutConstraint) {
        guard c.isInstalled(in: self) else { return }
        let i = Int(c.queuedAt)
        if i == queuedConstraints.count - 1, i >= nextQueued, queuedConstraints[i]?.toOpaque() == Unmanaged.passUnretained(c).toOpaque() {
            // Installed and uninstalled with nothing queued after it: the
            // solver never sees it, as an add and a remove in a row would
            // leave it as it was. (So it is never found unsatisfiable.)
            queue.removeLast()
            queuedConstraints.removeLast()
            c.removedSolverID = nil
        } else {
            applyQueuedAdditions()
            if let id = c.solverID, !c.isBroken, core.remove(id: id) {
                c.removedSolverID = id
            }
        }
        c.engine = nil
        c.solverID = nil
        c.brokenTerms = nil
        c.isBroken = false
        generation &+= 1
        counters.add(.constraintsRemoved)
        if c.goneItems & 1 == 0 {
            c.firstLink._withUnsafeGuaranteedRef { $0.hostLink?._withUnsafeGuaranteedRef { $0.counters.constraintsRemoved += 1 } }
        }
        if c.kind == .user { removedThisPass.insert(c.signature) }
    }

    /// The in-place path: a new constant without removing the equation.
    func constantChanged(_ c: LayoutConstraint) {
        guard c.isInstalled(in: self) else { return }
        applyQueuedAdditions()
        guard let id = c.solverID, !c.isBroken, core.contains(id: id) else { return }
        generation &+= 1
        counters.add(.constantChanges)
        do {
            try core.setConstant(c.anchorConstant - c.constant, id: id)
        } catch {
            // The solver kept the old constant; break the constraint entirely.
            core.remove(id: id)
            breakConstraint(c, error)
        }
    }

    /// Recomputes what the anchors contribute (baselines moved) and updates in place.
    func anchorsChanged(_ c: LayoutConstraint) {
        let k = ExpressionBuilder.anchorConstant(of: c)
        guard k != c.anchorConstant else { return }
        c.anchorConstant = k
        constantChanged(c)
    }

    /// A new priority: the equation is removed and added again at it.
    func priorityChanged(_ c: LayoutConstraint) {
        guard c.isInstalled(in: self) else { return }
        applyQueuedAdditions()
        guard let id = c.solverID else { return }
        let terms: [Term]
        if c.isBroken {
            guard let kept = c.brokenTerms else { return }
            terms = kept
        } else {
            guard let old = solver.constraint(id: id) else { return }
            try? solver.remove(old)
            terms = old.expression.terms
        }
        counters.add(.priorityChanges)
        generation &+= 1
        let sc = c.solverConstraint(Expression(terms, constant: c.anchorConstant - c.constant))
        c.solverID = sc.id
        c.brokenTerms = nil
        c.isBroken = false
        do {
            try solver.add(sc)
        } catch {
            breakConstraint(c, error)
        }
    }

    // MARK: Content-size equations

    /// Queues `view`'s two-sided content-size equation for `axis` (see
    /// `ContentSizeEquation`), as `install` queues a constraint's, and
    /// returns it. The view is in this engine.
    func installContentSize(of view: View, axis: LayoutAxis, constant: Double,
                            resist: LayoutPriority, hug: LayoutPriority) -> ContentSizeEquation {
        assert(view.engine === self, "a content-size equation for a view outside the engine")
        queue.terms.append(Term(axis == .horizontal ? view.widthVar : view.heightVar))
        let id = nextEquationID()
        queue.endEquation(constant: -constant, relation: .equal, priority: resist, abovePriority: hug, id: id)
        generation &+= 1
        counters.add(.constraintsAdded)
        view.counters.constraintsAdded += 1
        let e = ContentSizeEquation(id: id, constant: constant, resist: resist, hug: hug,
                                    queuedAt: Int32(truncatingIfNeeded: queuedConstraints.count))
        queuedConstraints.append(nil)
        return e
    }

    /// A new intrinsic size for `e`, through the solver's in-place path,
    /// as setting a constraint's constant.
    func changeContentSize(_ e: inout ContentSizeEquation, to constant: Double) {
        // As `LayoutConstraint.constant`'s willSet: queued equations go
        // first, with the constants they were queued with.
        applyQueuedAdditions()
        guard constant != e.constant else { return }
        e.constant = constant
        guard core.contains(id: e.id) else { return }
        generation &+= 1
        counters.add(.constantChanges)
        do {
            try core.setConstant(-constant, id: e.id)
        } catch {
            contentSizeEquationFailed(error)
        }
    }

    /// New priorities for `e`: removed and added again at them, as a
    /// constraint whose priority changes.
    func changeContentPriorities(_ e: inout ContentSizeEquation, resist: LayoutPriority, hug: LayoutPriority) {
        guard resist != e.resist || hug != e.hug else { return }
        applyQueuedAdditions()
        e.resist = resist
        e.hug = hug
        guard let old = core.constraint(id: e.id) else { return }
        try? core.remove(old)
        counters.add(.priorityChanges)
        generation &+= 1
        let sc = Constraint(Expression(old.expression.terms, constant: -e.constant), above: hug, below: resist)
        e.id = sc.id
        do {
            try core.add(sc)
        } catch {
            contentSizeEquationFailed(error)
        }
    }

    /// Removes `view`'s content-size equation `e`.
    func uninstallContentSize(_ e: ContentSizeEquation, of view: View) {
        let i = Int(e.queuedAt)
        if i == queuedConstraints.count - 1, i >= nextQueued, queuedConstraints[i] == nil, queue.equations[i].id == e.id {
            // Queued and removed with nothing queued after it: the solver never sees it.
            queue.removeLast()
            queuedConstraints.removeLast()
        } else {
            applyQueuedAdditions()
            core.remove(id: e.id)
        }
        generation &+= 1
        counters.add(.constraintsRemoved)
        view.counters.constraintsRemoved += 1
    }

    // MARK: Changes

    /// Reports every variable the solver moved to its item. Cheap when no
    /// constraint changed since the last flush.
    func flushChanges() {
        // Queued additions first: breaking one logs, and a log handler that
        // lays out flushes (and reads the values) itself.
        applyQueuedAdditions()
        guard generation != flushedGeneration else { return }
        flushedGeneration = generation
        // Every value is recorded before any item hears of a change: one
        // that lays itself out at once (a root view) reads all of its own.
        // Told through the unretained reference: a strong one would be a
        // retain and a release per moved variable. An item whose variables come one
        // after another is listed once for them.
        var told: [Unmanaged<LayoutItem>] = []
        swap(&told, &scratchItems)
        // Room for every item at once: grown from empty, a window's first
        // flush made it ten times over, each a large request for the allocator.
        if told.capacity < items.count { told.reserveCapacity(items.count) }
        var changes = 0
        core.takeChangedValues { v, x in
            changes += 1
            guard let item = item(of: v) else { return }
            item._withUnsafeGuaranteedRef { $0.setReported(x, for: v) }
            if told.last?.toOpaque() != item.toOpaque() { told.append(item) }
        }
        counters.add(.variableChanges, Int64(changes))
        for item in told { item._withUnsafeGuaranteedRef { $0.engineValuesChanged() } }
        told.removeAll(keepingCapacity: true)
        swap(&told, &scratchItems)
    }

    /// Marks the solver as changed outside the methods above (edit variables).
    func noteMutation() { generation &+= 1 }

    /// Ends a pass: removals no longer pair with additions as churn.
    func endPass() {
        if !removedThisPass.isEmpty { removedThisPass.removeAll(keepingCapacity: true) }
    }

    // MARK: Unsatisfiable constraints

    private func breakConstraint(_ c: LayoutConstraint, _ error: SolverError) {
        c.isBroken = true
        c.brokenTerms = Self.equation(in: error)?.expression.terms
        counters.add(.unsatisfiableConstraints)
        var conflicts: [LayoutConstraint] = []
        if case let .unsatisfiable(_, others) = error {
            conflicts = others.compactMap(layoutConstraint(for:))
        }
        var lines = ["Unable to simultaneously satisfy constraints.",
                     "\tProbably at least one of the constraints in the following list is one you don't want.",
                     "\tTry this: (1) look at each constraint and try to figure out which you don't expect; "
                        + "(2) find the code that added the unwanted constraint or constraints and fix it.",
                     "("]
        let all = conflicts + [c]
        for (i, k) in all.enumerated() { lines.append("    \(k)" + (i == all.count - 1 ? "" : ",")) }
        lines.append(")")
        lines.append("")
        lines.append("Will attempt to recover by breaking constraint ")
        lines.append("\(c)")
        log(lines.joined(separator: "\n"))
    }

    /// The equation a solver error is about.
    private static func equation(in error: SolverError) -> Constraint? {
        switch error {
        case let .unsatisfiable(sc, _), let .duplicateConstraint(sc), let .unknownConstraint(sc),
             let .nonFinite(sc), let .requiredTwoSidedPreference(sc):
            return sc
        default:
            return nil
        }
    }

    /// The layout constraint behind a solver constraint, found through the
    /// items its variables belong to (only on the error path).
    private func layoutConstraint(for sc: Constraint) -> LayoutConstraint? {
        for term in sc.expression.terms {
            guard let item = item(of: term.variable)?.takeUnretainedValue() else { continue }
            for c in item.references where c.solverID == sc.id { return c }
            for c in item.engineOwnedConstraints where c.solverID == sc.id { return c }
        }
        return nil
    }

    func log(_ message: String) {
        logged.append(message)
        if heldLogs != nil {
            heldLogs!.append(message)
            return
        }
        logHandler?(message)
    }

    /// Messages logged while `holdingLogHandler` runs, for the handler after it.
    private var heldLogs: [String]?

    /// Runs `body` with calls to the log handler held until it returns, so
    /// that no app code runs inside it: a handler could deactivate, and so
    /// free, a constraint that `body` holds unretained.
    func holdingLogHandler<R>(_ body: () -> R) -> R {
        guard heldLogs == nil else { return body() }
        heldLogs = []
        let result = body()
        let held = heldLogs ?? []
        heldLogs = nil
        for message in held { logHandler?(message) }
        return result
    }
}

extension LayoutRelation {
    var solverRelation: Relation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}
