import Workloads

/// The rule for `scaling(variant, metric, claim)`.
///
/// A class claim is a ceiling: "linear" holds when growth is no faster
/// than O(n) (a sub-linear finding passes and says so). Let c* be the
/// claimed class, B its band over the series' sweep (``ClaimBand``: the
/// steepest log-log slope any A + C·g(n) of the class has over these
/// sizes) and δ = ``ClaimBand/tolerance``.
///
/// Metric = a counter: the counter's exact fit decides (``CounterGrowth``).
/// Pass when its class is ≤ c* (exactly, or within 5 %); fail when its class
/// is above c* or, with no class fitting, its exponent exceeds B + δ;
/// inconclusive with fewer than 3 sizes or a missing counter. For
/// `maxExponent(e)` the counter's log-log exponent is compared with e.
///
/// Metric = time: the exponent's interval [L, U] decides, the class fit
/// and the counters refine.
/// - time *beyond*: L > B + δ. Growth is steeper than any law of c* over
///   this sweep, whatever class fits best; the best class is named as advice.
/// - time *near*: U ≤ B + δ, but the 99.9 % interval's upper end is not:
///   a pass is final, so it needs the wider interval.
/// - time *within*: U_pass ≤ B + δ and the top of the curve (the sweep's
///   upper half on log axes) agrees: its 99.9 % interval lies within the
///   band over its sizes, or, from four sizes on, its estimate does and
///   the class fit supports c* (a class up to c* passes the lack-of-fit
///   test and no steeper class fits clearly better). A class that fits
///   badly never passes a claim on its own.
/// - time *bends*: U ≤ B + δ but the top of the curve does not agree: an
///   intercept can hide a steeper class in the exponent, so this is not a
///   pass.
/// - time *straddles*: L ≤ B + δ < U.
/// - a *steep pair*: some consecutive pair's 99.9 % interval lies above the
///   band between its sizes. With U > B + δ it counts as *beyond*; with
///   U ≤ B + δ it counts as *bends*: a step between two sizes (a cache
///   level crossed) steepens one pair of a truly linear workload, so a pair
///   alone never fails a claim the whole sweep is within. The two top
///   pairs both steep are growth, not a step: *beyond*, unless counters
///   are within (exactly or by 5 %).
/// - counters *within*: the series has counters and all fit exactly in a
///   class ≤ c*; *nearly within*: all fit a class ≤ c*, some within 5 %
///   (``CounterGrowth``); counters *beyond*: some counter's class is above
///   c* and its exponent exceeds B + δ (plus, for a counter that fits a
///   class only within 5 % or none, what 5 % can move it over the sweep).
///
/// | time      | counters | verdict |
/// |-----------|----------|---------|
/// | beyond    | within, nearly within | inconclusive: the work is within; the time is the machine |
/// | beyond    | other    | fail |
/// | within    | beyond   | inconclusive: the work grows faster; time will follow at larger N |
/// | within    | other    | pass |
/// | bends, straddles, near | within | pass, settled by the counters |
/// | bends, straddles, near | beyond | fail, settled by the counters |
/// | bends, straddles, near | none | inconclusive, saying by how much and what would settle it |
///
/// For `maxExponent(e)` the band is e itself and there is no class fit.
struct ScalingRule {
    var evidence: WorkloadEvidence

