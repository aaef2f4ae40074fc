import Workloads

extension Expectation {
    /// One line for tables and reports, e.g. "independent: time linear in N".
    public var summary: String {
        switch self {
        case let .scaling(variant, metric, claim):
            return "\(variant): \(metric) \(claim) in N"
        case let .ratio(cheaper, than, factor, metric, size):
            return Expectation.ratioClaimText(cheaper: cheaper, than: than, factor: factor) + " on \(metric)" + (size.map { " at n=\($0)" } ?? "")
        case let .counter(variant, counter, bound):
            return "\(variant ?? "every variant"): \(counter) \(bound) per iteration"
        case let .sameDigest(variants):
            return "same frames: " + variants.joined(separator: ", ")
        }
    }
}
