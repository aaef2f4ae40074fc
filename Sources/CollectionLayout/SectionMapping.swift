/// Where each after-update section comes from, computed from validated
/// section claims by the batch rules: sections leave (deletes, move sources)
/// and arrive (inserts, move destinations); the others keep their order and
/// fill the remaining slots.
struct SectionMapping {
    enum Source: Equatable {
        /// Carries the items of this before-update section (kept or moved).
        case old(Int)
        /// Gets all its items from the data source: an insert or a reload.
        case fresh(BatchUpdate.Kind)
    }

    /// The operation claiming each before-update section, if any.
    var beforeKind: [Int: BatchUpdate.Kind] = [:]
    /// One source per after-update section.
    var sources: [Source]
    /// For reloaded sections: after-update index → before-update index.
    var reloadedOld: [Int: Int] = [:]
    /// Before-update index → after-update index; nil for deleted sections.
    var newForOld: [Int?]

    /// - Complexity: O(S + k log k) for S sections and k section claims.
    init(claims: Claims<Int>, moves: [(from: Int, to: Int)], before: Int, after: Int) {
        sources = Array(repeating: .fresh(.insert), count: after)
        newForOld = Array(repeating: nil, count: before)
        var leaving = Set<Int>()
        var arriving = Set<Int>()
        for (s, kind) in claims.before {
            beforeKind[s] = kind
            if kind == .delete || kind == .move { leaving.insert(s) }
        }
        for (s, _) in claims.after { arriving.insert(s) }
        // Survivors (kept and reloaded) fill the free after-update slots in order.
        var slot = 0
        for old in 0..<before where !leaving.contains(old) {
            while arriving.contains(slot) { slot += 1 }
            newForOld[old] = slot
            if beforeKind[old] == .reload {
                sources[slot] = .fresh(.reload)
                reloadedOld[slot] = old
            } else {
                sources[slot] = .old(old)
            }
            slot += 1
        }
        for move in moves {
            newForOld[move.from] = move.to
            sources[move.to] = .old(move.from)
        }
    }
}
