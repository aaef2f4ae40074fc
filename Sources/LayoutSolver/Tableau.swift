/// What a tableau symbol stands for.
enum SymbolKind: UInt8 {
    /// Freed; the id is waiting to be reused.
    case free
    /// A user variable: unrestricted in sign.
    case external
    /// An inequality's slack, ≥ 0.
    case slack
    /// A preference's error, ≥ 0; the objective minimises errors.
    case error
    /// A required equality's marker: never pivots in.
    case dummy
}

/// One objective level: the summed errors of every preference at one priority.
/// Levels are compared lexicographically, so no number of weak errors ever
/// outweighs one stronger error.
struct ObjectiveLevel {
    var priority: Float
    var row: Row
}

/// Everything the tableau keeps per symbol, side by side: adding and
/// substituting read a symbol's kind, row and column together, so they
/// share a cache line or two instead of one array each (and an add grows
/// one buffer, not eight).
struct SymbolInfo {
    var kind: SymbolKind
    /// Set while the symbol is listed in `Tableau.changed`.
    var changedFlag = false
    /// The row slot in which the symbol is basic, or -1.
    @Compact var rowOf = -1
    /// Its component, or -1.
    @Compact var componentOf = -1
    /// Its index in the component's `symbols`, or -1.
    @Compact var componentPosition = -1
    /// The constraint record a marker or other-error symbol belongs to, or -1.
    @Compact var ownerOf = -1
    /// Constraints mentioning an external symbol.
    @Compact var referenceCount = 0
    /// The rows in which the symbol appears as a parameter.
    var column = ColumnSet()

    init(kind: SymbolKind) { self.kind = kind }
}

/// An `Int` kept in 32 bits: symbol, row and record indexes all fit, and
/// `SymbolInfo` stays at 56 bytes, under a cache line's 64.
@propertyWrapper
struct Compact {
    private var stored: Int32

    init(wrappedValue: Int) { stored = Int32(truncatingIfNeeded: wrappedValue) }

    var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(truncatingIfNeeded: newValue) }
    }
}

/// A connected block of the tableau: symbols that share rows, with its own
/// objective. Independent view hierarchies stay in separate components, so
/// optimising one never scans another's objective (the source of kiwi's
/// quadratic cost on independent blocks).
struct Component {
    var symbols: [Int] = []
    /// Sorted by priority, highest first.
    var levels: [ObjectiveLevel] = []
    var constraintCount = 0
    var removalsSinceSplitCheck = 0
    var needsOptimize = false
    var alive = true
    /// Some row or objective level holds folded dummy terms (`DummyNode`).
    var hasFolded = false
    /// What a shared copy holds instead of rows (see `SharedCopy`); nil
    /// for every other component, and once the copy's rows are written out.
    var shared: SharedCopy?
    /// Symbols whose objective coefficients changed since the component was
    /// last optimal: only they can enter, so `optimize` reads them instead
    /// of scanning every level (see `enteringSymbol`). Unused, and the
    /// levels scanned whole, while `scansWholeObjective` is set.
    var objectiveTouched: [Int] = []
    var scansWholeObjective = true
}

/// What the tableau keeps per constraint.
struct ConstraintRecord {
    var marker: Int
    /// The second error symbol of a preference, or -1.
    var other: Int
    /// Coefficients of marker and other in the constraint's own row before
    /// any sign flip: changing the constant by δ shifts the marker by δ/a.
    var markerCoefficient: Double
    var otherCoefficient: Double
    var priority: Float
    /// The level of `other` in the objective: `priority`, except for a
    /// two-sided preference (where `priority` is the marker's).
    var otherPriority: Float
    /// The external symbols the constraint mentions, each once (inline up to four).
    var externals: SmallList

    /// This record with each symbol `s` written as `map[s]` (a cloned component's).
    /// Field by field: `var out = self` would retain the externals' buffer
    /// only to release it when they are replaced.
    func renamed(_ map: borrowing [Int32], in store: inout ListStore) -> ConstraintRecord {
        ConstraintRecord(marker: Int(map[marker]), other: other >= 0 ? Int(map[other]) : -1,
                         markerCoefficient: markerCoefficient, otherCoefficient: otherCoefficient,
                         priority: priority, otherPriority: otherPriority,
                         externals: externals.mapped(in: &store) { Int(map[$0]) })
    }

