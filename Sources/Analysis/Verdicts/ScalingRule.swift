import Workloads

/// The rule for `scaling(variant, metric, claim)`.
///
/// A class claim is a ceiling: "linear" holds when growth is no faster
/// than O(n) (a sub-linear finding passes and says so). Let c* be the
/// claimed class and k* its exponent band (``ClaimBand``), tolerance 0.1.
///
/// Metric = a counter: the counter's exact fit decides (``CounterGrowth``).
/// Pass when its class is ≤ c* (exactly, or within 5 %); fail when its class
/// is above c* or, with no class fitting, its exponent exceeds k* + 0.1;
/// inconclusive with fewer than 3 sizes or a missing counter. For
/// `maxExponent(e)` the counter's log-log exponent is compared with e.
///
/// Metric = time: time and the series' counters both vote.
/// - time *within*: class ≤ c*, fits well, conclusive (or every plausible
///   class ≤ c*), and the exponent interval's upper end ≤ k* + 0.1;
/// - time *beyond*: class > c*, conclusive, fits well, no class ≤ c*
///   plausible, exponent interval's lower end > k* + 0.1;
/// - counters *within*: the series has counters and all fit exactly in a
///   class ≤ c*; counters *beyond*: some counter's class is above c* and its
///   exponent exceeds k* + 0.1.
///
/// | time    | counters | verdict |
/// |---------|----------|---------|
/// | beyond  | within   | inconclusive: the work is within; the time is the machine |
/// | beyond  | other    | fail |
/// | within  | beyond   | inconclusive: the work grows faster; time will follow at larger N |
/// | within  | other    | pass |
/// | unclear | within   | pass, settled by the counters |
/// | unclear | beyond   | fail, settled by the counters |
/// | unclear | none     | inconclusive, with time's reason |
///
/// For `maxExponent(e)` time *within* is "interval upper ≤ e", *beyond*
/// "interval lower > e"; counters vote with their exponents.
struct ScalingRule {
    var evidence: WorkloadEvidence

