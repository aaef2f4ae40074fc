import Foundation
import ResultStore

/// The end-of-run table of expectation verdicts:
///
///     workload            #  expectation                      verdict       reason
///     independent-blocks  0  independent: time linear in N     pass          slope 1.02
public enum ExpectationTable {
    /// The table; cells are cut to a readable width only when `style` fits a terminal.
    public static func render(_ verdicts: [ExpectationVerdict], style: TextStyle) -> String {
        let color = style.color
        guard !verdicts.isEmpty else { return "No expectations were checked.\n" }
        let header = ["workload", "#", "expectation", "verdict", "reason"]
        let rows = verdicts.map { verdict in
            [verdict.workload + (verdict.engineLabel.isEmpty ? "" : " [\(verdict.engineLabel)]"),
             String(verdict.expectationIndex), verdict.description, verdict.status.rawValue, verdict.reason]
        }
        let widths = (0..<header.count).map { column in
            let widest = ([header] + rows).map { $0[column].count }.max() ?? 0
            return style.fitsTerminal ? min(column == 4 ? 60 : 48, widest) : widest
        }
        func line(_ cells: [String], status: VerdictStatus?) -> String {
            cells.enumerated().map { index, cell in
                var text = cell.count > widths[index] ? String(cell.prefix(widths[index] - 1)) + "…" : cell
                let padding = String(repeating: " ", count: max(0, widths[index] - text.count))
                if index == 3, color, let status { text = paint(text, status) }
                return index == cells.count - 1 ? text : text + padding
            }.joined(separator: "  ")
        }
        var out = line(header, status: nil) + "\n"
        for (row, verdict) in zip(rows, verdicts) { out += line(row, status: verdict.status) + "\n" }
        let counts = VerdictStatus.allCases.map { status in "\(verdicts.filter { $0.status == status }.count) \(status.rawValue)" }
        return out + counts.joined(separator: ", ") + "\n"
    }

    private static func paint(_ text: String, _ status: VerdictStatus) -> String {
        let code = switch status { case .pass: "32"; case .fail: "31"; case .inconclusive: "33" }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
