import Analysis
import Foundation
import Report
import Testing

/// The history pages in a real headless Chromium: opened from disk next to
/// the run reports they link to, every chart drawn, every link landing on a
/// file or an element that exists, and no request beyond the page itself.
@Suite("History pages in a real browser", .serialized)
struct HistoryBrowserTests {
    /// Hrefs, the ids they point at within the page, the charts and their points.
    static let linkScript = """
    JSON.stringify((() => {
      const hrefs = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
      return {
        hrefs: hrefs,
        missingAnchors: hrefs.filter(h => h.startsWith('#') && !document.getElementById(decodeURIComponent(h.slice(1)))),
        charts: document.querySelectorAll('svg.chart').length,
        chartTitles: [...document.querySelectorAll('svg.chart > title')].map(t => t.textContent),
        marks: document.querySelectorAll('svg.chart .mark').length,
        bands: document.querySelectorAll('svg.chart polygon.band').length,
        loaders: document.querySelectorAll('img,script,link,iframe,object,embed,source,video,audio,image,use,frame').length,
        stickyNav: getComputedStyle(document.querySelector('nav.sticky')).position,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth
      };
    })())
    """

    /// Three reported runs of the fixture, a day apart, on three commits.
    static func reports() throws -> URL {
        let dir = try ReportFixture.temporaryDirectory()
        for day in 0..<3 {
            var run = ReportFixture.run(id: "run-\(day)", hostileNames: false)
            run.startedAt = ReportFixture.generatedAt.addingTimeInterval(86_400 * Double(day - 3))
            run.engines = run.engines.map { var e = $0; e.identity.commit = String(repeating: "\(day)", count: 40); return e }
            try Report.write(run: run, analysis: RunAnalyzer().analyze(run), allRuns: Report.existingRuns(in: dir), to: dir)
        }
        try HistoryPages.write(reports: dir, generatedAt: ReportFixture.generatedAt)
        return dir
    }

    /// Every relative link of `page` names a file that exists, and its fragment an id in that file.
    static func unresolved(_ hrefs: [String], from page: URL) -> [String] {
        hrefs.filter { !$0.hasPrefix("#") }.filter { href in
            let parts = href.split(separator: "#", maxSplits: 1).map(String.init)
            let target = URL(fileURLWithPath: parts[0], relativeTo: page.deletingLastPathComponent()).standardizedFileURL
            guard let text = try? String(contentsOf: target, encoding: .utf8) else { return true }
            return parts.count == 2 && !text.contains("id=\"\(parts[1])\"")
        }
    }

    @Test func theIndexAndAWorkloadPageDrawEveryChartAndEveryLinkLands() throws {
        guard DevToolsPipe.chromiumPath() != nil else {
            Issue.record("\(DevToolsPipe.Failure.chromiumMissing)")
            throw DevToolsPipe.Failure.chromiumMissing
        }
        let dir = try Self.reports()
        defer { try? FileManager.default.removeItem(at: dir) }

        let index = dir.appendingPathComponent("history/index.html")
        let indexProbe = try PageProbe.open(index, script: Self.linkScript, width: 1400)
        try indexProbe.screenshotPNG.write(to: BrowserTests.artifacts.appendingPathComponent("history-index.png"))
        #expect(indexProbe.errors.isEmpty, "\(indexProbe.errors)")
        #expect(indexProbe.requests == [index.absoluteString], "requests beyond the page: \(indexProbe.requests)")
        let indexHrefs = indexProbe.facts["hrefs"] as? [String] ?? []
        #expect(indexHrefs.contains("independent-blocks.html"), "\(indexHrefs)")
        #expect(Self.unresolved(indexHrefs, from: index).isEmpty, "\(Self.unresolved(indexHrefs, from: index))")
        #expect((indexProbe.facts["missingAnchors"] as? [String])?.isEmpty == true)

        let page = dir.appendingPathComponent("history/independent-blocks.html")
        let probe = try PageProbe.open(page, script: Self.linkScript, width: 1400)
        try probe.screenshotPNG.write(to: BrowserTests.artifacts.appendingPathComponent("history-workload.png"))
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        #expect(probe.requests == [page.absoluteString], "requests beyond the page: \(probe.requests)")
        let f = probe.facts
        let cells = RunAnalyzer().analyze(ReportFixture.run(hostileNames: false)).cells(of: "independent-blocks").filter { $0.sampleCount > 0 }
        #expect(f["charts"] as? Int == cells.count && f["bands"] as? Int == cells.count)
        #expect(f["marks"] as? Int == 3 * cells.count, "a point per run in every chart")
        #expect((f["chartTitles"] as? [String] ?? []).allSatisfy { $0.hasSuffix("over 3 runs") })
        let hrefs = f["hrefs"] as? [String] ?? []
        #expect(hrefs.contains("../run-0/index.html") && hrefs.contains("#independent-10000-layoutbench"))
        #expect(Self.unresolved(hrefs, from: page).isEmpty, "\(Self.unresolved(hrefs, from: page))")
        #expect((f["missingAnchors"] as? [String])?.isEmpty == true, "\(f["missingAnchors"] ?? "")")
        #expect(f["loaders"] as? Int == 0 && f["stickyNav"] as? String == "sticky")
        #expect(f["overflow"] as? Int == 0, "wider than 1,400 px")
    }
}
