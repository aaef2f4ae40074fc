import Analysis
import Foundation

/// The run's pages: a compact summary, `Reports/<run-id>/index.html`
/// (verdicts with failures first, failed jobs, one line per workload, the
/// engines and the machine), and one page per workload,
/// `Reports/<run-id>/workloads/<id>.html` (talk, claims, charts and tables;
/// see ``HTMLRunPage/workloadSection(_:_:)``). Ids and file names follow
/// ``PageAnchors``. Static and self-contained: inline CSS and SVG, no
/// script, no external URL; every user string goes through ``HTML``
/// interpolation (escaped).
public struct HTMLRunPage: ReportRenderer {
    public init() {}
    public var fileName: String { "index.html" }
    public var location: ReportLocation { .runDirectory }
    /// Failed jobs listed on the summary page.
    static let failedJobsShown = 100

    /// The summary page.
    public func render(_ input: ReportInput) -> String { summaryPage(PageContext(input)) }

    private func summaryPage(_ context: PageContext) -> String {
        let input = context.input, run = input.run, analysis = input.analysis
        let shell = PageShell(root: "../", runFolder: "")
        var sections: HTML = verdictSection(analysis, context)
        if !analysis.failures.isEmpty || !analysis.notes.isEmpty { sections += failureSection(analysis) }
        sections += workloadTable(context) + environmentSection(run)
        let label = run.label.isEmpty ? "" : "<p class=\"label\">\(run.label)</p>" as HTML
        return shell.document(
            title: "LayoutBench run \(run.id)", skipText: "Skip to the verdicts",
            nav: shell.navigation(run: run, anchors: context.anchors, workloads: context.workloadNames, current: nil),
            header: "<h1>Run <span class=\"mono\">\(run.id)</span></h1>\(label)\(runFacts(run))",
            main: sections, footer: footer(input))
    }

    /// The summary and every workload page, paths relative to the run's folder.
    public func files(_ input: ReportInput) -> [RenderedFile] {
        let context = PageContext(input)
        var files = [RenderedFile(path: fileName, text: summaryPage(context))]
        for name in context.workloadNames {
            files.append(RenderedFile(path: context.anchors.page(workload: name), text: workloadPage(name, context)))
        }
        return files
    }

    /// One workload's page.
    func workloadPage(_ name: String, _ context: PageContext) -> String {
        let run = context.input.run
        let shell = PageShell(root: "../../", runFolder: "../")
        let title = run.workload(named: name)?.title ?? name
        return shell.document(
            title: "\(title) · LayoutBench run \(run.id)", skipText: "Skip to the workload",
            nav: shell.navigation(run: run, anchors: context.anchors, workloads: context.workloadNames, current: name),
            header: "<p class=\"muted\">Run <a class=\"mono\" href=\"../index.html\">\(run.id)</a></p>",
            main: workloadSection(name, context), footer: footer(context.input))
    }

    private func runFacts(_ run: RunData) -> HTML {
        let unfinished = run.unfinishedJobs ?? 0
        let jobs: HTML = unfinished > 0
            ? "\(NumberFormat.grouped(run.jobs.count - unfinished)) of \(NumberFormat.grouped(run.jobs.count)) jobs ran"
            : "\(NumberFormat.grouped(run.jobs.count)) jobs"
        let status: HTML = run.status.map { " · <span class=\"status \($0.rawValue)\">\($0.rawValue)</span>" } ?? ""
        return """
        <p class="muted">Started \(NumberFormat.timestamp(run.startedAt))\(run.finishedAt.map { ", finished \(NumberFormat.timestamp($0))" } ?? ", not finished")\(status) · \
        \(jobs) · \(NumberFormat.grouped(run.sampleCount)) samples · \(run.workloads.count) workloads</p>
        """
    }

    private func footer(_ input: ReportInput) -> HTML {
        """
        Generated \(NumberFormat.timestamp(input.generatedAt)) by LayoutBench. Times are wall seconds per iteration; \
        intervals are 95 % seeded bootstraps. Outliers (Tukey fences) are flagged, never dropped.
        """
    }

