import Analysis
import Foundation

/// `Reports/index.html`: every run, newest first, with its verdict counts
/// and a link to its page. Same stylesheet and rules as the run page.
public struct HTMLIndexPage: ReportRenderer {
    public init() {}
    public var fileName: String { "index.html" }
    public var location: ReportLocation { .reportsRoot }

    public func render(_ input: ReportInput) -> String {
        var rows: HTML = ""
        for r in input.allRuns {
            // Only a plain folder name becomes a link (escaping alone would let
            // "javascript:…" through as a URL); anything else is shown as text.
            let isPlain = (try? ReportError.checkRunID(r.id)) != nil
            let link: HTML = isPlain ? "<a class=\"mono\" href=\"\(r.id)/index.html\">\(r.id)</a>" : "<span class=\"mono\">\(r.id)</span>"
            rows += """
            <tr><td>\(link)</td><td>\(NumberFormat.timestamp(r.startedAt))</td>\
            <td>\(r.label)</td><td>\(r.engines.joined(separator: ", "))</td><td>\(r.hostname)</td>\
            <td class="num">\(r.workloads)</td><td class="num">\(NumberFormat.grouped(r.samples))</td>\
            <td class="num"><span class="pass">✓ \(r.pass)</span></td><td class="num"><span class="fail">✗ \(r.fail)</span></td>\
            <td class="num"><span class="inconclusive">? \(r.inconclusive)</span></td><td class="num">\(r.failedJobs)</td></tr>
            """
        }
        let page: HTML = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>LayoutBench runs</title><style>\(Stylesheet.css)</style></head>
        <body><a class="skip" href="#main">Skip to the runs</a>
        <header><h1>LayoutBench runs</h1><p class="muted">\(input.allRuns.count) runs, newest first. \
        <a href="history/index.html">Each workload over time</a>.</p></header>
        <main id="main" tabindex="-1"><table class="runs"><caption>Runs and their verdicts</caption><thead><tr>\
        <th scope="col">Run</th><th scope="col">Started (UTC)</th><th scope="col">Label</th><th scope="col">Engines</th>\
        <th scope="col">Host</th><th scope="col">Workloads</th><th scope="col">Samples</th><th scope="col">Pass</th>\
        <th scope="col">Fail</th><th scope="col">Inconclusive</th><th scope="col">Failed jobs</th></tr></thead><tbody>\(rows)</tbody></table></main>
        <footer>Generated \(NumberFormat.timestamp(input.generatedAt)) by LayoutBench.</footer></body></html>
        """
        return page.raw
    }
}
