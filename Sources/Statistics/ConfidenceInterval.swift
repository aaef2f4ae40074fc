/// A point estimate with a two-sided confidence interval.
public struct ConfidenceInterval: Sendable, Equatable {
    /// The statistic computed on the original data.
    public let estimate: Double
    public let lower: Double
    public let upper: Double
    /// The nominal coverage, e.g. 0.95.
    public let confidence: Double

    public init(estimate: Double, lower: Double, upper: Double, confidence: Double) {
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
        self.confidence = confidence
    }

    /// `upper − lower`.
    public var width: Double { upper - lower }

    /// Whether `value` lies in `[lower, upper]`.
    public func contains(_ value: Double) -> Bool { lower <= value && value <= upper }
}

/// How a bootstrap turns its replicates into an interval.
public enum BootstrapMethod: Sendable, Hashable {
    /// The α/2 and 1 − α/2 quantiles of the replicates (Efron & Tibshirani,
    /// "An Introduction to the Bootstrap", 1993, §13.3). Transformation-
    /// respecting and robust for non-smooth statistics such as the median,
    /// but only first-order accurate. The default.
    case percentile
    /// Bias-corrected and accelerated (Efron, JASA 82(397), 1987; Efron &
    /// Tibshirani 1993, §14.3): the percentile interval read at shifted levels
    ///
    ///     α₁ = Φ(ẑ₀ + (ẑ₀ + z_α)/(1 − â(ẑ₀ + z_α)))
    ///
    /// with bias correction ẑ₀ = Φ⁻¹(#{θ* < θ̂}/B), counting ties as ½, and
    /// acceleration â from the jackknife. Second-order accurate for smooth
    /// statistics (mean, ratio of means); costs n extra evaluations of the
    /// statistic per sample.
    case bcaJackknife
}

/// The outcome of a bootstrap: the interval plus the replicates behind it.
public struct BootstrapEstimate: Sendable, Equatable {
    public let interval: ConfidenceInterval
    public let method: BootstrapMethod
    /// Standard deviation of the replicates: the bootstrap standard error.
    public let standardError: Double
    /// Every replicate of the statistic, sorted ascending (for histograms).
    public let replicates: [Double]

    /// Shorthand for `interval.estimate`.
    public var estimate: Double { interval.estimate }
}