    /// One line per workload: its verdict counts and failed jobs, linking to its page.
    func workloadTable(_ context: PageContext) -> HTML {
        let run = context.input.run, analysis = context.input.analysis
        var rows: HTML = ""
        for name in context.workloadNames {
            let verdicts = analysis.verdicts(of: name)
            func count(_ o: ExpectationVerdict.Outcome) -> Int { verdicts.filter { $0.outcome == o }.count }
            let failedJobs = analysis.failures.filter { $0.key.workload == name }.count
            let w = run.workload(named: name)
            let id = context.anchors.id(workload: name)
            rows += """
            <tr id="\(id)"><td><a href="\(context.anchors.page(workload: name))#\(id)">\(name)</a></td><td>\(w?.title ?? name)</td>\
            <td>\(w.map { talkTitle($0.talk) } ?? "")</td>\
            <td class="num"><span class="fail">✗ \(count(.fail))</span></td><td class="num"><span class="inconclusive">? \(count(.inconclusive))</span></td>\
            <td class="num"><span class="pass">✓ \(count(.pass))</span></td><td class="num">\(failedJobs)</td></tr>
            """
        }
        return """
        <section id="workloads" aria-labelledby="workloads-h"><h2 id="workloads-h">Workloads</h2>
        <table class="workloads"><caption>Each workload's verdicts; its page has the charts and tables</caption><thead><tr>\
        <th scope="col">Workload</th><th scope="col">Title</th><th scope="col">Talk</th><th scope="col">Fail</th>\
        <th scope="col">Inconclusive</th><th scope="col">Pass</th><th scope="col">Failed jobs</th></tr></thead><tbody>\(rows)</tbody></table></section>
        """
    }

    // MARK: - Sections

