import Comparison
import Foundation
import Report

/// The comparison's self-contained HTML page: inline CSS, no scripts, no
/// requests. Every string that came from a user or a worker (workload,
/// variant and counter names, digests, failure reasons, specs) goes
/// through `escapeHTML`.
enum ComparisonPage {
    static func render(_ suite: SuiteComparison, header: ComparisonHeader) -> String {
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <title>Layout benchmark: \(e(header.candidateSpec)) against \(e(header.baseSpec))</title>
        <style>\(css)</style></head><body><main>
        <h1>Layout benchmark comparison</h1>
        <p><b>base</b> <code>\(e(header.baseSpec))</code>\(commit(header.baseCommit)) ·
        <b>candidate</b> <code>\(e(header.candidateSpec))</code>\(commit(header.candidateCommit))</p>
        <p class="muted">comparison \(e(header.id.uuidString.lowercased())) · \(header.rounds) round(s), \(header.jobs) jobs,
        \(String(format: "%.1f", header.seconds)) s · threshold \(e(percentText(header.threshold))) · exit code \(header.exitCode(suite))</p>
        <p class="headline v-\(tone(suite.outcome))">\(e(ComparisonHeadline.text(suite, undecided: header.undecided)))</p>

        """
        html += "<h2>Workloads</h2>\n<table><thead><tr><th>workload</th><th>verdict</th>"
            + "<th>its cells pooled (candidate / base)</th><th>p (adjusted)</th></tr></thead><tbody>\n"
        for w in suite.workloads {
            let shift = suite.shift(of: w.name)
            html += "<tr><td>\(e(w.name))</td><td>\(badge(w.verdict))</td><td>\(e(ComparisonMarkdown.pooledText(shift)))</td>"
                + "<td>\(shift?.adjustedP.map { String(format: "%.3g", $0) } ?? "—")</td></tr>\n"
        }
        html += "</tbody></table>\n<h2>Cells</h2>\n"
        html += """
        <table><thead><tr><th>workload</th><th>variant</th><th>size</th><th>verdict</th><th>time (candidate / base)</th>
        <th>p (adjusted)</th><th>timing jobs base / candidate</th><th>counters moved</th><th>digest base → candidate</th></tr></thead><tbody>

        """
        for c in suite.cells { html += row(c) }
        html += """
        </tbody></table>
        <p class="muted">Time is candidate over base seconds per iteration: the mean of the A B B A rounds' log ratios with its
        95 % interval (a moderated paired t test). A workload's cells pooled give its geometric-mean ratio; a workload is
        <b>slower</b> when that is significant after Benjamini–Hochberg across workloads, even if no single cell is.
        <b>slower</b> and <b>faster</b> cells need a difference of at least half the threshold that is significant within a
        workload found in that first step (Benjamini–Hochberg at the rate × found / workloads); <b>same</b> means the whole interval lies within the threshold; <b>unknown</b> cells ran
        out of rounds (--max-rounds). Counters are compared exactly: any increase is <b>more work</b>. A different layout
        digest is <b>behaviour changed</b>, never a speed-up.</p>
        </main></body></html>

        """
        return html
    }

    static func row(_ c: CellComparison) -> String {
        var time = "—"
        if let side = c.failureSide {
            time = "<span class=\"v-error\">\(e(side.rawValue)) failed: \(e(c.failureReason ?? ""))</span>"
        } else if let r = c.ratio, let lo = c.ratioLower, let hi = c.ratioUpper {
            time = "\(e(signed(r))) <span class=\"muted\">[\(e(signed(lo))), \(e(signed(hi)))]</span>"
        } else {
            time = "too few samples"
        }
        let p = c.adjustedP.map { String(format: "%.3g", $0) } ?? "—"
        let counters = c.counterChanges.isEmpty ? "—" : c.counterChanges.map { ch in
            "\(e(ch.name)) \(e(number(ch.base))) → \(e(number(ch.candidate)))"
        }.joined(separator: "<br>")
        let digest = c.digestChanged
            ? "<span class=\"v-1\">\(e(c.baseDigest ?? "")) → \(e(c.candidateDigest ?? ""))</span>"
            : e(c.baseDigest ?? c.candidateDigest ?? "—")
        return "<tr><td>\(e(c.key.workload))</td><td>\(e(c.key.variant))</td><td class=\"num\">\(c.key.size)</td>"
            + "<td>\(badge(c.verdict))</td><td class=\"num\">\(time)</td><td class=\"num\">\(p)</td>"
            + "<td class=\"num\">\(c.baseSamples) / \(c.candidateSamples)</td><td class=\"mono\">\(counters)</td>"
            + "<td class=\"mono\">\(digest)</td></tr>\n"
    }

    /// The headline's colour: green only when every cell is decided.
    static func tone(_ outcome: ComparisonOutcome) -> String {
        switch outcome { case .failed: "error"; case .regression: "1"; case .undecided: "unknown"; case .noRegression: "0" }
    }

    static func badge(_ v: CellVerdict) -> String {
        let tone = v == .error ? "error" : v.isRegression ? "1" : (v == .unknown ? "unknown" : "0")
        return "<span class=\"badge v-\(tone)\">\(e(v.rawValue))</span>"
    }

    static func commit(_ c: String?) -> String { c.map { " <span class=\"muted\">(\(e(String($0.prefix(12)))))</span>" } ?? "" }

    static func signed(_ r: Double) -> String { ComparisonHeadline.signedPercent(r) }

    static func percentText(_ t: Double) -> String { "\((t * 1000).rounded() / 10) %" }

    static func number(_ v: Double?) -> String {
        guard let v else { return "absent" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func e(_ s: String) -> String { escapeHTML(s) }

    static let css = """
    :root{color-scheme:light dark;--line:#d0d7de;--panel:#f6f8fa;--good:#1a7f37;--bad:#cf222e;--unk:#9a6700;--muted:#57606a}
    @media (prefers-color-scheme:dark){:root{--line:#30363d;--panel:#161b22;--good:#3fb950;--bad:#ff7b72;--unk:#d29922;--muted:#9da7b3}}
    body{margin:0;font:15px/1.5 system-ui,sans-serif}main{max-width:1200px;margin:0 auto;padding:1em 1.25em}
    table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}th,td{border:1px solid var(--line);padding:.25em .5em;text-align:left;vertical-align:top}
    th{background:var(--panel)}td.num{text-align:right;white-space:nowrap}.mono,code{font-family:ui-monospace,Menlo,monospace;font-size:.9em}
    .muted{color:var(--muted)}.badge{font-weight:700;white-space:nowrap}.headline{font-size:1.2em;font-weight:700}
    .v-0{color:var(--good)}.v-1,.v-2,.v-error{color:var(--bad)}.v-unknown{color:var(--unk)}
    """
}

/// What the page and the JSON say about the comparison besides its cells.
struct ComparisonHeader: Sendable {
    var id: UUID
    var baseSpec: String
    var baseCommit: String?
    var candidateSpec: String
    var candidateCommit: String?
    var threshold: Double
    var rounds: Int
    var jobs: Int
    var seconds: Double
    /// Seconds the check jobs took before round 1 (nil where not known).
    var checkSeconds: Double? = nil
    /// The session's `--time-budget` (nil: none) and `--min-rounds`, for replays of the recording.
    var timeBudget: Double? = nil
    var minRounds: Int? = nil
    var maxRounds: Int? = nil
    /// How each round's jobs shared the machine (`--schedule`).
    var schedule: RoundSchedule = .sequential
    /// What undecided cells exit with (`--undecided`).
    var undecided: UndecidedPolicy = .report

    func exitCode(_ suite: SuiteComparison) -> Int32 { suite.exitCode(undecided: undecided) }
}
