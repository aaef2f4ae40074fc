import Comparison
import Foundation
import ResultStore

/// The comparison as data: the JSON file beside the HTML page, the rows for
/// PostgreSQL, and the terminal summary — all from the same `SuiteComparison`.
enum ComparisonExports {
    /// One cell in `comparison.json`.
    struct CellJSON: Codable {
        var workload, variant: String
        var size: Int
        var verdict, time: String
        var ratio, lower, upper, pSlower, pFaster, adjustedP: Double?
        var threshold: Double
        var baseSamples, candidateSamples: Int
        /// Each timing job's median seconds per iteration, in run order (A B B A: two a side per round).
        var baseSeconds, candidateSeconds: [Double]
        /// Each timing job's wall seconds, aligned with the above; absent in older files.
        var baseJobSeconds, candidateJobSeconds: [Double]?
        var counterChanges: [CounterJSON]
        var baseDigest, candidateDigest: String?
        var failureSide, failure: String?
    }

    struct CounterJSON: Codable { var name: String; var base, candidate: Double? }

    struct FileJSON: Codable {
        var id: String
        var base, candidate: SideJSON
        var threshold: Double
        var exitCode: Int32
        var rounds, jobs: Int
        var seconds: Double
        /// Seconds spent on check jobs before round 1, the time budget, and
        /// the rounds options: what a replay of the sampling needs (absent in older files).
        var checkSeconds, timeBudget: Double?
        var minRounds, maxRounds: Int?
        /// `sequential` or `duet` (`compare --schedule`); absent in older files, which are sequential.
        var schedule: String?
        var workloads: [String: String]
        /// Each workload's cells pooled; absent in files written before pooling.
        var workloadShifts: [WorkloadShiftJSON]?
        /// What `--settle` did; absent without it.
        var settle: SettleJSON?
        var cells: [CellJSON]
    }

    /// `compare --settle`: the cells undecided after the ordinary rounds, those
    /// the extra rounds decided (as workload/variant/size), and why settling stopped.
    struct SettleJSON: Codable {
        var undecided, settled: [String]
        var rounds: Int
        var seconds, budget: Double
        var stop: String
    }

    struct WorkloadShiftJSON: Codable {
        var workload: String
        var cells: Int
        var ratio, lower, upper, pSlower, pFaster: Double
        var adjustedP: Double?
        var threshold: Double
        var time: String
    }

    struct SideJSON: Codable { var spec: String; var commit: String? }

    static func cell(_ c: CellComparison) -> CellJSON {
        CellJSON(workload: c.key.workload, variant: c.key.variant, size: c.key.size, verdict: c.verdict.rawValue,
                 time: c.time.rawValue, ratio: c.ratio, lower: c.ratioLower, upper: c.ratioUpper, pSlower: c.pSlower,
                 pFaster: c.pFaster, adjustedP: c.adjustedP, threshold: c.threshold, baseSamples: c.baseSamples,
                 candidateSamples: c.candidateSamples, baseSeconds: c.baseSeconds, candidateSeconds: c.candidateSeconds,
                 baseJobSeconds: c.baseJobSeconds, candidateJobSeconds: c.candidateJobSeconds,
                 counterChanges: c.counterChanges.map { CounterJSON(name: $0.name, base: $0.base, candidate: $0.candidate) },
                 baseDigest: c.baseDigest, candidateDigest: c.candidateDigest, failureSide: c.failureSide?.rawValue,
                 failure: c.failureReason)
    }

