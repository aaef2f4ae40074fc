import Testing
import Foundation
import Analysis
import Report

/// Opens generated reports in a real headless Chromium (Debian's `chromium`)
/// from disk and checks what a reader gets: no console errors, no network
/// requests, the stored numbers in the charts and tables, names shown as
/// text. Screenshots are saved under `.build/artifacts/`.
///
/// Needs `apt-get install -y chromium`; without it these tests fail with
/// that instruction rather than skip.
@Suite("Reports in a real browser", .serialized)
struct BrowserTests {
    static let artifacts: URL = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent(".build/artifacts", isDirectory: true)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    func requireChromium() throws {
        guard DevToolsPipe.chromiumPath() != nil else {
            Issue.record("\(DevToolsPipe.Failure.chromiumMissing)")
            throw DevToolsPipe.Failure.chromiumMissing
        }
    }

    @Test func runPagesOpenCleanlyAndShowTheStoredNumbers() throws {
        try requireChromium()
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = ReportFixture.run()
        let analysis = RunAnalyzer().analyze(run)
        let written = try Report.write(run: run, analysis: analysis, allRuns: [], to: dir, generatedAt: ReportFixture.generatedAt)

        // The summary: verdicts (failures first), no charts, nothing loaded.
        let summary = try PageProbe.open(written.runPage, script: PageProbe.factsScript)
        try summary.screenshotPNG.write(to: Self.artifacts.appendingPathComponent("report-run-summary.png"))
        print("report summary loaded in \(NumberFormat.fixed(summary.loadSeconds, 3)) s")
        #expect(summary.errors.isEmpty, "console errors: \(summary.errors)")
        #expect(summary.requests == [written.runPage.absoluteString], "requests beyond the page itself: \(summary.requests)")
        #expect(summary.facts["images"] as? Int == 0, "the hostile name became an <img>")
        #expect(summary.facts["skipLink"] as? String == "#main")
        #expect((summary.facts["charts"] as? [Any])?.isEmpty == true)
        let verdictRows = summary.facts["verdictRows"] as? [String] ?? []
        #expect(verdictRows.count == analysis.verdicts.count)
        #expect(verdictRows.first?.contains("fail") == true, "failures first: \(verdictRows.first ?? "")")

        // Each workload's page: its charts, the analysis's numbers.
        let blocksPage = dir.appendingPathComponent("run-7/workloads/independent-blocks.html")
        let probe = try PageProbe.open(blocksPage, script: PageProbe.factsScript)
        try probe.screenshotPNG.write(to: Self.artifacts.appendingPathComponent("report-workload-page.png"))
        print("workload page loaded in \(NumberFormat.fixed(probe.loadSeconds, 3)) s")
        #expect(probe.errors.isEmpty, "console errors: \(probe.errors)")
        #expect(probe.requests == [blocksPage.absoluteString], "requests beyond the page itself: \(probe.requests)")
        let f = probe.facts
        #expect(f["loaders"] as? Int == 0)
        #expect((f["externalURLs"] as? [String])?.isEmpty == true, "\(f["externalURLs"] ?? "")")
        #expect((f["cssURLs"] as? [String])?.isEmpty == true)
        #expect((f["resources"] as? [String])?.isEmpty == true)
        // Charts: log-log, per-item and distribution.
        let charts = f["charts"] as? [[String: Any]] ?? []
        #expect(charts.count == 3)
        for c in charts {
            #expect(!(c["title"] as? String ?? "").isEmpty && !(c["desc"] as? String ?? "").isEmpty)
            #expect(c["focusable"] as? Bool == true)
            #expect((c["width"] as? Double ?? 0) > 200, "chart not laid out")
        }
        let blocks = try #require(charts.first { ($0["title"] as? String)?.hasPrefix("Independent vs linked blocks: time against N") == true })
        #expect(blocks["lines"] as? Int == 2)
        #expect(blocks["marks"] as? Int == 14)
        let boxes = charts.first { ($0["title"] as? String)?.hasPrefix("Independent vs linked blocks: distributions") == true }
        #expect(boxes?["boxes"] as? Int == 14)

        // The numbers in the charts and tables are the analysis's numbers.
        let table = (f["chartTables"] as? [String] ?? []).joined(separator: "\n")
        let pointLabels = (blocks["pointLabels"] as? [String] ?? []) + (boxes?["pointLabels"] as? [String] ?? [])
        for c in analysis.cells(of: "independent-blocks") {
            let median = NumberFormat.seconds(c.median)
            #expect(table.contains(median), "median of \(c.key) missing from the data table")
            let point = "\(c.key.variant), n = \(NumberFormat.grouped(c.key.size)): median \(median)"
            #expect(pointLabels.filter { $0.hasPrefix(point) }.count == 2, "\(point) not in the log-log chart and the box plot")
        }
        let cellText = (f["cellTables"] as? [String] ?? []).joined()
        let flagged = try #require(analysis.cell(CellKey(workload: "independent-blocks", variant: "independent", size: 10_000, engine: "layoutbench")))
        #expect(flagged.outlierIndices == [3])
        #expect(cellText.contains(NumberFormat.seconds(flagged.percentile(99)!)))

        // The hostile workload's page shows its name as text.
        let hostilePage = dir.appendingPathComponent("run-7/workloads/img-src-x-onerror-alert-1.html")
        let hostile = try PageProbe.open(hostilePage, script: PageProbe.factsScript)
        #expect(hostile.errors.isEmpty && hostile.facts["images"] as? Int == 0)
        #expect((hostile.facts["headings"] as? [String] ?? []).contains("Title " + ReportFixture.hostile))
    }

    @Test func darkModeAndTheIndexPage() throws {
        try requireChromium()
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = ReportFixture.run(hostileNames: false)
        let written = try Report.write(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [], to: dir)
        let dark = try PageProbe.open(written.runPage, script: PageProbe.factsScript, dark: true)
        try dark.screenshotPNG.write(to: Self.artifacts.appendingPathComponent("report-run-page-dark.png"))
        #expect(dark.errors.isEmpty)
        #expect(dark.facts["darkBackground"] as? String == "rgb(13, 17, 23)")
        let index = try PageProbe.open(written.index, script: PageProbe.factsScript)
        try index.screenshotPNG.write(to: Self.artifacts.appendingPathComponent("report-index.png"))
        #expect(index.errors.isEmpty)
        #expect(index.requests == [written.index.absoluteString])
        #expect(index.facts["title"] as? String == "LayoutBench runs")
    }
}
