/// Everything known about how one series (workload × variant × engine)
/// grows with N: its time, each of its counters, and one combined growth
/// statement the report leads with.
public struct SeriesScaling: Sendable, Equatable, Codable {
    public var key: SeriesKey
    public var time: TimeScaling
    /// One fit per counter the series reports, by counter name (sorted).
    public var counters: [CounterGrowth]
    public var growth: GrowthFinding

    public func counter(_ name: String) -> CounterGrowth? { counters.first { $0.counter == name } }
}

/// The one-line answer to "does this grow faster than linear?", combining
/// time and counters so that a linear engine is never called super-linear
/// on noise alone.
///
/// Rules, in order:
/// 1. A counter that fits a class above O(n) (exactly or within 5 %) and
///    whose log-log exponent exceeds 1.1 is *work* that grows faster than
///    linear: `superlinear`, onset from that counter.
/// 2. Otherwise, time whose exponent interval lies wholly above the
///    linear band (1 + ``ClaimBand/tolerance``, see ``ClaimBand``) is
///    `superlinear`, whatever class fits best — unless the series
///    has counters and every one is exactly O(n) or below, in which case
///    the engine's work is proven linear and the extra time is the machine
///    (caches, memory): `linearWorkSlowerTime`.
/// 3. Time within O(n) (exponent interval at most the band and O(n) or a
///    lower class plausible and fitting), or counters all
///    exactly ≤ O(n): `atMostLinear`.
/// 4. Anything else: `undetermined`, with the reason.
public struct GrowthFinding: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case atMostLinear, superlinear, linearWorkSlowerTime, undetermined }
    public var kind: Kind
    /// The class the finding rests on (time's, or the deciding counter's).
    public var complexity: ComplexityClassName?
    /// First size after which growth is super-linear, when `superlinear`.
    public var onsetSize: Int?
    /// A sentence with the numbers.
    public var reason: String

    /// Exponent tolerance over 1 before time counts as super-linear.
    public static let exponentTolerance = 0.1

    static func decide(time: TimeScaling, counters: [CounterGrowth]) -> GrowthFinding {
        let fmt = NumberFormat.self
        if let c = counters.first(where: { ($0.complexity ?? .linear) > .linear && ($0.exponent ?? 0) > 1.1 && $0.complexity != nil }) {
            return GrowthFinding(kind: .superlinear, complexity: c.complexity, onsetSize: c.superlinearOnset,
                                 reason: "counter \(c.counter) grows as \(c.complexity!)\(c.isExact ? " exactly" : " (within 5 %)"), exponent \(fmt.fixed(c.exponent!, 2))")
        }
        let countersLinear = !counters.isEmpty && counters.allSatisfy { $0.isExact && $0.complexity.map { $0 <= .linear } == true }
        let bound = ClaimBand.slope(of: .linear, over: time.sizes) + ClaimBand.tolerance
        if let p = time.powerLaw, p.lower > bound {
            let classText = time.classification.map { "time \($0.fitsWell ? "fits" : "fits no class well; nearest") \($0.complexity), " } ?? "time "
            let timeText = "\(classText)exponent \(fmt.fixed(p.exponent, 2)) [\(fmt.fixed(p.lower, 2)), \(fmt.fixed(p.upper, 2))]"
            if countersLinear {
                return GrowthFinding(kind: .linearWorkSlowerTime, complexity: .linear, onsetSize: nil,
                                     reason: "\(timeText), but every counter is exactly O(n) or below: the work is linear; the extra time is the machine (caches, memory)")
            }
            return GrowthFinding(kind: .superlinear, complexity: time.classification?.complexity, onsetSize: time.onset?.onsetSize,
                                 reason: timeText + (time.onset?.onsetSize.map { ", super-linear from n = \($0)" } ?? ""))
        }
        if let p = time.powerLaw, p.upper <= bound, let c = time.classification, c.admits(.linear), c.steeperFit(than: .linear) == nil {
            return GrowthFinding(kind: .atMostLinear, complexity: c.complexity, onsetSize: nil,
                                 reason: "time classified \(c.complexity)" + (time.powerLaw.map { ", exponent \(fmt.fixed($0.exponent, 2))" } ?? ""))
        }
        if countersLinear {
            return GrowthFinding(kind: .atMostLinear, complexity: counters.map { $0.complexity! }.max(), onsetSize: nil,
                                 reason: "time is not conclusive; every counter is exactly O(n) or below")
        }
        let why: String
        if let c = time.classification {
            why = "time classified \(c.complexity) but not conclusively (plausible: \(c.plausible.map(\.rawValue).joined(separator: ", "))\(c.fitsWell ? "" : "; no class fits well"))"
        } else {
            why = "time could not be classified: \(time.unavailable["class"] ?? "no data")"
        }
        return GrowthFinding(kind: .undetermined, complexity: time.classification?.complexity, onsetSize: nil, reason: why)
    }
}