    var isRequired: Bool { priority >= 1000 }

    /// The objective level of one of this record's error symbols.
    func errorPriority(_ e: Int) -> Float { e == other ? otherPriority : priority }
}

/// Why adding a constraint or changing a constant failed: the records of the
/// required constraints that conflict.
struct Conflict: Error {
    var records: [Int]
}

/// The simplex tableau and all algorithms on it: an incremental Cassowary
/// solver whose tableau is partitioned into independent components and whose
/// columns are indexed (symbol → rows containing it).
///
/// Invariants between public calls:
/// - every restricted basic symbol (slack, error) has a row constant ≥ 0
///   (primal feasible);
/// - components not flagged `needsOptimize` are optimal;
/// - `symbolInfo[s].column` lists every row slot whose cells contain `s` (and maybe
///   stale ones: see `ColumnSet`), with an exact live count;
/// - a row's symbols all belong to the basic symbol's component;
/// - a shared copy (`Component.shared` set) has no rows, no columns and no
///   objective levels of its own: they are its image's, over its members in
///   order, with its own constants (see `Tableau+SharedCopies.swift`).
struct Tableau {
    // Per symbol.
    var symbolInfo: [SymbolInfo] = []
    var freeSymbols: [Int] = []

    // Rows, by slot.
    var rows: [Row] = []
    var basicOf: [Int] = []
    var freeRows: [Int] = []

    var components: [Component] = []
    var freeComponents: [Int] = []
    /// Shared copies alive (see `Tableau+SharedCopies.swift`): while there
    /// are none, as in most systems, no path looks for one.
    var sharedCopies = 0
    var dirtyComponents: [Int] = []

    var records: [ConstraintRecord] = []
    var freeRecords: [Int] = []

    /// Active while a call that may be rejected runs; see `RowJournal`.
    /// Where every column's and record's list keeps its elements past the
    /// inline four (see `SmallList`).
    var listStore = ListStore()
    /// Reused by `substitute` for the column it empties.
    var scratchTargets: [Int32] = []
    var journal: RowJournal? = nil
    /// `RowJournal.constants`' buffer between journals.
    var spareJournalConstants: [(slot: Int, constant: Double)] = []

    /// Restricted basic symbols whose row constant may have gone negative.
    var infeasible: [Int] = []
    /// External symbols whose value may have changed since the last report.
    var changed: [Int] = []

    var counters = SolverCounters()
    /// Times the solver met a state exact arithmetic rules out (an unbounded
    /// objective, a failed dual step after rollback). Zero in a healthy run.
    var anomalies = 0