    func evaluate(variant: String, metric: Metric, claim: ScalingClaim) -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure]) {
        guard let series = evidence.series[variant] else { return (.inconclusive, evidence.missing(variant), []) }
        let band = ClaimBand(claim, sizes: series.time.sizes)
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
        figures.append(.init("\(name) at n = \(NumberFormat.grouped(g.sizes.last!))", g.values.last!, .count))
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
        let bound = band.exponent + ClaimBand.tolerance
        let fmt = NumberFormat.self
        var figures: [ExpectationVerdict.Figure] = []
        let classification = band.complexity == nil ? nil : t.classification
        if let c = t.classification { figures.append(.init("noise σ(ln t)", c.logNoise, .plain)) }
        typealias Onset = TimeScaling.Onset.LocalSlope
        let clockText = t.clock == .cpu
            ? " (CPU time: wall time was contended, wall/CPU \(fmt.fixed(t.contention ?? 0, 2)))" : ""
        if t.clock == .cpu { figures.append(.init("wall/CPU", t.contention ?? 0, .plain)) }
        guard let p = t.powerLaw else {
            let why = t.unavailable["power law"] ?? "no fit"
            return countersOnly(series: series, claim: claim, band: band, timeText: "the time has no exponent (\(why))", figures: figures)
        }
        figures += [.init("exponent", p.exponent, .exponent), .init("exponent 95 % low", p.lower, .exponent),
                    .init("exponent 95 % high", p.upper, .exponent), .init("claim bound", bound, .exponent)]
        let exponentText = "exponent \(fmt.fixed(p.exponent, 2)) [\(fmt.fixed(p.lower, 2)), \(fmt.fixed(p.upper, 2))]\(clockText)"
        let claimName = claim.displayName

        /// "no class fits; nearest O(n log n)" or "best fit O(n log n)".
        var advice: String {
            guard let c = classification else { return "" }
            return c.fitsWell ? "; best fit \(c.complexity)" : "; no class fits; nearest \(c.complexity)"
        }

        // The steepest pair of sizes whose whole interval lies above the
        // claim's slope between them. It fails a claim only when the whole
        // sweep agrees, i.e. its interval reaches past the band too: a step
        // between two sizes (a cache or memory level crossed) steepens one
        // pair of a truly linear workload, while growth of a steeper class
        // steepens the sweep as well.
        let local = band.pairLimits(p)
        let steepest = local.filter { $0.0.lower > $0.1 }.max { $0.0.lower - $0.1 < $1.0.lower - $1.1 }
        let steepPair = p.upper > bound ? steepest : nil
        let pairText: (Onset, Double) -> String = { s, limit in
            "between n = \(fmt.grouped(s.from)) and \(fmt.grouped(s.to)) the slope is \(fmt.fixed(s.slope, 2)) [\(fmt.fixed(s.lower, 2)), \(fmt.fixed(s.upper, 2))] > \(fmt.fixed(limit, 2))"
        }

        let counters = counterVotes(series: series, band: band)
        if p.lower > bound || steepPair != nil {
            let evidence = p.lower > bound ? "\(exponentText) > \(fmt.fixed(bound, 2))" : "\(exponentText); " + pairText(steepPair!.0, steepPair!.1)
            if counters.within || counters.nearlyWithin {
                return (.inconclusive, "\(evidence): time grows faster than \(claimName), but \(counters.text): the engine's work is within the claim; the extra time is the machine (caches, memory)", figures)
            }
            return (.fail, "\(evidence): not \(claimName)\(advice)" + (counters.beyond != nil ? "; \(counters.text)" : ""), figures)
        }
        if p.upper <= bound, let (s, limit) = steepest {
            // The sweep is within the band but one pair is not: a step, or a
            // steeper law the sweep has not yet revealed. Neither passes.
            let why = "\(exponentText) ≤ \(fmt.fixed(bound, 2)), but " + pairText(s, limit)
            if let settled = settledByCounters(why, counters, claimName: claimName, figures: figures) { return settled }
            // A step steepens one pair; growth steeper than the claim, held
            // inside the band over the sweep by an intercept, steepens every
            // pair at the top. Two consecutive top pairs wholly above their
            // bands are growth, unless the counters say the work is within.
            let top = local.suffix(2)
            if top.count == 2, top.allSatisfy({ $0.0.lower > $0.1 }), !counters.nearlyWithin {
                let (a, b) = (top.first!, top.last!)
                let second = "between n = \(fmt.grouped(b.0.from)) and \(fmt.grouped(b.0.to)) \(fmt.fixed(b.0.slope, 2)) [\(fmt.fixed(b.0.lower, 2)), \(fmt.fixed(b.0.upper, 2))] > \(fmt.fixed(b.1, 2))"
                return (.fail, "\(exponentText) ≤ \(fmt.fixed(bound, 2)), but " + pairText(a.0, a.1) + ", and \(second)"
                        + ": the top of the sweep grows faster than \(claimName), not one step\(advice)", figures)
            }
            return (.inconclusive, "\(why); a step between two sizes (a cache level crossed) or growth steeper than \(claimName): a size beyond n = \(fmt.grouped(t.sizes.last ?? 0)) would settle it", figures)
        }
        if p.upper <= bound, p.passUpper > bound {
            let passUpper = p.passUpper
            // Within the band at 95 % but not at 99.9 %: a pass is final, so
            // it needs the wider interval (a law just past the band would
            // otherwise pass on a narrow draw).
            // Three decimals where two would print the bound itself ("reaches 1.05: too near 1.05").
            let reach = fmt.fixed(passUpper, 2) == fmt.fixed(bound, 2) ? fmt.fixed(passUpper, 3) : fmt.fixed(passUpper, 2)
            let why = "\(exponentText) ≤ \(fmt.fixed(bound, 2)), but its 99.9 % interval reaches \(reach): too near \(fmt.fixed(bound, 2)) to pass"
            if let settled = settledByCounters(why, counters, claimName: claimName, figures: figures) { return settled }
            let shrink = (passUpper - p.exponent) / max(bound - p.exponent, 1e-9)
            let factor = Int((shrink * shrink).rounded(.up))
            let more = factor <= 16 ? "\(max(factor, 2))× the samples" : "far more samples"
            return (.inconclusive, "\(why); \(more) or a size beyond n = \(fmt.grouped(t.sizes.last ?? 0)) would settle it\(advice)", figures)
        }
        if p.upper <= bound {
            // Within the band: the top of the curve (the sweep's upper half
            // on log axes, where an intercept weighs least) must agree, by
            // its whole interval or, when the class fit supports the claim,
            // by its estimate. An intercept can hold a steeper class's slope
            // over the sweep inside the band; only the top of the curve
            // shows it, and the class fit cannot tell them apart in noise.
            let topPart = band.topLimit(p, sizes: t.sizes) ?? local.last
            let topWithin = topPart.map { $0.0.upper <= $0.1 } ?? true
            let topLeans = topPart.map { $0.0.slope <= $0.1 } ?? true
            // The class fit supports the claim when a class up to it fits and
            // no steeper class fits clearly better: with an intercept,
            // n log n can keep its exponent below 1 over two decades. Three
            // sizes leave a two-parameter class one degree of freedom, too
            // few to tell an intercept from a steeper class, so there the
            // top of the curve must be within on its own.
            let shapeKnown = t.sizes.count >= Self.sizesForShape
            let admitted = shapeKnown && (classification.map { c in
                band.complexity.map { c.admits($0) && c.steeperFit(than: $0) == nil } ?? true
            } ?? true)
            if (admitted && topLeans) || topWithin {
                if counters.beyond != nil {
                    return (.inconclusive, "\(exponentText) ≤ \(fmt.fixed(bound, 2)) is within \(claimName), but \(counters.text): expect the time to follow at larger N", figures)
                }
                let fit = classification.map { "; best fit \($0.complexity)\($0.fitsWell ? "" : " (no class fits well)")" } ?? ""
                return (.pass, "\(exponentText) ≤ \(fmt.fixed(bound, 2)): \(claimName)\(fit)", figures)
            }
            let claimed = band.complexity!
            let top = topPart!
            let shape: String
            if let c = classification, shapeKnown {
                shape = c.steeperFit(than: claimed).map { "\($0) fits the curve better than any class up to \(claimed)" }
                    ?? "no class up to \(claimed) fits the curve (best \(c.complexity)\(c.fitsWell ? "" : ", which does not fit either"))"
            } else {
                shape = "\(t.sizes.count) sizes cannot tell \(claimed) with an intercept from a steeper class\(classification.map { " (best fit \($0.complexity))" } ?? "")"
            }
            let why = shape + " and between n = \(fmt.grouped(top.0.from)) and \(fmt.grouped(top.0.to)) the slope \(fmt.fixed(top.0.slope, 2)) [\(fmt.fixed(top.0.lower, 2)), \(fmt.fixed(top.0.upper, 2))] reaches past \(fmt.fixed(top.1, 2))"
            if let settled = settledByCounters("\(exponentText) ≤ \(fmt.fixed(bound, 2)), but \(why)", counters, claimName: claimName, figures: figures) { return settled }
            let largest = t.sizes.last ?? 0
            return (.inconclusive, "\(exponentText) ≤ \(fmt.fixed(bound, 2)), but \(why); more samples at the top sizes or a size beyond n = \(fmt.grouped(largest)) would settle it", figures)
        }
        // The interval straddles the bound.
        if let settled = settledByCounters("\(exponentText) straddles \(fmt.fixed(bound, 2))", counters, claimName: claimName, figures: figures) { return settled }
        return (.inconclusive, straddleReason(exponentText: exponentText, lower: p.lower, upper: p.upper, bound: bound, time: t) + advice, figures)
    }

    /// "… straddles 1.05: 0.04 above it, 0.03 below; 4× the samples or a size beyond n = 10,000 would settle it".
    private func straddleReason(exponentText: String, lower: Double, upper: Double, bound: Double, time: TimeScaling) -> String {
        let fmt = NumberFormat.self
        let above = upper - bound, below = bound - lower
        // Halving the interval takes 4× the samples; the nearer end decides how much narrower it must get.
        let needed = max(1.0, (upper - lower) / max(2 * min(above, below), 1e-9))
        let factor = Int((needed * needed).rounded(.up))
        let more = factor <= 16 ? "\(factor)× the samples" : "far more samples"
        // A reach under 0.005 would print as "0.00 above it".
        let reach: (Double) -> String = { $0 < 0.005 ? "under 0.01" : fmt.fixed($0, 2) }
        return "\(exponentText) straddles \(fmt.fixed(bound, 2)): \(reach(above)) above it, \(reach(below)) below; "
            + "\(more) or a size beyond n = \(fmt.grouped(time.sizes.last ?? 0)) would settle it"
    }

    /// Sizes from which the class fit may support a pass (see `timeVerdict`).
    static let sizesForShape = 4

    typealias CounterVotes = (within: Bool, nearlyWithin: Bool, beyond: CounterGrowth?, text: String)

    /// Where time alone leaves the claim open: counters exactly within it
    /// pass it, a counter beyond it fails it; nil when they settle neither.
    private func settledByCounters(_ why: String, _ counters: CounterVotes, claimName: String,
                                   figures: [ExpectationVerdict.Figure]) -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure])? {
        if counters.within { return (.pass, "\(why); settled by the counters: \(counters.text)", figures) }
        if counters.beyond != nil { return (.fail, "\(why); \(counters.text), growing faster than \(claimName)", figures) }
        return nil
    }

    /// What the series' counters say about the claim. `within`: every
    /// counter fits a class up to the claim exactly, which can settle a
    /// pass. `nearlyWithin`: every counter fits such a class, some within
    /// 5 % (cheaper first items, say): the work is within the claim, which
    /// can keep a time verdict from failing but never pass it.
    private func counterVotes(series: SeriesScaling, band: ClaimBand) -> CounterVotes {
        let limit = band.exponent + ClaimBand.tolerance
        let within: Bool, nearlyWithin: Bool, beyond: CounterGrowth?
        if let c = band.complexity {
            within = !series.counters.isEmpty && series.counters.allSatisfy { $0.isExact && $0.complexity.map { $0 <= c } == true }
            nearlyWithin = !within && !series.counters.isEmpty && series.counters.allSatisfy { $0.complexity.map { $0 <= c } == true }
            beyond = series.counters.first { ($0.complexity.map { $0 > c } ?? true) && ($0.exponent ?? 0) > limit + $0.exponentSlack }
        } else {
            within = !series.counters.isEmpty && series.counters.allSatisfy { ($0.exponent ?? 0) <= band.exponent }
            nearlyWithin = false
            beyond = series.counters.first { ($0.exponent ?? 0) > band.exponent }
        }
        let text: String
        if let b = beyond {
            text = "counter \(b.counter) grows \(b.complexity.map { "as \($0)" } ?? "with no class") (exponent \(NumberFormat.fixed(b.exponent ?? 0, 2)))"
        } else if within || nearlyWithin {
            let how = within ? "exactly" : "(\(series.counters.filter { !$0.isExact }.map(\.counter).joined(separator: ", ")) within 5 %)"
            text = series.counters.count == 1
                ? "counter \(series.counters[0].counter) is within the claim \(how)"
                : "every counter (\(series.counters.map(\.counter).joined(separator: ", "))) is within the claim \(how)"
        } else {
            text = series.counters.isEmpty ? "no counters" : "counters do not settle it"
        }
        return (within, nearlyWithin, beyond, text)
    }

    private func countersOnly(series: SeriesScaling, claim: ScalingClaim, band: ClaimBand, timeText: String,
                              figures: [ExpectationVerdict.Figure]) -> (ExpectationVerdict.Outcome, String, [ExpectationVerdict.Figure]) {
        let counters = counterVotes(series: series, band: band)
        if counters.within { return (.pass, "\(timeText); settled by the counters: \(counters.text)", figures) }
        if counters.beyond != nil { return (.fail, "\(timeText); \(counters.text), growing faster than \(claim.displayName)", figures) }
        return (.inconclusive, "\(timeText); run at least 3 sizes with 2 or more samples each", figures)
    }
}

extension ScalingClaim {
    /// The claim as a reason names it: "linear", "O(n log n)", "exponent ≤ 1.2".
    var displayName: String {
        switch self {
        case .maxExponent(let e): "exponent ≤ \(NumberFormat.significant(e))"
        default: description
        }
    }
}
