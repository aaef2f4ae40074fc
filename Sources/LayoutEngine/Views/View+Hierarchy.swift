import Synchronization

/// Tokens for `moveSubtree`'s marks: each move gets a fresh one, so marks
/// left by earlier moves never match.
private let subtreeMarks = Atomic<Int>(0)

/// Adding, removing and moving views. Moving a subtree between windows
/// moves its constraints between engines; constraints that would cross
/// from the removed subtree to the rest of the old tree are deactivated,
/// as UIKit does.
extension View {
    /// Adds `view` as the last (frontmost) subview, removing it from its old parent first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews.
    public func insertSubview(_ view: View, at index: Int) {
        // Only a view with subviews can be an ancestor of `self`: the walk up
        // is skipped for a new leaf, or a chain N deep is built in N² steps.
        precondition(view !== self && (view.subviews.isEmpty || !isDescendant(of: view)), "a view cannot contain itself")
        if view.superview === self {
            if let i = subviews.firstIndex(where: { $0 === view }) { subviews.remove(at: i) }
            subviews.insert(view, at: min(index, subviews.count))
            return
        }
        view.removeFromSuperview()
        // `addSubview` appends: `insert` at the end takes the general,
        // much slower `replaceSubrange` path.
        let slot = min(max(0, index), subviews.count)
        if slot == subviews.count { subviews.append(view, reservingFirst: 4) } else { subviews.insert(view, at: slot) }
        view.superview = self
        if !view.autoresizingMask.isEmpty { hasAutoresizingSubviews = true }
        view.relistPendingWork()
        setNeedsLayout()
        let newWindow = (self as? Window) ?? window
        if newWindow !== view.window { view.moveSubtree(to: newWindow) }
        view.didMoveToSuperview()
        if guideDependents > 0 || view.guideDependents > 0 {
            addGuideDependents(view.guideDependents)
            window?.safeAreaMayHaveChanged(below: view)
        }
    }

