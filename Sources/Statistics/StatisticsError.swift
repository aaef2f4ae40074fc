/// Everything a function in `Statistics` can reject.
///
/// The functions never trap and never return NaN for bad input: they throw
/// one of these, with the offending value attached and a message that says
/// what to do instead.
public enum StatisticsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input had no values at all.
    case emptySample
    /// The input had fewer values than the computation needs.
    case tooFewValues(needed: Int, got: Int)
    /// A value was NaN or infinite.
    case nonFiniteValue(index: Int, value: Double)
    /// A value that must be strictly positive (a time, a size) was not.
    case nonPositiveValue(index: Int, value: Double)
    /// A probability or quantile level was outside `0...1`.
    case probabilityOutOfRange(Double)
    /// A confidence level was outside the open interval `(0, 1)`.
    case invalidConfidence(Double)
    /// A bootstrap was asked for fewer than one resample.
    case invalidResampleCount(Int)
    /// Two arrays that must pair up element by element have different lengths.
    case lengthMismatch(first: Int, second: Int)
    /// A weight was negative, NaN or infinite, or all weights were zero.
    case invalidWeight(index: Int, value: Double)
    /// The regressor does not vary, so a slope cannot be estimated.
    case constantRegressor
    /// A statistic returned NaN or infinity on a (re)sample, e.g. a ratio
    /// whose denominator was zero.
    case nonFiniteStatistic(Double)
    /// A size group has fewer repeated measurements than the method needs.
    case tooFewSamplesPerSize(size: Double, got: Int, needed: Int)
    /// Too few distinct sizes to tell growth curves apart.
    case tooFewSizes(needed: Int, got: Int)
    /// The sizes span fewer decades (`log10(max/min)`) than required.
    case sizeRangeTooNarrow(decades: Double, needed: Double)
    /// A size was below 1, where `log n` is negative and the growth classes
    /// stop being ordered.
    case sizeBelowOne(index: Int, value: Double)
    /// A tuning option was outside its valid range.
    case invalidOption(name: String, value: Double)

    public var description: String {
        switch self {
        case .emptySample:
            return "The sample is empty. Pass at least one measurement."
        case let .tooFewValues(needed, got):
            return "Got \(got) values but this needs at least \(needed). Take more measurements."
        case let .nonFiniteValue(index, value):
            return "Value \(value) at index \(index) is not finite. Drop or re-measure it before analysis."
        case let .nonPositiveValue(index, value):
            return "Value \(value) at index \(index) must be > 0 (it is used on a log scale). Check the units and the timer."
        case let .probabilityOutOfRange(p):
            return "Probability \(p) is outside 0...1. Percentiles are 0...100; quantile levels are 0...1."
        case let .invalidConfidence(c):
            return "Confidence level \(c) must lie strictly between 0 and 1, e.g. 0.95."
        case let .invalidResampleCount(n):
            return "Resample count \(n) must be at least 1; use 1000 or more for a 95 % interval."
        case let .lengthMismatch(first, second):
            return "Paired arrays differ in length (\(first) vs \(second)). Pass one entry per observation in each."
        case let .invalidWeight(index, value):
            return "Weight \(value) at index \(index) is invalid. Weights must be finite, >= 0 and not all zero."
        case .constantRegressor:
            return "All x values are equal, so no slope can be fitted. Measure at two or more distinct sizes."
        case let .nonFiniteStatistic(value):
            return "The statistic returned \(value) on a resample (a zero denominator?). Use a statistic that stays finite on every resample."
        case let .tooFewSamplesPerSize(size, got, needed):
            return "Size \(size) has \(got) samples; this needs \(needed) per size. Repeat each measurement, or choose residual resampling."
        case let .tooFewSizes(needed, got):
            return "Got \(got) distinct sizes but this needs at least \(needed). Measure at more sizes."
        case let .sizeRangeTooNarrow(decades, needed):
            return "Sizes span \(decades) decades but this needs \(needed). Widen the range of sizes (e.g. 1k...100k)."
        case let .sizeBelowOne(index, value):
            return "Size \(value) at index \(index) is below 1. Sizes are element counts, so use n >= 1."
        case let .invalidOption(name, value):
            return "Option \(name) = \(value) is out of range. See its documentation for valid values."
        }
    }
}
