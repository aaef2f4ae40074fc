/// A talk's claim in checkable form. The analysis evaluates each to pass,
/// fail or inconclusive after a run.
public enum Expectation: Sendable, Equatable, Codable {
    /// How `metric` of `variant` grows with N.
    case scaling(variant: String, metric: Metric, claim: ScalingClaim)
    /// `cheaper` costs at most `1/factor` of `than` on `metric` (at `size`, or at every size when nil).
    case ratio(cheaper: String, than: String, factor: Double, metric: Metric, size: Int?)
    /// A counter's per-iteration value for `variant` (every variant when nil) obeys `bound` at every size.
    case counter(variant: String?, counter: String, bound: CounterBound)
    /// These variants must lay out exactly the same frames (equal digests at each size).
    case sameDigest(variants: [String])

    /// The variants whose time the expectation reads (a scaling or ratio
    /// claim on time); counters and digests are exact and read no time.
    public var timedVariants: [String] {
        if case .scaling(let v, .time, _) = self { [v] } else { ratioTimedVariants }
    }

    /// The variants a ratio claim on time compares.
    public var ratioTimedVariants: [String] {
        if case .ratio(let a, let b, _, .time, _) = self { [a, b] } else { [] }
    }

    /// The variants the expectation names, for validation.
    public var variantNames: [String] {
        switch self {
        case .scaling(let v, _, _): [v]
        case .ratio(let a, let b, _, _, _): [a, b]
        case .counter(let v, _, _): v.map { [$0] } ?? []
        case .sameDigest(let vs): vs
        }
    }
}

/// What is measured: wall time per iteration, or a deterministic engine counter per iteration.
public enum Metric: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    case time
    case counter(String)
    public var description: String {
        switch self { case .time: "time"; case .counter(let c): "counter \(c)" }
    }
}

public enum ScalingClaim: Sendable, Equatable, Codable, CustomStringConvertible {
    case constant
    case logarithmic
    case linear
    case nLogN
    case quadratic
    /// Fitted log-log exponent at most this (e.g. 1.2).
    case maxExponent(Double)
    public var description: String {
        switch self {
        case .constant: "constant"
        case .logarithmic: "log n"
        case .linear: "linear"
        case .nLogN: "n log n"
        case .quadratic: "quadratic"
        case .maxExponent(let e): "exponent ≤ \(e)"
        }
    }
}

public enum CounterBound: Sendable, Equatable, Codable, CustomStringConvertible {
    case equals(Double)
    case atMost(Double)
    case atLeast(Double)
    public func holds(for value: Double) -> Bool {
        switch self {
        case .equals(let b): value == b
        case .atMost(let b): value <= b
        case .atLeast(let b): value >= b
        }
    }
    public var description: String {
        switch self {
        case .equals(let b): "= \(b)"
        case .atMost(let b): "≤ \(b)"
        case .atLeast(let b): "≥ \(b)"
        }
    }
}

extension Expectation {
    /// A ratio claim as the workload file means it: `cheaper` costs at most
    /// 1/`factor` of `than` — "grouped costs at most ½ of churned",
    /// "build-constraints costs at most 2× build-manual", "independent
    /// costs at most as much as linked".
    public static func ratioClaimText(cheaper: String, than: String, factor: Double) -> String {
        "\(cheaper) costs at most \(ratioBoundText(factor: factor, of: than))"
    }

    /// "½ of churned", "2× build-manual", "as much as linked", "0.4× b".
    public static func ratioBoundText(factor: Double, of than: String) -> String {
        if factor == 1 { return "as much as \(than)" }
        let fractions: [Double: String] = [2: "½", 3: "⅓", 4: "¼", 5: "⅕", 8: "⅛", 10: "⅒"]
        if let f = fractions[factor] { return "\(f) of \(than)" }
        if factor > 1, factor == factor.rounded() { return "1/\(Int(factor)) of \(than)" }
        let multiple = 1 / factor
        let text = multiple == multiple.rounded() ? String(Int(multiple)) : String(format: "%.3g", locale: nil, multiple)
        return "\(text)× \(than)"
    }
}
