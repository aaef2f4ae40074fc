/// Where each after-update section comes from, computed from validated
/// section claims by the batch rules: sections leave (deletes, move sources)
/// and arrive (inserts, move destinations); the others keep their order and
/// fill the remaining slots.
///
/// Stored sparsely, as the sorted lists of sections that leave and arrive:
/// the kept section of rank r (the r-th survivor) sits in the r-th free
/// slot, so either direction is two binary searches and nothing is stored
/// per kept section. - Complexity: O(log s) per lookup for s section operations.
struct SectionMapping: Sendable {
    /// Before-update indexes of deleted and moved-away sections, ascending.
    let leaving: [Int]
    /// After-update indexes of inserted and moved-in sections, ascending.
    let arriving: [Int]
    /// Before-update indexes of reloaded sections, ascending.
    let reloaded: [Int]
    /// Before-update indexes claimed by an operation, ascending, and their operations.
    private let claimed: [Int]
    private let claimedKinds: [BatchUpdate.Kind]
    private let moveTo: [Int: Int]
    private let moveFrom: [Int: Int]

    /// - Precondition: the claims are sorted and validated (in range, no
    ///   section claimed twice on either side).
    /// - Complexity: O(s) for s section claims.
    init(claims: Claims<Int>, moves: [(from: Int, to: Int)]) {
        leaving = claims.before.filter { $0.1 == .delete || $0.1 == .move }.map(\.0)
        arriving = claims.after.map(\.0)
        reloaded = claims.before.filter { $0.1 == .reload }.map(\.0)
        claimed = claims.before.map(\.0)
        claimedKinds = claims.before.map(\.1)
        moveTo = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
        moveFrom = Dictionary(uniqueKeysWithValues: moves.map { ($0.to, $0.from) })
    }

    /// `reloadData`: every section leaves and every slot gets a new one.
    /// - Complexity: O(S), deliberately: it is the baseline batches are compared with.
    init(replacingAll before: Int, after: Int) {
        leaving = Array(0..<before)
        arriving = Array(0..<after)
        reloaded = []
        claimed = []
        claimedKinds = []
        moveTo = [:]
        moveFrom = [:]
    }

    /// Sections stored: those that leave, arrive or are reloaded.
    var entries: Int { leaving.count + arriving.count + reloaded.count }

    /// The operation claiming before-update section `old`, if any.
    func beforeKind(_ old: Int) -> BatchUpdate.Kind? {
        let i = countBelow(claimed, old)
        return i < claimed.count && claimed[i] == old ? claimedKinds[i] : nil
    }

    /// The after-update index of before-update section `old` (moved, kept or
    /// reloaded); nil when it was deleted.
    func newIndex(forOld old: Int) -> Int? {
        if let to = moveTo[old] { return to }
        if binaryContains(leaving, old) { return nil }
        let rank = old - countBelow(leaving, old)
        return rank + countRankedBelow(arriving, rank)
    }

    /// Where after-update section `new` comes from.
    func source(ofNew new: Int) -> BatchUpdateResult.SectionChange.Source {
        if binaryContains(arriving, new) { return moveFrom[new].map { .old($0) } ?? .inserted }
        let old = survivor(rank: new - countBelow(arriving, new))
        return binaryContains(reloaded, old) ? .reloaded(old) : .old(old)
    }

    /// The before-update index of the kept section of rank `rank`.
    private func survivor(rank: Int) -> Int { rank + countRankedBelow(leaving, rank) }

    /// After-update sections `range`, none of which arrives, split where their
    /// before-update indexes jump (over a section that left): in each run,
    /// after-update section `new + j` was before-update section `old + j`.
    /// - Complexity: O(log s) per run; a run ends at the range's end or at a
    ///   leaving section.
    func keptRuns(_ range: Range<Int>) -> [(new: Int, old: Int, count: Int)] {
        var runs: [(new: Int, old: Int, count: Int)] = []
        var new = range.lowerBound
        while new < range.upperBound {
            let rank = new - countBelow(arriving, new)
            let below = countRankedBelow(leaving, rank)
            let old = rank + below
            let nextLeaving = below < leaving.count ? leaving[below] : Int.max
            let count = min(range.upperBound - new, nextLeaving - old)
            runs.append((new, old, count))
            new += count
        }
        return runs
    }
}