    // Scratch buffers reused by row merges.
    var scratchAdded = SymbolBuffer()
    var scratchRemoved = SymbolBuffer()
    var splitMark: [Int] = []
    /// Set while a batch of removals from one component runs: it is checked
    /// for a split once, after the last (`Solver.flushRemovals`).
    var splitChecksDeferred = false
    /// Scratch for `splitIfDisconnected`'s union–find, reused.
    var splitParent: [Int32] = []
    var splitEpoch = 0
    /// Per row slot: the epoch of the last column compaction that kept it.
    var rowMark: [Int] = []
    var compactEpoch = 0
    /// Visit epoch for expanding folded dummies.
    var expansionEpoch = 0
    /// Dummies a new row may hold before they are folded: short rows stay
    /// exact and cost no node; chains fold after this many links.
    var foldThreshold = 32
    /// Times a component's folded dummies were written out.
    var unfoldCount = 0
    /// A basic row this long or longer is named by a new row (a link), not
    /// written into it (see `Tableau+Links.swift`); `Int.max` never links.
    var linkThreshold = Tableau.defaultLinkThreshold
    static let defaultLinkThreshold = 8
    /// An optimisation pivot's row length times the rows naming its
    /// entering symbol from which restricted rows link too (see
    /// "Restricted links" in `Tableau+Links.swift`); 0 links them whenever
    /// external rows link.
    var restrictedLinkWork = 512
    /// Rows a pivot may rewrite before the entering symbol is chosen by
    /// column length instead of by index (`EnteringChoice`); `Int.max`
    /// keeps Bland's rule throughout.
    var longColumn = 64
    /// Rows linked so far: while none is, no path looks for links.
    var linkedRowsMade = 0
    /// The next row's `birth`.
    var nextBirth: Int32 = 0
    /// Bumped by every change to a row: a linked row's cached value is good
    /// while its revision is the current one.
    var revision = 0
    var linkedValues: [Double] = []
    var linkedValueRevisions: [Int] = []
    var scratchLinkStack: [Int] = []
    /// Restricted rows that took a link during the running optimisation
    /// (see "Restricted links" in `Tableau+Links.swift`); empty between calls.
    var restrictedLinked: [Int] = []
    /// Per row slot: when it was last a pivot row (`pivotClock`). Links
    /// between restricted rows go from an older stamp to a newer one.
    var pivotStamps: [Int] = []
    var pivotClock = 0
    /// Per slot: the pass that last visited the row (`beginVisit`). One
    /// array serves every pass that visits each row once (a substitution
    /// keeping links, the ratio test through links): they never overlap.
    /// `compactColumn` keeps its own (`rowMark`): it runs inside a
    /// substitution, whose marks must survive it.
    var visitMarks: [Int] = []
    var visitEpoch = 0
    /// Scratch for `leavingRowThroughLinks`: per slot reached, the entering
    /// symbol's coefficient in it written out.
    var reachedCoefficients: [Double] = []
    /// Scratch for `clone`: template symbol → its copy.
    var cloneMap: [Int32] = []
    /// Scratch for `materialize` (local symbol → the copy's) and `shiftShared` (rows moved).
    var materializeMap: [Int32] = []
    var sharedUndo: [(row: Int32, constant: Double)] = []
    /// Reused by `settleCopy` for a copy's waiting changes.
    var scratchSettled: [(record: Int, delta: Double)] = []
    /// Scratch for `feasibleBasis`: a basis's shifts and trial constants.
    var scratchShifts: [(record: Int, delta: Double)] = []
    /// Whether a shared copy that no known basis fits finds its new one on
    /// its image (`discoverBasis`) rather than written out; off only in
    /// tests that compare the two.
    var discoversOnImages = true
    /// Shared copies with preference constant changes not yet taken (see
    /// `settleCopy`); a copy may be listed again after it settled.
    var unsettledCopies: [Int] = []
    var scratchConstants: [Double] = []

    /// Room for `symbols` symbols and `constraints` records and rows in all.
    mutating func reserveCapacity(symbols: Int, constraints: Int) {
        growCapacity(&symbolInfo, to: symbols)
        growCapacity(&splitMark, to: symbols)
        growCapacity(&records, to: constraints)
        growCapacity(&rows, to: constraints)
        growCapacity(&basicOf, to: constraints)
        // Columns and records past four entries (about four slots per
        // constraint in a view layout): grown run by run, the store would
        // copy itself over and over.
        listStore.reserveCapacity(4 * constraints)
    }

    // MARK: Symbols

    mutating func newSymbol(_ k: SymbolKind) -> Int {
        if let s = freeSymbols.popLast() {
            symbolInfo[s].kind = k
            return s
        }
        let s = symbolInfo.count
        symbolInfo.append(SymbolInfo(kind: k))
        splitMark.append(0)
        return s
    }

    /// `count` new symbols of `kind`, numbered on from the table's end, the
    /// tables grown once for all (a copy's symbols: one `newSymbol` each
    /// checked the tables' uniqueness and room per symbol). Only while no
    /// freed symbol waits to be reused; returns the first.
    mutating func appendSymbols(_ count: Int, kind: SymbolKind) -> Int {
        precondition(freeSymbols.isEmpty, "freed symbols are reused one by one (newSymbol)")
        let first = symbolInfo.count
        symbolInfo.append(contentsOf: repeatElement(SymbolInfo(kind: kind), count: count))
        splitMark.append(contentsOf: repeatElement(0, count: count))
        return first
    }

    /// Frees a symbol that no row and no objective mentions any more.
    mutating func freeSymbol(_ s: Int) {
        if symbolInfo[s].rowOf >= 0 { dropRow(of: s) }
        eliminate(s)
        detachFromComponent(s)
        symbolInfo[s].kind = .free
        symbolInfo[s].ownerOf = -1
        symbolInfo[s].referenceCount = 0
        freeSymbols.append(s)
    }

