import Synchronization

/// The emptied tables of a solver that was reset or went away, kept for the
/// next solver made, on any thread.
///
/// A window's engine is made with the window and dropped with it, and each
/// new solver would grow the same tables again from nothing, asking the
/// allocator for large blocks whose freeing makes glibc consolidate its
/// fast bins, full of the previous window's constraints. Only room moves from one solver to the next, never
/// a value: every table is emptied first, and every other field starts as
/// in a new solver, so a solver behaves the same with or without a spare.
///
/// Unchecked `Sendable`: the tables are empty when a solver gives them up,
/// so nothing in them refers to the solver or to any other object.
struct SpareStorage: @unchecked Sendable {
    var tableau: Tableau
    var symbolOf: PagedIDMap
    var recordOf: PagedIDMap
    var variables: [Solver.SymbolVariable]
    var recordInfo: [Solver.RecordInfo]
    var keptTerms: [Term]

    /// Of two spares, the one with room for more symbols is kept: it fits
    /// the next solver of either size. (So a process keeps room for the
    /// largest solver it has had, as it keeps the heap that solver grew.)
    var room: Int { tableau.symbolInfo.capacity }

    /// Takes the spare, if there is one.
    static func take() -> SpareStorage? {
        spare.withLock { slot -> SpareStorage? in
            defer { slot = nil }
            return slot
        }
    }

    /// Keeps this as the spare unless the one kept has more room.
    consuming func keep() {
        guard room > 0 else { return }
        let offered = self
        spare.withLock { slot in
            if (slot?.room ?? 0) < offered.room { slot = offered }
        }
    }
}

private let spare = Mutex<SpareStorage?>(nil)

extension Tableau {
    /// Moves the large tables out, emptied with their room kept, into a new
    /// tableau whose other fields are a new tableau's; this one is left
    /// with empty tables.
    mutating func takeEmptiedTables() -> Tableau {
        var fresh = Tableau()
        @inline(__always) func move<T>(_ table: inout [T], to target: inout [T]) {
            table.removeAll(keepingCapacity: true)
            swap(&table, &target)
        }
        move(&symbolInfo, to: &fresh.symbolInfo)
        move(&splitMark, to: &fresh.splitMark)
        move(&rows, to: &fresh.rows)
        move(&basicOf, to: &fresh.basicOf)
        move(&rowMark, to: &fresh.rowMark)
        move(&records, to: &fresh.records)
        move(&components, to: &fresh.components)
        move(&cloneMap, to: &fresh.cloneMap)
        move(&materializeMap, to: &fresh.materializeMap)
        listStore.removeAll()
        swap(&listStore, &fresh.listStore)
        return fresh
    }
}

extension Solver {
    /// Hands this solver's tables, emptied, to the next solver made; this
    /// one is left with empty tables.
    func giveUpStorage() { takeStorage()?.keep() }

    /// Starts from the spare tables, if any (a new solver's, as yet empty).
    func adoptSpareStorage() {
        if let storage = SpareStorage.take() { adopt(storage) }
    }

    /// This solver's tables, emptied with their room kept (nil if they have
    /// none); the solver is left with empty tables.
    func takeStorage() -> SpareStorage? {
        guard tableau.symbolInfo.capacity > 0 else { return nil }
        var keptSymbolOf = PagedIDMap(), keptRecordOf = PagedIDMap()
        swap(&keptSymbolOf, &symbolOf)
        swap(&keptRecordOf, &recordOf)
        keptSymbolOf.removeAll()
        keptRecordOf.removeAll()
        var storage = SpareStorage(tableau: tableau.takeEmptiedTables(), symbolOf: keptSymbolOf, recordOf: keptRecordOf,
                                   variables: [], recordInfo: [], keptTerms: [])
        variables.removeAll(keepingCapacity: true)
        recordInfo.removeAll(keepingCapacity: true)
        keptTerms.removeAll(keepingCapacity: true)
        swap(&storage.variables, &variables)
        swap(&storage.recordInfo, &recordInfo)
        swap(&storage.keptTerms, &keptTerms)
        return storage
    }

    /// Moves `storage`'s tables in; only for a solver that holds nothing yet.
    func adopt(_ storage: consuming SpareStorage) {
        precondition(tableau.symbolInfo.isEmpty && recordInfo.isEmpty, "only an empty solver adopts spare tables")
        var storage = storage
        // The tuning stays this solver's.
        storage.tableau.foldThreshold = tableau.foldThreshold
        storage.tableau.linkThreshold = tableau.linkThreshold
        storage.tableau.discoversOnImages = tableau.discoversOnImages
        swap(&tableau, &storage.tableau)
        swap(&symbolOf, &storage.symbolOf)
        swap(&recordOf, &storage.recordOf)
        swap(&variables, &storage.variables)
        swap(&recordInfo, &storage.recordInfo)
        swap(&keptTerms, &storage.keptTerms)
    }
}
