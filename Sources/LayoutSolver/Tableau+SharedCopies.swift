/// What a shared copy holds instead of rows: the image of the basis it is
/// in, its rows' constants over that image, its template's bases, and the
/// constants in effect for its records (in the image's record order). One
/// reference in `Component`, so that every other component carries a nil.
final class SharedCopy {
    var image: ComponentImage
    var constants: [Double]
    let family: ImageFamily
    var recordConstants: [Double]
    /// Preferences whose constants changed without the copy taking it yet
    /// (see `Tableau.settleCopy`), by record in the image's order, with the
    /// constant `constants` are for; `recordConstants` holds the new ones.
    var pending = PendingConstants()
    /// The basis the copy was in before its current one: a cell toggled
    /// between two contents goes back to it, so it is tried first.
    weak var previous: ComponentImage?

    init(image: ComponentImage, constants: [Double], family: ImageFamily, recordConstants: [Double]) {
        self.image = image
        self.constants = constants
        self.family = family
        self.recordConstants = recordConstants
    }
}

/// The preference constants a shared copy has not taken yet: which records
/// changed and what each was. Most copies wait with one (a label's new
/// height), kept inline.
struct PendingConstants {
    private var first: (record: Int, was: Double)?
    private var rest: [(record: Int, was: Double)] = []

    var isEmpty: Bool { first == nil }

    /// Notes that record `k`, whose constant was `was`, changed (only its
    /// first change counts: `was` is what the copy's rows are for).
    mutating func note(_ k: Int, was: Double) {
        guard let f = first else { first = (k, was); return }
        if f.record != k && !rest.contains(where: { $0.record == k }) { rest.append((k, was)) }
    }

    /// The changes to `constants` (the copy's record constants now), in
    /// record order as `ComponentImage.changes` lists them, leaving none.
    /// They are written into `changes` (emptied first), a buffer the
    /// settling copy's tableau keeps.
    mutating func take(from constants: [Double], into changes: inout [(record: Int, delta: Double)]) {
        changes.removeAll(keepingCapacity: true)
        guard let f = first else { return }
        if constants[f.record] != f.was { changes.append((f.record, constants[f.record] - f.was)) }
        for (k, was) in rest where constants[k] != was { changes.append((k, constants[k] - was)) }
        if changes.count > 1 { changes.sort { $0.record < $1.record } }
        first = nil
        if !rest.isEmpty { rest.removeAll() }
    }
}

/// Shared copies: components made by `clone` that read their rows from a
/// `ComponentImage` and hold only their row constants.
///
/// Reading a value and moving constants work on the shared form, as long
/// as one of the template's bases (its `ImageFamily`) stays feasible. Every
/// other operation on a component — adding a constraint that names one of
/// its variables, removing one of its constraints, a constant change no
/// known basis takes — first writes its rows out (`materialize`), after
/// which it is an ordinary component in exactly the state a row by row copy
/// would have reached in that basis: same symbols, same rows, same constants.
extension Tableau {
    /// Whether component `c` is a shared copy.
    @inline(__always) func isShared(_ c: Int) -> Bool { sharedCopies > 0 && c >= 0 && components[c].shared != nil }

    /// The first basis of `family` in which records with constants
    /// `recordConstants` are feasible, with its row constants; nil if none
    /// is (the copy then needs dual simplex). `leaving`, a copy's basis that
    /// a constant change made infeasible, is not tried; the copy's
    /// `previous` basis is tried first (a cell toggled between two contents
    /// goes back and forth), then the one copies last moved to from
    /// `leaving` (a label that grows a line moves its cell the same way
    /// every time), then the rest in order.
    mutating func feasibleBasis(in family: ImageFamily, for recordConstants: [Double],
                                leaving: ComponentImage? = nil,
                                previous: ComponentImage? = nil) -> (image: ComponentImage, constants: [Double])? {
        // Tried in scratch buffers: a basis that does not fit allocates nothing.
        var shifts: [(record: Int, delta: Double)] = [], trial: [Double] = []
        swap(&shifts, &scratchShifts)
        swap(&trial, &scratchConstants)
        defer {
            swap(&shifts, &scratchShifts)
            swap(&trial, &scratchConstants)
        }
        /// The copy's row constants in `image`'s basis if they are feasible there.
        func fitting(_ image: ComponentImage) -> [Double]? {
            shifts.removeAll(keepingCapacity: true)
            image.changes(to: recordConstants, into: &shifts)
            if shifts.isEmpty { return image.rowConstants }   // the image's own buffer
            trial.removeAll(keepingCapacity: true)
            trial.append(contentsOf: image.rowConstants)
            return shift(&trial, of: image, by: shifts) ? trial : nil   // copied out; the scratch keeps its buffer
        }
        if let previous, previous !== leaving, let i = family.images.firstIndex(where: { $0 === previous }),
           let constants = fitting(previous) {
            family.took(i, leaving: leaving)
            return (previous, constants)
        }
        let hint = leaving.flatMap(family.lastMove(from:))
        if let hint, family.images[hint] !== previous, let constants = fitting(family.images[hint]) {
            let image = family.images[hint]
            family.took(hint, leaving: leaving)
            return (image, constants)
        }
        for i in family.images.indices where i != hint && family.images[i] !== leaving && family.images[i] !== previous {
            if let constants = fitting(family.images[i]) {
                let image = family.images[i]
                family.took(i, leaving: leaving)
                return (image, constants)
            }
        }
        return nil
    }

