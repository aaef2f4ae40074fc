/// Deferred work of one render-loop phase for one view.
///
/// `needs` says this view itself has work; `dirtyChildren` lists the
/// subviews with work in their subtrees, and `listed` says this view is in
/// its parent's list. A pass therefore walks only dirty branches, and a
/// change deep in one cell never visits the other cells.
struct PhaseState {
    var needs = true
    var listed = false
    var dirtyChildren: [View] = []

    var hasWork: Bool { needs || !dirtyChildren.isEmpty }
}

enum Phase {
    case updateConstraints, layout, display
}

/// The three phases — update constraints (leaves first), layout (root
/// first), display — and the flags that defer and coalesce them.
extension View {
    // MARK: Marking

    /// Asks for `updateConstraints` in the next update-constraints phase.
    public func setNeedsUpdateConstraints() { mark(.updateConstraints) }
    /// Asks for `layoutSubviews` in the next layout phase.
    public func setNeedsLayout() { mark(.layout) }
    /// Asks for `draw` in the next display phase.
    public func setNeedsDisplay() { mark(.display) }

    public var needsUpdateConstraints: Bool { updatePhase.needs }
    public var needsLayout: Bool { layoutPhase.needs }
    public var needsDisplay: Bool { displayPhase.needs }

    func phaseState(_ phase: Phase) -> PhaseState {
        switch phase {
        case .updateConstraints: updatePhase
        case .layout: layoutPhase
        case .display: displayPhase
        }
    }

    private func mark(_ phase: Phase) {
        switch phase {
        case .updateConstraints:
            if updatePhase.needs { return }
            updatePhase.needs = true
        case .layout:
            if layoutPhase.needs { return }
            layoutPhase.needs = true
        case .display:
            if displayPhase.needs { return }
            displayPhase.needs = true
        }
        listUp(phase)
    }

    /// Puts this view in its parent's list for `phase`, and so on up until
    /// a view already listed.
    private func listUp(_ phase: Phase) {
        // Up through unretained parent links: a walk through `superview`
        // retained and released each ancestor.
        var link = Unmanaged.passUnretained(self)
        while let parentLink = link._withUnsafeGuaranteedRef({ $0.parentLink }) {
            let listed = link._withUnsafeGuaranteedRef { child in
                parentLink._withUnsafeGuaranteedRef { parent in child.list(in: parent, phase) }
            }
            if !listed { return }
            link = parentLink
        }
    }

    /// Lists this view in `parent`'s `phase` list; false if it already was.
    private func list(in parent: View, _ phase: Phase) -> Bool {
        switch phase {
        case .updateConstraints:
            if updatePhase.listed { return false }
            updatePhase.listed = true
            parent.updatePhase.dirtyChildren.append(self, reservingFirst: 4)
        case .layout:
            if layoutPhase.listed { return false }
            layoutPhase.listed = true
            parent.layoutPhase.dirtyChildren.append(self, reservingFirst: 4)
        case .display:
            if displayPhase.listed { return false }
            displayPhase.listed = true
            parent.displayPhase.dirtyChildren.append(self, reservingFirst: 4)
        }
        return true
    }

    /// After joining a parent: list pending work up the new ancestry.
    func relistPendingWork() {
        if updatePhase.hasWork { listUp(.updateConstraints) }
        if layoutPhase.hasWork { listUp(.layout) }
        if displayPhase.hasWork { listUp(.display) }
    }

    // MARK: Update constraints (leaves first)

    /// Runs the update-constraints phase for this subtree now.
    public func updateConstraintsIfNeeded() {
        while !updatePhase.dirtyChildren.isEmpty {
            let list = updatePhase.dirtyChildren
            updatePhase.dirtyChildren = []
            for child in list where child.isSubview(of: self) && child.updatePhase.listed {
                child.updatePhase.listed = false
                child.updateConstraintsIfNeeded()
            }
        }
        if updatePhase.needs {
            updatePhase.needs = false
            if intrinsicSizeIsInvalid, let link = engineLink, !translatesAutoresizingMaskIntoConstraints {
                link._withUnsafeGuaranteedRef { updateContentSizeConstraints($0) }
            }
            // The window's engine through its unretained link: every view's
            // pass retained and released the window and the engine twice.
            windowEngine?._withUnsafeGuaranteedRef { engine in
                engine.trace?.append("updateConstraints \(debugName)")
                engine.counters.add(.updateConstraintsCalls)
            }
            counters.updateConstraintsCalls += 1
            updateConstraints()
        }
    }

    // MARK: Layout (root first)

