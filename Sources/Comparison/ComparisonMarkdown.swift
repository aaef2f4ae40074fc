/// The Markdown summary of a comparison, fit for a pull-request comment and
/// `$GITHUB_STEP_SUMMARY`: the verdict first, then only the cells that
/// changed, then a collapsed table of everything.
public enum ComparisonMarkdown {
    public static func render(_ suite: SuiteComparison, base: String, candidate: String, reportPath: String? = nil,
                              undecided: UndecidedPolicy = .report, settle: ComparisonSettling? = nil) -> String {
        var out: [String] = []
        let headline = md(ComparisonHeadline.markdown(suite, undecided: undecided))
        out.append("## Layout benchmark: `\(md(candidate))` against `\(md(base))`")
        out.append("")
        out.append(headline)
        out.append("")
        if let settle {
            out.append(md(settle.summary) + (settle.settled.isEmpty ? "" : ": " + settle.settled.map { "`\(md($0.description))`" }.joined(separator: ", ")))
            out.append("")
        }
        let counts = Dictionary(grouping: suite.cells, by: \.verdict).mapValues(\.count)
        let order: [CellVerdict] = [.error, .behaviourChanged, .slower, .moreWork, .unknown, .faster, .lessWork, .same]
        out.append(order.compactMap { v in counts[v].map { "\($0) \(v.rawValue)" } }.joined(separator: " · ") + " (cells)")
        out.append("")
        out.append("| workload | verdict | its cells pooled (candidate / base) |")
        out.append("| --- | --- | --- |")
        for w in suite.workloads {
            out.append("| \(md(w.name)) | \(symbol(w.verdict)) \(w.verdict.rawValue) | \(pooledText(suite.shift(of: w.name))) |")
        }
        out.append("")

        let notable = suite.cells.filter { $0.verdict != .same && $0.verdict != .unknown }
        if !notable.isEmpty {
            out.append("### What changed")
            out.append("")
            out.append("| cell | verdict | time (candidate / base) | counters that moved | layout |")
            out.append("| --- | --- | --- | --- | --- |")
            for c in notable { out.append(row(c)) }
            out.append("")
        }
        out.append("<details><summary>All \(suite.cells.count) cells</summary>")
        out.append("")
        out.append("| cell | verdict | time (candidate / base) | samples | counters that moved | layout |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for c in suite.cells {
            out.append("| \(md(c.key.description)) | \(symbol(c.verdict)) \(c.verdict.rawValue) | \(ratioText(c)) | \(c.baseSamples)/\(c.candidateSamples) | \(countersText(c)) | \(layoutText(c)) |")
        }
        out.append("")
        out.append("</details>")
        out.append("")
        out.append("Time: candidate / base per iteration, the mean of A B B A rounds with its 95 % interval (a moderated paired t test); "
                   + "slower/faster need a significant difference of at least half the practical threshold, tested workloads "
                   + "first (Benjamini–Hochberg across workloads) and then cells within the workloads found; same means the whole "
                   + "interval is within the threshold. A workload is also slower when its cells pooled are. "
                   + "Counters are compared exactly: any increase is more work.")
        if let reportPath { out.append(""); out.append("Full report: `\(md(reportPath))`") }
        return out.joined(separator: "\n") + "\n"
    }

    /// A workload's pooled ratio, interval and cell count, "—" when it was not pooled.
    public static func pooledText(_ w: WorkloadShift?) -> String {
        guard let w else { return "—" }
        return "\(percent(w.ratio)) [\(percent(w.lower)), \(percent(w.upper))] over \(w.cells) cells"
    }

    static func row(_ c: CellComparison) -> String {
        "| \(md(c.key.description)) | \(symbol(c.verdict)) \(c.verdict.rawValue) | \(ratioText(c)) | \(countersText(c)) | \(layoutText(c)) |"
    }

    static func ratioText(_ c: CellComparison) -> String {
        if let side = c.failureSide { return "\(side.rawValue) failed: \(md(c.failureReason ?? ""))" }
        guard let r = c.ratio, let lo = c.ratioLower, let hi = c.ratioUpper else { return "too few samples" }
        return "\(percent(r)) [\(percent(lo)), \(percent(hi))]"
    }

    static func countersText(_ c: CellComparison) -> String {
        if c.counterChanges.isEmpty { return "—" }
        return c.counterChanges.prefix(6).map { ch in
            let b = ch.base.map(num) ?? "absent", n = ch.candidate.map(num) ?? "absent"
            return "\(md(ch.name)) \(b) → \(n)"
        }.joined(separator: "; ") + (c.counterChanges.count > 6 ? "; …" : "")
    }

    static func layoutText(_ c: CellComparison) -> String {
        c.digestChanged ? "changed (\(c.baseDigest ?? "") → \(c.candidateDigest ?? ""))" : "same"
    }

    static func symbol(_ v: CellVerdict) -> String {
        switch v {
        case .error: "⚠️"; case .behaviourChanged: "🔀"; case .slower, .moreWork: "❌"
        case .unknown: "❔"; case .faster, .lessWork: "🚀"; case .same: "✅"
        }
    }

    /// A ratio as a signed percentage change: 1.052 → "+5.2 %".
    static func percent(_ r: Double) -> String { ComparisonHeadline.signedPercent(r) }

    static func num(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Escapes what would break a table cell or start markup.
    static func md(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "`": out += "'"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}
