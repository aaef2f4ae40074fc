/// A map from non-negative `Int` keys to `Int` values: open addressing with
/// linear probing, Fibonacci hashing and backward-shift deletion.
///
/// The solver's hot loops look symbols up in long rows and columns millions
/// of times; Swift's `Dictionary` hashes every key with seeded SipHash, which
/// profiled at over a third of the solver's time. Keys here are small dense
/// integers, so a multiplicative hash is enough, and the table never iterates,
/// so its layout cannot leak into any result.
struct IntIndex {
    private struct Entry {
        var key: Int
        var value: Int
    }
    /// Keys and values side by side: one cache line per probe.
    private var table: [Entry]
    private var shift: Int
    private(set) var count = 0

    /// A placeholder that is never probed (rows below the index threshold).
    static let unused = IntIndex(minimumCapacity: 1)

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
        get {
            table.withUnsafeBufferPointer { t in
                let mask = t.count - 1
                var i = home(key)
                while true {
                    let k = t[i].key
                    if k == key { return t[i].value }
                    if k < 0 { return nil }
                    i = (i + 1) & mask
                }
            }
        }
        set {
            if let v = newValue { insert(key, v) } else { remove(key) }
        }
    }

    private mutating func insert(_ key: Int, _ value: Int) {
        if (count + 1) * 2 > table.count { grow() }   // load ≤ 1/2 keeps probe runs short
        let h = home(key)
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
        let removed = table.withUnsafeMutableBufferPointer { t -> Int? in
            let mask = t.count - 1
            @inline(__always) func home(_ k: Int) -> Int {
                Int(truncatingIfNeeded: (UInt(bitPattern: k) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
            }
            var i = home(key)
            while true {
                let k = t[i].key
                if k < 0 { return nil }
                if k == key { break }
                i = (i + 1) & mask
            }
            let value = t[i].value
            // Backward-shift: pull later entries of the probe run into the hole.
            var hole = i
            var j = i
            while true {
                j = (j + 1) & mask
                let k = t[j].key
                if k < 0 { break }
                let h = home(k)
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

    private mutating func grow() {
        let old = table
        let bits = 64 - shift + 1
        table = [Entry](repeating: Entry(key: -1, value: 0), count: 1 << bits)
        shift = 64 - bits
        count = 0
        for e in old where e.key >= 0 { insert(e.key, e.value) }
    }
}
