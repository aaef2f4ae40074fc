// Sorted-array helpers: the searches are O(log n).

/// How many elements of the ascending `a` are below `x`.
func countBelow(_ a: [Int], _ x: Int) -> Int {
    var lo = 0, hi = a.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if a[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

func binaryContains(_ a: [Int], _ x: Int) -> Bool {
    let i = countBelow(a, x)
    return i < a.count && a[i] == x
}

/// For ascending, distinct `a` (slots taken out of a sequence): how many of
/// them come before the survivor of rank `rank`. `a[t] - t` is the number of
/// survivors before `a[t]`, which never decreases, so it is binary-searchable.
func countRankedBelow(_ a: [Int], _ rank: Int) -> Int {
    var lo = 0, hi = a.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if a[mid] - mid <= rank { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// The first index in `range` where the arrays differ; slices of one storage
/// compare equal at once.
func firstDifference(_ a: [Int], _ b: [Int], _ range: Range<Int>) -> Int? {
    guard !range.isEmpty, a[range] != b[range] else { return nil }
    return range.first { a[$0] != b[$0] }
}

/// The union of two ascending lists without repeats, ascending.
func mergeUnique(_ x: [Int], _ y: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(x.count + y.count)
    var i = 0, j = 0
    while i < x.count || j < y.count {
        let next = j == y.count || (i < x.count && x[i] <= y[j]) ? x[i] : y[j]
        if result.last != next { result.append(next) }
        if i < x.count, x[i] == next { i += 1 }
        if j < y.count, y[j] == next { j += 1 }
    }
    return result
}
