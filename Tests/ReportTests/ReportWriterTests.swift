import Testing
import Foundation
import Analysis
@testable import Report

@Suite("Writing a report")
struct ReportWriterTests {
    @Test func writesEveryFileAndTheIndex() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = RunSummaryRow(id: "run-6", startedAt: Date(timeIntervalSince1970: 1_789_000_000), finishedAt: nil, label: "older",
                                hostname: "h", engines: ["layoutbench"], workloads: 1, samples: 10, pass: 1, fail: 0,
                                inconclusive: 0, failedJobs: 0)
        let run = ReportFixture.run()
        let analysis = RunAnalyzer().analyze(run)
        let written = try Report.write(run: run, analysis: analysis, allRuns: [old], to: dir, generatedAt: ReportFixture.generatedAt)
        #expect(written.runPage.path == dir.appendingPathComponent("run-7/index.html").path)
        for name in ["index.html", "analysis.json", "samples.csv", "cells.csv", "summary.md", "run-summary.json"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("run-7/\(name)").path), "\(name)")
        }
        let index = try String(contentsOf: written.index, encoding: .utf8)
        #expect(index.contains("href=\"run-7/index.html\"") && index.contains("href=\"run-6/index.html\""))
        #expect(index.range(of: "run-7")!.lowerBound < index.range(of: "run-6/")!.lowerBound, "newest first")

        let samples = try String(contentsOf: dir.appendingPathComponent("run-7/samples.csv"), encoding: .utf8)
        #expect(samples.split(separator: "\n").count == run.sampleCount + 1)
        #expect(samples.hasPrefix(SampleCSVExport.header))
        // The preempted sample is flagged in its row.
        #expect(samples.split(separator: "\n").contains { $0.contains(",independent,10000,") && $0.hasSuffix(",1") })
        let cells = try String(contentsOf: dir.appendingPathComponent("run-7/cells.csv"), encoding: .utf8)
        #expect(cells.split(separator: "\n").count == analysis.cells.count + 1)

        let json = try Data(contentsOf: dir.appendingPathComponent("run-7/analysis.json"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let doc = try decoder.decode(JSONExport.Document.self, from: json)
        #expect(doc.analysis == analysis)
        #expect(doc.run.samples == run.sampleCount)
    }

    @Test func theIndexIsRebuiltFromEarlierReports() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var first = ReportFixture.run(id: "run-1", samplesPerJob: 4, hostileNames: false)
        first.startedAt = Date(timeIntervalSince1970: 1_700_000_000)
        try Report.write(run: first, analysis: RunAnalyzer().analyze(first), allRuns: Report.existingRuns(in: dir), to: dir)
        let second = ReportFixture.run(id: "run-2", samplesPerJob: 4, hostileNames: false)
        let written = try Report.write(run: second, analysis: RunAnalyzer().analyze(second), allRuns: Report.existingRuns(in: dir), to: dir)
        #expect(Report.existingRuns(in: dir).map(\.id) == ["run-2", "run-1"])
        let index = try String(contentsOf: written.index, encoding: .utf8)
        #expect(index.contains("href=\"run-1/index.html\"") && index.contains("href=\"run-2/index.html\""))
    }

    @Test func thePageShowsTheStoredNumbersAndLoadsNothing() throws {
        let run = ReportFixture.run(hostileNames: false)
        let analysis = RunAnalyzer().analyze(run)
        let input = ReportInput(run: run, analysis: analysis, allRuns: [], generatedAt: ReportFixture.generatedAt)
        let page = ReportFixture.allPages(input)
        let cell = try #require(analysis.cell(CellKey(workload: "independent-blocks", variant: "independent", size: 10_000, engine: "layoutbench")))
        #expect(page.contains(NumberFormat.seconds(cell.median)))
        #expect(page.contains(NumberFormat.seconds(cell.percentile(95)!)))
        let independent = try #require(analysis.series.first { $0.key.variant == "independent" })
        let fit = try #require(independent.time.powerLaw)
        #expect(page.contains("k = \(NumberFormat.fixed(fit.exponent, 2))"))
        // Charts: two scaling charts and one distribution chart per workload, each with a title and description.
        #expect(page.components(separatedBy: "<svg class=\"chart\"").count - 1 == 3 * 2)
        #expect(page.components(separatedBy: "<title id=").count - 1 == 6)
        // Self-contained: no URL with a scheme or a protocol-relative one, no script.
        for needle in ["http:", "https:", "//", "<script", "<link", "@import", "src="] {
            let stripped = page.replacingOccurrences(of: "</", with: "").replacingOccurrences(of: "/>", with: "")
            #expect(!stripped.contains(needle), "page contains \(needle)")
        }
        #expect(ReportFixture.allPages(input) == page, "rendering is deterministic")
    }

    @Test func theTerminalTableListsFailuresFirst() {
        let run = ReportFixture.run(hostileNames: false)
        let analysis = RunAnalyzer().analyze(run)
        let text = Report.terminalSummary(run: run, analysis: analysis, width: 90)
        let lines = text.split(separator: "\n")
        #expect(lines[0].contains("pass") && lines[0].contains("fail"))
        #expect(lines.contains { $0.contains("✗ FAIL") && $0.contains("independent-blocks") })
        #expect(!text.contains("\u{1B}"))
        #expect(lines.allSatisfy { $0.count <= 90 + 40 })
        let failIndex = lines.firstIndex { $0.contains("FAIL") }!
        let passIndex = lines.firstIndex { $0.contains("PASS") }!
        #expect(failIndex < passIndex)
    }

    @Test func anUnsafeRunIDWritesNothing() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = ReportFixture.run(hostileNames: false)
        run.id = "../escape"
        #expect(throws: ReportError.unsafeRunID("../escape")) {
            try Report.write(run: run, analysis: RunAnalyzer().analyze(run), allRuns: [], to: dir)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}

@Suite("Degenerate runs still render")
struct DegenerateRunTests {
    @Test func emptyRunFailedJobsAndSingleSamples() throws {
        var run = ReportFixture.run(hostileNames: false)
        run.jobs = []
        var analysis = RunAnalyzer().analyze(run)
        #expect(analysis.verdicts.allSatisfy { $0.outcome == .inconclusive })
        var page = ReportFixture.allPages(ReportInput(run: run, analysis: analysis, allRuns: []))
        #expect(page.contains("No successful job of this workload."))

        // One sample per job and one failed size: statistics without intervals, no crash.
        run = ReportFixture.run(samplesPerJob: 1, hostileNames: false)
        analysis = RunAnalyzer().analyze(run)
        #expect(analysis.cells.allSatisfy { $0.sampleCount == 1 && $0.medianLower == $0.median })
        #expect(analysis.series.allSatisfy { $0.time.classification == nil && $0.time.unavailable["class"] != nil })
        page = ReportFixture.allPages(ReportInput(run: run, analysis: analysis, allRuns: []))
        #expect(page.contains("</html>"))
        #expect(!MarkdownSummary().render(ReportInput(run: run, analysis: analysis, allRuns: [])).isEmpty)
    }
}
