/// Remembers metrics per request so that asking again costs one hash.
///
/// Bounded so that a benchmark feeding random texts cannot grow it without
/// limit: when full, it forgets everything at once. That is crude, but it
/// keeps every lookup O(1) and the behaviour easy to predict in benchmarks.
struct MeasurementCache {
    private var entries: [TextMeasurementRequest: TextLayoutMetrics] = [:]
    let capacity: Int
    var isEnabled = true

    init(capacity: Int) {
        precondition(capacity > 0, "a measurement cache needs room for at least one entry")
        self.capacity = capacity
    }

    var count: Int { entries.count }

    func metrics(for request: TextMeasurementRequest) -> TextLayoutMetrics? {
        isEnabled ? entries[request] : nil
    }

    mutating func store(_ metrics: TextLayoutMetrics, for request: TextMeasurementRequest) {
        guard isEnabled else { return }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[request] = metrics
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
