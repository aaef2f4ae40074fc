import Foundation
import Synchronization
import WorkerCore

/// `layoutbench-worker --check-allocation-counter`: a fixed pattern of
/// allocations, counted by the installed counter, printed as one JSON object
/// (`{"count": …, "bytes": …, "expected_count": …, "expected_bytes": …}`).
/// A test runs it: the counter lives in this executable only.
enum AllocationCounterCheck {
    /// What the pattern allocates on the counting thread: 100 × 48 bytes,
    /// 10 calloc(4, 25), realloc from nothing (64) and to 128, a
    /// posix_memalign (256) and an aligned_alloc (128). Frees and a
    /// realloc to zero (a free) are not allocations.
    static let expected: (count: Int64, bytes: Int64) = (114, 6_376)   // 4,800 + 1,000 + 64 + 128 + 256 + 128

    static func run() -> String {
        // A second thread allocates while the first counts: not counted.
        let go = Atomic<Int>(0), done = Atomic<Int>(0)
        let other = Thread {
            while go.load(ordering: .acquiring) == 0 {}
            for _ in 0..<1000 { free(malloc(32)) }
            done.store(1, ordering: .releasing)
        }
        other.start()
        // Made before counting; written by index (no array growth, no access checks).
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 112)
        defer { blocks.deallocate() }

        let counter = AllocationCounter()
        counter.start()
        go.store(1, ordering: .releasing)
        allocatePattern(blocks)
        while done.load(ordering: .acquiring) == 0 {}
        let reading = counter.stop()

        let count = reading.map { "\($0.count)" } ?? "null", bytes = reading.map { "\($0.bytes)" } ?? "null"
        return "{\"count\": \(count), \"bytes\": \(bytes), \"expected_count\": \(expected.count), \"expected_bytes\": \(expected.bytes)}"
    }

    /// Each block passes through `keep`, which the optimiser cannot see
    /// into: it deletes an allocation it can prove unused (a realloc chain
    /// ending in a free).
    @inline(never)
    private static func allocatePattern(_ blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        var i = 0
        while i < 100 { blocks[i] = keep(malloc(48)); i += 1 }
        while i < 110 { blocks[i] = keep(calloc(4, 25)); i += 1 }
        var grown = keep(realloc(nil, 64))
        grown = keep(realloc(grown, 128))
        _ = posix_memalign(&blocks[110], 64, 256)
        blocks[111] = keep(aligned_alloc(64, 128))
        i = 0
        while i < 112 { free(blocks[i]); i += 1 }
        _ = keep(realloc(grown, 0))
    }

    @_optimize(none) @inline(never)
    private static func keep(_ p: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? { p }
}