    /// Detaches the view from its parent (and its window).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        deactivateConstraintsLeavingSubtree()
        if let i = parent.subviews.firstIndex(where: { $0 === self }) { parent.subviews.remove(at: i) }
        if guideDependents > 0 { parent.addGuideDependents(-guideDependents) }
        superview = nil
        updatePhase.listed = false
        layoutPhase.listed = false
        displayPhase.listed = false
        engineDirty = false
        parent.setNeedsLayout()
        parent.setNeedsDisplay()
        if window != nil { moveSubtree(to: nil) }
        didMoveToSuperview()
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        // Up the unretained parent links: the tree keeps them valid, and
        // reading `superview` retained and released every ancestor.
        let target = Unmanaged.passUnretained(view).toOpaque()
        var v: Unmanaged<View>? = Unmanaged.passUnretained(self)
        while let u = v {
            if u.toOpaque() == target { return true }
            v = u._withUnsafeGuaranteedRef { $0.parentLink }
        }
        return false
    }

    /// Calls `body` for this view and every descendant, parents before children.
    public func forEachInSubtree(_ body: (View) -> Void) {
        body(self)
        for s in subviews { s.forEachInSubtree(body) }
    }

    /// Calls `body` for this view and each of its layout guides.
    func forEachItem(_ body: (LayoutItem) -> Void) {
        body(self)
        for g in layoutGuides { body(g) }
    }

    /// Deactivates active user constraints between this subtree and views outside it.
    private func deactivateConstraintsLeavingSubtree() {
        var leaving: [LayoutConstraint] = []
        forEachInSubtree { view in
            view.forEachItem { item in
                for c in item.references {
                    // One whose other item is gone leaves with the rest.
                    if c.goneItems != 0 { leaving.append(c); continue }
                    let leaves = c.withItems { first, second in
                        let other = first === item ? second : first
                        guard let host = other?.hostLink else { return false }
                        return !host._withUnsafeGuaranteedRef { $0.isDescendant(of: self) }
                    }
                    if leaves { leaving.append(c) }
                }
            }
        }
        if !leaving.isEmpty { LayoutConstraint.deactivate(leaving) }
    }

    /// Sets `window` through the subtree; moves constraints from the old
    /// window's engine to the new one's.
    func moveSubtree(to newWindow: Window?) {
        let oldEngine = window?.layoutEngine
        let newEngine = newWindow?.layoutEngine
        // A token for this move: constraints collected below are marked
        // with it, so each is installed once.
        let mark = subtreeMarks.add(1, ordering: .relaxed).newValue
        let windowLink = newWindow.map(Unmanaged.passUnretained)
        let engineLink = newEngine.map(Unmanaged.passUnretained)
        // The views' own references, counted on the way: room for the
        // constraints collected below (an upper bound; most are named twice).
        var referenceCount = 0
        forEachInSubtree { view in
            view.setWindow(windowLink, engine: engineLink)
            referenceCount += view.references.count
        }
        if oldEngine !== newEngine {
            if let oldEngine { forEachInSubtree { $0.uninstallAll(from: oldEngine) } }
            // Order matters to the solver: what pins the subtree's root to the
            // outside first (its width is then a constant, not an expression, in
            // every row below), then the rest in the order the app created
            // them, which builds containers before tying them together and
            // leaves the solver less to substitute than walking parents first.
            if let newEngine {
                // No log handler runs until every constraint is in: the list
                // below holds them unretained (held, each cost a retain and a
                // release), and a handler may deactivate and free one.
                newEngine.holdingLogHandler {
                    installPending(in: newEngine, onlyReachingOutside: true)
                    var pending: [Unmanaged<LayoutConstraint>] = []
                    swap(&pending, &newEngine.scratchPending)
                    defer {
                        pending.removeAll(keepingCapacity: true)
                        swap(&pending, &newEngine.scratchPending)
                    }
                    pending.reserveCapacity(referenceCount)
                    var lowest = UInt64.max, highest: UInt64 = 0
                    forEachInSubtree { view in
                        view.forEachItem { item in
                            // Each constraint once, marked with this move's token
                            // (cheaper than telling from its items whether this
                            // item is its first or the other one is outside).
                            for i in item.references.indices {
                                // Borrowed in place: a link kept from the read
                                // retained and released the constraint.
                                Unmanaged.passUnretained(item.references[i])._withUnsafeGuaranteedRef { c in
                                    if c.active && c.collectedMark != mark && !c.isInstalled && c.goneItems == 0 {
                                        c.collectedMark = mark
                                        pending.append(.passUnretained(c))
                                        lowest = min(lowest, c.serial)
                                        highest = max(highest, c.serial)
                                    }
                                }
                            }
                        }
                    }
                    // Every view of the subtree is in the new window already, so
                    // this installs what stays inside and what reaches views of
                    // the same window, reading each constraint's items once.
                    if !pending.isEmpty, !installInSerialOrder(pending, lowest: lowest, highest: highest, in: newEngine) {
                        pending.sort { a, b in
                            a._withUnsafeGuaranteedRef { $0.serial } < b._withUnsafeGuaranteedRef { $0.serial }
                        }
                        for link in pending { link._withUnsafeGuaranteedRef { newEngine.installIfInWindow($0) } }
                    }
                }
            }
        }
        forEachInSubtree { $0.didMoveToWindow() }
    }

    /// Installs `pending` in creation order by placing each at its serial's
    /// offset from `lowest` (the subtree's constraints were mostly made
    /// together, so the range is about as long as the list): sorting them
    /// would compare serials read from the objects, a cache miss each.
    /// Returns false, having installed nothing, when the range
    /// is too sparse or two share a serial (the caller sorts instead).
    private func installInSerialOrder(_ pending: [Unmanaged<LayoutConstraint>], lowest: UInt64, highest: UInt64,
                                      in engine: Engine) -> Bool {
        guard highest - lowest < UInt64(4 * pending.count + 64) else { return false }
        var slots: [Unmanaged<LayoutConstraint>?] = []
        swap(&slots, &engine.scratchSlots)
        defer {
            slots.removeAll(keepingCapacity: true)
            swap(&slots, &engine.scratchSlots)
        }
        let range = Int(highest - lowest) + 1
        slots.append(contentsOf: repeatElement(nil, count: range))
        let placed = slots.withUnsafeMutableBufferPointer { slots in
            for c in pending {
                let k = Int(c._withUnsafeGuaranteedRef { $0.serial } - lowest)
                guard slots[k] == nil else { return false }
                slots[k] = c
            }
            return true
        }
        guard placed else { return false }
        // By index, from the list taken out of the engine while in use (no
        // log handler runs meanwhile: see `moveSubtree`).
        for k in 0..<range {
            slots[k]?._withUnsafeGuaranteedRef { engine.installIfInWindow($0) }
        }
        return true
    }

    private func uninstallAll(from engine: Engine) {
        forEachItem { item in
            for c in item.references where c.isInstalled(in: engine) { engine.uninstall(c) }
            // In place: `engineOwnedConstraints` builds an array per item.
            item.forEachEngineOwnedConstraint { c in if c.isInstalled(in: engine) { engine.uninstall(c) } }
            engine.leave(item)
        }
    }

    private func installPending(in engine: Engine, onlyReachingOutside: Bool = false) {
        forEachItem { item in
            for i in item.references.indices {
                Unmanaged.passUnretained(item.references[i])._withUnsafeGuaranteedRef { c in
                    guard c.active, !c.isInstalled, c.goneItems == 0 else { return }
                    c.withItems { first, second in
                        if onlyReachingOutside {
                            let other = first === item ? second : first
                            if let host = other?.hostLink, strictlyContains(host) { return }
                        }
                        if first.installationEngine(with: second)?.toOpaque() == Unmanaged.passUnretained(engine).toOpaque() {
                            engine.install(c)
                        }
                    }
                }
            }
        }
    }

    /// Whether `view` is a proper descendant, walked up through unretained
    /// parent links (a walk through `superview` retains each view on the way).
    private func strictlyContains(_ view: Unmanaged<View>) -> Bool {
        let me = Unmanaged.passUnretained(self).toOpaque()
        var v = view._withUnsafeGuaranteedRef { $0.parentLink }
        while let u = v {
            if u.toOpaque() == me { return true }
            v = u._withUnsafeGuaranteedRef { $0.parentLink }
        }
        return false
    }
}
