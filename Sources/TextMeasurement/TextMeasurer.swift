/// Measures label text. The view layer holds one measurer per engine.
///
/// Measurers are not thread-safe and not `Sendable`: they keep a mutable
/// cache, counters and (for HarfBuzz) C font objects. Create one per engine
/// or window and use it from that engine's isolation domain only; the
/// compiler enforces this under Swift 6 strict concurrency.
public protocol TextMeasurer: AnyObject {
    /// Lays out `request` and returns its metrics. A cache hit returns the
    /// stored metrics without laying the text out again.
    func measure(_ request: TextMeasurementRequest) -> TextLayoutMetrics

    /// Measures `request` as `measure(_:)` does, keeping the width-independent
    /// work in `shaped`: when it already holds this text in this font, only
    /// lines are broken again (see `ShapedText`). A measurement that reuses
    /// it still counts as one. The default ignores `shaped`.
    func measure(_ request: TextMeasurementRequest, reusing shaped: inout ShapedText?) -> TextLayoutMetrics

    /// The work done since creation or the last `resetStatistics()`.
    var statistics: TextMeasurementStatistics { get }

    /// Zeroes `statistics`; the cache is kept.
    func resetStatistics()

    /// Whether `measure` consults and fills the cache. Turning the cache off
    /// keeps its entries; turning it back on uses them again.
    var isCacheEnabled: Bool { get set }

    /// Forgets every cached measurement.
    func clearCache()
}

extension TextMeasurer {
    public func measure(_ request: TextMeasurementRequest, reusing shaped: inout ShapedText?) -> TextLayoutMetrics {
        measure(request)
    }

    /// Measures `text` in `font`; see `TextMeasurementRequest` for the parameters.
    public func measure(_ text: String,
                        font: Font,
                        availableWidth: Double? = nil,
                        numberOfLines: Int = 1,
                        lineBreakMode: LineBreakMode = .byWordWrapping,
                        lineHeight: LineHeight = .natural) -> TextLayoutMetrics {
        measure(TextMeasurementRequest(text: text, font: font, availableWidth: availableWidth,
                                       numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                       lineHeight: lineHeight))
    }
}

/// What a measurer has done, counted exactly (apart from the clock reading),
/// so scenarios can show what caching or skipping measurement saves.
public struct TextMeasurementStatistics: Hashable, Sendable {
    /// Requests that were laid out for real (cache misses, or every request
    /// while the cache is off).
    public var measurements = 0
    /// Characters (grapheme clusters, newlines included) in the texts of those measurements.
    public var charactersMeasured = 0
    /// Measurements among those that started from a caller's `ShapedText`
    /// of the same text and font instead of shaping the text again.
    public var shapingReuses = 0
    /// Requests answered from the cache; these do no layout work.
    public var cacheHits = 0
    /// Wall-clock time spent in real measurements, in nanoseconds. Cache
    /// lookups are not included: a hit costs one hash of the request.
    public var measuringNanoseconds: UInt64 = 0

    public init() {}

    /// All requests answered, measured or cached.
    public var requests: Int { measurements + cacheHits }
}
