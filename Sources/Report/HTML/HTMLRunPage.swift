import Analysis
import Foundation

/// The run page, `Reports/<run-id>/index.html`: verdicts at a glance, the
/// engines and the machine, failed jobs, then one section per workload
/// (``HTMLRunPage/workloadSection(_:_:)``). Static and self-contained:
/// inline CSS and SVG, no script, no external URL; every user string goes
/// through ``HTML`` interpolation (escaped).
public struct HTMLRunPage: ReportRenderer {
    public init() {}
    public var fileName: String { "index.html" }
    public var location: ReportLocation { .runDirectory }

    public func render(_ input: ReportInput) -> String {
        let run = input.run, analysis = input.analysis
        let context = PageContext(input)
        var sections: HTML = verdictSection(analysis, context) + environmentSection(run)
        if !analysis.failures.isEmpty || !analysis.notes.isEmpty { sections += failureSection(analysis) }
        for workload in context.workloadNames { sections += workloadSection(workload, context) }
        let toc = HTML.join(context.workloadNames.map { name in
            let title = run.workload(named: name)?.title ?? name
            return "<li><a href=\"#\(anchorID("w", name))\">\(title)</a> <span class=\"muted\">\(name)</span></li>"
        })
        let label = run.label.isEmpty ? "" : "<p class=\"label\">\(run.label)</p>" as HTML
        let page: HTML = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>LayoutBench run \(run.id)</title><style>\(Stylesheet.css)</style></head>
        <body><a class="skip" href="#main">Skip to the verdicts</a>
        <header><nav aria-label="Reports"><a href="../index.html">All runs</a></nav>
        <h1>Run <span class="mono">\(run.id)</span></h1>\(label)
        <p class="muted">Started \(NumberFormat.timestamp(run.startedAt))\(run.finishedAt.map { ", finished \(NumberFormat.timestamp($0))" } ?? ", not finished") · \
        \(NumberFormat.grouped(run.jobs.count)) jobs · \(NumberFormat.grouped(run.sampleCount)) samples · \(run.workloads.count) workloads</p>
        <nav class="toc" aria-label="Workloads"><h2>Workloads</h2><ol>\(toc)</ol></nav></header>
        <main id="main" tabindex="-1">\(sections)</main>
        <footer>Generated \(NumberFormat.timestamp(input.generatedAt)) by LayoutBench. Times are wall seconds per iteration; \
        intervals are 95 % seeded bootstraps. Outliers (Tukey fences) are flagged, never dropped.</footer>
        </body></html>
        """
        return page.raw
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
            <tr><td>\(badge(v.outcome))</td><td><a href="#\(anchorID("w", v.workload))">\(v.workload)</a></td>\
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
        for f in analysis.failures {
            rows += "<tr><td>\(f.key.workload)</td><td>\(f.key.variant)</td><td class=\"num\">\(f.key.size)</td><td>\(f.key.engine)</td><td class=\"num\">\(String(f.seed))</td><td>\(f.reason)</td></tr>"
        }
        let notes = HTML.join(analysis.notes.map { "<li>\($0)</li>" })
        return """
        <section id="failures" aria-labelledby="failures-h"><h2 id="failures-h">Failed jobs and notes</h2>\
        \(analysis.notes.isEmpty ? "" : "<ul>\(notes)</ul>" as HTML)\
        \(analysis.failures.isEmpty ? "" : """
        <table><caption>Jobs that produced no summary</caption><thead><tr><th scope="col">Workload</th><th scope="col">Variant</th>\
        <th scope="col">N</th><th scope="col">Engine</th><th scope="col">Seed</th><th scope="col">Reason</th></tr></thead><tbody>\(rows)</tbody></table>
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
    /// Per-iteration times of every cell, in the order the analysis pooled them.
    var times: [CellKey: [Double]]

    init(_ input: ReportInput) {
        self.input = input
        let engines = Set(input.analysis.cells.map(\.key.engine))
        multipleEngines = engines.count > 1
        var names = input.run.workloads.map(\.name)
        for c in input.analysis.cells where !names.contains(c.key.workload) { names.append(c.key.workload) }
        workloadNames = names
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
