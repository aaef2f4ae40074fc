import Testing
import Foundation
import Analysis
@testable import Report

@Suite("Escaping user strings")
struct EscapingTests {
    @Test func htmlKnownAnswers() {
        #expect(escapeHTML("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;")
        #expect(escapeHTML("a & \"b\" 'c'") == "a &amp; &quot;b&quot; &#39;c&#39;")
        #expect(escapeHTML("x\u{0}y\u{1B}[31mz\n") == "xy[31mz\n")
        #expect(escapeHTML("µs – ✓") == "µs – ✓")
    }

    @Test func interpolationEscapesStringsButNotMarkup() {
        let name = "<script>alert(1)</script>"
        let html: HTML = "<td>\(name)</td>\("<b>trusted</b>" as HTML)"
        #expect(html.raw == "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><b>trusted</b>")
    }

    @Test func csvQuotesAndDefusesFormulas() {
        #expect(escapeCSV("plain") == "plain")
        #expect(escapeCSV("a,b") == "\"a,b\"")
        #expect(escapeCSV("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(escapeCSV("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(escapeCSV("-1+2") == "'-1+2")
    }

    @Test func markdownAndTerminal() {
        #expect(escapeMarkdown("[x](javascript:1) | <b>") == "\\[x\\]\\(javascript:1\\) \\| &lt;b&gt;")
        #expect(sanitizeForTerminal("a\u{1B}[2Jb\nc") == "a\u{FFFD}[2Jb c")
    }

    /// The issue's probe: a workload, variant, counter, label, host and failure
    /// reason all named `<img src=x onerror=alert(1)>` render as text everywhere.
    @Test func hostileNamesRenderAsTextInEveryFormat() throws {
        let run = ReportFixture.run()
        let analysis = RunAnalyzer().analyze(run)
        let input = ReportInput(run: run, analysis: analysis, allRuns: [RunSummaryRow(run: run, analysis: analysis)],
                                generatedAt: ReportFixture.generatedAt)
        let page = ReportFixture.allPages(input)
        #expect(!page.contains("<img"))
        #expect(!page.contains("onerror=alert(1)>"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.components(separatedBy: "&lt;img src=x onerror=alert(1)&gt;").count > 8)
        let index = HTMLIndexPage().render(input)
        #expect(!index.contains("<img") && index.contains("label &lt;img"))
        let md = MarkdownSummary().render(input)
        #expect(!md.contains("<img"))
        let terminal = TerminalVerdictTable().render(input)
        #expect(terminal.contains(ReportFixture.hostile))   // plain text: shown as is, harmless
    }

    @Test func theIndexLinksOnlyPlainRunIDs() {
        let run = ReportFixture.run(hostileNames: false)
        let analysis = RunAnalyzer().analyze(run)
        var hostile = RunSummaryRow(run: run, analysis: analysis)
        hostile.id = "javascript:alert(1)"
        let page = HTMLIndexPage().render(ReportInput(run: run, analysis: analysis, allRuns: [hostile, RunSummaryRow(run: run, analysis: analysis)]))
        #expect(!page.contains("href=\"javascript"))
        #expect(page.contains("<span class=\"mono\" title=\"javascript:alert(1)\">javascri…</span>"))
        #expect(page.contains("href=\"run-7/index.html\""))
    }

    @Test func runIDsMustBePlainFolderNames() throws {
        for bad in ["", ".", "..", "../etc", "a/b", "run 1", "<x>"] {
            #expect(throws: ReportError.unsafeRunID(bad)) { try ReportError.checkRunID(bad) }
        }
        try ReportError.checkRunID("2026-11-22T05.54_run-1")
    }
}

/// A stored sample no measurement can produce (1e308 s, from before the
/// worker protocol was checked) must not stop a report from being written.
@Suite struct ImpossibleSampleReportTests {
    @Test func aReportWithA1e308SampleIsWritten() throws {
        var run = ReportFixture.run(hostileNames: false)
        run.jobs[0].samples.append(SampleRecord(iterations: 1, wallSeconds: 1e308, cpuSeconds: 1e308))
        run.jobs[1].samples = run.jobs[1].samples.map { SampleRecord(iterations: $0.iterations, wallSeconds: 1e308, cpuSeconds: 1e308) }
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let analysis = RunAnalyzer().analyze(run)
        let written = try Report.write(run: run, analysis: analysis, allRuns: [], to: dir)
        #expect(FileManager.default.fileExists(atPath: written.runPage.path))
    }
}
