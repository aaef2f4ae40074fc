import Analysis
import Foundation
import Harness
import ResultStore
import Workloads

/// `layoutbench run --settle`: after the planned jobs, inconclusive verdicts
/// on time earn more jobs (``SettleAdvice``: for scaling, the sweep's next
/// size, else more jobs at every size; for a ratio, more jobs of both
/// variants where its interval straddles the bound; twice as many each
/// round), round by round, until every verdict is settled or the budget is
/// spent. The added jobs belong to the same run.
extension RunCommand {
    /// What settling added, for the terminal and the report.
    struct Settling {
        /// One line per request: what was added and the verdict it was for.
        var notes: [String] = []
        /// Sizes added beyond each workload's sweep, by workload name.
        var addedSizes: [String: Set<Int>] = [:]
    }

    func settle(info: RunInfo, loaded: [LoadedWorkload], engines: [EngineChoice], catalog: DriverCatalog?,
                firstOrdinal: Int, link: StorageLink, store: ResultStore, progress: TerminalProgress,
                cancellation: RunCancellation) async throws -> Settling {
        let started = ContinuousClock.now
        var settling = Settling()
        var ordinal = firstOrdinal
        var round = 0
        var workloads = loaded.map(\.workload)
        func loadedWorkload(_ name: String) -> LoadedWorkload? { loaded.first { $0.workload.name == name } }
        while ContinuousClock.now - started < .seconds(settleBudget), cancellation.signal == nil {
            round += 1
            let details = try await store.runDetails(info.id)
            let analysis = RunAnalyzer().analyze(RunReporting.runData(details, workloads: workloads))
            var requests = SettleAdvice.requests(for: analysis, round: round) { name in
                Self.maximumSize(of: loadedWorkload(name)?.workload, catalog: catalog)
            }
            // A new size whose one job would outlast what is left of the
            // budget is not started: the budget is checked between rounds.
            let left = settleBudget - (ContinuousClock.now - started).inSeconds
            var tooLong = false
            requests.removeAll { r in
                guard r.isNewSize, let workload = loadedWorkload(r.workload)?.workload,
                      let series = analysis.series.first(where: {
                          $0.key.workload == r.workload && $0.key.variant == r.variant && $0.key.engine == r.engine
                      }),
                      let seconds = SettleAdvice.expectedJobSeconds(
                          at: r.sizes[0], series: series.time, samples: samples ?? workload.samples(of: r.variant),
                          warmupIterations: workload.measurement.warmupIterations,
                          minSampleSeconds: workload.measurement.minSampleSeconds,
                          warmupSeconds: workload.measurement.warmupSeconds),
                      seconds > left else { return false }
                tooLong = true
                let line = "settle round \(round): \(r.workload)/\(r.variant) on \(r.engine): n = \(NumberFormat.grouped(r.sizes[0])) not added: "
                    + "a job there would take about \(NumberFormat.seconds(seconds)), more than the \(NumberFormat.grouped(Int(max(left, 0)))) s "
                    + "left of --settle-budget"
                settling.notes.append(line)
                progress.note(line)
                return true
            }
            guard !requests.isEmpty else {
                if !tooLong, analysis.verdicts.contains(where: { v in
                    guard case .scaling(_, .time, _) = v.expectation else { return false }
                    return v.outcome == .inconclusive
                }) {
                    let line = "settling stopped: no open verdict can be settled by more jobs, and a larger size would be beyond what its driver accepts"
                    settling.notes.append(line)
                    progress.note(line)
                }
                break
            }
            var jobs: [PlannedJob] = []
            for r in requests {
                guard let l = loadedWorkload(r.workload),
                      let variant = l.workload.variant(named: r.variant),
                      let engine = engines.first(where: { $0.label == r.engine }) else { continue }
                for size in r.sizes.flatMap({ Array(repeating: $0, count: r.jobs) }) {
                    jobs.append(PlannedJob(runID: info.id, ordinal: ordinal, workload: r.workload, workloadPath: l.path,
                                           variant: r.variant, size: size, seed: seed, engineLabel: engine.label,
                                           parameters: l.workload.resolvedParameters(variant: variant, size: size),
                                           requestedSamples: samples))
                    ordinal += 1
                }
                if r.isNewSize {
                    settling.addedSizes[r.workload, default: []].insert(r.sizes[0])
                    if let i = workloads.firstIndex(where: { $0.name == r.workload }), !workloads[i].sweep.sizes.contains(r.sizes[0]) {
                        workloads[i].sweep.sizes.append(r.sizes[0])
                    }
                }
                let line = "settle round \(round): \(r.description)"
                settling.notes.append(line)
                progress.note(line)
            }
            guard !jobs.isEmpty else { break }
            let run = BenchmarkRun(run: info, jobs: jobs, sources: Dictionary(loaded.map { ($0.path, $0.source) }) { a, _ in a },
                                   engines: engines, settings: RunSettings(timeout: timeout, parallelism: self.jobs),
                                   link: link, progress: progress, cancellation: cancellation)
            _ = try await run.execute()
        }
        if ContinuousClock.now - started >= .seconds(settleBudget) {
            let line = "settling stopped: the budget of \(NumberFormat.grouped(Int(settleBudget))) s is spent (--settle-budget)"
            settling.notes.append(line)
            progress.note(line)
        }
        return settling
    }

    /// The largest size the workload's driver takes for its sweep parameter
    /// (the loader's limit when the catalog does not say).
    static func maximumSize(of workload: Workload?, catalog: DriverCatalog?) -> Int {
        guard let workload else { return 0 }
        let bound = catalog?.driver(named: workload.driver)?.parameter(named: workload.sweep.parameter)?.maximum
        return min(bound.map { Int($0) } ?? WorkloadLoader.defaultSizeLimit, WorkloadLoader.defaultSizeLimit)
    }
}
