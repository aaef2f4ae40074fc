import Analysis
import Foundation

extension HTMLRunPage {
    /// One workload: its talk and claims, verdicts, the log–log and per-item
    /// charts with their data table, distributions per size, variant ratios
    /// and counters.
    func workloadSection(_ name: String, _ context: PageContext) -> HTML {
        let run = context.input.run, analysis = context.input.analysis
        let workload = run.workload(named: name)
        let id = context.anchors.id(workload: name)
        let series = analysis.series(of: name)
        var talk: HTML = ""
        if let w = workload {
            let variants = HTML.join(w.variants.map { v in
                "<li id=\"\(context.anchors.id(workload: name, variant: v.name))\"><span class=\"mono\">\(v.name)</span>\(v.description.isEmpty ? "" : " — \(v.description)" as HTML)</li>"
            })
            talk = """
            <dl class="facts"><dt>Workload</dt><dd class="mono">\(w.name)</dd><dt>Replays</dt><dd>\(talkTitle(w.talk))\
            \(w.talk.time.isEmpty ? "" : ", at \(w.talk.time)" as HTML)\(w.talk.scenario.isEmpty ? "" : " (scenario \(w.talk.scenario))" as HTML)</dd>\
            <dt>Sweep</dt><dd>\(w.sweep.parameter) = \(w.sweep.sizes.map(String.init).joined(separator: ", "))</dd></dl>
            <p>\(w.description)</p><h3>Variants</h3><ul class="variants">\(variants)</ul>
            """
        }
        var verdicts: HTML = ""
        for v in analysis.verdicts(of: name) {
            let figures = v.figures.map { "\($0.label) \($0.formatted)" }.joined(separator: " · ")
            verdicts += "<li>\(badge(v.outcome)) <strong>\(v.claimText)</strong>\(context.multipleEngines ? " on \(v.engine)" as HTML : "") — \(v.reason)\(figures.isEmpty ? "" : "<br><span class=\"muted\">\(figures)</span>" as HTML)</li>"
        }
        let verdictBlock: HTML = verdicts.raw.isEmpty ? "" : "<h3>Verdicts</h3><ul class=\"verdict-list\">\(verdicts)</ul>"
        return """
        <section class="workload" id="\(id)" aria-label="\(workload?.title ?? name)"><h2>\(workload?.title ?? name)</h2>\(talk)\(verdictBlock)\
        \(scalingBlock(name, series, context))\(distributionBlock(name, context))\(ratioBlock(name, analysis))\(counterBlock(series, context))</section>
        """
    }

    private func chartSeries(_ series: [SeriesScaling], _ context: PageContext) -> [ChartSeries] {
        series.map { s in
            let cells = context.input.analysis.cells.filter { $0.key.series == s.key }.sorted { $0.key.size < $1.key.size }
            var fit = s.time.powerLaw.map { "k = \(NumberFormat.fixed($0.exponent, 2)) [\(NumberFormat.fixed($0.lower, 2)), \(NumberFormat.fixed($0.upper, 2))]" } ?? "no exponent"
            if let c = s.time.classification { fit += ", \(c.complexity)\(c.isConclusive ? "" : "?")" }
            return ChartSeries(label: context.seriesLabel(s.key),
                               points: cells.map { ($0.key.size, $0.median, $0.medianLower, $0.medianUpper) }, fitText: fit)
        }
    }

    private func scalingBlock(_ name: String, _ series: [SeriesScaling], _ context: PageContext) -> HTML {
        guard !series.isEmpty else { return "<p>No successful job of this workload.</p>" }
        let title = context.input.run.workload(named: name)?.title ?? name
        let lines = chartSeries(series, context)
        let id = anchorID("c", name)
        var findings: HTML = ""
        for s in series {
            let g = s.growth
            let clock = s.time.clock == .cpu
                ? " Fitted on CPU time: wall time was contended (median wall/CPU \(NumberFormat.fixed(s.time.contention ?? 0, 2)))."
                : ""
            findings += "<li><span class=\"mono\">\(context.seriesLabel(s.key))</span>: <strong>\(growthWords(g.kind))</strong> — \(g.reason)\(g.onsetSize.map { " (from n = \($0))" } ?? "").\(clock)</li>"
        }
        var rows: HTML = ""
        for c in context.input.analysis.cells(of: name) {
            rows += """
            <tr><td>\(context.seriesLabel(c.key.series))</td><td class="num">\(NumberFormat.grouped(c.key.size))</td>\
            <td class="num">\(NumberFormat.seconds(c.median))</td><td class="num">\(NumberFormat.seconds(c.medianLower)) – \(NumberFormat.seconds(c.medianUpper))</td>\
            <td class="num">\(NumberFormat.seconds(c.median / Double(max(c.key.size, 1))))</td></tr>
            """
        }
        return """
        <h3>Scaling</h3><ul>\(findings)</ul><p class="muted">Growth fits leave out samples beyond 3 scaled MADs of their size's median \
        (slowed by other processes; the tables keep them) and use CPU time when other processes held the CPU \
        for over a fifth of the samples' wall time.</p>
        <div class="charts"><figure>\(LogLogChart(id: id + "-loglog", workloadTitle: title, series: lines).render())\
        <figcaption>Time against N, log–log. Bars: 95 % interval of the median. Parallel to “slope 1” is linear.</figcaption></figure>\
        <figure>\(PerItemChart(id: id + "-peritem", workloadTitle: title, series: lines).render())\
        <figcaption>Time per item. Flat means linear.</figcaption></figure></div>\(chartLegend(lines))
        <details><summary>Data table for the scaling charts</summary><table class="chart-data" data-chart="\(id)-loglog">\
        <caption>Median time per iteration by variant and N</caption><thead><tr><th scope="col">Series</th><th scope="col">N</th>\
        <th scope="col">Median</th><th scope="col">95 % interval</th><th scope="col">Per item</th></tr></thead><tbody>\(rows)</tbody></table></details>
        """
    }

    private func distributionBlock(_ name: String, _ context: PageContext) -> HTML {
        let analysis = context.input.analysis
        let cells = analysis.cells(of: name)
        guard !cells.isEmpty else { return "" }
        let seriesKeys = Array(Set(cells.map(\.key.series))).sorted()
        var boxes: [DistributionChart.Box] = []
        var rows: HTML = ""
        for c in cells {
            let times = context.times[c.key] ?? []
            let outliers = c.outlierIndices.compactMap { $0 < times.count ? times[$0] : nil }
            boxes.append(.init(size: c.key.size, series: seriesKeys.firstIndex(of: c.key.series) ?? 0,
                               p5: c.percentile(5)!, p25: c.percentile(25)!, median: c.median,
                               p75: c.percentile(75)!, p95: c.percentile(95)!, outliers: outliers))
            rows += """
            <tr><td>\(context.seriesLabel(c.key.series))</td><td class="num">\(NumberFormat.grouped(c.key.size))</td><td class="num">\(c.sampleCount)</td>\
            <td class="num">\(NumberFormat.seconds(c.median))</td><td class="num">\(NumberFormat.seconds(c.mad)) (\(NumberFormat.percent(c.relativeMAD)))</td>\
            <td class="num">\(NumberFormat.seconds(c.percentile(5)!))</td><td class="num">\(NumberFormat.seconds(c.percentile(95)!))</td>\
            <td class="num">\(NumberFormat.seconds(c.percentile(99)!))</td><td class="num">\(c.outlierIndices.count)</td>\
            <td class="num">\(NumberFormat.seconds(c.cpuMedian))</td><td class="num">\(c.allocationsMedian.map { NumberFormat.significant($0) } ?? "–")</td></tr>
            """
        }
        let title = context.input.run.workload(named: name)?.title ?? name
        let chart = DistributionChart(id: anchorID("d", name), workloadTitle: title,
                                      seriesLabels: seriesKeys.map(context.seriesLabel), boxes: boxes)
        return """
        <h3>Distributions per size</h3><figure class="distribution">\(chart.render())<figcaption>Boxes: 25th–75th percentile, bar at the median; \
        whiskers: 5th–95th; hollow dots: Tukey outliers (kept).</figcaption></figure>
        <details><summary>Data table: every cell</summary><table class="cells"><caption>Per-cell statistics (time per iteration)</caption>\
        <thead><tr><th scope="col">Series</th><th scope="col">N</th><th scope="col">Samples</th><th scope="col">Median</th>\
        <th scope="col">MAD</th><th scope="col">p5</th><th scope="col">p95</th><th scope="col">p99</th><th scope="col">Outliers</th>\
        <th scope="col">CPU median</th><th scope="col">Allocations</th></tr></thead><tbody>\(rows)</tbody></table></details>
        """
    }

    private func ratioBlock(_ name: String, _ analysis: RunAnalysis) -> HTML {
        let ratios = analysis.ratios(of: name)
        guard !ratios.isEmpty else { return "" }
        var rows: HTML = ""
        for r in ratios {
            rows += """
            <tr><td>\(r.candidate) / \(r.base)</td><td>\(r.engine)</td><td class="num">\(NumberFormat.grouped(r.size))</td>\
            <td class="num">\(NumberFormat.ratio(r.ratio))</td><td class="num">\(NumberFormat.ratio(r.lower)) – \(NumberFormat.ratio(r.upper))</td></tr>
            """
        }
        return """
        <h3>Variant ratios</h3><table class="ratios"><caption>Median time of each variant divided by the first variant's \
        (below 1: cheaper), with 95 % bootstrap intervals</caption><thead><tr><th scope="col">Ratio</th><th scope="col">Engine</th>\
        <th scope="col">N</th><th scope="col">Ratio of medians</th><th scope="col">95 % interval</th></tr></thead><tbody>\(rows)</tbody></table>
        """
    }

    private func counterBlock(_ series: [SeriesScaling], _ context: PageContext) -> HTML {
        let cells = context.input.analysis.cells.filter { c in series.contains { $0.key == c.key.series } }
        let names = Array(Set(cells.flatMap { $0.counters.keys })).sorted()
        guard !names.isEmpty else { return "" }
        let sizes = Array(Set(cells.map(\.key.size))).sorted()
        var rows: HTML = ""
        for s in series {
            for name in names {
                let values: [HTML] = sizes.map { n in
                    let v = cells.first { $0.key.series == s.key && $0.key.size == n }?.counters[name]
                    return "<td class=\"num\">\(v.map(NumberFormat.significant) ?? "–")</td>"
                }
                let g = s.counter(name)
                let fit = g.map { g in g.complexity.map { "\($0)" + (g.isExact ? " exactly" : " (within 5 %)") } ?? "no class" } ?? "–"
                rows += "<tr><td>\(context.seriesLabel(s.key))</td><td class=\"mono\">\(name)</td>\(values)<td>\(fit)</td><td class=\"num\">\(g?.exponent.map { NumberFormat.fixed($0, 3) } ?? "–")</td></tr>"
            }
        }
        let headers = HTML.join(sizes.map { "<th scope=\"col\">n = \(NumberFormat.grouped($0))</th>" })
        return """
        <h3>Counters</h3><table class="counters"><caption>Engine counters per iteration (deterministic) and their exact growth</caption>\
        <thead><tr><th scope="col">Series</th><th scope="col">Counter</th>\(headers)<th scope="col">Class</th><th scope="col">Exponent</th></tr></thead>\
        <tbody>\(rows)</tbody></table>
        """
    }

    private func growthWords(_ kind: GrowthFinding.Kind) -> String {
        switch kind {
        case .atMostLinear: "at most linear"
        case .superlinear: "super-linear"
        case .linearWorkSlowerTime: "linear work, time slower than linear"
        case .undetermined: "undetermined"
        }
    }
}
