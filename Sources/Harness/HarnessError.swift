import Foundation
import Workloads

/// What stops the harness before or between jobs (a failing job is not an
/// error: it is recorded and the run goes on). `message` says what is wrong,
/// `suggestion` what to try; `ErrorRenderer` prints both.
public enum HarnessError: Error, Sendable, Equatable, CustomStringConvertible {
    case engineNotUsable(path: String, reason: String)
    case invalidEngineSpec(String)
    case defaultWorkerMissing(expectedAt: String)
    case unknownWorkload(String, available: [String])
    case workloadProblems([WorkloadProblem])
    case unknownVariants([String], available: [String])
    case noJobs(reason: String)
    case workloadsDirectoryMissing(String)

    /// Problems listed in full; a file can have thousands, and the first
    /// ones are the ones to fix.
    public static let shownProblems = 50

    public var message: String {
        switch self {
        case let .engineNotUsable(path, reason): "the engine worker \(path) cannot be used: \(reason)"
        case let .invalidEngineSpec(spec): "--engine \(spec) is not NAME=PATH"
        case let .defaultWorkerMissing(path): "the default worker \(path) does not exist"
        case let .unknownWorkload(name, _): "there is no workload \"\(name)\""
        case let .workloadProblems(problems):
            "\(problems.count) problem\(problems.count == 1 ? "" : "s") in the workload files:\n"
                + problems.prefix(Self.shownProblems).map { "  " + $0.description }.joined(separator: "\n")
                + (problems.count > Self.shownProblems ? "\n  … and \(problems.count - Self.shownProblems) more (fix these first, then run again)" : "")
        case let .unknownVariants(names, _): "no selected workload has the variant\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
        case let .noJobs(reason): "nothing to run: \(reason)"
        case let .workloadsDirectoryMissing(path): "the workloads directory \(path) does not exist"
        }
    }

    public var suggestion: String {
        switch self {
        case .engineNotUsable: "pass the path of a built worker executable, e.g. --engine base=.build/release/layoutbench-worker"
        case .invalidEngineSpec: "write it as --engine NAME=PATH, e.g. --engine main=/opt/main/layoutbench-worker"
        case .defaultWorkerMissing: "build it with `swift build -c release --product layoutbench-worker`, or name one with --engine NAME=PATH"
        case let .unknownWorkload(name, available):
            Self.closest(to: name, in: available).map { "did you mean \"\($0)\"? " } ?? ""
                + "`layoutbench workloads list` shows them all"
        case .workloadProblems: "fix the files (format in Workloads/README.md); `layoutbench workloads validate` rechecks them"
        case let .unknownVariants(_, available): "choose from: \(available.joined(separator: ", "))"
        case .noJobs: "loosen --variants or --sizes; `layoutbench workloads show NAME` lists a workload's variants and sizes"
        case .workloadsDirectoryMissing: "run from a LayoutBench checkout, or pass --workloads-directory"
        }
    }

    public var description: String { message + " — " + suggestion }

    /// The candidate with the smallest edit distance, if it is close enough to be a typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
