import Dispatch

/// `(0..<count).map(body)`, spread over the machine's cores with
/// `DispatchQueue.concurrentPerform`. Each result lands at its own index, so
/// the output — and everything computed from it — does not depend on
/// scheduling. Used for the independent per-cell and per-series work.
public func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(body) }
    let buffer = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    buffer.initialize(repeating: nil)
    defer {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
    // Each iteration writes only its own slot: no two threads touch the same element.
    nonisolated(unsafe) let slots = buffer
    DispatchQueue.concurrentPerform(iterations: count) { i in slots[i] = body(i) }
    return buffer.map { $0! }
}
