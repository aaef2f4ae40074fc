import Comparison
import Foundation

/// The comparison's page, `index.html` beside `comparison.json`: the
/// headline, a chart of every cell's time shift with its interval, the
/// workloads, then every cell. The run pages' stylesheet and rules: inline
/// CSS and SVG, no script, no request; every string from a user or a worker
/// (workload, variant and counter names, digests, failure reasons, specs)
/// is escaped by the ``HTML`` type.
public enum ComparisonPage {
    /// - Parameter linksToRuns: whether the page sits in a folder of
    ///   `Reports/`, so that `../index.html` is the index of runs.
    /// What `--settle` did, with the cells it decided named.
    static func settleLine(_ settle: ComparisonSettling?) -> HTML {
        guard let settle else { return "" }
        let named: [HTML] = settle.settled.enumerated().map { i, key in "\(i == 0 ? ": " : ", ")<code>\(key.description)</code>" }
        return "\n<p id=\"settling\" class=\"muted\">\(settle.summary)\(named)</p>"
    }

    public static func render(_ suite: SuiteComparison, header: ComparisonHeader, linksToRuns: Bool = false) -> String {
        let shell = PageShell(root: "../", runFolder: "")
        let nav: HTML = linksToRuns
            ? "<nav class=\"bar\" id=\"pages\" aria-label=\"Pages\"><a href=\"../index.html\">All runs</a> <a href=\"../history/index.html\">History</a> <a href=\"#shifts\">Chart</a> <a href=\"#cells\">Cells</a></nav>"
            : "<nav class=\"bar\" id=\"pages\" aria-label=\"Pages\"><a href=\"#shifts\">Chart</a> <a href=\"#cells\">Cells</a></nav>"
        let headline = ComparisonHeadline.text(suite, undecided: header.undecided)
        let top: HTML = """
        <h1>Layout benchmark comparison</h1>
        <p><b>base</b> <code>\(header.baseSpec)</code>\(commit(header.baseCommit)) ·
        <b>candidate</b> <code>\(header.candidateSpec)</code>\(commit(header.candidateCommit))</p>
        <p class="muted">comparison \(header.id.uuidString.lowercased()) · \(header.rounds) round(s), \(header.jobs) jobs,
        \(String(format: "%.1f", header.seconds)) s · threshold \(percentText(header.threshold)) · exit code \(Int(header.exitCode(suite)))</p>
        <p class="headline v-\(tone(suite.outcome))">\(headline)</p>\(settleLine(header.settle))
        """
        var workloads: HTML = ""
        for w in suite.workloads {
            let shift = suite.shift(of: w.name)
            workloads += "<tr><td>\(w.name)</td><td>\(badge(w.verdict))</td><td>\(ComparisonMarkdown.pooledText(shift))</td>"
                + "<td class=\"num\">\(shift?.adjustedP.map { String(format: "%.3g", $0) } ?? "—")</td></tr>"
        }
        var cells: HTML = ""
        for c in suite.cells { cells += row(c) }
        let main: HTML = """
        <section id="shifts" aria-labelledby="shifts-h"><h2 id="shifts-h">Time shifts</h2>\
        <figure>\(chart(suite).render())<figcaption>Candidate over base, per cell and per workload pooled (bold), with 95 % \
        intervals. Shaded: within the threshold. Squares: slower or more work; diamonds: undecided; dots: the rest.</figcaption></figure></section>
        <section id="workloads" aria-labelledby="workloads-h"><h2 id="workloads-h">Workloads</h2>
        <table><thead><tr><th scope="col">Workload</th><th scope="col">Verdict</th><th scope="col">Its cells pooled (candidate / base)</th>\
        <th scope="col">p (adjusted)</th></tr></thead><tbody>\(workloads)</tbody></table></section>
        <section id="cells" aria-labelledby="cells-h"><h2 id="cells-h">Cells</h2>
        <table class="cells compare-cells"><thead><tr><th scope="col">Workload</th><th scope="col">Variant</th><th scope="col">Size</th><th scope="col">Verdict</th>\
        <th scope="col">Time (candidate / base)</th><th scope="col">p (adjusted)</th><th scope="col">Timing jobs base / candidate</th>\
        <th scope="col">Counters moved</th><th scope="col">Digest base → candidate</th></tr></thead><tbody>\(cells)</tbody></table>
        <p class="muted">Time is candidate over base seconds per iteration: the mean of the A B B A rounds' log ratios with its
        95 % interval (a moderated paired t test). A workload's cells pooled give its geometric-mean ratio; a workload is
        <b>slower</b> when that is significant after Benjamini–Hochberg across workloads, even if no single cell is.
        <b>slower</b> and <b>faster</b> cells need a difference of at least half the threshold that is significant within a
        workload found in that first step (Benjamini–Hochberg at the rate × found / workloads); <b>same</b> means the whole
        interval lies within the threshold; <b>unknown</b> cells ran out of rounds (--max-rounds). Counters are compared
        exactly: any increase is <b>more work</b>. A different layout digest is <b>behaviour changed</b>, never a speed-up.</p></section>
        """
        return shell.document(title: "Layout benchmark: \(header.candidateSpec) against \(header.baseSpec)", skipText: "Skip to the comparison",
                              nav: nav, header: top, main: main, footer: "Generated by layoutbench compare.", bodyClass: "wide")
    }

