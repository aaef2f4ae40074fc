/// The part of `measure` every measurer shares: cache lookup, timing and
/// counting around the shared layout.
struct MeasuringCore<Source: GlyphAdvanceSource> {
    var source: Source
    var cache: MeasurementCache
    var statistics = TextMeasurementStatistics()
    private let clock = ContinuousClock()

    init(source: Source, cacheCapacity: Int, cacheByteBudget: Int) {
        self.source = source
        self.cache = MeasurementCache(capacity: cacheCapacity, byteBudget: cacheByteBudget)
    }

    mutating func measure(_ request: TextMeasurementRequest) -> TextLayoutMetrics {
        if let cached = cache.metrics(for: request) {
            statistics.cacheHits += 1
            return cached
        }
        let start = clock.now
        let (metrics, characterCount) = TextLayouter.layout(request, source: &source)
        record(metrics, of: request, characters: characterCount, reused: false, since: start)
        return metrics
    }

    mutating func measure(_ request: TextMeasurementRequest, reusing shaped: inout ShapedText?) -> TextLayoutMetrics {
        if let cached = cache.metrics(for: request) {
            statistics.cacheHits += 1
            return cached
        }
        let start = clock.now
        let (metrics, characterCount, reused) = TextLayouter.layout(request, reusing: &shaped, source: &source)
        record(metrics, of: request, characters: characterCount, reused: reused, since: start)
        return metrics
    }

    private mutating func record(_ metrics: TextLayoutMetrics, of request: TextMeasurementRequest, characters: Int,
                                 reused: Bool, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: clock.now).components
        statistics.measurements += 1
        statistics.charactersMeasured += characters
        if reused { statistics.shapingReuses += 1 }
        statistics.measuringNanoseconds += UInt64(elapsed.seconds) * 1_000_000_000
            + UInt64(elapsed.attoseconds / 1_000_000_000)
        cache.store(metrics, for: request)
    }
}
