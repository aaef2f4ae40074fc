import Foundation
import Harness
import ResultStore
import Workloads

// The documents `--json` prints. Each has a schema in docs/schemas/ that the
// tests validate the real output against; a field added here goes there too.

/// `workloads list --json`.
struct WorkloadListDocument: Encodable {
    struct Item: Encodable {
        var name, title, talkTitle, driver, file, sweepParameter: String
        var variants: [String]
        var sizes: [Int]
    }
    var workloads: [Item]

    init(_ loaded: [LoadedWorkload]) {
        workloads = loaded.map { item in
            let w = item.workload
            return Item(name: w.name, title: w.title, talkTitle: w.talk.title, driver: w.driver, file: item.path,
                        sweepParameter: w.sweep.parameter, variants: w.variants.map(\.name), sizes: w.sweep.sizes)
        }
    }
}

/// `workloads show NAME --json`.
struct WorkloadDocument: Encodable {
    struct Talk: Encodable { var title, time, scenario: String }
    struct Sweep: Encodable { var parameter: String; var sizes: [Int] }
    struct Measurement: Encodable { var samples, warmupIterations, processes: Int; var minSampleSeconds: Double }
    struct Variant: Encodable { var name, description: String; var overrides: [String: String] }
    struct Expectation: Encodable { var index: Int; var summary: String }
    var name, title, file, driver, description: String
    var talk: Talk
    var parameters: [String: String]
    var sweep: Sweep
    var measurement: Measurement
    var variants: [Variant]
    var expectations: [Expectation]

    init(_ item: LoadedWorkload) {
        let w = item.workload
        name = w.name; title = w.title; file = item.path; driver = w.driver; description = w.description
        talk = Talk(title: w.talk.title, time: w.talk.time, scenario: w.talk.scenario)
        parameters = w.parameters.mapValues { "\($0)" }
        sweep = Sweep(parameter: w.sweep.parameter, sizes: w.sweep.sizes)
        measurement = Measurement(samples: w.measurement.samples, warmupIterations: w.measurement.warmupIterations,
                                  processes: max(1, w.measurement.processes), minSampleSeconds: w.measurement.minSampleSeconds)
        variants = w.variants.map { Variant(name: $0.name, description: $0.description, overrides: $0.overrides.mapValues { "\($0)" }) }
        expectations = w.expectations.enumerated().map { Expectation(index: $0.offset, summary: $0.element.summary) }
    }
}

/// `db status --json`. `healthy` is false only when something needs doing:
/// the server does not answer, the schema is newer than this layoutbench,
/// or results wait in the spool.
struct DatabaseStatusDocument: Encodable {
    var source: String
    var location: String
    var server: String
    var schemaVersion: Int?
    var latestSchemaVersion: Int
    var runs: Int?
    var spoolFiles: Int
    var healthy: Bool
}

/// `db runs --json`.
struct RunListDocument: Encodable {
    struct Item: Encodable {
        var id, status, hostname: String
        var startedAt: Date
        var finishedAt: Date?
        var durationSeconds: Double?
        var engines: [String]
        var jobs, failedJobs: Int
        var report: String?
    }
    var runs: [Item]

    init(_ runs: [StoredRun]) {
        self.runs = runs.map { run in
            Item(id: run.id.uuidString.lowercased(), status: run.status.rawValue, hostname: run.machine.hostname,
                 startedAt: run.startedAt, finishedAt: run.finishedAt,
                 durationSeconds: run.finishedAt.map { $0.timeIntervalSince(run.startedAt) }, engines: run.engineLabels,
                 jobs: run.jobCount, failedJobs: run.failedJobCount, report: run.reportPath)
        }
    }
}

extension StoredRun {
    /// The engines' names as `--engine` gave them (`NAME=PATH` or `NAME`, comma separated in the run's options).
    var engineLabels: [String] {
        (options["engines"] ?? "").split(separator: ",").map { String($0.split(separator: "=", maxSplits: 1).first ?? $0) }
    }
}

/// `run --json` and `runs follow --json`: the run's end.
struct RunResultDocument: Encodable {
    struct Verdict: Encodable {
        var workload: String
        var index: Int
        var engine: String
        var description, status, reason: String
    }
    var runId: String
    var status: String
    var jobs, failed, notRun: Int
    var report: String?
    /// False when the database did not take everything and results wait in the spool.
    var stored: Bool
    var verdictsEvaluated: Bool
    var verdicts: [Verdict]

    init(runID: UUID, status: RunStatus, jobs: Int, failed: Int, notRun: Int, after: AfterRun, stored: Bool) {
        runId = runID.uuidString.lowercased(); self.status = status.rawValue
        self.jobs = jobs; self.failed = failed; self.notRun = notRun
        report = after.reportPath; self.stored = stored; verdictsEvaluated = after.verdictsEvaluated
        verdicts = after.verdicts.map {
            Verdict(workload: $0.workload, index: $0.expectationIndex, engine: $0.engineLabel, description: $0.description,
                    status: $0.status.rawValue, reason: $0.reason)
        }
    }
}
