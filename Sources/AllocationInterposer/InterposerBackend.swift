import CAllocationCounter
import WorkerCore

/// Allocation counts from `CAllocationCounter`, whose `malloc` and siblings
/// replace the C library's entry points for the whole process (each counts,
/// then forwards to glibc's own): only the worker executable links this module.
public struct InterposerBackend: AllocationBackend {
    public init() {}
    public func start() { lb_allocation_counter_start() }
    public func stop() -> AllocationCounter.Reading {
        var count: Int64 = 0, bytes: Int64 = 0
        lb_allocation_counter_stop(&count, &bytes)
        return AllocationCounter.Reading(count: count, bytes: bytes)
    }
}
