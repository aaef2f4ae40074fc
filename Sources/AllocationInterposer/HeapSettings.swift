import CAllocationCounter
import WorkerCore

/// The worker's heap policy: freed memory stays in the process.
///
/// glibc serves a block above its mmap threshold with fresh pages and
/// returns them on `free`, and it moves that threshold up and down as
/// blocks come and go. A step that builds a window and frees the previous
/// one then runs in one of two states depending on the heap's history: its
/// large blocks reused, or mapped afresh, each page a fault, switching
/// between processes and within one: noise in every figure, not work the
/// engine does. Fixed thresholds make every step reuse the heap. Set once,
/// at start-up, for every job and variant alike.
public enum HeapSettings {
    /// Blocks up to this size come from the heap, never from their own mapping.
    public static let mmapThreshold: Int32 = 32 << 20   // glibc's largest (HEAP_MAX_SIZE / 2 on 64-bit)
    /// The heap's free top is returned to the system only past this size.
    public static let trimThreshold: Int32 = 1 << 30

    /// Applies the policy; true when the C library took it (glibc only).
    @discardableResult
    public static func keepFreedMemory() -> Bool {
        lb_heap_keep_freed_memory(trimThreshold, mmapThreshold) == 1
    }

    /// A self-check: a 4 MiB block written, freed, asked for again and
    /// written again. Returns the faults of each write: with the policy the
    /// second reuses the first's pages (near 0), without it both map 1,024.
    public static func reuseCheck(bytes: Int = 4 << 20) -> (first: Int, second: Int) {
        func touch() -> Int {
            let before = ProcessMeters.minorPageFaults()
            let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            var offset = 0
            while offset < bytes { p.storeBytes(of: UInt8(truncatingIfNeeded: offset), toByteOffset: offset, as: UInt8.self); offset += 4096 }
            let faults = ProcessMeters.minorPageFaults() - before
            p.deallocate()
            return faults
        }
        let first = touch()
        return (first, touch())
    }
}
