import Analysis
import Foundation

/// `Reports/history/`: every workload over the stored runs, as asv shows a
/// benchmark over commits. Static and offline like the run pages.
///
///     Reports/history/index.html        workloads, the steps found, verdict changes
///     Reports/history/<workload>.html   each variant × size over runs: median and
///                                       interval, steps, counters' exact changes
///
/// Runs are ordered by start time and labelled by engine commit. A chart
/// draws at most `HistoryChart.columns` points: with more runs, neighbouring
/// runs share a point (median of medians, widest interval), so a page stays
/// under a megabyte at a thousand runs; the step finder always sees every run.
public enum HistoryPages {
    /// Writes the pages from every `history.json` under `reports`; returns the files written.
    ///
    /// - Throws: ``ReportError/cannotWrite(path:reason:)``.
    @discardableResult
    public static func write(reports: URL, generatedAt: Date = Date()) throws(ReportError) -> [URL] {
        try write(HistoryRecord.load(from: reports), to: reports.appendingPathComponent("history", isDirectory: true), generatedAt: generatedAt)
    }

    /// Writes the pages of `records` (oldest first) into `directory`.
    @discardableResult
    public static func write(_ records: [HistoryRecord], to directory: URL, generatedAt: Date = Date()) throws(ReportError) -> [URL] {
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        catch { throw .cannotWrite(path: directory.path, reason: error.localizedDescription) }
        let workloads = Set(records.flatMap { Array($0.cells.keys) + Array($0.verdicts.keys) }).sorted()
        var files: [URL] = []
        var summaries: [HistoryWorkloadPage.Summary] = []
        for workload in workloads {
            let page = HistoryWorkloadPage(workload: workload, records: records)
            summaries.append(page.summary)
            files.append(try save(page.render(generatedAt: generatedAt), to: directory.appendingPathComponent(page.fileName)))
        }
        let index = HistoryIndexPage(summaries: summaries, runs: records.count).render(generatedAt: generatedAt)
        files.insert(try save(index, to: directory.appendingPathComponent("index.html")), at: 0)
        return files
    }

    private static func save(_ text: String, to url: URL) throws(ReportError) -> URL {
        do { try Data(text.utf8).write(to: url, options: .atomic) }
        catch { throw .cannotWrite(path: url.path, reason: error.localizedDescription) }
        return url
    }

    /// The head every history page shares: the stylesheet and the policy that keeps it offline.
    static func head(title: String) -> HTML {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(title)</title><style>\(Stylesheet.css)\(css)</style></head>
        """
    }

    static let css: HTML = """
    nav.sticky{position:sticky;top:0;z-index:5;background:var(--bg);border-bottom:1px solid var(--line);padding:.4em 1.25em;\
    display:flex;flex-wrap:wrap;gap:.3em 1em;font-size:.92em}
    svg.history .band{fill:var(--s0);fill-opacity:.22;stroke:none}svg.history .series{stroke:var(--s0)}
    svg.history .mark{fill:var(--s0)}svg.history .step{stroke:var(--fail);stroke-width:1.5}svg.history .verdict-change{stroke:var(--inconclusive);stroke-dasharray:3 3}
    section.series{content-visibility:auto;contain-intrinsic-size:auto 420px}
    """
}