    func verdictSection(_ analysis: RunAnalysis, _ context: PageContext) -> HTML {
        let counts = HTML.join(ExpectationVerdict.Outcome.allCases.map { o in
            "<span><span class=\"badge \(o.rawValue)\">\(outcomeSymbol(o)) \(o.rawValue)</span> \(analysis.count(o))</span>"
        })
        var rows: HTML = ""
        // Failures first, then inconclusive, then passes.
        func rank(_ o: ExpectationVerdict.Outcome) -> Int { o == .fail ? 0 : o == .inconclusive ? 1 : 2 }
        let ordered = analysis.verdicts.sorted {
            (rank($0.outcome), $0.workload, $0.engine, $0.index) < (rank($1.outcome), $1.workload, $1.engine, $1.index)
        }
        for v in ordered {
            rows += """
            <tr><td>\(badge(v.outcome))</td><td><a href="\(context.anchors.page(workload: v.workload))#\(context.anchors.id(workload: v.workload))">\(v.workload)</a></td>\
            \(context.multipleEngines ? "<td>\(v.engine)</td>" as HTML : "")<td>\(v.claimText)</td><td>\(v.reason)</td></tr>
            """
        }
        let engineHeader: HTML = context.multipleEngines ? "<th scope=\"col\">Engine</th>" : ""
        let table: HTML = analysis.verdicts.isEmpty
            ? "<p>No workload in this run states an expectation.</p>"
            : """
            <table class="verdicts"><caption>Every expectation, failures first</caption>
            <thead><tr><th scope="col">Verdict</th><th scope="col">Workload</th>\(engineHeader)<th scope="col">Claim</th><th scope="col">Why</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
        return "<section id=\"verdicts\" aria-labelledby=\"verdicts-h\"><h2 id=\"verdicts-h\">Verdicts at a glance</h2><p class=\"counts\">\(counts)</p>\(table)</section>"
    }

    func environmentSection(_ run: RunData) -> HTML {
        let m = run.machine
        var engines: HTML = ""
        for e in run.engines {
            engines += """
            <tr><td>\(e.name)</td><td>\(e.identity.name) \(e.identity.version)</td><td class="mono">\(e.identity.commit)</td>\
            <td>\(e.identity.build)</td><td>\(e.identity.swiftVersion)</td><td class="mono">\(e.binaryHash.isEmpty ? "–" : String(e.binaryHash.prefix(16)))</td></tr>
            """
        }
        return """
        <section id="environment" aria-labelledby="environment-h"><h2 id="environment-h">Engine and machine</h2>
        <table><caption>Engines</caption><thead><tr><th scope="col">Engine</th><th scope="col">Build</th><th scope="col">Commit</th>\
        <th scope="col">Configuration</th><th scope="col">Swift</th><th scope="col">Worker binary hash</th></tr></thead><tbody>\(engines)</tbody></table>
        <dl class="facts"><dt>Host</dt><dd>\(m.hostname)</dd><dt>CPU</dt><dd>\(m.cpuModel), \(m.cores) logical cores</dd>\
        <dt>Memory</dt><dd>\(NumberFormat.fixed(Double(m.memoryBytes) / 1_073_741_824, 1)) GiB</dd><dt>Kernel</dt><dd>\(m.kernel)</dd>\
        <dt>Swift</dt><dd>\(m.swiftVersion)</dd></dl></section>
        """
    }

    func failureSection(_ analysis: RunAnalysis) -> HTML {
        var rows: HTML = ""
        // The summary stays compact when a whole run failed; the files beside it list every job.
        let shown = analysis.failures.prefix(Self.failedJobsShown)
        let more = analysis.failures.count - shown.count
        for f in shown {
            rows += "<tr><td>\(f.key.workload)</td><td>\(f.key.variant)</td><td class=\"num\">\(f.key.size)</td><td>\(f.key.engine)</td><td class=\"num\">\(String(f.seed))</td><td>\(f.reason)</td></tr>"
        }
        let notes = HTML.join(analysis.notes.map { "<li>\($0)</li>" })
        return """
        <section id="failures" aria-labelledby="failures-h"><h2 id="failures-h">Failed jobs and notes</h2>\
        \(analysis.notes.isEmpty ? "" : "<ul>\(notes)</ul>" as HTML)\
        \(analysis.failures.isEmpty ? "" : """
        <table><caption>Jobs that produced no summary</caption><thead><tr><th scope="col">Workload</th><th scope="col">Variant</th>\
        <th scope="col">N</th><th scope="col">Engine</th><th scope="col">Seed</th><th scope="col">Reason</th></tr></thead><tbody>\(rows)</tbody></table>\
        \(more > 0 ? "<p>… and \(NumberFormat.grouped(more)) more failed jobs: <a href=\"analysis.json\">analysis.json</a> lists every one.</p>" as HTML : "")
        """ as HTML)</section>
        """
    }
}

/// Shared look-ups for one page render, computed once.
struct PageContext {
    var input: ReportInput
    var multipleEngines: Bool
    /// Workloads with definitions first (file order), then any with jobs only.
    var workloadNames: [String]
    /// Ids and file names of the run's pages.
    var anchors: PageAnchors
    /// Per-iteration times of every cell, in the order the analysis pooled them.
    var times: [CellKey: [Double]]

    init(_ input: ReportInput) {
        self.input = input
        let engines = Set(input.analysis.cells.map(\.key.engine))
        multipleEngines = engines.count > 1
        var names = input.run.workloads.map(\.name)
        for c in input.analysis.cells where !names.contains(c.key.workload) { names.append(c.key.workload) }
        workloadNames = names
        var variants: [String: [String]] = [:]
        for w in input.run.workloads { variants[w.name] = w.variants.map(\.name) }
        for c in input.analysis.cells where !(variants[c.key.workload]?.contains(c.key.variant) ?? false) {
            variants[c.key.workload, default: []].append(c.key.variant)
        }
        anchors = PageAnchors(workloads: names.map { ($0, variants[$0] ?? []) })
        var times: [CellKey: [Double]] = [:]
        for job in input.run.jobs {
            let key = CellKey(workload: job.workload, variant: job.variant, size: job.size, engine: job.engine)
            times[key, default: []].append(contentsOf: job.samples.map(\.secondsPerIteration))
        }
        self.times = times
    }

    func seriesLabel(_ key: SeriesKey) -> String { multipleEngines ? "\(key.variant) · \(key.engine)" : key.variant }
}

/// The outcome as a symbol and a word — never colour alone.
func badge(_ o: ExpectationVerdict.Outcome) -> HTML {
    "<span class=\"badge \(o.rawValue)\">\(outcomeSymbol(o)) \(o.rawValue)</span>"
}

func outcomeSymbol(_ o: ExpectationVerdict.Outcome) -> String {
    switch o { case .pass: "✓"; case .fail: "✗"; case .inconclusive: "?" }
}
