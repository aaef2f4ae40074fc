import Analysis
import Foundation

/// `Reports/history/<workload>.html`: the workload's verdict changes, then
/// each variant × size over the runs, then the runs themselves (the rows
/// the chart points link to, each linking to its run's page).
struct HistoryWorkloadPage {
    struct Run {
        var id: String
        var startedAt: Date
        var commit: String
    }

    struct VerdictChange {
        var run: Int
        var claim: String
        var from, to: String
    }

    struct Step {
        var series: String
        var anchor: String
        var run: Int
        var ratio: Double
    }

    /// What the index shows of the workload.
    struct Summary {
        var workload, title, fileName: String
        var runs, series: Int
        var steps: [(step: Step, commit: String, runID: String, startedAt: Date)]
        var verdictChanges: Int
        var latestOutcomes: [String]
    }

    var workload: String
    var title: String
    var runs: [Run] = []
    var series: [HistorySeries] = []
    var verdictChanges: [VerdictChange] = []
    var latestOutcomes: [String] = []

    var fileName: String { Slug.make(workload) + ".html" }

    /// ISO 8601 in UTC to the second, as `NumberFormat.timestamp` writes it,
    /// without making a formatter per row: a page lists every run.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// Counters are counts: whole numbers print whole, others keep their digits.
    static func exact(_ value: Double) -> String {
        guard value.isFinite else { return "none" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    init(workload: String, records: [HistoryRecord]) {
        self.workload = workload
        title = records.last { $0.titles[workload] != nil }?.titles[workload] ?? workload
        var byKey: [String: HistorySeries] = [:]
        var lastOutcome: [String: String] = [:]
        for record in records where record.cells[workload] != nil || record.verdicts[workload] != nil {
            let index = runs.count
            runs.append(Run(id: record.run, startedAt: record.startedAt, commit: record.commit))
            for cell in record.cells[workload] ?? [] {
                let key = "\(cell.v)\u{1}\(cell.n)\u{1}\(cell.e)"
                byKey[key, default: HistorySeries(variant: cell.v, size: cell.n, engine: cell.e, points: [])]
                    .points.append(.init(run: index, median: cell.m, lower: cell.lo, upper: cell.hi, counters: cell.c))
            }
            var outcomes: [String] = []
            for verdict in (record.verdicts[workload] ?? []).sorted(by: { ($0.index, $0.engine) < ($1.index, $1.engine) }) {
                let key = "\(verdict.index)\u{1}\(verdict.engine)"
                if let before = lastOutcome[key], before != verdict.outcome {
                    verdictChanges.append(VerdictChange(run: index, claim: verdict.claim, from: before, to: verdict.outcome))
                }
                lastOutcome[key] = verdict.outcome
                outcomes.append(verdict.outcome)
            }
            latestOutcomes = outcomes
        }
        series = byKey.values.sorted { ($0.variant, $0.size, $0.engine) < ($1.variant, $1.size, $1.engine) }
        for i in series.indices { series[i].findSteps() }
    }

    var steps: [Step] {
        series.flatMap { s in s.steps.map { Step(series: s.label, anchor: s.anchor, run: s.points[$0.index].run, ratio: $0.ratio) } }
            .sorted { ($0.run, $0.series) < ($1.run, $1.series) }
    }

    var summary: Summary {
        Summary(workload: workload, title: title, fileName: fileName, runs: runs.count, series: series.count,
                steps: steps.map { ($0, runs[$0.run].commit, runs[$0.run].id, runs[$0.run].startedAt) }, verdictChanges: verdictChanges.count,
                latestOutcomes: latestOutcomes)
    }

    func render(generatedAt: Date) -> String {
        let changeRuns = Array(Set(verdictChanges.map(\.run))).sorted()
        var sections: HTML = ""
        for s in series {
            let stepRuns = s.steps.map { s.points[$0.index].run }
            let chart = HistoryChart(series: s, runCount: runs.count, stepRuns: stepRuns, verdictChangeRuns: changeRuns,
                                     commitOf: { runs[$0].commit.prefix(12).description }).render()
            var notes: [HTML] = s.steps.map { step in
                let run = s.points[step.index].run
                return "<li>step at <a class=\"mono\" href=\"#r\(run)\">\(runs[run].commit.prefix(12).description)</a>: "
                    + "\(NumberFormat.ratio(step.ratio)) (\(step.ratio > 1 ? "slower" : "faster"))</li>"
            }
            let counters = s.counterChanges
            for change in counters.prefix(8) {
                notes.append("<li>counter \(change.counter): \(Self.exact(change.from)) → \(Self.exact(change.to)) at "
                    + "<a class=\"mono\" href=\"#r\(change.run)\">\(runs[change.run].commit.prefix(12).description)</a></li>")
            }
            if counters.count > 8 { notes.append("<li class=\"muted\">\(counters.count - 8) more counter change(s)</li>") }
            let unchanged = Set(s.points.last?.counters.keys.map { $0 } ?? []).subtracting(counters.map(\.counter)).sorted()
            if !unchanged.isEmpty, let last = s.points.last {
                notes.append("<li class=\"muted\">unchanged: \(unchanged.map { "\($0) \(Self.exact(last.counters[$0] ?? 0))" }.joined(separator: ", "))</li>")
            }
            sections += """
            <section class="series" id="\(s.anchor)"><h3><a href="#\(s.anchor)">\(s.label)</a></h3>\(chart)<ul>\(notes)</ul></section>
            """
        }
        var changes: HTML = ""
        for c in verdictChanges.suffix(50) {
            changes += "<li><a class=\"mono\" href=\"#r\(c.run)\">\(runs[c.run].commit.prefix(12).description)</a> "
                + "\(Self.timestamp(runs[c.run].startedAt)): \(c.claim): <span class=\"\(c.from)\">\(c.from)</span> → <span class=\"\(c.to)\">\(c.to)</span></li>"
        }
        var rows: HTML = ""
        for (index, run) in runs.enumerated().reversed() {
            let link: HTML = (try? ReportError.checkRunID(run.id)) != nil
                ? "<a class=\"mono\" href=\"../\(run.id)/index.html\">\(run.id)</a>" : "<span class=\"mono\">\(run.id)</span>"
            rows += "<tr id=\"r\(index)\"><td>\(Self.timestamp(run.startedAt))</td><td class=\"mono\">\(run.commit.prefix(12).description)</td><td>\(link)</td></tr>"
        }
        let nav = HTML.join(series.map { "<a href=\"#\($0.anchor)\">\($0.label)</a>" })
        let page: HTML = HistoryPages.head(title: "\(title) over time — LayoutBench") + """
        <body><a class="skip" href="#main">Skip to the charts</a>
        <nav class="sticky" aria-label="Series"><a href="index.html">All workloads</a><a href="#verdicts">Verdict changes</a>\(nav)<a href="#runs">Runs</a></nav>
        <header><h1>\(title) <span class="muted">(\(workload))</span></h1>
        <p class="muted">\(runs.count) runs, oldest to newest by start time, labelled by engine commit. \(steps.count) step(s) beyond the noise.</p></header>
        <main id="main" tabindex="-1">
        <h2 id="verdicts">Verdict changes</h2>\(verdictChanges.isEmpty ? HTML("<p>None: every expectation kept its outcome.</p>") : HTML("<ol>\(changes)</ol>"))
        <h2 id="series">Variants and sizes</h2>\(sections)
        <h2 id="runs">Runs</h2><table class="runs"><thead><tr><th scope="col">Started (UTC)</th><th scope="col">Commit</th><th scope="col">Run</th></tr></thead><tbody>\(rows)</tbody></table>
        </main><footer>Generated \(NumberFormat.timestamp(generatedAt)) by LayoutBench.</footer></body></html>
        """
        return page.raw
    }
}

/// `Reports/history/index.html`: every workload with its latest outcomes,
/// and the steps found, newest first, each naming its first commit.
struct HistoryIndexPage {
    var summaries: [HistoryWorkloadPage.Summary]
    var runs: Int

    func render(generatedAt: Date) -> String {
        var rows: HTML = ""
        for s in summaries {
            let outcomes = HTML.join(s.latestOutcomes.map { "<span class=\"\($0)\">\($0)</span> " })
            rows += "<tr id=\"\(Slug.make(s.workload))\"><td><a href=\"\(s.fileName)\">\(s.title)</a> <span class=\"muted\">(\(s.workload))</span></td>"
                + "<td class=\"num\">\(s.runs)</td><td class=\"num\">\(s.series)</td><td class=\"num\">\(s.steps.count)</td>"
                + "<td class=\"num\">\(s.verdictChanges)</td><td>\(outcomes)</td></tr>"
        }
        let allSteps = summaries.flatMap { s in s.steps.map { (s, $0) } }.sorted { $0.1.startedAt > $1.1.startedAt }
        var steps: HTML = ""
        for (s, item) in allSteps.prefix(200) {
            steps += "<li><a href=\"\(s.fileName)#\(item.step.anchor)\">\(s.workload): \(item.step.series)</a> moved "
                + "\(NumberFormat.ratio(item.step.ratio)) (\(item.step.ratio > 1 ? "slower" : "faster")) first at commit "
                + "<span class=\"mono\">\(item.commit.prefix(12).description)</span> (<a class=\"mono\" href=\"../\(item.runID)/index.html\">run</a>)</li>"
        }
        let page: HTML = HistoryPages.head(title: "LayoutBench history") + """
        <body><a class="skip" href="#main">Skip to the workloads</a>
        <nav class="sticky" aria-label="History"><a href="../index.html">Runs</a><a href="#workloads">Workloads</a><a href="#steps">Steps</a></nav>
        <header><h1>LayoutBench over time</h1><p class="muted">\(runs) runs, \(summaries.count) workloads.</p></header>
        <main id="main" tabindex="-1"><h2 id="workloads">Workloads</h2>
        <table class="history"><thead><tr><th scope="col">Workload</th><th scope="col">Runs</th><th scope="col">Cells</th>\
        <th scope="col">Steps</th><th scope="col">Verdict changes</th><th scope="col">Latest verdicts</th></tr></thead><tbody>\(rows)</tbody></table>
        <h2 id="steps">Steps beyond the noise</h2>\(allSteps.isEmpty ? HTML("<p>None found.</p>") : HTML("<ol>\(steps)</ol>"))
        </main><footer>Generated \(NumberFormat.timestamp(generatedAt)) by LayoutBench.</footer></body></html>
        """
        return page.raw
    }
}
