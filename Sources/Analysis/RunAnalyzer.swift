import Workloads

/// Turns a run's samples into a ``RunAnalysis``: cells, then series, then
/// ratios, then a verdict for every expectation — the criterion.rs layering
/// of statistics (the `Statistics` module) applied to benchmark data.
///
/// Seeds: every bootstrap is seeded from ``AnalysisOptions/seed`` and a
/// stable FNV-1a hash of what it describes (never Swift's per-process
/// `Hasher`), so the same run always gives the same report.
public struct RunAnalyzer: Sendable {
    public var options: AnalysisOptions
    public init(options: AnalysisOptions = AnalysisOptions()) { self.options = options }

    /// Analyses `run`. Never throws: what cannot be computed (too few sizes,
    /// failed jobs) is recorded with its reason and the verdicts say
    /// inconclusive.
    public func analyze(_ run: RunData) -> RunAnalysis {
        var notes: [String] = []
        let knownWorkloads = Set(run.workloads.map(\.name))
        var jobsByCell: [CellKey: [JobRecord]] = [:]
        for job in run.jobs {
            jobsByCell[CellKey(workload: job.workload, variant: job.variant, size: job.size, engine: job.engine), default: []].append(job)
        }
        for name in Set(run.jobs.map(\.workload)).subtracting(knownWorkloads).sorted() {
            notes.append("jobs of workload \(name) have no workload definition in the run; their expectations cannot be checked")
        }
        let engineNames = Set(run.engines.map(\.name))
        for name in Set(run.jobs.map(\.engine)).subtracting(engineNames).sorted() {
            notes.append("jobs ran on engine \(name), which the run does not describe; its identity is unknown")
        }

        // Cells.
        var cells: [CellStatistics] = []
        var failures: [RunAnalysis.JobFailure] = []
        var times: [CellKey: [Double]] = [:]
        for key in jobsByCell.keys.sorted() {
            let jobs = jobsByCell[key]!
            for job in jobs { if case .failed(let reason) = job.status { failures.append(.init(key: key, seed: job.seed, reason: reason)) } }
            let t = jobs.flatMap { $0.samples.map(\.secondsPerIteration) }
            if !t.isEmpty { times[key] = t }
            if let c = CellStatistics.make(key: key, jobs: jobs, resamples: options.cellResamples, seed: seed(for: key.description)) {
                cells.append(c)
            }
        }

        // Series: time and counters across sizes.
        var cellsBySeries: [SeriesKey: [CellStatistics]] = [:]
        for c in cells { cellsBySeries[c.key.series, default: []].append(c) }
        var series: [SeriesScaling] = []
        for key in cellsBySeries.keys.sorted() {
            let seriesCells = cellsBySeries[key]!.sorted { $0.key.size < $1.key.size }
            var samples: [Int: [Double]] = [:]
            for c in seriesCells { samples[c.key.size] = times[c.key] ?? [] }
            let time = TimeScaling.fit(samples: samples, resamples: options.exponentResamples, seed: seed(for: key.description))
            var counters: [CounterGrowth] = []
            for name in Set(seriesCells.flatMap { $0.counters.keys }).sorted() {
                let present = seriesCells.filter { $0.counters[name] != nil }
                if let g = CounterGrowth.fit(counter: name, sizes: present.map(\.key.size), values: present.map { $0.counters[name]! }) {
                    counters.append(g)
                }
            }
            series.append(SeriesScaling(key: key, time: time, counters: counters,
                                        growth: GrowthFinding.decide(time: time, counters: counters)))
        }

        // Ratios against each workload's first variant (the file's order), else the alphabetically first.
        var ratios: [VariantRatio] = []
        for c in cells {
            let variants = run.workload(named: c.key.workload)?.variants.map(\.name)
                ?? Array(Set(cells.filter { $0.key.workload == c.key.workload }.map(\.key.variant))).sorted()
            guard let base = variants.first(where: { v in times[CellKey(workload: c.key.workload, variant: v, size: c.key.size, engine: c.key.engine)] != nil }),
                  base != c.key.variant else { continue }
            let baseKey = CellKey(workload: c.key.workload, variant: base, size: c.key.size, engine: c.key.engine)
            if let r = VariantRatio.make(workload: c.key.workload, engine: c.key.engine, size: c.key.size, base: base,
                                         candidate: c.key.variant, baseTimes: times[baseKey]!, candidateTimes: times[c.key] ?? [],
                                         resamples: options.cellResamples, seed: seed(for: "ratio " + c.key.description)) {
                ratios.append(r)
            }
        }

        // Verdicts: every expectation of every workload, on every engine that ran it
        // (on every engine of the run when no job of the workload ran at all).
        var verdicts: [ExpectationVerdict] = []
        for workload in run.workloads {
            let ran = Set(run.jobs.filter { $0.workload == workload.name }.map(\.engine))
            let engines = ran.isEmpty ? (run.engines.isEmpty ? ["(none)"] : run.engines.map(\.name)) : ran.sorted()
            for engine in engines {
                let evidence = makeEvidence(workload: workload.name, engine: engine, cells: cells, series: series,
                                            times: times, failures: failures)
                let evaluator = ExpectationEvaluator(evidence: evidence)
                for (index, expectation) in workload.expectations.enumerated() {
                    verdicts.append(evaluator.verdict(for: expectation, index: index))
                }
            }
        }
        return RunAnalysis(runID: run.id, options: options, cells: cells, series: series, ratios: ratios,
                           verdicts: verdicts, failures: failures, notes: notes)
    }

