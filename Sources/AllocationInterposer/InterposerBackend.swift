import MallocInterposerSwift
import WorkerCore

/// Allocation counts from ordo-one's malloc interposer. Linking
/// `libMallocInterposerSwift.so` defines `malloc` and `free` for the whole
/// process (the dynamic linker finds them before libc's), which is why only
/// the worker executable links this module.
public struct InterposerBackend: AllocationBackend {
    public init() {}
    public func reset() { MallocInterposerSwift.reset() }
    public func hook() { MallocInterposerSwift.hook() }
    public func unhook() { MallocInterposerSwift.unhook() }
    public func statistics() -> AllocationCounter.Reading {
        let s = MallocInterposerSwift.getStatistics()
        return AllocationCounter.Reading(count: Int64(s.mallocCount), bytes: Int64(s.mallocBytesCount))
    }
}
