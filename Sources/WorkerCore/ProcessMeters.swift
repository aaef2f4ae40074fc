#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MallocInterposerSwift

/// The clocks and meters a sample reads: monotonic wall time, the calling
/// thread's CPU time, peak resident memory, and heap allocations.
public enum ProcessMeters {
    /// Seconds on the monotonic clock (never jumps with wall-clock changes).
    @inline(__always) public static func wallSeconds() -> Double { read(CLOCK_MONOTONIC) }

    /// CPU seconds the calling thread has used (the measured step runs on one thread).
    @inline(__always) public static func threadCPUSeconds() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    @inline(__always) private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Peak resident set size of the process so far, in bytes (getrusage).
    public static func peakMemoryBytes() -> Int64 {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        return Int64(usage.ru_maxrss)          // bytes on Darwin
        #else
        return Int64(usage.ru_maxrss) * 1024   // kilobytes on Linux
        #endif
    }
}

/// Counts heap allocations through ordo-one's malloc interposer. The worker
/// links `libMallocInterposerSwift.so`, which defines `malloc` and `free`; on
/// Linux the dynamic linker finds those before libc's, so counting works
/// without `LD_PRELOAD` (preloading it does no harm). `isAvailable` probes
/// once whether counting actually sees allocations; when it does not, samples
/// carry no allocation figures rather than zeros.
public struct AllocationCounter: Sendable {
    public struct Reading: Sendable, Equatable { public var count: Int64; public var bytes: Int64 }

    /// True when counting sees allocations in this process.
    public static let isAvailable: Bool = {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let p = malloc(64)
        free(p)
        MallocInterposerSwift.unhook()
        let seen = MallocInterposerSwift.getStatistics().mallocCount > 0
        MallocInterposerSwift.reset()
        return seen
    }()

    public init() {}

    /// Starts counting from zero.
    @inline(__always) public func start() {
        guard Self.isAvailable else { return }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
    }

    /// Stops counting; nil when counting is not available.
    @inline(__always) public func stop() -> Reading? {
        guard Self.isAvailable else { return nil }
        MallocInterposerSwift.unhook()
        let s = MallocInterposerSwift.getStatistics()
        return Reading(count: Int64(s.mallocCount), bytes: Int64(s.mallocBytesCount))
    }
}