    /// Sets `s` to zero wherever it still appears as a parameter (rows and
    /// its component's objective). Used for symbols whose constraint is gone,
    /// where exact arithmetic leaves only rounding residue.
    mutating func eliminate(_ s: Int) {
        if !symbolInfo[s].column.slots.isEmpty {
            let candidates = symbolInfo[s].column.slots   // removing from rows leaves columns alone
            for i in 0..<candidates.count {
                let t = candidates.element(i, in: listStore)
                guard rows[t].index(of: s) != nil else { continue }
                noteRow(t)
                revision &+= 1
                rows[t].remove(s)
            }
            symbolInfo[s].column.removeAll(in: &listStore)
        }
        let c = symbolInfo[s].componentOf
        if c >= 0 {
            for i in components[c].levels.indices { components[c].levels[i].row.remove(s) }
        }
    }

    /// Whether a basic symbol's row constant breaks feasibility: restricted
    /// symbols must stay ≥ 0, and a basic dummy (a required equality's marker)
    /// must stay 0.
    @inline(__always) func violates(_ basic: Int, _ constant: Double) -> Bool {
        switch symbolInfo[basic].kind {
        case .slack, .error: return constant < 0
        case .dummy: return abs(constant) > epsilon
        default: return false
        }
    }

    @inline(__always) func isRestricted(_ s: Int) -> Bool {
        let k = symbolInfo[s].kind
        return k == .slack || k == .error
    }

    @inline(__always) mutating func markChanged(_ s: Int) {
        if !symbolInfo[s].changedFlag {
            symbolInfo[s].changedFlag = true
            changed.append(s)
        }
    }

    /// The current value of a symbol: its row's constant if basic, else 0
    /// (in a shared copy, its image's row; see `Tableau+SharedCopies.swift`).
    /// Not for a linked row, whose value also sums its links
    /// (`currentValue`, `linkedValue`).
    /// Field reads only: a call to another method of the solver's stored
    /// tableau made the solver copy the whole struct first, a memcpy per
    /// value read.
    @inline(__always) func value(of s: Int) -> Double {
        let r = symbolInfo[s].rowOf
        if r >= 0 { return rows[r].constant }
        let c = symbolInfo[s].componentOf
        guard sharedCopies > 0, c >= 0, let copy = components[c].shared else { return 0 }
        let row = copy.image.rowOf[symbolInfo[s].componentPosition]
        return row >= 0 ? copy.constants[Int(row)] : 0
    }

    // MARK: Rows

    /// Puts `row` into the tableau with `basic` as its basic symbol.
    @discardableResult
    mutating func insertRow(basic: Int, _ row: consuming Row) -> Int {
        let slot: Int
        if nextBirth == Int32.max { renumberBirths() }
        row.birth = nextBirth
        nextBirth += 1
        revision &+= 1
        // Moved in, not copied: a copy retains the row's three buffers and
        // the caller's row then releases them.
        if let s = freeRows.popLast() {
            slot = s
            basicOf[s] = basic
            swap(&row, &rows[slot])
        } else {
            slot = rows.count
            rows.append(row)
            basicOf.append(basic)
        }
        noteCreated(slot)
        // By index: `for cell in rows[slot].cells` retains and releases the
        // cells while `self` changes. (After the move: compacting a column
        // checks that each of its rows holds the symbol.)
        for i in 0..<rows[slot].cells.count { insertIntoColumn(rows[slot].cells[i].symbol, slot) }
        symbolInfo[basic].rowOf = slot
        counters.rowsTouched += 1
        counters.termsTouched += rows[slot].cells.count + rows[slot].refs.count
        if symbolInfo[basic].kind == .external { markChanged(basic) }
        return slot
    }

    /// Moves the row out of `slot`, leaving an empty one there: a copy would
    /// retain its three buffers, and overwriting the slot release them again.
    mutating func takeRow(_ slot: Int) -> Row {
        revision &+= 1
        var row = Row()
        swap(&row, &rows[slot])
        return row
    }

    /// Takes the row in `slot` out of the tableau and returns it.
    mutating func removeRow(_ slot: Int) -> Row {
        noteRow(slot)
        let row = takeRow(slot)
        for cell in row.cells { symbolInfo[cell.symbol].column.remove(slot) }
        let b = basicOf[slot]
        symbolInfo[b].rowOf = -1
        basicOf[slot] = -1
        freeRows.append(slot)
        counters.rowsTouched += 1
        counters.termsTouched += row.cells.count
        if symbolInfo[b].kind == .external { markChanged(b) }
        return row
    }