    func evaluate(variant: String, metric: Metric, claim: ScalingClaim) -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure]) {
        guard let series = evidence.series[variant] else { return (.inconclusive, evidence.missing(variant), []) }
        let band = ClaimBand(claim)
        switch metric {
        case .counter(let name):
            return counterVerdict(series: series, name: name, claim: claim, band: band)
        case .time:
            return timeVerdict(series: series, claim: claim, band: band)
        }
    }

    private func counterVerdict(series: SeriesScaling, name: String, claim: ScalingClaim, band: ClaimBand)
        -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure]) {
        guard let g = series.counter(name) else {
            let known = series.counters.map(\.counter)
            return (.inconclusive, known.isEmpty
                    ? "counter \(name) has fewer than 3 sizes with values (or was not reported); run more sizes"
                    : "counter \(name) not reported; this series has \(known.joined(separator: ", "))", [])
        }
        var figures: [ExpectationVerdict.Figure] = []
        if let e = g.exponent { figures.append(.init("counter exponent", e, .exponent)) }
        figures.append(.init("at n = \(g.sizes.last!)", g.values.last!, .count))
        let fitText = g.complexity.map { "\($0)\(g.isExact ? " exactly" : " within 5 %")" } ?? "no class within 5 %"
        if let c = band.complexity {
            if let k = g.complexity {
                return k <= c ? (.pass, "counter \(name) grows as \(fitText) (claim: at most \(c))", figures)
                              : (.fail, "counter \(name) grows as \(fitText), faster than the claimed \(c)", figures)
            }
            if let e = g.exponent, e > band.exponent + ClaimBand.tolerance {
                return (.fail, "counter \(name) fits \(fitText); its exponent \(NumberFormat.fixed(e, 2)) exceeds \(c)'s", figures)
            }
            return (.inconclusive, "counter \(name) fits \(fitText); cannot say whether it is within \(c)", figures)
        }
        if g.values.allSatisfy({ $0 == 0 }) { return (.pass, "counter \(name) is 0 at every size", figures) }
        guard let e = g.exponent else { return (.inconclusive, "counter \(name) is 0 at some sizes, so it has no log-log exponent", figures) }
        return e <= band.exponent
            ? (.pass, "counter \(name) exponent \(NumberFormat.fixed(e, 3)) ≤ \(NumberFormat.fixed(band.exponent, 2))", figures)
            : (.fail, "counter \(name) exponent \(NumberFormat.fixed(e, 3)) > \(NumberFormat.fixed(band.exponent, 2))", figures)
    }

    private func timeVerdict(series: SeriesScaling, claim: ScalingClaim, band: ClaimBand)
        -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure]) {
        let t = series.time
        let limit = band.exponent + ClaimBand.tolerance
        var figures: [ExpectationVerdict.Figure] = []
        var timeText = ""
        if let p = t.powerLaw {
            figures += [.init("exponent", p.exponent, .exponent), .init("exponent 95 % low", p.lower, .exponent),
                        .init("exponent 95 % high", p.upper, .exponent)]
            timeText = "exponent \(NumberFormat.fixed(p.exponent, 2)) [\(NumberFormat.fixed(p.lower, 2)), \(NumberFormat.fixed(p.upper, 2))]"
        }
        if let c = t.classification {
            figures.append(.init("noise σ(ln t)", c.logNoise, .plain))
            timeText = "time \(c.complexity)\(c.isConclusive ? "" : " (not conclusive)")" + (timeText.isEmpty ? "" : ", " + timeText)
        }
        if timeText.isEmpty { timeText = "time: " + (t.unavailable["power law"] ?? "no fit") }
        if t.clock == .cpu {
            timeText += " (CPU time: wall time was contended, wall/CPU \(NumberFormat.fixed(t.contention ?? 0, 2)))"
            figures.append(.init("wall/CPU", t.contention ?? 0, .plain))
        }

        let timeWithin: Bool, timeBeyond: Bool
        let counterWithin: Bool, counterBeyond: CounterGrowth?
        if let c = band.complexity {
            timeWithin = t.within(c) && (t.powerLaw.map { $0.upper <= limit } ?? false)
            timeBeyond = t.conclusivelyBeyond(c, exponent: band.exponent, tolerance: ClaimBand.tolerance)
            counterWithin = !series.counters.isEmpty && series.counters.allSatisfy { $0.isExact && $0.complexity.map { $0 <= c } == true }
            counterBeyond = series.counters.first { ($0.complexity.map { $0 > c } ?? true) && ($0.exponent ?? 0) > limit }
        } else {
            timeWithin = t.powerLaw.map { $0.upper <= band.exponent } ?? false
            timeBeyond = t.powerLaw.map { $0.lower > band.exponent } ?? false
            counterWithin = !series.counters.isEmpty && series.counters.allSatisfy { ($0.exponent ?? 0) <= band.exponent }
            counterBeyond = series.counters.first { ($0.exponent ?? 0) > band.exponent }
        }
        let counterText: String
        if let b = counterBeyond {
            counterText = "counter \(b.counter) grows \(b.complexity.map { "as \($0)" } ?? "with no class") (exponent \(NumberFormat.fixed(b.exponent ?? 0, 2)))"
            figures.append(.init("\(b.counter) exponent", b.exponent ?? 0, .exponent))
        } else if counterWithin {
            counterText = "every counter (\(series.counters.map(\.counter).joined(separator: ", "))) is within the claim exactly"
        } else {
            counterText = series.counters.isEmpty ? "no counters" : "counters do not settle it"
        }
        switch (timeWithin, timeBeyond) {
        case (_, true):
            return counterWithin
                ? (.inconclusive, "\(timeText) grows faster than \(claim), but \(counterText): the engine's work is within; the extra time is the machine (caches, memory)", figures)
                : (.fail, "\(timeText): grows faster than \(claim)" + (counterBeyond != nil ? "; \(counterText)" : ""), figures)
        case (true, _):
            return counterBeyond != nil
                ? (.inconclusive, "\(timeText) is within \(claim), but \(counterText): expect the time to follow at larger N", figures)
                : (.pass, "\(timeText), within \(claim)", figures)
        default:
            if counterWithin { return (.pass, "\(timeText) does not settle it; \(counterText)", figures) }
            if counterBeyond != nil { return (.fail, "\(timeText) does not settle it; \(counterText), growing faster than \(claim)", figures) }
            return (.inconclusive, "\(timeText) — too noisy or too few sizes to settle \(claim)\(t.unavailable["class"].map { " (\($0))" } ?? "")", figures)
        }
    }
}
