import Foundation
import Testing
import Analysis
import Report

/// The run's pages as a reader moves through them, in a real headless
/// Chromium 1,400 pixels wide: every link and anchor lands, the navigation
/// bar stays on screen, nothing is wider than the window, nothing leaves
/// the page.
@Suite("Moving through a run's pages in a real browser", .serialized)
struct RunPagesBrowserTests {
    static let script = """
    JSON.stringify((() => {
      const nav = document.querySelector('nav.bar');
      window.scrollTo(0, document.documentElement.scrollHeight);
      return {
        links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
        ids: [...document.querySelectorAll('[id]')].map(e => e.id),
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        wideTables: [...document.querySelectorAll('table')].filter(t => t.scrollWidth > t.clientWidth + 1).map(t => t.className || t.caption?.textContent || '?'),
        navPosition: nav ? getComputedStyle(nav).position : '',
        navTopAfterScroll: nav ? nav.getBoundingClientRect().top : -1,
        scrolled: window.scrollY,
        charts: document.querySelectorAll('svg.chart').length
      };
    })())
    """

    @Test func everyLinkLandsAndTheNavigationStays() throws {
        guard DevToolsPipe.chromiumPath() != nil else {
            Issue.record("\(DevToolsPipe.Failure.chromiumMissing)")
            throw DevToolsPipe.Failure.chromiumMissing
        }
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = ReportFixture.run(hostileNames: false)
        run.status = .interrupted
        run.unfinishedJobs = 3
        run.label = "layoutbench run --settle --settle-budget 120 --workloads independent-blocks,probe --label nightly-on-the-build-machine"
        // A comparison beside the run, as `layoutbench compare` leaves it.
        let comparison = dir.appendingPathComponent("compare-0badc0de")
        try FileManager.default.createDirectory(at: comparison, withIntermediateDirectories: true)
        try Data("""
        {"id":"0badc0de-0000-0000-0000-000000000000","base":{"spec":"origin/main","commit":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
         "candidate":{"spec":"HEAD","commit":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"},"threshold":0.05,"exitCode":1,"rounds":3,
         "jobs":36,"seconds":61.0,"workloads":{},"cells":[{"verdict":"slower"},{"verdict":"same"}]}
        """.utf8).write(to: comparison.appendingPathComponent("comparison.json"))
        try Data("<!doctype html><title>comparison</title>".utf8).write(to: comparison.appendingPathComponent("index.html"))
        let written = try Report.write(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [], to: dir, generatedAt: ReportFixture.generatedAt)
        _ = try HistoryPages.write(reports: dir)

        let workloadPages = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("run-7/workloads").path)
            .sorted().map { dir.appendingPathComponent("run-7/workloads/\($0)") }
        #expect(workloadPages.count == 2)
        var linksChecked = 0, fragmentsChecked = 0
        for page in [written.index, written.runPage] + workloadPages {
            let probe = try PageProbe.open(page, script: Self.script, width: 1400)
            let f = probe.facts
            let name = page.path.replacingOccurrences(of: dir.path, with: "")
            #expect(probe.errors.isEmpty, "\(name): \(probe.errors)")
            #expect(probe.requests == [page.absoluteString], "\(name): requests beyond the page itself: \(probe.requests)")
            #expect((f["scrollWidth"] as? Int ?? .max) <= (f["innerWidth"] as? Int ?? 0), "\(name) is wider than the window")
            #expect((f["wideTables"] as? [String])?.isEmpty == true, "\(name): tables cut at 1,400 px: \(f["wideTables"] ?? "")")
            #expect(f["navPosition"] as? String == "sticky", "\(name)")
            if (f["scrolled"] as? Double ?? 0) > 0 {
                #expect(f["navTopAfterScroll"] as? Double == 0, "\(name): the navigation left the screen")
            }
            let ids = Set(f["ids"] as? [String] ?? [])
            #expect(ids.count == (f["ids"] as? [String] ?? []).count, "\(name): duplicate ids")
            if page.path.contains("/workloads/") { #expect(f["charts"] as? Int == 3, "\(name)") }
            for href in f["links"] as? [String] ?? [] {
                #expect(!href.contains(":"), "\(name): a link leaves the report: \(href)")
                let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : URL(fileURLWithPath: parts[0], relativeTo: page.deletingLastPathComponent()).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(name): \(href) points to a missing file")
                linksChecked += 1
                if parts.count == 2, !parts[1].isEmpty {
                    let html = (try? String(contentsOf: target, encoding: .utf8)) ?? ""
                    #expect(html.contains("id=\"\(parts[1])\""), "\(name): \(href) names no element of its page")
                    fragmentsChecked += 1
                }
            }
        }
        print("run pages: \(linksChecked) links and \(fragmentsChecked) anchors checked on \(2 + workloadPages.count) pages")
        #expect(fragmentsChecked > 10)
    }
}
