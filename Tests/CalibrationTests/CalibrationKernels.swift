import Foundation

/// In-process kernels whose work is known exactly, for checking that the
/// analysis names the right growth class from real wall-clock timings on
/// this (shared, noisy) machine. Each returns a value that depends on every
/// step, and the harness feeds it to ``blackHole(_:)`` so no build
/// configuration can delete the work.
struct CalibrationKernel: Sendable {
    var name: String
    /// The class the kernel's work follows.
    var expected: ComplexityClassLabel
    /// Two decades, chosen so that one run at the largest size (debug
    /// build) is shorter than a sample: see `CalibrationHarness`.
    var sizes: [Int]
    /// Runs the kernel once at size n; returns a checksum and the exact operation count.
    var run: @Sendable (Int) -> (checksum: UInt64, operations: Double)

    enum ComplexityClassLabel: String, Sendable { case linear = "O(n)", linearithmic = "O(n log n)", quadratic = "O(n²)" }

    /// n steps of a 64-bit linear congruential generator: exactly n multiply-adds, no memory traffic.
    static let linear = CalibrationKernel(name: "LCG walk", expected: .linear,
                                          sizes: [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]) { n in
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<n { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        return (x, Double(n))
    }

    /// Heapsort of n pseudo-random keys: Θ(n log n) comparisons on every input
    /// (Williams 1964; Knuth TAOCP vol. 3 §5.2.3). The keys fit in L2 cache at every size.
    static let linearithmic = CalibrationKernel(name: "heapsort", expected: .linearithmic,
                                                sizes: [30, 65, 139, 300, 646, 1_392, 3_000]) { n in
        var keys = [UInt64](repeating: 0, count: n)
        var x: UInt64 = 42
        for i in 0..<n { x = x &* 6_364_136_223_846_793_005 &+ 1; keys[i] = x >> 11 }
        var comparisons = 0.0
        keys.withUnsafeMutableBufferPointer { a in
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end { comparisons += 1; if a[child] < a[child + 1] { child += 1 } }
                    comparisons += 1
                    if a[root] < a[child] { a.swapAt(root, child); root = child } else { return }
                }
            }
            for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
            for end in stride(from: n - 1, to: 0, by: -1) { a.swapAt(0, end); siftDown(0, end) }
        }
        return (keys[n / 2] ^ keys[0], comparisons)
    }

    /// All n² ordered pairs (i, j), one multiply-add each: exactly n² steps.
    static let quadratic = CalibrationKernel(name: "all pairs", expected: .quadratic,
                                             sizes: [6, 13, 28, 60, 129, 278, 600]) { n in
        var acc: UInt64 = 0
        for i in 0..<n {
            let a = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            for j in 0..<n { acc = acc &+ (a ^ UInt64(j)) }
        }
        return (acc, Double(n) * Double(n))
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole(_ value: UInt64) {
    if value == 0x1234_5678_9ABC_DEF0 { print("") }
}
