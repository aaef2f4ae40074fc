import Foundation
import Testing
import Comparison
@testable import Report

/// The comparison page rendered through Report: its chart puts every cell's
/// shift and interval where its numbers say, and it opens cleanly in a real
/// headless Chromium 1,400 pixels wide.
@Suite("The comparison page", .serialized)
struct ComparisonPageTests {
    /// Three workloads: one slowed by about 12 %, one unchanged, one whose
    /// candidate crashed on a cell; four A B B A rounds a cell.
    static func suite() -> SuiteComparison {
        var base: [Comparison.CellKey: SideMeasurements] = [:], candidate: [Comparison.CellKey: SideMeasurements] = [:]
        let noise = [1.0, 1.01, 0.99, 1.005, 0.995, 1.0, 1.012, 0.988]
        for (w, factor) in [("churn", 1.12), ("feed-cell", 1.0), ("long-row", 1.0)] {
            for (v, size) in [("grouped", 100), ("grouped", 1000), ("churned", 100)] {
                let key = Comparison.CellKey(workload: w, variant: v, size: size)
                let t = 1e-5 * Double(size)
                base[key] = SideMeasurements(secondsPerIteration: noise.map { t * $0 }, counters: ["rows": Double(size)], digest: "d\(size)")
                candidate[key] = SideMeasurements(secondsPerIteration: noise.reversed().map { t * factor * $0 }, counters: ["rows": Double(size)],
                                                  digest: "d\(size)")
            }
        }
        candidate[Comparison.CellKey(workload: "long-row", variant: "churned", size: 100)] = SideMeasurements(failure: "worker crashed: <b>signal 11</b>")
        return SuiteComparison(base: base, candidate: candidate)
    }

    static let header = ComparisonHeader(id: UUID(uuidString: "0BADC0DE-0000-0000-0000-000000000001")!, baseSpec: "origin/main",
                                         baseCommit: String(repeating: "a", count: 40), candidateSpec: "HEAD <b>x</b>",
                                         candidateCommit: String(repeating: "b", count: 40), threshold: 0.05, rounds: 4, jobs: 72, seconds: 61)

    @Test func theChartDrawsEachCellAtItsRatioAndInterval() throws {
        let suite = Self.suite()
        let chart = ComparisonPage.chart(suite)
        let page = ComparisonPage.render(suite, header: Self.header)
        #expect(!page.contains("<b>x</b>") && page.contains("HEAD &lt;b&gt;x&lt;/b&gt;"))
        #expect(!page.contains("<b>signal 11</b>"))
        // One mark per cell with a time shift, one per pooled workload.
        let drawn = suite.cells.filter { $0.ratio != nil }
        let pooled = suite.workloads.compactMap { suite.shift(of: $0.name) }.filter { $0.cells > 1 }
        #expect(page.components(separatedBy: "<g class=\"shift ").count - 1 == drawn.count + pooled.count)
        for c in drawn {
            let (r, lo, hi) = (c.ratio!, c.ratioLower!, c.ratioUpper!)
            #expect(lo <= r && r <= hi)
            let mark = "data-ratio=\"\(String(r))\" data-lower=\"\(String(lo))\" data-upper=\"\(String(hi))\" data-x=\"\(coordinate(chart.x(r)).raw)\" "
                + "data-x-lower=\"\(coordinate(chart.x(lo)).raw)\" data-x-upper=\"\(coordinate(chart.x(hi)).raw)\""
            #expect(page.contains(mark), "\(c.key)")
        }
        // The axis is logarithmic and centred on "no change": ×1.12 and ÷1.12 lie at equal distances.
        let centre = chart.x(1)
        #expect(abs((chart.x(1.12) - centre) - (centre - chart.x(1 / 1.12))) < 1e-9)
        #expect(chart.x(1.12) > centre && chart.x(0.9) < centre)
        let slowed = try #require(suite.cells.first { $0.key.workload == "churn" && $0.ratio != nil })
        #expect(chart.x(slowed.ratio!) > chart.x(1 + slowed.threshold), "a 12 % slowdown lies right of the threshold band")
        #expect(page.contains("no time shift (error)"))
    }

    @Test func thePageOpensCleanlyInABrowser() throws {
        guard DevToolsPipe.chromiumPath() != nil else {
            Issue.record("\(DevToolsPipe.Failure.chromiumMissing)")
            throw DevToolsPipe.Failure.chromiumMissing
        }
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("compare-0badc0de")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let suite = Self.suite()
        let url = folder.appendingPathComponent("index.html")
        try Data(ComparisonPage.render(suite, header: Self.header, linksToRuns: true).utf8).write(to: url)
        try Report.writeIndex(reports: dir)
        _ = try HistoryPages.write(reports: dir)
        let probe = try PageProbe.open(url, script: RunPagesBrowserTests.script, width: 1400)
        try probe.screenshotPNG.write(to: BrowserTests.artifacts.appendingPathComponent("report-comparison.png"))
        print("comparison page: \(try Data(contentsOf: url).count / 1000) kB, loaded in \(probe.loadSeconds) s")
        let f = probe.facts
        #expect(probe.errors.isEmpty, "\(probe.errors)")
        #expect(probe.requests == [url.absoluteString], "\(probe.requests)")
        #expect(f["charts"] as? Int == 1)
        #expect((f["scrollWidth"] as? Int ?? .max) <= (f["innerWidth"] as? Int ?? 0))
        #expect((f["wideTables"] as? [String])?.isEmpty == true, "tables cut at 1,400 px: \(f["wideTables"] ?? "")")
        for href in f["links"] as? [String] ?? [] {
            let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? url : URL(fileURLWithPath: parts[0], relativeTo: url.deletingLastPathComponent()).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(href)")
            if parts.count == 2 { #expect((f["ids"] as? [String] ?? []).contains(parts[1]) || !parts[0].isEmpty, "\(href)") }
        }
        let geometry = try PageProbe.open(url, script: """
        JSON.stringify({rows: [...document.querySelectorAll('g.shift')].map(g => {
          const line = g.querySelector('line.interval').getBoundingClientRect();
          const svg = g.ownerSVGElement.getBoundingClientRect();
          const scale = svg.width / g.ownerSVGElement.viewBox.baseVal.width;
          return {x1: (line.left - svg.left) / scale, x2: (line.right - svg.left) / scale,
                  lower: +g.dataset.xLower, upper: +g.dataset.xUpper};
        })})
        """, width: 1400)
        let rows = geometry.facts["rows"] as? [[String: Double]] ?? []
        #expect(!rows.isEmpty)
        for r in rows {
            // What the browser drew is where the numbers put it.
            #expect(abs((r["x1"] ?? 0) - (r["lower"] ?? -1)) < 1.5 && abs((r["x2"] ?? 0) - (r["upper"] ?? -1)) < 1.5, "\(r)")
        }
    }
}
