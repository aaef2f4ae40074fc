/// A map from process-wide ids to small non-negative values, kept in pages
/// of 256 consecutive ids.
///
/// Variables and constraints take their ids from process-wide counters, so
/// the ids one solver or engine holds come in runs: a cell's views, a batch
/// of constraints. A hashed table scattered a run over the whole table — a
/// cache miss per lookup once a window's tables outgrew the cache — where
/// here a run shares a page (sixteen values to a cache line), and only the
/// page number is hashed. Runs far apart never collide, as they could in a
/// table indexed by the id itself. A page that empties is reused.
struct PagedIDMap {
    private static let pageBits = 8
    private static let pageSize = 1 << pageBits

    /// Page number → index of the page in `slots`.
    private var pageOf = IntIndex<Int>()
    /// The pages back to back; a slot holds value + 1, and 0 when the id is absent.
    private var slots: [Int32] = []
    /// Ids present per page.
    private var live: [Int32] = []
    private var freePages: [Int] = []
    private(set) var count = 0
    /// The page the last insertion went to, and its index: a batch inserts
    /// runs of ids (a cell's constraints, a copy's variables), most to the
    /// page before, which then needs no hashing.
    private var lastPage = -1, lastIndex = 0

    init() {}

    @inline(__always) private static func split(_ id: Int) -> (page: Int, offset: Int) {
        (id >> pageBits, id & (pageSize - 1))
    }

    subscript(id: Int) -> Int? {
        @inline(__always) get {
            let (page, offset) = Self.split(id)
            guard id >= 0 else { return nil }
            let p: Int
            if page == lastPage {
                p = lastIndex
            } else {
                guard let known = pageOf[page] else { return nil }
                p = known
            }
            let v = slots[p << Self.pageBits | offset]
            return v == 0 ? nil : Int(v) - 1
        }
        set {
            if let v = newValue { insert(id, v) } else { remove(id) }
        }
    }

    private mutating func insert(_ id: Int, _ value: Int) {
        precondition(id >= 0 && value >= 0 && value < Int(Int32.max), "PagedIDMap holds non-negative ids and values below 2³¹")
        let (page, offset) = Self.split(id)
        let p: Int
        if page == lastPage {
            p = lastIndex
        } else if let known = pageOf[page] {
            p = known
        } else if let reused = freePages.popLast() {
            p = reused
            pageOf[page] = p
        } else {
            p = live.count
            slots.append(contentsOf: repeatElement(0, count: Self.pageSize))
            live.append(0)
            pageOf[page] = p
        }
        lastPage = page
        lastIndex = p
        let i = p << Self.pageBits | offset
        if slots[i] == 0 {
            live[p] += 1
            count += 1
        }
        slots[i] = Int32(truncatingIfNeeded: value + 1)
    }

    /// Removes `id` and returns its value, if it had one.
    @discardableResult
    mutating func remove(_ id: Int) -> Int? {
        let (page, offset) = Self.split(id)
        guard id >= 0, let p = pageOf[page] else { return nil }
        let i = p << Self.pageBits | offset
        let v = slots[i]
        guard v != 0 else { return nil }
        slots[i] = 0
        count -= 1
        live[p] -= 1
        if live[p] == 0 {
            pageOf.remove(page)
            freePages.append(p)
            if page == lastPage { lastPage = -1 }
        }
        return Int(v) - 1
    }

    /// Forgets every id, keeping the room of the pages (see `SpareStorage`).
    mutating func removeAll() {
        pageOf = IntIndex()
        slots.removeAll(keepingCapacity: true)
        live.removeAll(keepingCapacity: true)
        freePages.removeAll(keepingCapacity: true)
        count = 0
        lastPage = -1
        lastIndex = 0
    }

    /// Room for `n` more ids, most of them in runs (a batch's new variables
    /// and constraints), so that adding them grows nothing.
    mutating func reserveCapacity(forAdding n: Int) {
        let pages = n / Self.pageSize + 2
        pageOf.reserveCapacity(pageOf.count + pages)
        growCapacity(&slots, to: slots.count + pages * Self.pageSize)
        growCapacity(&live, to: live.count + pages)
    }
}
