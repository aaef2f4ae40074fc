/// A map from non-negative `Int` keys to `Int` values: open addressing with
/// linear probing, Fibonacci hashing and backward-shift deletion.
///
/// The solver's hot loops look symbols up in long rows and columns millions
/// of times; Swift's `Dictionary` hashes every key with seeded SipHash, which
/// would dominate the solver's time. Keys here are small dense
/// integers, so a multiplicative hash is enough, and the table never iterates,
/// so its layout cannot leak into any result.
///
/// `Stored` is the width keys and values are kept in: row indexes use
/// `Int32` (symbols and cell positions fit), which halves the table — a
/// 10,000-block chain holds some 4·10⁸ row terms, so bytes per term decide
/// whether it fits in memory at all; maps keyed by process-wide ids use `Int`.
struct IntIndex<Stored: FixedWidthInteger & SignedInteger> {
    private struct Entry {
        var key: Stored
        var value: Stored
    }
    /// Keys and values side by side: one cache line per probe.
    private var table: [Entry]
    private var shift: Int
    private(set) var count = 0

    /// A placeholder that is never probed (rows below the index threshold);
    /// its empty table allocates nothing.
    static var unused: IntIndex { IntIndex(table: [], shift: 63) }

    private init(table: [Entry], shift: Int) {
        self.table = table
        self.shift = shift
    }

    init(minimumCapacity: Int = 8) {
        var bits = 3
        while (1 << bits) < minimumCapacity * 2 { bits += 1 }
        table = [Entry](repeating: Entry(key: -1, value: 0), count: 1 << bits)
        shift = 64 - bits
    }

    @inline(__always) private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    subscript(key: Int) -> Int? {
        // Always inlined: left to the optimiser, the solver's lookups in
        // `value(of:)` and `setConstant` become a call once other modules
        // use the index too.
        @inline(__always) get {
            let stored = Stored(truncatingIfNeeded: key)
            return table.withUnsafeBufferPointer { t in
                let mask = t.count - 1
                var i = home(key)
                while true {
                    let k = t[i].key
                    if k == stored { return Int(t[i].value) }
                    if k < 0 { return nil }
                    i = (i + 1) & mask
                }
            }
        }
        set {
            if let v = newValue { insert(key, v) } else { remove(key) }
        }
    }

    /// Whether `n` keys fit `slots` slots: load ≤ 1/2 keeps probe runs
    /// short; big tables go to 3/4 to save memory.
    @inline(__always) private static func fits(_ n: Int, slots: Int) -> Bool {
        slots < 4096 ? n * 2 <= slots : n * 4 <= slots * 3
    }

    private mutating func insert(_ key: Int, _ value: Int) {
        if !Self.fits(count + 1, slots: table.count) { grow() }
        let h = home(key)
        let key = Stored(truncatingIfNeeded: key), value = Stored(truncatingIfNeeded: value)
        let added = table.withUnsafeMutableBufferPointer { t -> Bool in
            let mask = t.count - 1
            var i = h
            while true {
                let k = t[i].key
                if k == key { t[i].value = value; return false }
                if k < 0 {
                    t[i] = Entry(key: key, value: value)
                    return true
                }
                i = (i + 1) & mask
            }
        }
        if added { count += 1 }
    }

    @discardableResult
    mutating func remove(_ key: Int) -> Int? {
        let shift = self.shift
        let hashedKey = key
        let key = Stored(truncatingIfNeeded: key)
        let removed = table.withUnsafeMutableBufferPointer { t -> Int? in
            let mask = t.count - 1
            @inline(__always) func home(_ k: Int) -> Int {
                Int(truncatingIfNeeded: (UInt(bitPattern: k) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
            }
            var i = home(hashedKey)
            while true {
                let k = t[i].key
                if k < 0 { return nil }
                if k == key { break }
                i = (i + 1) & mask
            }
            let value = Int(t[i].value)
            // Backward-shift: pull later entries of the probe run into the hole.
            var hole = i
            var j = i
            while true {
                j = (j + 1) & mask
                let k = t[j].key
                if k < 0 { break }
                let h = home(Int(k))
                let fits = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j)
                if fits {
                    t[hole] = t[j]
                    hole = j
                }
            }
            t[hole].key = -1
            return value
        }
        if removed != nil { count -= 1 }
        return removed
    }

    /// Makes room for `n` keys in all, so that filling it rehashes nothing.
    mutating func reserveCapacity(_ n: Int) {
        var bits = 64 - shift
        while !Self.fits(n, slots: 1 << bits) { bits += 1 }
        if bits > 64 - shift { rehash(bits: bits) }
    }

    private mutating func grow() { rehash(bits: 64 - shift + 1) }

    private mutating func rehash(bits: Int) {
        let old = table
        table = [Entry](repeating: Entry(key: -1, value: 0), count: 1 << bits)
        shift = 64 - bits
        count = 0
        for e in old where e.key >= 0 { insert(Int(e.key), Int(e.value)) }
    }
}

/// A `PagedIDMap` keyed by process-wide ids, for the view layer's maps (a
/// variable's item): concrete, so callers in other modules get the
/// specialised code instead of a generic one.
package struct IDIndex {
    private var index = PagedIDMap()

    package init() {}

    package subscript(id: UInt64) -> Int? {
        get { index[Int(truncatingIfNeeded: id)] }
        set { index[Int(truncatingIfNeeded: id)] = newValue }
    }

    /// Removes `id` and returns its value, if it had one.
    @discardableResult
    package mutating func remove(_ id: UInt64) -> Int? { index.remove(Int(truncatingIfNeeded: id)) }

    /// Forgets every id, keeping the room.
    package mutating func removeAll() { index.removeAll() }
}
