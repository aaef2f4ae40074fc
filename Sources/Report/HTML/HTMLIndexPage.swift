import Analysis
import Foundation

/// `Reports/index.html`: every run, newest first — how it stands, how long
/// it took, on which engine, its verdict counts — then the comparisons
/// written beside the runs. Same stylesheet and rules as the run pages;
/// the tables fit a 1,400-pixel window without scrolling sideways.
public struct HTMLIndexPage: ReportRenderer {
    public init() {}
    public var fileName: String { "index.html" }
    public var location: ReportLocation { .reportsRoot }

    public func render(_ input: ReportInput) -> String {
        render(runs: input.allRuns, comparisons: input.comparisons, generatedAt: input.generatedAt)
    }

    /// The page for `runs` and `comparisons`, newest first; it needs nothing of any one run.
    public func render(runs: [RunSummaryRow], comparisons: [ComparisonSummaryRow], generatedAt: Date) -> String {
        let shell = PageShell(root: "", runFolder: "")
        let nav: HTML = """
        <nav class="bar" id="pages" aria-label="Pages"><a href="index.html" aria-current="page">All runs</a> \
        <a href="history/index.html">History</a>\(comparisons.isEmpty ? "" : " <a href=\"#comparisons\">Comparisons</a>" as HTML)</nav>
        """
        let runTable: HTML = runs.isEmpty ? "<p>No run has been reported yet.</p>" : """
        <table class="runs"><caption>Runs and their verdicts</caption><thead><tr>\
        <th scope="col">Run</th><th scope="col">Started (UTC)</th><th scope="col">Status</th><th scope="col">Jobs</th>\
        <th scope="col">Duration</th><th scope="col">Engine</th><th scope="col">Label</th><th scope="col">Host</th>\
        <th scope="col">Workloads</th><th scope="col">Samples</th><th scope="col">Pass</th>\
        <th scope="col">Fail</th><th scope="col">Inconclusive</th><th scope="col">Failed jobs</th></tr></thead><tbody>\(HTML.join(runs.map(runRow)))</tbody></table>
        """
        let comparisonTable: HTML = comparisons.isEmpty ? "" : """
        <section id="comparisons" aria-labelledby="comparisons-h"><h2 id="comparisons-h">Comparisons</h2>
        <table class="runs"><caption>Engine versions compared, newest first</caption><thead><tr>\
        <th scope="col">Comparison</th><th scope="col">Written (UTC)</th><th scope="col">Outcome</th><th scope="col">Base</th>\
        <th scope="col">Candidate</th><th scope="col">Cells</th><th scope="col">Slower</th><th scope="col">Undecided</th>\
        <th scope="col">Rounds</th><th scope="col">Duration</th></tr></thead><tbody>\(HTML.join(comparisons.map(comparisonRow)))</tbody></table></section>
        """
        return shell.document(
            title: "LayoutBench runs", skipText: "Skip to the runs", nav: nav,
            header: """
            <h1>LayoutBench runs</h1><p class="muted">\(runs.count) runs, newest first\
            \(comparisons.isEmpty ? "" : "; \(comparisons.count) comparisons below" as HTML). \
            <a href="history/index.html">Each workload over time</a>.</p>
            """,
            main: "<section id=\"runs\" aria-label=\"Runs\">\(runTable)</section>\(comparisonTable)",
            footer: "Generated \(NumberFormat.timestamp(generatedAt)) by LayoutBench.", bodyClass: "wide")
    }

    private func runRow(_ r: RunSummaryRow) -> HTML {
        // Only a plain folder name becomes a link (escaping alone would let
        // "javascript:…" through as a URL); anything else is shown as text.
        let isPlain = (try? ReportError.checkRunID(r.id)) != nil
        let shown = r.id.count > 13 ? String(r.id.prefix(8)) + "…" : r.id
        let link: HTML = isPlain ? "<a class=\"mono\" href=\"\(r.id)/index.html\" title=\"\(r.id)\">\(shown)</a>"
            : "<span class=\"mono\" title=\"\(r.id)\">\(shown)</span>"
        let status = r.status ?? (r.finishedAt == nil ? "running" : "finished")
        let jobs: HTML = r.jobsPlanned.map { planned in
            let ran = planned - (r.jobsUnfinished ?? 0)
            return ran < planned ? "\(NumberFormat.grouped(ran)) of \(NumberFormat.grouped(planned))" : "\(NumberFormat.grouped(planned))"
        } ?? "–"
        let engines = HTML.join(r.engines.enumerated().map { i, name in
            let commit = r.engineCommits.flatMap { i < $0.count ? $0[i] : nil } ?? ""
            let short = commit.count > 12 ? String(commit.prefix(7)) : commit
            return short.isEmpty ? "\(name)" : "\(name) <span class=\"mono\" title=\"\(commit)\">\(short)</span>"
        }, separator: ", ")
        return """
        <tr><td>\(link)</td><td>\(NumberFormat.timestamp(r.startedAt))</td><td><span class="status \(status)">\(status)</span></td>\
        <td class="num">\(jobs)</td><td class="num">\(r.durationSeconds.map(duration) ?? "–")</td><td>\(engines)</td>\
        <td class="wrap">\(r.label)</td><td class="wrap">\(r.hostname)</td>\
        <td class="num">\(r.workloads)</td><td class="num">\(NumberFormat.grouped(r.samples))</td>\
        <td class="num"><span class="pass">✓ \(r.pass)</span></td><td class="num"><span class="fail">✗ \(r.fail)</span></td>\
        <td class="num"><span class="inconclusive">? \(r.inconclusive)</span></td><td class="num">\(r.failedJobs)</td></tr>
        """
    }

    private func comparisonRow(_ c: ComparisonSummaryRow) -> HTML {
        let isPlain = (try? ReportError.checkRunID(c.folder)) != nil
        let link: HTML = isPlain ? "<a class=\"mono\" href=\"\(c.folder)/index.html\">\(c.folder)</a>" : "<span class=\"mono\">\(c.folder)</span>"
        let tone = c.exitCode == 0 ? "pass" : c.exitCode == 3 ? "inconclusive" : "fail"
        func side(_ spec: String, _ commit: String?) -> HTML {
            guard let commit, !commit.isEmpty, commit != spec else { return "<span class=\"mono\">\(spec)</span>" }
            return "<span class=\"mono\">\(spec)</span> <span class=\"mono muted\" title=\"\(commit)\">\(String(commit.prefix(7)))</span>"
        }
        return """
        <tr><td>\(link)</td><td>\(NumberFormat.timestamp(c.writtenAt))</td><td><span class="\(tone)">\(c.outcome)</span> \
        <span class="muted">(exit \(c.exitCode))</span></td><td class="wrap">\(side(c.base, c.baseCommit))</td>\
        <td class="wrap">\(side(c.candidate, c.candidateCommit))</td><td class="num">\(c.cells)</td><td class="num">\(c.slowerCells)</td>\
        <td class="num">\(c.undecidedCells)</td><td class="num">\(c.rounds)</td><td class="num">\(duration(c.seconds))</td></tr>
        """
    }

    private func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }
}