    static func json(_ suite: SuiteComparison, header: ComparisonHeader) -> Data {
        let file = FileJSON(id: header.id.uuidString.lowercased(),
                            base: SideJSON(spec: header.baseSpec, commit: header.baseCommit),
                            candidate: SideJSON(spec: header.candidateSpec, commit: header.candidateCommit),
                            threshold: header.threshold, exitCode: header.exitCode(suite), rounds: header.rounds, jobs: header.jobs,
                            seconds: header.seconds, checkSeconds: header.checkSeconds, timeBudget: header.timeBudget,
                            minRounds: header.minRounds, maxRounds: header.maxRounds, schedule: header.schedule.rawValue,
                            workloads: Dictionary(suite.workloads.map { ($0.name, $0.verdict.rawValue) }) { a, _ in a },
                            workloadShifts: suite.workloadShifts.map {
                                WorkloadShiftJSON(workload: $0.workload, cells: $0.cells, ratio: $0.ratio, lower: $0.lower,
                                                  upper: $0.upper, pSlower: $0.pSlower, pFaster: $0.pFaster,
                                                  adjustedP: $0.adjustedP, threshold: $0.threshold, time: $0.time.rawValue)
                            },
                            settle: header.settle.map {
                                SettleJSON(undecided: $0.undecided.map(\.description), settled: $0.settled.map(\.description),
                                           rounds: $0.rounds, seconds: $0.seconds, budget: $0.budget, stop: $0.stop)
                            },
                            cells: suite.cells.map(cell))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(file)) ?? Data("{}".utf8)
    }

    /// The row for `comparison_cells`.
    static func record(_ c: CellComparison) -> ComparisonCellRecord {
        let counters = cell(c).counterChanges
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let countersJSON = (try? String(decoding: encoder.encode(counters), as: UTF8.self)) ?? "[]"
        return ComparisonCellRecord(workload: c.key.workload, variant: c.key.variant, size: c.key.size, verdict: c.verdict.rawValue,
                                    timeVerdict: c.time.rawValue, ratio: c.ratio, lower: c.ratioLower, upper: c.ratioUpper,
                                    p: c.p, adjustedP: c.adjustedP, threshold: c.threshold, baseSamples: c.baseSamples,
                                    candidateSamples: c.candidateSamples, counterChangesJSON: countersJSON,
                                    baseDigest: c.baseDigest, candidateDigest: c.candidateDigest,
                                    failure: c.failureSide.map { "\($0.rawValue): \(c.failureReason ?? "")" })
    }

    /// One `error:` line per side and reason, naming the side and the cells it failed on.
    static func failureLines(_ suite: SuiteComparison) -> [String] {
        var groups: [String: [CellKey]] = [:], order: [String] = []
        for c in suite.cells {
            guard let side = c.failureSide else { continue }
            let head = "the \(side.rawValue) worker failed on %@: \(c.failureReason ?? "")"
            if groups[head] == nil { order.append(head) }
            groups[head, default: []].append(c.key)
        }
        return order.map { head in
            let keys = groups[head]!
            let cells = keys.prefix(3).map(\.description).joined(separator: ", ") + (keys.count > 3 ? " and \(keys.count - 3) more" : "")
            return "error: " + head.replacingOccurrences(of: "%@", with: cells)
        }
    }

    /// The terminal summary: the verdict per workload, then every cell that is
    /// not plainly the same, with failures naming their side.
    static func terminal(_ suite: SuiteComparison, header: ComparisonHeader) -> String {
        var lines: [String] = []
        let width = max(8, suite.workloads.map(\.name.count).max() ?? 8)
        for w in suite.workloads {
            let pooled = suite.shift(of: w.name).map { "  (cells pooled: \(ComparisonMarkdown.pooledText($0)))" } ?? ""
            lines.append("  " + w.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                         + w.verdict.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0) + pooled)
        }
        if let settle = header.settle { lines.append(settle.summary) }
        let notable = suite.cells.filter { $0.verdict != .same }
        if !notable.isEmpty { lines.append("cells that are not the same:") }
        for c in notable {
            var text = "  \(c.key)  \(c.verdict.rawValue)"
            if let side = c.failureSide {
                text += ": the \(side.rawValue) worker failed (below)"
            } else {
                if let r = c.ratio, let lo = c.ratioLower, let hi = c.ratioUpper {
                    text += "  time \(ComparisonHeadline.signedPercent(r)) [\(ComparisonHeadline.signedPercent(lo)), \(ComparisonHeadline.signedPercent(hi))]"
                } else {
                    text += "  time: too few samples"
                }
                if !c.counterChanges.isEmpty {
                    text += "  counters: " + c.counterChanges.prefix(5).map {
                        "\($0.name) \(ComparisonHeadline.counterValue($0.base)) → \(ComparisonHeadline.counterValue($0.candidate))"
                    }.joined(separator: ", ") + (c.counterChanges.count > 5 ? ", …" : "")
                }
                if c.digestChanged { text += "  layout digest \(c.baseDigest ?? "") → \(c.candidateDigest ?? "")" }
            }
            lines.append(text)
        }
        let counts = Dictionary(grouping: suite.cells, by: \.verdict).mapValues(\.count)
        let order: [CellVerdict] = [.error, .behaviourChanged, .slower, .moreWork, .unknown, .faster, .lessWork, .same]
        lines.append("\(suite.cells.count) cells: " + order.compactMap { v in counts[v].map { "\($0) \(v.rawValue)" } }.joined(separator: ", ")
                     + " · \(header.rounds) round(s), \(header.jobs) jobs, \(String(format: "%.1f", header.seconds)) s")
        lines.append(ComparisonHeadline.text(suite, undecided: header.undecided) + " (exit \(header.exitCode(suite)))")
        return lines.joined(separator: "\n") + "\n"
    }
}
