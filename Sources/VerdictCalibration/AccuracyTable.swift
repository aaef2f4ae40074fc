import Foundation

/// The targets' figures over a set of calibration outcomes.
public struct AccuracyTally: Sendable, Equatable {
    public var trueClaims = 0, falseAlarms = 0
    public var falseClaims = 0, misses = 0
    /// Claims whose true slope is ≥ 0.25 beyond the claim's, and how many of those failed.
    public var steep = 0, steepFailed = 0
    public var verdicts = 0, inconclusive = 0
    public var series = 0, covered = 0

    public init() {}

    public init<S: Sequence>(_ outcomes: S) where S.Element == CalibrationOutcome {
        var seenSeries = Set<CalibrationCase>()
        for o in outcomes {
            verdicts += 1
            if o.verdict == .inconclusive { inconclusive += 1 }
            if o.holds {
                trueClaims += 1
                if o.verdict == .fail { falseAlarms += 1 }
            } else {
                falseClaims += 1
                if o.verdict == .pass { misses += 1 }
            }
            if o.excess >= 0.25 {
                steep += 1
                if o.verdict == .fail { steepFailed += 1 }
            }
            if let c = o.covers, seenSeries.insert(o.testCase).inserted {
                series += 1
                if c { covered += 1 }
            }
        }
    }

    public static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : String(format: "%.1f %%", locale: nil, 100 * Double(part) / Double(whole))
    }

    /// One row of ``render(rows:)``.
    func cells(_ label: String) -> [String] {
        [label, "\(falseAlarms)/\(trueClaims)", "\(misses)/\(falseClaims)",
         "\(steepFailed)/\(steep) (\(Self.percent(steepFailed, steep)))",
         "\(inconclusive)/\(verdicts) (\(Self.percent(inconclusive, verdicts)))",
         "\(covered)/\(series) (\(Self.percent(covered, series)))"]
    }

    /// A plain-text table, one row per label.
    public static func render(rows: [(String, AccuracyTally)]) -> String {
        let header = ["", "false alarms", "misses", "failed at slope ≥ claim + 0.25", "inconclusive", "95 % interval covers"]
        let table = [header] + rows.map { $0.1.cells($0.0) }
        let widths = header.indices.map { c in table.map { $0[c].count }.max()! }
        return table.map { row in
            row.enumerated().map { c, text in c == 0 ? text.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[c] - text.count) + text }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// The table by law, by sweep length and by noise, with a total.
    public static func report(_ outcomes: [CalibrationOutcome]) -> String {
        var rows: [(String, AccuracyTally)] = []
        for sizes in Set(outcomes.map { $0.testCase.sizes.count }).sorted() {
            rows.append(("\(sizes) sizes", AccuracyTally(outcomes.filter { $0.testCase.sizes.count == sizes })))
        }
        for sigma in Set(outcomes.map(\.testCase.noise.sample)).sorted() {
            rows.append(("σ \(sigma)", AccuracyTally(outcomes.filter { $0.testCase.noise.sample == sigma })))
        }
        for share in Set(outcomes.map { $0.testCase.jobs }).sorted() {
            rows.append(("\(share) job\(share == 1 ? "" : "s") per size", AccuracyTally(outcomes.filter { $0.testCase.jobs == share })))
        }
        for g in Set(outcomes.map(\.testCase.law.growth)).sorted(by: { $0.rank < $1.rank }) {
            rows.append((g.rawValue, AccuracyTally(outcomes.filter { $0.testCase.law.growth == g })))
        }
        rows.append(("all", AccuracyTally(outcomes)))
        return render(rows: rows)
    }
}
