/// A measurer that is a `MeasuringCore` over one glyph source. The
/// `TextMeasurer` surface (measuring, statistics, the cache switch) is the
/// core's whatever the source, so it is written once here; a measurer adds
/// only how it is made and what is particular to its source.
protocol MeasuringCoreOwner: TextMeasurer {
    associatedtype Source: GlyphAdvanceSource
    var core: MeasuringCore<Source> { get set }
}

extension MeasuringCoreOwner {
    public func measure(_ request: TextMeasurementRequest) -> TextLayoutMetrics {
        core.measure(request)
    }

    public func measure(_ request: TextMeasurementRequest, reusing shaped: inout ShapedText?) -> TextLayoutMetrics {
        core.measure(request, reusing: &shaped)
    }

    public var statistics: TextMeasurementStatistics { core.statistics }

    public func resetStatistics() { core.statistics = TextMeasurementStatistics() }

    public var isCacheEnabled: Bool {
        get { core.cache.isEnabled }
        set { core.cache.isEnabled = newValue }
    }

    public func clearCache() { core.cache.removeAll() }
}