    /// The chart's rows: each workload's pooled shift, then its cells.
    static func chart(_ suite: SuiteComparison) -> ShiftChart {
        var rows: [ShiftChart.Row] = []
        for w in suite.workloads {
            if let s = suite.shift(of: w.name), s.cells > 1 {
                rows.append(.init(label: "\(w.name) (\(s.cells) cells)", ratio: s.ratio, lower: s.lower, upper: s.upper,
                                  threshold: s.threshold, verdict: w.verdict.rawValue, pooled: true))
            }
            for c in suite.cells where c.key.workload == w.name {
                rows.append(.init(label: "\(c.key.variant) · \(c.key.size)", ratio: c.ratio, lower: c.ratioLower, upper: c.ratioUpper,
                                  threshold: c.threshold, verdict: c.verdict.rawValue))
            }
        }
        return ShiftChart(id: "shift-chart", title: "Time shift of every cell, candidate over base", rows: rows)
    }

    static func row(_ c: CellComparison) -> HTML {
        let time: HTML
        if let side = c.failureSide {
            time = "<span class=\"v-error\">\(side.rawValue) failed: \(c.failureReason ?? "")</span>"
        } else if let r = c.ratio, let lo = c.ratioLower, let hi = c.ratioUpper {
            time = "\(ComparisonHeadline.signedPercent(r)) <span class=\"muted\">[\(ComparisonHeadline.signedPercent(lo)), \(ComparisonHeadline.signedPercent(hi))]</span>"
        } else {
            time = "too few samples"
        }
        let p = c.adjustedP.map { String(format: "%.3g", $0) } ?? "—"
        let counters: HTML = c.counterChanges.isEmpty ? "—" : HTML.join(c.counterChanges.map { ch in
            "\(ch.name) \(ComparisonHeadline.counterValue(ch.base)) → \(ComparisonHeadline.counterValue(ch.candidate))"
        }, separator: "<br>")
        let digest: HTML = c.digestChanged
            ? "<span class=\"v-1\">\(c.baseDigest ?? "") → \(c.candidateDigest ?? "")</span>"
            : "\(c.baseDigest ?? c.candidateDigest ?? "—")"
        return """
        <tr><td>\(c.key.workload)</td><td>\(c.key.variant)</td><td class="num">\(c.key.size)</td><td>\(badge(c.verdict))</td>\
        <td class="num">\(time)</td><td class="num">\(p)</td><td class="num">\(c.baseSamples) / \(c.candidateSamples)</td>\
        <td class="mono">\(counters)</td><td class="mono">\(digest)</td></tr>
        """
    }

    /// The headline's colour: green only when every cell is decided.
    static func tone(_ outcome: ComparisonOutcome) -> String {
        switch outcome { case .failed: "error"; case .regression: "1"; case .undecided: "unknown"; case .noRegression: "0" }
    }

    static func badge(_ v: CellVerdict) -> HTML {
        "<span class=\"badge v-\(ShiftChart.tone(v.rawValue))\">\(v.rawValue)</span>"
    }

    static func commit(_ c: String?) -> HTML { c.map { " <span class=\"muted\">(\(String($0.prefix(12))))</span>" } ?? "" }

    static func percentText(_ t: Double) -> String { "\((t * 1000).rounded() / 10) %" }

}