    /// The index in shared copy `c`'s image of its record in `slot`.
    func sharedRecord(_ slot: Int, in c: Int) -> Int {
        Int(components[c].shared!.image.recordOfMarker[symbolInfo[records[slot].marker].componentPosition])
    }

    /// Changes the constant of shared copy `c`'s record `k` (in its image's
    /// order) by `delta`, to `constant`, without writing the copy out: in
    /// its own basis if that stays feasible (the case where `dualOptimize`
    /// would do nothing), else in another of its family's. Returns false,
    /// changing nothing, when no known basis is feasible.
    mutating func shiftShared(_ c: Int, record k: Int, by delta: Double, to constant: Double) -> Bool {
        guard let copy = components[c].shared else { return false }
        let image = copy.image
        let moved = shift(&copy.constants, of: image, by: [(k, delta)])
        let old = copy.recordConstants[k]
        copy.recordConstants[k] = constant
        if moved {
            for (r, _) in sharedUndo {
                let b = Int(image.rowBasic[Int(r)])
                if image.kinds[b] == .external { markChanged(components[c].symbols[b]) }
            }
            return true
        }
        if let (other, constants) = feasibleBasis(in: copy.family, for: copy.recordConstants, leaving: image,
                                                  previous: copy.previous) {
            adopt(c, image: other, constants: constants, previous: image, previousConstants: copy.constants)
            return true
        }
        copy.recordConstants[k] = old
        return false
    }

    /// Moves `constants`, row constants over `image`'s rows, for changes
    /// `delta` of the constants of its records `record` (indexes in the
    /// image's record order), as `applyShift` would move the rows' — same
    /// arithmetic, in the same order. Returns false, leaving them as they
    /// were, when a row would then need a pivot: a restricted row below
    /// -epsilon, a required equality's row away from zero. The rows moved
    /// are left in `sharedUndo`.
    mutating func shift(_ constants: inout [Double], of image: ComponentImage,
                        by shifts: [(record: Int, delta: Double)]) -> Bool {
        var undo: [(row: Int32, constant: Double)] = []
        swap(&undo, &sharedUndo)
        defer { swap(&undo, &sharedUndo) }
        undo.removeAll(keepingCapacity: true)
        guard !shifts.isEmpty else { return true }
        var needsPivot = false
        constants.withUnsafeMutableBufferPointer { constants in
            func adjust(_ r: Int32, by amount: Double) {
                undo.append((r, constants[Int(r)]))
                constants[Int(r)] += amount
            }
            for (k, delta) in shifts {
                let shift = image.shifts[k]
                switch shift.mode {
                case .markerRow, .otherRow:
                    adjust(shift.row, by: -delta / shift.divisor)
                case .column:
                    let amount = delta / shift.divisor
                    for e in Int(image.effectStart[k])..<Int(image.effectStart[k + 1]) {
                        adjust(image.effectRows[e], by: image.effectCoefficients[e] * amount)
                    }
                }
            }
            for (r, _) in undo {
                let constant = constants[Int(r)]
                switch image.kinds[Int(image.rowBasic[Int(r)])] {
                case .slack, .error: needsPivot = needsPivot || constant < -epsilon
                case .dummy: needsPivot = needsPivot || abs(constant) > epsilon
                default: break
                }
            }
            if needsPivot {
                for (r, old) in undo.reversed() { constants[Int(r)] = old }
            }
        }
        counters.rowsTouched += undo.count
        return !needsPivot
    }

    /// The records of shared copy `c`, in its image's record order.
    func sharedRecords(_ c: Int) -> [Int] {
        let image = components[c].shared!.image
        return image.markerOfRecord.map { symbolInfo[components[c].symbols[Int($0)]].ownerOf }
    }

    /// Takes the preference constant changes every shared copy has waited
    /// with since it was last read (see `settleCopy`).
    mutating func settleCopies() {
        guard !unsettledCopies.isEmpty else { return }
        var list: [Int] = []
        swap(&list, &unsettledCopies)
        for c in list { settleCopy(c) }
        list.removeAll(keepingCapacity: true)
        if unsettledCopies.isEmpty { swap(&list, &unsettledCopies) }
    }

