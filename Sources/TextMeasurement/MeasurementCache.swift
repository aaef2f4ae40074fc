/// Remembers metrics per request so that asking again costs one hash.
///
/// Bounded, so that a benchmark feeding random texts cannot grow it without
/// limit: by entries and by an estimate of the memory they hold. When a
/// bound is reached it forgets everything at once. That is crude, but it
/// keeps every lookup O(1) and the behaviour easy to predict in benchmarks.
/// The default bounds are wide because a working set just past them loses
/// most of its hits: a list that revisits more texts than fit measures
/// nearly all of them again, a cliff in its scaling rather than a slope.
struct MeasurementCache {
    private var entries: [TextMeasurementRequest: TextLayoutMetrics] = [:]
    let capacity: Int
    let byteBudget: Int
    /// The estimated memory the entries hold (``footprint(of:)``).
    private(set) var bytes = 0
    var isEnabled = true

    init(capacity: Int, byteBudget: Int) {
        precondition(capacity > 0, "a measurement cache needs room for at least one entry")
        precondition(byteBudget > 0, "a measurement cache needs a positive byte budget")
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    var count: Int { entries.count }

    /// Bytes one entry is taken to hold: its text's UTF-8 and a fixed share
    /// for the request, the metrics and the table slot.
    static func footprint(of request: TextMeasurementRequest) -> Int { request.text.utf8.count + 192 }

    func metrics(for request: TextMeasurementRequest) -> TextLayoutMetrics? {
        isEnabled ? entries[request] : nil
    }

    mutating func store(_ metrics: TextLayoutMetrics, for request: TextMeasurementRequest) {
        guard isEnabled else { return }
        let size = Self.footprint(of: request)
        if entries.count >= capacity || bytes + size > byteBudget { removeAll(keepingCapacity: true) }
        if entries.updateValue(metrics, forKey: request) == nil { bytes += size }
    }

    mutating func removeAll(keepingCapacity: Bool = false) {
        entries.removeAll(keepingCapacity: keepingCapacity)
        bytes = 0
    }
}
