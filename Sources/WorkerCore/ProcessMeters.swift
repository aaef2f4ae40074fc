#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let usage = processUsage()
        #if canImport(Darwin)
        return Int64(usage.ru_maxrss)          // bytes on Darwin
        #else
        return Int64(usage.ru_maxrss) * 1024   // kilobytes on Linux
        #endif
    }

    /// Minor page faults of the process so far (getrusage).
    public static func minorPageFaults() -> Int { Int(processUsage().ru_minflt) }

    private static func processUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}

/// Where allocation counts come from. The worker executable installs one
/// backed by `CAllocationCounter` (module `AllocationInterposer`), which
/// defines `malloc` and its siblings for the whole process, so it is linked
/// into the worker only — never into a test bundle or the harness.
public protocol AllocationBackend: Sendable {
    /// Starts counting the calling thread's allocations from zero.
    func start()
    /// Stops counting and returns what was counted since `start`.
    func stop() -> AllocationCounter.Reading
}

/// Counts heap allocations during a sample through the installed backend:
/// the measuring thread's allocations (a background thread's do not blur
/// the figures), counted by a malloc that forwards to glibc's, so timing is
/// measured on the same heap as without the counter. `install` probes once
/// whether counting actually sees allocations; when it does not (or nothing
/// is installed), samples carry no allocation figures rather than zeros.
public struct AllocationCounter: Sendable {
    public struct Reading: Sendable, Equatable {
        public var count: Int64
        public var bytes: Int64
        public init(count: Int64, bytes: Int64) { self.count = count; self.bytes = bytes }
    }

    // Set once at start-up, before any measurement thread exists.
    nonisolated(unsafe) private static var active: (any AllocationBackend)?

    /// True when counting sees allocations in this process.
    public static var isAvailable: Bool { active != nil }

    /// Installs `backend` if it really counts (probed with one allocation); returns whether it does.
    @discardableResult
    public static func install(_ backend: any AllocationBackend) -> Bool {
        backend.start()
        probeAllocation()
        let seen = backend.stop().count > 0
        active = seen ? backend : nil
        return seen
    }

    /// One malloc and free the optimiser must keep (it removes a visible malloc/free pair).
    @_optimize(none) @inline(never)
    private static func probeAllocation() {
        let p = malloc(64)
        free(p)
    }

    public init() {}

    /// Starts counting from zero.
    @inline(__always) public func start() {
        Self.active?.start()
    }

    /// Stops counting; nil when counting is not available.
    @inline(__always) public func stop() -> Reading? {
        Self.active?.stop()
    }
}
