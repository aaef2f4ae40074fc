import Foundation
import Testing
import Analysis
@testable import Report
import WorkerProtocol
import Workloads

/// The run's pages: a compact summary linking to one page per workload,
/// readable anchors, and the index's status, duration, engine and
/// comparison columns.
@Suite("Run summary, workload pages and the index")
struct RunPagesTests {
    @Test func anchorsAreTheNamesAndStayUniqueWhenNamesCollide() {
        let anchors = PageAnchors(workloads: [("churn", ["churned", "grouped"]), ("churn-grouped", ["a"]), ("main", ["x"]),
                                              ("Odd Name!", ["Var 1"])])
        #expect(anchors.id(workload: "churn") == "churn")
        #expect(anchors.id(workload: "churn-grouped") == "churn-grouped")
        // The workload took "churn-grouped" first; the variant gets the next free id.
        #expect(anchors.id(workload: "churn", variant: "grouped") == "churn-grouped-2")
        #expect(anchors.id(workload: "churn", variant: "churned") == "churn-churned")
        #expect(anchors.id(workload: "main") == "main-2", "the page's own ids are reserved")
        #expect(anchors.id(workload: "Odd Name!") == "odd-name" && anchors.id(workload: "Odd Name!", variant: "Var 1") == "odd-name-var-1")
        #expect(anchors.page(workload: "churn") == "workloads/churn.html")
        let all = ["churn", "churn-grouped", "main", "Odd Name!"].map { anchors.id(workload: $0) }
            + [("churn", "churned"), ("churn", "grouped"), ("churn-grouped", "a"), ("main", "x"), ("Odd Name!", "Var 1")]
                .map { anchors.id(workload: $0.0, variant: $0.1) }
        #expect(Set(all).count == all.count && Set(all).isDisjoint(with: PageAnchors.reserved))
        #expect(PageAnchors.slug("<img src=x>") == "img-src-x" && PageAnchors.slug("日本語") == "x")
    }

    @Test func theSummaryLinksToOnePagePerWorkloadWithReadableAnchors() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = ReportFixture.run(hostileNames: false)
        let analysis = RunAnalyzer().analyze(run)
        let written = try Report.write(run: run, analysis: analysis, allRuns: [], to: dir, generatedAt: ReportFixture.generatedAt)
        let summary = try String(contentsOf: written.runPage, encoding: .utf8)
        let pages = dir.appendingPathComponent("run-7/workloads")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: pages.path)) == ["independent-blocks.html", "probe.html"])
        // The summary has no chart: those are on the workload pages, each with its own three.
        #expect(!summary.contains("<svg class=\"chart\""))
        #expect(summary.contains("href=\"workloads/independent-blocks.html#independent-blocks\""))
        #expect(summary.contains("<tr id=\"independent-blocks\">"))
        let blocks = try String(contentsOf: pages.appendingPathComponent("independent-blocks.html"), encoding: .utf8)
        #expect(blocks.components(separatedBy: "<svg class=\"chart\"").count - 1 == 3)
        #expect(blocks.contains("id=\"independent-blocks\"") && blocks.contains("<li id=\"independent-blocks-linked\">"))
        #expect(blocks.contains("href=\"../index.html\" ") || blocks.contains("href=\"../index.html\">"))
        #expect(blocks.contains("rel=\"next\"") && !blocks.contains("rel=\"prev\""))
        #expect(blocks.contains("<nav class=\"bar\""))
        // Failures first in the verdict table, before any pass.
        let verdictTable = try #require(summary.components(separatedBy: "<table class=\"verdicts\"").last)
        let firstFail = try #require(verdictTable.range(of: "badge fail"))
        let firstPass = try #require(verdictTable.range(of: "badge pass"))
        #expect(firstFail.lowerBound < firstPass.lowerBound)
    }

    @Test func aTalkTitleInAnotherScriptComesWithItsEnglishTitle() {
        var run = ReportFixture.run(hostileNames: false)
        run.workloads[0].talk = TalkReference(title: "iOSのレイアウトサイクルを知ろう", time: "", scenario: "§12",
                                              titleEnglish: "Getting to know the iOS layout cycle")
        let input = ReportInput(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [])
        let files = HTMLRunPage().files(input)
        for file in files where file.path == "index.html" || file.path.contains("independent-blocks") {
            #expect(file.text.contains("Getting to know the iOS layout cycle <span class=\"muted\">(original title: iOSのレイアウトサイクルを知ろう)</span>"),
                    "\(file.path)")
        }
    }

    @Test func theIndexSaysHowEachRunStandsAndListsComparisons() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = ReportFixture.run(id: "run-cut", samplesPerJob: 4, hostileNames: false)
        run.status = .interrupted
        run.unfinishedJobs = 20
        run.finishedAt = run.startedAt.addingTimeInterval(125)
        let comparison = dir.appendingPathComponent("compare-1a2b3c4d")
        try FileManager.default.createDirectory(at: comparison, withIntermediateDirectories: true)
        let json = """
        {"id":"1a2b3c4d-0000-0000-0000-000000000000","base":{"spec":"HEAD~1","commit":"aaaaaaaaaaaaaaaaaaaa"},
         "candidate":{"spec":"HEAD","commit":"bbbbbbbbbbbbbbbbbbbb"},"threshold":0.05,"exitCode":3,"rounds":4,"jobs":40,
         "seconds":95.2,"workloads":{},"cells":[{"verdict":"same"},{"verdict":"unknown"},{"verdict":"slower"}]}
        """
        try Data(json.utf8).write(to: comparison.appendingPathComponent("comparison.json"))
        let written = try Report.write(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [], to: dir)
        let index = try String(contentsOf: written.index, encoding: .utf8)
        #expect(index.contains("<span class=\"status interrupted\">interrupted</span>"))
        #expect(index.contains("\(run.jobs.count - 20) of \(run.jobs.count)"))
        #expect(index.contains("2 min 5 s"))
        #expect(index.contains("layoutbench <span class=\"mono\" title=\"0123456789abcdef0123456789abcdef01234567\">0123456</span>"))
        #expect(index.contains("href=\"compare-1a2b3c4d/index.html\""))
        #expect(index.contains("<span class=\"inconclusive\">undecided</span>"))
        // A later comparison alone rewrites the index with the same runs.
        try FileManager.default.removeItem(at: written.index)
        try Report.writeIndex(reports: dir)
        let again = try String(contentsOf: written.index, encoding: .utf8)
        #expect(again.contains("href=\"run-cut/index.html\"") && again.contains("href=\"compare-1a2b3c4d/index.html\""))
    }

    @Test func aRunWithEveryJobFailedKeepsItsSummaryCompact() {
        var run = ReportFixture.run(hostileNames: false)
        // 22 jobs a seed, seven seeds: 154 failed jobs.
        run.jobs = (1...7).flatMap { seed in
            run.jobs.map { job in
                var j = job
                j.seed = UInt64(seed)
                j.status = .failed(reason: "worker crashed with signal 11 after writing a very long explanation of what it was doing")
                j.samples = []
                return j
            }
        }
        let input = ReportInput(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [])
        let summary = HTMLRunPage().render(input)
        #expect(run.jobs.count > HTMLRunPage.failedJobsShown)
        #expect(summary.contains("… and \(run.jobs.count - HTMLRunPage.failedJobsShown) more failed jobs"))
        let section = summary.components(separatedBy: "<section id=\"failures\"").last?.components(separatedBy: "</section>").first ?? ""
        #expect(section.components(separatedBy: "worker crashed with signal 11").count - 1 == HTMLRunPage.failedJobsShown)
    }
}
