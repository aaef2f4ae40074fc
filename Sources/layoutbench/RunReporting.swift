import Analysis
import Foundation
import Report
import ResultStore
import Workloads

/// The bridge from stored results to the analysis and the report: the store
/// and the analysis each have their own plain types (neither depends on the
/// other), and this is the one place that maps between them.
enum RunReporting {
    /// What reporting produced for one run.
    struct Outcome {
        var analysis: RunAnalysis
        var data: RunData
        var runPage: URL
        /// The verdicts in the store's shape, ready for `expectation_verdicts`.
        var storedVerdicts: [StoredVerdict]
    }

    /// Analyses `details`, writes the report under `reportsDirectory`, and
    /// returns the verdicts for the store.
    static func report(_ details: RunDetails, workloads: [Workload], reportsDirectory: URL,
                       notes: [String] = []) throws(ReportError) -> Outcome {
        let data = runData(details, workloads: workloads)
        var analysis = RunAnalyzer().analyze(data)
        analysis.notes += notes
        let written = try Report.write(run: data, analysis: analysis, allRuns: Report.existingRuns(in: reportsDirectory),
                                       to: reportsDirectory)
        // Every report also brings Reports/history/ up to date with this run.
        try HistoryPages.write(reports: reportsDirectory)
        return Outcome(analysis: analysis, data: data, runPage: written.runPage, storedVerdicts: storedVerdicts(analysis))
    }

    static func runData(_ d: RunDetails, workloads: [Workload]) -> RunData {
        let m = d.run.machine
        var engines: [EngineRecord] = []
        for job in d.jobs {
            guard let e = d.engine(of: job), !engines.contains(where: { $0.name == job.plan.engineLabel }) else { continue }
            engines.append(EngineRecord(name: job.plan.engineLabel, identity: e.info.identity, binaryHash: e.info.binarySHA256))
        }
        let names = Set(d.jobs.map(\.plan.workload))
        let jobs = d.jobs.map { job -> JobRecord in
            let status: Analysis.JobStatus
            switch job.status {
            case .succeeded: status = .ok
            case .failed: status = .failed(reason: job.failure?.reason ?? "failed")
            case .planned, .running: status = .failed(reason: "did not run (the run was interrupted)")
            }
            return JobRecord(workload: job.plan.workload, variant: job.plan.variant, size: job.plan.size,
                             engine: job.plan.engineLabel, seed: job.plan.seed, status: status,
                             samples: job.measured.map(SampleRecord.init), counters: job.counters,
                             digest: job.digest ?? "", host: m.hostname)
        }
        var data = RunData(id: d.run.id.uuidString.lowercased(), startedAt: d.run.startedAt, finishedAt: d.run.finishedAt,
                           label: d.run.commandLine,
                           machine: Analysis.MachineInfo(hostname: m.hostname, cpuModel: m.cpuModel, cores: m.cores,
                                                         memoryBytes: m.memoryBytes, kernel: m.kernel, swiftVersion: m.swiftVersion),
                           engines: engines, workloads: workloads.filter { names.contains($0.name) }, jobs: jobs)
        data.status = RunState(rawValue: d.run.status.rawValue)
        data.unfinishedJobs = d.jobs.filter(\.neverRan).count
        return data
    }

    static func storedVerdicts(_ analysis: RunAnalysis) -> [StoredVerdict] {
        analysis.verdicts.map { v in
            let status: VerdictStatus = switch v.outcome { case .pass: .pass; case .fail: .fail; case .inconclusive: .inconclusive }
            let figures = Dictionary(v.figures.map { ($0.label, $0.value) }) { a, _ in a }
            let json = (try? JSONSerialization.data(withJSONObject: figures.filter { $0.value.isFinite }, options: [.sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return StoredVerdict(workload: v.workload, expectationIndex: v.index, engineLabel: v.engine,
                                                  description: v.claimText, status: status, reason: v.reason, detailsJSON: json)
        }
    }
}

extension StoredJob {
    /// Still planned or running when the run is reported: the run ended before it.
    var neverRan: Bool { status == .planned || status == .running }
}