    /// Removes basic symbol `s`'s row; rows that link `s` take the row in
    /// its place first (see `Tableau+Links.swift`).
    mutating func dropRow(of s: Int) {
        let r = symbolInfo[s].rowOf
        if linkedRowsMade > 0 && symbolInfo[s].column.live > 0 { substitute(s, with: rows[r]) }
        _ = removeRow(r)
    }

    /// Replaces `symbol` by `source` (the row of which it is now the basic
    /// symbol) in every row that contains it and in its component's
    /// objective: one visit per row in the symbol's column, none elsewhere.
    /// With `linkingExternals`, rows whose basic symbol is external keep
    /// `symbol` as a link instead, and with `linkingRestricted` slack and
    /// error rows too (see `Tableau+Links.swift`).
    mutating func substitute(_ symbol: Int, with source: Row, linkingExternals: Bool = false,
                             linkingRestricted: Bool = false) {
        // A copy: the loop adds to other columns, which may reuse this one's run.
        var targets: [Int32] = []
        swap(&targets, &scratchTargets)
        defer { swap(&targets, &scratchTargets) }
        symbolInfo[symbol].column.slots.snapshot(into: &targets, from: listStore)
        symbolInfo[symbol].column.removeAll(in: &listStore)
        revision &+= 1
        var substituted = 0
        let visit = linkingExternals ? beginVisit() : 0
        for k in 0..<targets.count {
            let t = Int(targets[k])
            guard let i = rows[t].index(of: symbol) else { continue }   // a stale or repeated column entry
            noteRow(t)
            let kind = symbolInfo[basicOf[t]].kind
            if linkingExternals && (kind == .external || (linkingRestricted && kind != .dummy)) {
                // A linking row keeps the symbol, so a repeated entry would
                // find it again and list the row twice.
                guard visitMarks[t] != visit else { continue }
                visitMarks[t] = visit
                let external = kind == .external
                if !rows[t].linked {
                    rows[t].linked = true
                    linkedRowsMade += 1
                    if !external { restrictedLinked.append(t) }
                }
                insertIntoColumn(symbol, t)
                if external { markChanged(basicOf[t]) }
                continue
            }
            substituted += 1
            counters.termsTouched += source.count + source.refs.count
            rows[t].substitute(at: i, with: source, added: &scratchAdded, removed: &scratchRemoved)
            counters.fillIn += scratchAdded.count
            // By index, not `for x in`: iterating makes a slice of the buffer, a
            // retain and a release of it per row while `self` changes.
            for i in 0..<scratchAdded.count { insertIntoColumn(scratchAdded[i], t) }
            for i in 0..<scratchRemoved.count { symbolInfo[scratchRemoved[i]].column.remove(t) }
            scratchAdded.reset()
            scratchRemoved.reset()
            let b = basicOf[t]
            if symbolInfo[b].kind == .external {
                markChanged(b)
            } else {
                // A linked restricted row's constant is not its value; it is
                // checked once written out (`expandRestrictedRows`).
                if !rows[t].linked && violates(b, rows[t].constant) { infeasible.append(b) }
                if linkedRowsMade > 0 && !symbolInfo[b].column.isEmpty { markChanged(b) }   // linked: its value moved
            }
        }
        counters.rowSubstitutions += substituted
        counters.rowsTouched += substituted
        let c = symbolInfo[symbol].componentOf
        if c >= 0 {
            for i in components[c].levels.indices {
                let k = components[c].levels[i].row.remove(symbol)
                if k != 0 {
                    touchObjective(c, source)
                    counters.rowSubstitutions += 1
                    counters.termsTouched += source.count
                    components[c].levels[i].row.add(source, times: k, added: &scratchAdded, removed: &scratchRemoved)
                    counters.fillIn += scratchAdded.count
                    scratchAdded.reset()
                    scratchRemoved.reset()
                }
            }
        }
    }

