// Outlier classification with Tukey's fences (Tukey, "Exploratory Data
// Analysis", Addison-Wesley 1977, §2C).
//
// With quartiles Q1, Q3 (Hyndman–Fan type 7) and IQR = Q3 − Q1:
//
//     inner fences  Q1 − 1.5·IQR,  Q3 + 1.5·IQR   (beyond: mild outlier)
//     outer fences  Q1 − 3·IQR,    Q3 + 3·IQR     (beyond: severe outlier)
//
// A value exactly on a fence is not beyond it. Outliers are only labelled:
// in benchmark timings they are usually real (a preemption, a page fault)
// and deciding to drop them belongs to the caller, not the math.

/// Where one value falls relative to Tukey's fences.
public enum OutlierKind: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Below `Q1 − 3·IQR`.
    case lowSevere
    /// Between `Q1 − 3·IQR` and `Q1 − 1.5·IQR`.
    case lowMild
    /// Within the inner fences.
    case notOutlier
    /// Between `Q3 + 1.5·IQR` and `Q3 + 3·IQR`.
    case highMild
    /// Above `Q3 + 3·IQR`.
    case highSevere

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `true` for every kind except `.notOutlier`.
    public var isOutlier: Bool { self != .notOutlier }
}

/// Tukey's four fences for one sample, and the label of every value.
public struct TukeyFences: Sendable, Equatable {
    public let lowerQuartile: Double
    public let upperQuartile: Double
    /// `Q1 − 3·IQR`.
    public let lowSevere: Double
    /// `Q1 − 1.5·IQR`.
    public let lowMild: Double
    /// `Q3 + 1.5·IQR`.
    public let highMild: Double
    /// `Q3 + 3·IQR`.
    public let highSevere: Double
    /// One label per input value, in input order. Nothing is removed.
    public let labels: [OutlierKind]

    /// `Q3 − Q1`.
    public var interquartileRange: Double { upperQuartile - lowerQuartile }

    /// Fences from `sample`'s quartiles, and a label for each of its values.
    ///
    /// - Throws: `.emptySample` or `.nonFiniteValue`.
    public init(_ sample: [Double]) throws(StatisticsError) {
        try requireFinite(sample)
        let sorted = sample.sorted()
        let q1 = sortedQuantile(sorted, 0.25)
        let q3 = sortedQuantile(sorted, 0.75)
        let iqr = q3 - q1
        lowerQuartile = q1
        upperQuartile = q3
        lowSevere = q1 - 3 * iqr
        lowMild = q1 - 1.5 * iqr
        highMild = q3 + 1.5 * iqr
        highSevere = q3 + 3 * iqr
        var labels: [OutlierKind] = []
        labels.reserveCapacity(sample.count)
        for v in sample {
            labels.append(Self.kind(of: v, lowSevere: lowSevere, lowMild: lowMild,
                                    highMild: highMild, highSevere: highSevere))
        }
        self.labels = labels
    }

    /// The label these fences give any value (not necessarily from the sample).
    public func classify(_ value: Double) -> OutlierKind {
        Self.kind(of: value, lowSevere: lowSevere, lowMild: lowMild,
                  highMild: highMild, highSevere: highSevere)
    }

    /// How many values carry each label.
    public func count(of kind: OutlierKind) -> Int {
        labels.reduce(0) { $0 + ($1 == kind ? 1 : 0) }
    }

    /// Number of values outside the inner fences (mild or severe).
    public var outlierCount: Int { labels.reduce(0) { $0 + ($1.isOutlier ? 1 : 0) } }

    private static func kind(of v: Double, lowSevere: Double, lowMild: Double,
                             highMild: Double, highSevere: Double) -> OutlierKind {
        if v < lowSevere { return .lowSevere }
        if v < lowMild { return .lowMild }
        if v > highSevere { return .highSevere }
        if v > highMild { return .highMild }
        return .notOutlier
    }
}
