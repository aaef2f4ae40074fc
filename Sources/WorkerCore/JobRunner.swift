import Foundation
import ScenarioCatalog
import Scenarios
import Statistics
import WorkerProtocol
import Workloads

/// Runs one job end to end: load and validate the workload, pick the variant
/// and size, set up the driver, measure, and summarise. Every failure comes
/// back as a `WorkerFailure` whose kind selects the exit code.
public struct JobRunner {
    public var job: JobRequest
    /// Largest size a job may ask for.
    public var sizeLimit = WorkloadLoader.defaultSizeLimit

    public init(job: JobRequest) { self.job = job }

    /// Loads the job's workload (from `workload_source` when given, else the path).
    /// - Throws: `WorkerFailure` of kind `.workload` with every problem, one per log line.
    public func loadWorkload() throws(WorkerFailure) -> Workload {
        do {
            if let source = job.workloadSource {
                var w = try WorkloadLoader.load(source: source, file: job.workloadPath, catalog: ScenarioCatalog.catalog,
                                                sizeLimit: sizeLimit)
                let stem = URL(fileURLWithPath: job.workloadPath).deletingPathExtension().lastPathComponent
                if w.name.isEmpty { w.name = stem }
                return w
            }
            return try WorkloadLoader.load(file: URL(fileURLWithPath: job.workloadPath), catalog: ScenarioCatalog.catalog,
                                           sizeLimit: sizeLimit)
        } catch {
            let lines = error.all.map(\.description)
            throw WorkerFailure(kind: .workload, message: "workload \(job.workloadPath) has \(lines.count) problem\(lines.count == 1 ? "" : "s"): \(lines.first ?? "")",
                                log: lines)
        }
    }

    /// Runs the job, calling `emit` with each sample as it is taken.
    /// - Throws: `WorkerFailure`: `.badJob` (unknown variant, bad size), `.workload` (file problems,
    ///   a driver this worker lacks, parameters the driver refuses), `.engine` (the engine failed; log attached).
    public func run(emit: (Sample) -> Void) throws(WorkerFailure) -> JobSummary {
        let workload = try loadWorkload()
        guard let variant = workload.variant(named: job.variant) else {
            let names = workload.variants.map(\.name)
            throw WorkerFailure(kind: .badJob, message: "workload '\(workload.name)' has no variant '\(job.variant)' — use one of \(names.joined(separator: ", "))")
        }
        try checkSize(workload)
        var settings = workload.measurement
        if let s = job.samples { settings.samples = s }
        if let w = job.warmupIterations { settings.warmupIterations = w }
        if let m = job.minSampleSeconds { settings.minSampleSeconds = m }
        if let t = job.warmupSeconds { settings.warmupSeconds = t }
        guard settings.samples >= 1, settings.warmupIterations >= 0, settings.minSampleSeconds >= 0,
              settings.warmupSeconds >= 0, settings.warmupSeconds.isFinite else {
            throw WorkerFailure(kind: .badJob, message: "samples must be ≥ 1, warm-up ≥ 0 and the minimum sample and warm-up times ≥ 0 — fix the job's overrides")
        }

        let driver: any ScenarioDriver
        do {
            driver = try ScenarioRegistry.make(driver: workload.driver,
                                               parameters: workload.resolvedParameters(variant: variant, size: job.size),
                                               seed: job.seed)
        } catch {
            switch error {
            case .engine(_, let log): throw WorkerFailure(kind: .engine, message: "\(error)", log: log)
            case .unknownDriver:
                throw WorkerFailure(kind: .workload, message: "driver '\(workload.driver)' is not built into this worker yet — missing drivers: \(ScenarioRegistry.missing.joined(separator: ", "))")
            case .badParameter: throw WorkerFailure(kind: .workload, message: "\(error)")
            }
        }

        let result: MeasurementLoop.Result
        var loop = MeasurementLoop(settings: settings)
        loop.injectedSlowdown = MeasurementLoop.injectedSlowdown(forWorkload: workload.name)
        do { result = try loop.run(driver, emit: emit) } catch {
            var log = driver.log
            if case .engine(_, let engineLog) = error { log = engineLog + log }
            throw WorkerFailure(kind: .engine, message: "\(error)", log: Array(log.prefix(200)))
        }
        let perIteration = result.samples.map(\.secondsPerIteration)
        let cpu = result.samples.map { $0.cpuSeconds / Double(max($0.iterations, 1)) }
        let allocs = result.samples.compactMap { s in s.allocations.map { Double($0) / Double(max(s.iterations, 1)) } }
        let bytes = result.samples.compactMap { s in s.allocatedBytes.map { Double($0) / Double(max(s.iterations, 1)) } }
        return JobSummary(workload: workload.name, variant: variant.name, size: job.size, seed: job.seed,
                          medianSeconds: (try? Statistics.median(perIteration)) ?? 0, samples: result.samples.count,
                          counters: result.counters.mapValues(Double.init), digest: result.digest,
                          peakMemoryBytes: ProcessMeters.peakMemoryBytes(), log: Array(driver.log.prefix(200)),
                          medianCPUSeconds: try? Statistics.median(cpu),
                          allocationsPerIteration: try? Statistics.median(allocs),
                          allocatedBytesPerIteration: try? Statistics.median(bytes),
                          iterationsPerSample: result.samples.last?.iterations,
                          overheadFraction: result.overheadFraction, retakenSamples: result.retakenSamples)
    }

    private func checkSize(_ workload: Workload) throws(WorkerFailure) {
        guard job.size >= 1, job.size <= sizeLimit else {
            throw WorkerFailure(kind: .badJob, message: "size \(job.size) is outside 1…\(sizeLimit) — the workload's sizes are \(workload.sweep.sizes.map(String.init).joined(separator: ", "))")
        }
        if let spec = ScenarioCatalog.catalog.driver(named: workload.driver)?.parameter(named: workload.sweep.parameter),
           let why = spec.mismatch(.int(job.size)) {
            throw WorkerFailure(kind: .badJob, message: "size \(job.size) does not fit '\(spec.name)': \(why) — the workload's sizes are \(workload.sweep.sizes.map(String.init).joined(separator: ", "))")
        }
    }
}