    /// Takes the constant changes shared copy `c` has waited with, all at
    /// once: a cell whose labels grew in one layout pass moves once, to the
    /// basis where it ends, rather than through one basis per label (each
    /// perhaps found by dual simplex). In its own basis if that stays
    /// feasible, else in another of its family's, else in one found on its
    /// image (`discoverBasis`), else written out and repaired. Only
    /// preferences wait, so none of this can fail.
    mutating func settleCopy(_ c: Int) {
        guard c >= 0, c < components.count, let copy = components[c].shared, !copy.pending.isEmpty else { return }
        // The changes in a buffer the tableau keeps (taken out while in use).
        var changes: [(record: Int, delta: Double)] = []
        swap(&changes, &scratchSettled)
        defer { swap(&changes, &scratchSettled) }
        copy.pending.take(from: copy.recordConstants, into: &changes)
        guard !changes.isEmpty else { return }
        let image = copy.image
        // In place: a shift that would need a pivot leaves them as they were.
        // (Shifted in a copy, every settled copy allocated one.)
        if shift(&copy.constants, of: image, by: changes) {
            for (r, _) in sharedUndo {
                let b = Int(image.rowBasic[Int(r)])
                if image.kinds[b] == .external { markChanged(components[c].symbols[b]) }
            }
            return
        }
        if let (other, constants) = feasibleBasis(in: copy.family, for: copy.recordConstants, leaving: image,
                                                  previous: copy.previous) {
            adopt(c, image: other, constants: constants, previous: image, previousConstants: copy.constants)
            return
        }
        if discoversOnImages,
           let found = discoverBasis(from: image, constants: copy.constants, changes: changes,
                                     recordConstants: copy.recordConstants, symbols: components[c].symbols) {
            adopt(c, image: found.image, constants: found.constants, previous: image, previousConstants: copy.constants)
            copy.family.add(found.image, leaving: image)
            return
        }
        // Written out with the constants its rows hold, then moved.
        let slots = sharedRecords(c)
        let family = copy.family, learned = copy.recordConstants
        materialize(c)
        do {
            try shiftConstants(changes.map { (slots[$0.record], $0.delta) })
        } catch {
            anomalies += 1   // preferences cannot conflict
        }
        learnBasis(of: c, records: slots, constants: learned, into: family, leaving: image)
    }

    /// Writes shared copy `c`'s rows and objective out; nothing if it is not one.
    mutating func materialize(_ c: Int) {
        settleCopy(c)
        guard isShared(c), let copy = components[c].shared else { return }
        components[c].shared = nil
        sharedCopies -= 1
        let image = copy.image, constants = copy.constants
        // Local symbol → the copy's, through a scratch table (moved out while in use).
        var map: [Int32] = []
        swap(&map, &materializeMap)
        defer {
            map.removeAll(keepingCapacity: true)
            swap(&map, &materializeMap)
        }
        for s in components[c].symbols { map.append(Int32(truncatingIfNeeded: s)) }
        var levels: [ObjectiveLevel] = []
        levels.reserveCapacity(image.levelPriorities.count)
        map.withUnsafeBufferPointer { m in
            image.cells.withUnsafeBufferPointer { cells in
                for r in 0..<image.rowCount {
                    let run = UnsafeBufferPointer(rebasing: cells[Int(image.rowStart[r])..<Int(image.rowStart[r + 1])])
                    insertRow(basic: Int(m[Int(image.rowBasic[r])]), Row(constant: constants[r], renaming: run, m))
                }
            }
            image.levelCells.withUnsafeBufferPointer { cells in
                for l in image.levelPriorities.indices {
                    let run = UnsafeBufferPointer(rebasing: cells[Int(image.levelStart[l])..<Int(image.levelStart[l + 1])])
                    levels.append(ObjectiveLevel(priority: image.levelPriorities[l],
                                                 row: Row(constant: image.levelConstants[l], renaming: run, m)))
                }
            }
        }
        components[c].levels = levels
        components[c].scansWholeObjective = true
        counters.componentsMaterialized += 1
    }

    /// Adds the basis that written-out copy `c` of `family`'s template has
    /// reached by dual simplex to the family (its records in the template's
    /// order, with the constants in effect), unless the family is full; a
    /// copy that left basis `leaving` for it notes the move.
    mutating func learnBasis(of c: Int, records: [Int], constants: [Double], into family: ImageFamily,
                             leaving: ComponentImage? = nil) {
        guard !family.isFull else { return }
        expandLinks(inComponent: c)
        guard let image = image(of: c, records: records, constants: constants) else { return }
        family.add(image, leaving: leaving)
    }

    /// Writes out the shared copies that hold any of `symbols`.
    mutating func materializeComponents(of symbols: [(symbol: Int, coefficient: Double)]) {
        guard sharedCopies > 0 else { return }
        for (s, _) in symbols {
            let c = symbolInfo[s].componentOf
            if isShared(c) { materialize(c) }
        }
    }
}
