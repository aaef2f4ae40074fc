/// Section extents with prefix sums (a Fenwick tree): where each section
/// starts along the scroll axis, and which section holds an offset.
///
/// Changing one section's extent costs O(log S) instead of shifting every
/// following start. The tree's shape depends only on the section count, so
/// the same extents always give the same sums, bit for bit.
struct SectionOffsets {
    private(set) var extents: [Double] = []
    private var tree: [Double] = [0]               // 1-based
    /// Tree nodes read or written: the work counter behind ``FlowLayout/Counters/sectionsVisited``.
    var visits = 0

    init(_ extents: [Double] = [], visits: Int = 0) {
        self.extents = extents
        tree = [0] + extents
        for i in 1..<max(1, tree.count) {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
        }
        self.visits = visits + extents.count
    }

    var count: Int { extents.count }

    /// Sets section `s`'s extent. - Complexity: O(log S).
    mutating func set(_ s: Int, _ extent: Double) {
        let delta = extent - extents[s]
        guard delta != 0 else { return }
        extents[s] = extent
        var i = s + 1
        while i < tree.count {
            tree[i] += delta
            visits += 1
            i += i & -i
        }
    }

    /// The start of section `s`: the sum of the extents before it. - Complexity: O(log S).
    func start(_ s: Int) -> Double {
        var sum = 0.0, i = s
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The sum of every extent.
    var total: Double { start(count) }

    /// The first section that ends after `v` (count when none does). - Complexity: O(log S).
    func firstSection(endingAfter v: Double) -> Int {
        var pos = 0, sum = 0.0
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next < tree.count, sum + tree[next] <= v {
                pos = next
                sum += tree[next]
            }
            step /= 2
        }
        return pos
    }
}
