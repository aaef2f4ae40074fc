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
    /// inconclusive. The phases: jobs grouped into cells, cell statistics,
    /// series fits, variant ratios, verdicts.
    public func analyze(_ run: RunData) -> RunAnalysis {
        let (jobsByCell, notes) = Self.groupJobs(run)
        let measured = analyzeCells(jobsByCell)
        let series = fitSeries(measured.cells, times: measured.times, jobs: jobsByCell)
        let ratios = Self.variantRatios(run, measured)
        let verdicts = expectationVerdicts(run, measured, series: series, ratios: ratios)
        return RunAnalysis(runID: run.id, options: options, cells: measured.cells, series: series, ratios: ratios,
                           verdicts: verdicts, failures: measured.failures, notes: notes)
    }

    /// What the cell phase produces for the later ones.
    struct MeasuredCells {
        var cells: [CellStatistics] = []
        var failures: [RunAnalysis.JobFailure] = []
        /// Per-iteration times of each cell with any sample.
        var times: [CellKey: [Double]] = [:]
        /// Each cell's bootstrap replicates of its median (for ratios).
        var replicates: [CellKey: [Double]] = [:]
        var byKey: [CellKey: CellStatistics] = [:]
    }

    /// Jobs by cell, with implausible samples and failed jobs' samples left
    /// out, and notes on what the run does not describe.
    static func groupJobs(_ run: RunData) -> (jobsByCell: [CellKey: [JobRecord]], notes: [String]) {
        var notes: [String] = []
        var jobsByCell: [CellKey: [JobRecord]] = [:]
        var implausible = 0
        for var job in run.jobs {
            // A failed job's samples are kept in the store as evidence, never
            // measured from: a job killed midway saw only part of its work.
            if !job.status.isOK { job.samples = [] }
            let plausible = job.samples.filter(\.isPlausible)
            implausible += job.samples.count - plausible.count
            job.samples = plausible
            jobsByCell[CellKey(workload: job.workload, variant: job.variant, size: job.size, engine: job.engine), default: []].append(job)
        }
        if implausible > 0 {
            notes.append("\(implausible) sample(s) with times or iteration counts no measurement can produce were left out")
        }
        let knownWorkloads = Set(run.workloads.map(\.name))
        for name in Set(run.jobs.map(\.workload)).subtracting(knownWorkloads).sorted() {
            notes.append("jobs of workload \(name) have no workload definition in the run; their expectations cannot be checked")
        }
        let engineNames = Set(run.engines.map(\.name))
        for name in Set(run.jobs.map(\.engine)).subtracting(engineNames).sorted() {
            notes.append("jobs ran on engine \(name), which the run does not describe; its identity is unknown")
        }
        return (jobsByCell, notes)
    }

    /// Each cell's statistics, in parallel (each is independent of the others), and its failed jobs.
    func analyzeCells(_ jobsByCell: [CellKey: [JobRecord]]) -> MeasuredCells {
        let keys = jobsByCell.keys.sorted()
        let options = options
        let analyzer = self
        let cellResults = parallelMap(keys.count) { i -> ((CellStatistics, [Double])?, [Double]) in
            let key = keys[i]
            let jobs = jobsByCell[key]!
            let t = jobs.flatMap { $0.samples.map(\.secondsPerIteration) }
            return (CellStatistics.make(key: key, jobs: jobs, resamples: options.cellResamples, seed: analyzer.seed(for: key.description)), t)
        }
        var m = MeasuredCells()
        for (i, key) in keys.enumerated() {
            for job in jobsByCell[key]! { if case .failed(let reason) = job.status { m.failures.append(.init(key: key, seed: job.seed, reason: reason)) } }
            if !cellResults[i].1.isEmpty { m.times[key] = cellResults[i].1 }
            if let (c, r) = cellResults[i].0 { m.cells.append(c); m.replicates[key] = r; m.byKey[key] = c }
        }
        return m
    }

    /// Time and counters across sizes, one series per workload, variant and engine, in parallel.
    func fitSeries(_ cells: [CellStatistics], times: [CellKey: [Double]], jobs jobsByCell: [CellKey: [JobRecord]]) -> [SeriesScaling] {
        var cellsBySeries: [SeriesKey: [CellStatistics]] = [:]
        for c in cells { cellsBySeries[c.key.series, default: []].append(c) }
        let seriesKeys = cellsBySeries.keys.sorted()
        let frozenSeries = cellsBySeries
        let options = options
        let analyzer = self
        return parallelMap(seriesKeys.count) { i -> SeriesScaling in
            let key = seriesKeys[i]
            let seriesCells = frozenSeries[key]!.sorted { $0.key.size < $1.key.size }
            var samples: [Int: [Double]] = [:]
            var cpuSamples: [Int: [Double]] = [:]
            var jobOfSample: [Int: [Int]] = [:]
            for c in seriesCells {
                samples[c.key.size] = times[c.key] ?? []
                let jobs = jobsByCell[c.key]!
                cpuSamples[c.key.size] = jobs.flatMap { $0.samples.map(\.cpuSecondsPerIteration) }
                jobOfSample[c.key.size] = jobs.enumerated().flatMap { i, job in Array(repeating: i, count: job.samples.count) }
            }
            let time = TimeScaling.fit(samples: samples, cpuSamples: cpuSamples, jobs: jobOfSample, resamples: options.exponentResamples,
                                       seed: analyzer.seed(for: key.description))
            var counters: [CounterGrowth] = []
            for name in Set(seriesCells.flatMap { $0.counters.keys }).sorted() {
                let present = seriesCells.filter { $0.counters[name] != nil }
                if let g = CounterGrowth.fit(counter: name, sizes: present.map(\.key.size), values: present.map { $0.counters[name]! }) {
                    counters.append(g)
                }
            }
            return SeriesScaling(key: key, time: time, counters: counters, growth: GrowthFinding.decide(time: time, counters: counters))
        }
    }

    /// Each cell against its workload's first variant (the file's order,
    /// else the alphabetically first) at the same size and engine.
    static func variantRatios(_ run: RunData, _ m: MeasuredCells) -> [VariantRatio] {
        var variantOrder: [String: [String]] = [:]
        for c in m.cells where variantOrder[c.key.workload] == nil {
            variantOrder[c.key.workload] = run.workload(named: c.key.workload)?.variants.map(\.name)
                ?? Array(Set(m.cells.filter { $0.key.workload == c.key.workload }.map(\.key.variant))).sorted()
        }
        var pairs: [(base: CellKey, candidate: CellKey)] = []
        for c in m.cells {
            let k = c.key
            guard let base = variantOrder[k.workload]!.first(where: { v in m.times[CellKey(workload: k.workload, variant: v, size: k.size, engine: k.engine)] != nil }),
                  base != k.variant else { continue }
            pairs.append((CellKey(workload: k.workload, variant: base, size: k.size, engine: k.engine), k))
        }
        return pairs.compactMap { (b, c) -> VariantRatio? in
            guard let baseCell = m.byKey[b], let candidateCell = m.byKey[c] else { return nil }
            return VariantRatio.make(workload: c.workload, engine: c.engine, size: c.size, base: baseCell, candidate: candidateCell,
                                     baseReplicates: m.replicates[b] ?? [], candidateReplicates: m.replicates[c] ?? [])
        }
    }

    /// Every expectation of every workload, on every engine that ran it (on
    /// every engine of the run when no job of the workload ran at all).
    func expectationVerdicts(_ run: RunData, _ m: MeasuredCells, series: [SeriesScaling], ratios: [VariantRatio]) -> [ExpectationVerdict] {
        var verdicts: [ExpectationVerdict] = []
        for workload in run.workloads {
            let ran = Set(run.jobs.filter { $0.workload == workload.name }.map(\.engine))
            let engines = ran.isEmpty ? (run.engines.isEmpty ? ["(none)"] : run.engines.map(\.name)) : ran.sorted()
            for engine in engines {
                let evidence = makeEvidence(workload: workload.name, engine: engine, cells: m.cells, series: series,
                                            ratios: ratios, times: m.times, failures: m.failures)
                let evaluator = ExpectationEvaluator(evidence: evidence)
                for (index, expectation) in workload.expectations.enumerated() {
                    verdicts.append(evaluator.verdict(for: expectation, index: index))
                }
            }
        }
        return verdicts
    }

    private func makeEvidence(workload: String, engine: String, cells: [CellStatistics], series: [SeriesScaling],
                              ratios: [VariantRatio], times: [CellKey: [Double]], failures: [RunAnalysis.JobFailure]) -> WorkloadEvidence {
        var e = WorkloadEvidence(workload: workload, engine: engine, cells: [:], times: [:], series: [:], failures: [:], ratios: [:],
                                 resamples: options.cellResamples, seed: seed(for: "verdict \(workload) \(engine)"))
        for c in cells where c.key.workload == workload && c.key.engine == engine {
            e.cells[c.key.variant, default: [:]][c.key.size] = c
            e.times[c.key.variant, default: [:]][c.key.size] = times[c.key]
        }
        for s in series where s.key.workload == workload && s.key.engine == engine { e.series[s.key.variant] = s }
        for r in ratios where r.workload == workload && r.engine == engine { e.ratios[RatioKey(base: r.base, candidate: r.candidate, size: r.size)] = r }
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
        var openSizes: [Int] = []
        let result: ComparisonRules.Result
        switch expectation {
        case .scaling(let variant, let metric, let claim):
            result = ScalingRule(evidence: evidence).evaluate(variant: variant, metric: metric, claim: claim)
        case .ratio(let cheaper, let than, let factor, let metric, let size):
            (result, openSizes) = rules.ratio(cheaper: cheaper, than: than, factor: factor, metric: metric, size: size)
        case .counter(let variant, let counter, let bound):
            result = rules.counterBound(variant: variant, counter: counter, bound: bound)
        case .sameDigest(let variants):
            result = rules.sameDigest(variants: variants)
        }
        var verdict = ExpectationVerdict(workload: evidence.workload, engine: evidence.engine, index: index,
                                         expectation: expectation, outcome: result.0, reason: result.1, figures: result.2)
        if !openSizes.isEmpty { verdict.openSizes = openSizes }
        return verdict
    }
}