    /// Exchanges the basic symbol of `slot` for `entering`, which the row contains.
    /// `keepingLinks`: the caller has checked that the row's links cannot
    /// reach any row that names `entering` (see `linkedMarkerRow`).
    /// `linkingExternals`: external rows keep `entering` as a link (an
    /// optimisation step's pivot; see `substitute`).
    mutating func pivot(_ slot: Int, entering: Int, keepingLinks: Bool = false, linkingExternals: Bool = false) {
        noteRow(slot)
        if rows[slot].linked && !keepingLinks {
            if restrictedLinked.isEmpty { expandLinks(slot) } else { expandRestrictedLinks(slot) }
        }
        let leaving = basicOf[slot]
        var row = takeRow(slot)
        row.solve(lhs: leaving, rhs: entering)
        rows[slot] = row
        symbolInfo[entering].column.remove(slot)
        insertIntoColumn(leaving, slot)
        basicOf[slot] = entering
        symbolInfo[entering].rowOf = slot
        symbolInfo[leaving].rowOf = -1
        stampPivot(slot)
        if symbolInfo[leaving].kind == .external || linkedRowsMade > 0 { markChanged(leaving) }
        if symbolInfo[entering].kind == .external || linkedRowsMade > 0 { markChanged(entering) }
        counters.pivots += 1
        counters.termsTouched += row.cells.count
        // A short row costs no more to write into a row than a link costs
        // each read of it: only long ones are linked. Restricted rows link
        // only where writing the row into each of them would cost more than
        // their links cost the ratio tests and the final write-out.
        let long = linkingExternals && isRestricted(entering) && row.cells.count >= linkThreshold
        substitute(entering, with: row, linkingExternals: long,
                   linkingRestricted: long && row.cells.count * symbolInfo[entering].column.live >= restrictedLinkWork)
    }

    /// A fresh mark for a pass that visits each row once, with `visitMarks`
    /// covering every slot.
    mutating func beginVisit() -> Int {
        coverSlots(&visitMarks, rows.count, with: 0)
        visitEpoch += 1
        return visitEpoch
    }

    /// Records that row `slot` now contains `s`, compacting the column when
    /// stale entries have piled up (amortised O(1)).
    @inline(__always) mutating func insertIntoColumn(_ s: Int, _ slot: Int) {
        symbolInfo[s].column.insert(slot, in: &listStore)
        if symbolInfo[s].column.needsCompaction { compactColumn(s) }
    }

    /// Drops stale and repeated slots from `s`'s column, keeping the order of
    /// the rest. Repeats are found with per-slot epoch marks, not a hash set,
    /// whose hashing would be a visible part of a dense system's solve.
    @inline(never) mutating func compactColumn(_ s: Int) {
        compactEpoch += 1
        let e = compactEpoch
        coverSlots(&rowMark, rows.count, with: 0)
        var kept: [Int32] = []
        kept.reserveCapacity(symbolInfo[s].column.live)
        let candidates = symbolInfo[s].column.slots
        for i in 0..<candidates.count {
            let t = candidates.element(i, in: listStore)
            guard rowMark[t] != e && rows[t].index(of: s) != nil else { continue }
            rowMark[t] = e
            kept.append(Int32(truncatingIfNeeded: t))
        }
        symbolInfo[s].column.replace(with: kept, in: &listStore)
    }

    // MARK: Records

    mutating func newRecord(_ r: consuming ConstraintRecord) -> Int {
        if let i = freeRecords.popLast() {
            records[i] = r
            return i
        }
        records.append(r)
        return records.count - 1
    }

    mutating func freeRecord(_ i: Int) {
        records[i].externals.removeAll(in: &listStore)
        freeRecords.append(i)
    }

    /// The records owning the symbols of `row` that bind it: required
    /// constraints whose marker appears there.
    mutating func requiredOwners(of row: Row, excluding record: Int) -> [Int] {
        var out: [Int] = []
        for cell in expandedCells(row) {
            let o = symbolInfo[cell.symbol].ownerOf
            if o >= 0 && o != record && records[o].isRequired && !out.contains(o) { out.append(o) }
        }
        return out.sorted()
    }
}

/// Extends a per-slot (or per-symbol) array to `n` entries, new ones `fill`.
@inline(__always) func coverSlots<T>(_ a: inout [T], _ n: Int, with fill: T) {
    if a.count < n { a.append(contentsOf: repeatElement(fill, count: n - a.count)) }
}

/// Reserves room for `n` elements in all, at least doubling the capacity:
/// a hint given before every batch must not make appends quadratic.
func growCapacity<T>(_ a: inout [T], to n: Int) {
    guard n > a.capacity else { return }
    a.reserveCapacity(Swift.max(n, 2 * a.capacity))
}