    private func makeEvidence(workload: String, engine: String, cells: [CellStatistics], series: [SeriesScaling],
                              times: [CellKey: [Double]], failures: [RunAnalysis.JobFailure]) -> WorkloadEvidence {
        var e = WorkloadEvidence(workload: workload, engine: engine, cells: [:], times: [:], series: [:], failures: [:],
                                 resamples: options.cellResamples, seed: seed(for: "verdict \(workload) \(engine)"))
        for c in cells where c.key.workload == workload && c.key.engine == engine {
            e.cells[c.key.variant, default: [:]][c.key.size] = c
            e.times[c.key.variant, default: [:]][c.key.size] = times[c.key]
        }
        for s in series where s.key.workload == workload && s.key.engine == engine { e.series[s.key.variant] = s }
        for f in failures where f.key.workload == workload && f.key.engine == engine {
            e.failures[f.key.variant, default: []].append("n = \(f.key.size): \(f.reason)")
        }
        return e
    }

    /// The root seed mixed with a 64-bit FNV-1a hash of `label`.
    func seed(for label: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return h ^ options.seed
    }
}

/// Applies the rule for each kind of expectation (``ScalingRule``, ``ComparisonRules``).
struct ExpectationEvaluator {
    var evidence: WorkloadEvidence

    func verdict(for expectation: Expectation, index: Int) -> ExpectationVerdict {
        let rules = ComparisonRules(evidence: evidence)
        let (outcome, reason, figures) = switch expectation {
        case .scaling(let variant, let metric, let claim):
            ScalingRule(evidence: evidence).evaluate(variant: variant, metric: metric, claim: claim)
        case .ratio(let cheaper, let than, let factor, let metric, let size):
            rules.ratio(cheaper: cheaper, than: than, factor: factor, metric: metric, size: size)
        case .counter(let variant, let counter, let bound):
            rules.counterBound(variant: variant, counter: counter, bound: bound)
        case .sameDigest(let variants):
            rules.sameDigest(variants: variants)
        }
        return ExpectationVerdict(workload: evidence.workload, engine: evidence.engine, index: index,
                                  expectation: expectation, outcome: outcome, reason: reason, figures: figures)
    }
}
