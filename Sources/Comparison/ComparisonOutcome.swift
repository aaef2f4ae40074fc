import Foundation

/// What a comparison concludes as a whole, most severe first. Each has its
/// own exit code, so a pull-request check never turns "could not tell" green.
public enum ComparisonOutcome: String, Sendable, Equatable {
    /// A job failed on one side: nothing can be said about its cells (exit 2).
    case failed
    /// Some cell or pooled workload is slower, does more work or lays out differently (exit 1).
    case regression
    /// No regression among the decided cells, but some cells' time is still unknown (exit 3 by default).
    case undecided
    /// Every cell decided and none a regression (exit 0).
    case noRegression = "no regression"
}

/// What `compare` exits with when cells stay undecided (`--undecided`).
public enum UndecidedPolicy: String, Sendable, Equatable, CaseIterable {
    /// Exit 3: neither green nor a regression, for CI to treat as it chooses.
    case report
    /// Exit 0: teams that gate only on proven regressions.
    case pass
    /// Exit 1: teams that want every cell proven no slower.
    case fail
}

/// The undecided cells of a comparison, the noisiest one and what would settle it.
public struct UndecidedSummary: Sendable, Equatable {
    /// Undecided cells (verdict unknown, no failure), noisiest first.
    public var cells: [CellComparison]
    /// Cells with a verdict other than unknown.
    public var decided: Int
    /// A/B/B/A rounds the noisiest cell would need at its present noise for
    /// its interval to fit inside the threshold or to exclude no change; nil
    /// when it had too few rounds for a time test, or needs more than `roundCap`.
    public var roundsToSettleNoisiest: Int?

    static let roundCap = 1000

    public init(_ suite: SuiteComparison) {
        let unknown = suite.cells.filter { $0.verdict == .unknown && $0.failureSide == nil }
        cells = unknown.sorted { Self.width($0) > Self.width($1) }
        decided = suite.cells.count - unknown.count
        roundsToSettleNoisiest = cells.first.flatMap { Self.roundsToSettle($0, confidence: suite.policy.confidence) }
    }

    public var noisiest: CellComparison? { cells.first }

    /// The width of a cell's time interval in log ratio; infinite without one,
    /// so a cell with too few rounds counts as the noisiest.
    static func width(_ c: CellComparison) -> Double {
        guard let lo = c.ratioLower, let hi = c.ratioUpper, lo > 0 else { return .infinity }
        return log(hi / lo)
    }

    /// The fewest rounds whose projected interval around the present mean
    /// either fits inside ±threshold (*same*) or stays clear of zero (*slower*
    /// or *faster*), if that is at most `roundCap`.
    static func roundsToSettle(_ c: CellComparison, confidence: Double) -> Int? {
        guard let s = c.shift, s.count >= 2 else { return nil }
        let bound = log(1 + c.threshold)
        let target = max(bound - abs(s.mean), abs(s.mean))
        guard target > 0 else { return nil }
        let settles = { (n: Int) in s.projectedHalfWidth(rounds: n, confidence: confidence) < target }
        guard settles(roundCap) else { return nil }
        // The projected width shrinks as rounds grow: bisect for the first that is enough.
        var (low, high) = (s.count, roundCap)
        while low < high {
            let mid = (low + high) / 2
            if settles(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension SuiteComparison {
    public var outcome: ComparisonOutcome {
        if hasError { return .failed }
        if hasRegression { return .regression }
        return cells.contains { $0.verdict == .unknown } ? .undecided : .noRegression
    }

    /// The `compare` command's exit code: 0 no regression with every cell
    /// decided, 1 regression, 2 error, 3 undecided cells (0 or 1 under
    /// `--undecided pass` or `fail`).
    public func exitCode(undecided: UndecidedPolicy) -> Int32 {
        switch outcome {
        case .failed: 2
        case .regression: 1
        case .noRegression: 0
        case .undecided:
            switch undecided { case .report: 3; case .pass: 0; case .fail: 1 }
        }
    }

    /// The exit code with undecided cells reported as such (3).
    public var exitCode: Int32 { exitCode(undecided: .report) }
}

/// The one-paragraph verdict every view of a comparison opens with —
/// terminal, Markdown and HTML say the same words.
public enum ComparisonHeadline {
    /// The verdict with no markup, e.g. "Undecided: no regression among 40
    /// decided cells, but 3 cells undecided. …".
    public static func text(_ suite: SuiteComparison, undecided policy: UndecidedPolicy = .report) -> String {
        switch suite.outcome {
        case .failed: return "Comparison failed: some jobs did not run."
        case .regression: return "Regression: the candidate is slower, does more work or lays out differently."
        case .noRegression: return "No regression."
        case .undecided:
            let u = UndecidedSummary(suite)
            let lead = policy == .pass ? "No regression found, undecided cells passed (--undecided pass)"
                : policy == .fail ? "Undecided, failed (--undecided fail)" : "Undecided"
            return "\(lead): no regression among \(u.decided) decided cell\(u.decided == 1 ? "" : "s"), but "
                + "\(u.cells.count) cell\(u.cells.count == 1 ? "" : "s") undecided. " + details(u)
        }
    }

    /// The Markdown line: a green tick only when every cell is decided.
    public static func markdown(_ suite: SuiteComparison, undecided policy: UndecidedPolicy = .report) -> String {
        let words = text(suite, undecided: policy)
        if suite.outcome == .noRegression { return "✅ **No regression**." }
        guard let colon = words.firstIndex(of: ":") else { return words }
        let head = "**" + words[..<colon] + "**" + words[colon...]
        switch suite.outcome {
        case .failed: return "⚠️ " + head
        case .regression: return "❌ " + head
        case .noRegression: return "✅ " + head
        case .undecided: return "❔ " + head
        }
    }

    /// The noisiest cell and what would settle the undecided ones.
    static func details(_ u: UndecidedSummary) -> String {
        guard let worst = u.noisiest else { return "" }
        var out = "Noisiest: \(worst.key)"
        if let r = worst.ratio, let lo = worst.ratioLower, let hi = worst.ratioUpper {
            out += " (time \(signedPercent(r)) [\(signedPercent(lo)), \(signedPercent(hi))] after \(worst.shift?.count ?? 0) rounds)"
        } else {
            out += " (too few rounds for a time test)"
        }
        out += ". To settle them: "
        if let rounds = u.roundsToSettleNoisiest {
            out += "about \(rounds) rounds at this noise (--max-rounds \(rounds), with --time-budget to match), "
        } else {
            out += "more rounds than a run can afford at this noise, so "
        }
        let workloads = Set(u.cells.map(\.key.workload)).sorted()
        let shown = workloads.prefix(5).joined(separator: ",") + (workloads.count > 5 ? ",…" : "")
        out += "a quieter machine, or comparing only these cells again (--workloads \(shown))."
        return out
    }

    /// A ratio as a signed percentage change: 1.052 → "+5.2 %" (never "+-0.0 %").
    public static func signedPercent(_ r: Double) -> String {
        let p = ((r - 1) * 1000).rounded() / 10
        return p == 0 ? "+0.0 %" : (p > 0 ? "+" : "") + "\(p) %"
    }

    /// A counter's value per iteration: whole numbers without a point, "absent" for a side without it.
    public static func counterValue(_ v: Double?) -> String {
        guard let v else { return "absent" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
