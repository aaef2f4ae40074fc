import Analysis
import Foundation

/// The plain-text verdict table `layoutbench run` prints when it ends:
/// one line per expectation, failures first, columns padded, long reasons
/// wrapped under the claim. No colour codes; user strings are passed through
/// ``sanitizeForTerminal(_:)`` so a workload file cannot drive the terminal.
public struct TerminalVerdictTable: ReportRenderer {
    public var width: Int
    public init(width: Int = 100) { self.width = max(width, 60) }
    public var fileName: String { "verdicts.txt" }
    public var location: ReportLocation { .runDirectory }

    public func render(_ input: ReportInput) -> String {
        let a = input.analysis
        var out = "Verdicts for run \(sanitizeForTerminal(input.run.id)): \(a.count(.pass)) pass, \(a.count(.fail)) fail, \(a.count(.inconclusive)) inconclusive"
        out += a.failures.isEmpty ? "\n" : ", \(a.failures.count) failed jobs\n"
        guard !a.verdicts.isEmpty else { return out + "(no expectations)\n" }
        func rank(_ o: ExpectationVerdict.Outcome) -> Int { o == .fail ? 0 : o == .inconclusive ? 1 : 2 }
        let rows = a.verdicts.sorted { (rank($0.outcome), $0.workload, $0.index) < (rank($1.outcome), $1.workload, $1.index) }
        let multipleEngines = Set(rows.map(\.engine)).count > 1
        let names = rows.map { sanitizeForTerminal(multipleEngines ? "\($0.workload) [\($0.engine)]" : $0.workload) }
        let nameWidth = min(max(names.map(\.count).max() ?? 8, 8), 32)
        let outcomeWidth = 12
        out += pad("VERDICT", outcomeWidth) + "  " + pad("WORKLOAD", nameWidth) + "  CLAIM\n"
        for (v, name) in zip(rows, names) {
            let mark = "\(outcomeSymbol(v.outcome)) \(v.outcome.rawValue.uppercased())"
            out += pad(mark, outcomeWidth) + "  " + pad(String(name.prefix(nameWidth)), nameWidth) + "  " + sanitizeForTerminal(v.claimText) + "\n"
            let indent = String(repeating: " ", count: outcomeWidth + 2)
            for line in wrap(sanitizeForTerminal(v.reason), width - indent.count - 2) { out += indent + "  " + line + "\n" }
        }
        return out
    }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

    private func wrap(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