    /// Lays out now whatever is pending, as `UIView.layoutIfNeeded`: the
    /// window's constraints are updated first, then layout runs from the
    /// topmost ancestor that needs it down through this view's subtree.
    /// Expensive when sprinkled after every change; the render loop coalesces.
    public func layoutIfNeeded() {
        guard let window else {
            layoutSubtreeIfNeeded()
            return
        }
        var rounds = 0
        repeat {
            window.updateConstraintsIfNeeded()
            window.layoutEngine.flushChanges()
            var top = self
            var p = superview
            while let q = p {
                if q.layoutPhase.needs { top = q }
                p = q.superview
            }
            top.layoutSubtreeIfNeeded()
            window.settleSystemGuides()
            rounds += 1
        } while rounds < View.maxLayoutRounds && (window.updatePhase.hasWork || layoutPhase.hasWork)
        window.layoutEngine.endPass()
    }

    /// How often one frame may go round update → layout before giving up
    /// (two-pass labels need two; a view that keeps invalidating itself would loop).
    static let maxLayoutRounds = 8

    /// The layout phase for this subtree: `layoutSubviews` where needed,
    /// parents before children, repeated while a view's own layout marks it again.
    func layoutSubtreeIfNeeded() {
        if layoutPhase.needs {
            var rounds = 0
            repeat {
                layoutPhase.needs = false
                // The window's engine through the view's unretained link, read
                // afresh (`layoutSubviews` may move the view): holding the
                // window and its engine retained and released both per view.
                windowEngine?._withUnsafeGuaranteedRef { engine in
                    engine.trace?.append("layoutSubviews \(debugName)")
                    engine.counters.add(.layoutSubviewsCalls)
                }
                counters.layoutSubviewsCalls += 1
                isLayingOut = true
                layoutSubviews()
                isLayingOut = false
                windowEngine?._withUnsafeGuaranteedRef { $0.flushChanges() }
                rounds += 1
            } while layoutPhase.needs && rounds < View.maxLayoutRounds
        }
        while !layoutPhase.dirtyChildren.isEmpty {
            let list = layoutPhase.dirtyChildren
            layoutPhase.dirtyChildren = []
            for child in list where child.isSubview(of: self) && child.layoutPhase.listed {
                child.layoutPhase.listed = false
                child.layoutSubtreeIfNeeded()
            }
        }
    }

    /// Copies the engine's values into the frames of the subviews it moved.
    /// `layoutSubviews` calls this; overrides must call `super.layoutSubviews()`.
    public func applyEngineFramesToSubviews() {
        guard !pendingEngineSubviews.isEmpty else { return }
        // Moved out (a child laid out here may mark this view again).
        var list = InlineObjectList<View>()
        swap(&list, &pendingEngineSubviews)
        // Borrowed from the list that holds them: `for child in` retained each.
        for i in list.indices {
            Unmanaged.passUnretained(list[i])._withUnsafeGuaranteedRef { child in
                if child.engineDirty && child.isSubview(of: self) { child.applyEngineFrame() }
            }
        }
    }

    func applyEngineFrame() {
        engineDirty = false
        guard !translatesAutoresizingMaskIntoConstraints, let rect = engineRect() else { return }
        counters.framesApplied += 1
        engineLink?._withUnsafeGuaranteedRef { $0.counters.add(.framesApplied) }
        setFrame(rect, fromEngine: true)
    }

    /// The engine moved one of this view's variables: mark the superview
    /// for layout (the layout pass copies the values out).
    func markMovedByEngine() {
        guard !engineDirty, !translatesAutoresizingMaskIntoConstraints else { return }
        engineDirty = true
        // Through the unretained parent link: `superview` is a retained copy.
        if let parent = parentLink {
            parent._withUnsafeGuaranteedRef {
                $0.pendingEngineSubviews.append(self)
                $0.setNeedsLayout()
            }
        } else {
            applyEngineFrame()
        }
    }

    // MARK: Display

    /// The display phase for this subtree: `draw` for visible views that need it.
    public func displayIfNeeded() {
        if isHidden {
            discardDisplayWork()
            return
        }
        if displayPhase.needs {
            displayPhase.needs = false
            windowEngine?._withUnsafeGuaranteedRef { engine in
                engine.trace?.append("draw \(debugName)")
                engine.counters.add(.displayCalls)
            }
            counters.displayCalls += 1
            draw()
        }
        while !displayPhase.dirtyChildren.isEmpty {
            let list = displayPhase.dirtyChildren
            displayPhase.dirtyChildren = []
            for child in list where child.isSubview(of: self) && child.displayPhase.listed {
                child.displayPhase.listed = false
                child.displayIfNeeded()
            }
        }
    }

    /// A hidden subtree draws nothing; its pending display work is dropped
    /// (un-hiding marks it again).
    private func discardDisplayWork() {
        displayPhase.needs = false
        let list = displayPhase.dirtyChildren
        displayPhase.dirtyChildren = []
        for child in list where child.isSubview(of: self) {
            child.displayPhase.listed = false
            child.discardDisplayWork()
        }
    }
}
