import Workloads

/// The outcome of checking one expectation of one workload on one engine.
public struct ExpectationVerdict: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Codable, CaseIterable, Comparable {
        /// The data support the claim.
        case pass
        /// The data contradict the claim.
        case fail
        /// The data neither support nor contradict it (too few sizes, too
        /// much noise, missing jobs, or time and counters disagree).
        case inconclusive

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One number behind a verdict, labelled for the reader.
    public struct Figure: Sendable, Equatable, Codable {
        public var label: String
        public var value: Double
        /// How to show `value`: see ``Unit``.
        public var unit: Unit
        public init(_ label: String, _ value: Double, _ unit: Unit) { self.label = label; self.value = value; self.unit = unit }

        public enum Unit: String, Sendable, Codable { case seconds, ratio, exponent, count, plain }

        /// `value` formatted for `unit`.
        public var formatted: String {
            switch unit {
            case .seconds: NumberFormat.seconds(value)
            case .ratio: NumberFormat.ratio(value)
            case .exponent: NumberFormat.fixed(value, 3)
            case .count: value == value.rounded() && abs(value) < 1e15 ? NumberFormat.grouped(Int(value)) : NumberFormat.significant(value)
            case .plain: NumberFormat.significant(value)
            }
        }
    }

    public var workload: String
    public var engine: String
    /// Position of the expectation in the workload's list (stable id within a run).
    public var index: Int
    public var expectation: Expectation
    public var outcome: Outcome
    /// One or two sentences saying why, with the deciding numbers.
    public var reason: String
    public var figures: [Figure]
    /// For an inconclusive ratio claim on time, the sizes whose interval
    /// straddles the bound, where more jobs can settle it (nil otherwise).
    public var openSizes: [Int]?

    public init(workload: String, engine: String, index: Int, expectation: Expectation,
                outcome: Outcome, reason: String, figures: [Figure] = []) {
        self.workload = workload; self.engine = engine; self.index = index; self.expectation = expectation
        self.outcome = outcome; self.reason = reason; self.figures = figures
    }

    /// The claim in words, e.g. "grouped: time linear" or "toggle costs at most ½ of churn (time)".
    public var claimText: String { Self.describe(expectation) }

    public static func describe(_ e: Expectation) -> String {
        switch e {
        case .scaling(let v, let m, let c): "\(v): \(m) \(c)"
        case .ratio(let a, let b, let f, let m, let size):
            Expectation.ratioClaimText(cheaper: a, than: b, factor: f) + " (\(m)\(size.map { ", n = \(NumberFormat.grouped($0))" } ?? ""))"
        case .counter(let v, let c, let bound): "\(v ?? "every variant"): counter \(c) \(bound)"
        case .sameDigest(let vs): "same layout: \(vs.joined(separator: ", "))"
        }
    }
}
