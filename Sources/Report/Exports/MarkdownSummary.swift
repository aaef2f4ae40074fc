import Analysis
import Foundation

/// `summary.md`: the verdicts and each series' growth in Markdown, for a
/// pull request comment or a chat message. User strings are escaped with
/// ``escapeMarkdown(_:)``.
public struct MarkdownSummary: ReportRenderer {
    public init() {}
    public var fileName: String { "summary.md" }
    public var location: ReportLocation { .runDirectory }

    public func render(_ input: ReportInput) -> String {
        let run = input.run, a = input.analysis
        var out = "# LayoutBench run \(escapeMarkdown(run.id))\n\n"
        if !run.label.isEmpty { out += escapeMarkdown(run.label) + "\n\n" }
        out += "Started \(NumberFormat.timestamp(run.startedAt)) on \(escapeMarkdown(run.machine.hostname)) "
        out += "(\(escapeMarkdown(run.machine.cpuModel)), \(run.machine.cores) cores); "
        out += "engines: \(run.engines.map { escapeMarkdown("\($0.name) \($0.identity.version) \($0.identity.commit.prefix(12)) \($0.identity.build)") }.joined(separator: ", ")). "
        out += "\(NumberFormat.grouped(run.jobs.count)) jobs, \(NumberFormat.grouped(run.sampleCount)) samples.\n\n"
        out += "**\(a.count(.pass)) pass, \(a.count(.fail)) fail, \(a.count(.inconclusive)) inconclusive**"
        out += a.failures.isEmpty ? "\n\n" : "; \(a.failures.count) failed jobs.\n\n"
        if !a.verdicts.isEmpty {
            out += "| Verdict | Workload | Engine | Claim | Why |\n| --- | --- | --- | --- | --- |\n"
            for v in a.verdicts {
                out += "| \(outcomeSymbol(v.outcome)) \(v.outcome.rawValue) | \(escapeMarkdown(v.workload)) | \(escapeMarkdown(v.engine)) | "
                out += "\(escapeMarkdown(v.claimText)) | \(escapeMarkdown(v.reason)) |\n"
            }
            out += "\n"
        }
        if !a.series.isEmpty {
            out += "## Growth\n\n| Series | Exponent (95 %) | Class | Finding |\n| --- | --- | --- | --- |\n"
            for s in a.series {
                let k = s.time.powerLaw.map { "\(NumberFormat.fixed($0.exponent, 2)) [\(NumberFormat.fixed($0.lower, 2)), \(NumberFormat.fixed($0.upper, 2))]" } ?? "–"
                let c = s.time.classification.map { $0.complexity.rawValue + ($0.isConclusive ? "" : "?") } ?? "–"
                out += "| \(escapeMarkdown(s.key.description)) | \(k) | \(escapeMarkdown(c)) | \(escapeMarkdown(s.growth.reason)) |\n"
            }
        }
        return out
    }
}
