import Statistics

/// One cell of a run: a workload's variant at one size on one engine. All
/// jobs of the cell (several seeds) are pooled.
public struct CellKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var workload: String
    public var variant: String
    public var size: Int
    public var engine: String

    public init(workload: String, variant: String, size: Int, engine: String) {
        self.workload = workload; self.variant = variant; self.size = size; self.engine = engine
    }

    /// The series this cell belongs to (the same key without the size).
    public var series: SeriesKey { SeriesKey(workload: workload, variant: variant, engine: engine) }

    public static func < (a: Self, b: Self) -> Bool {
        (a.workload, a.engine, a.variant, a.size) < (b.workload, b.engine, b.variant, b.size)
    }
    public var description: String { "\(workload)/\(variant)@\(size) [\(engine)]" }
}

/// One growth curve: a workload's variant on one engine, across sizes.
public struct SeriesKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var workload: String
    public var variant: String
    public var engine: String

    public init(workload: String, variant: String, engine: String) {
        self.workload = workload; self.variant = variant; self.engine = engine
    }
    public static func < (a: Self, b: Self) -> Bool {
        (a.workload, a.engine, a.variant) < (b.workload, b.engine, b.variant)
    }
    public var description: String { "\(workload)/\(variant) [\(engine)]" }
}

/// What one cell's samples say: location, spread, percentiles, a bootstrap
/// interval on the median, and Tukey's outlier labels (kept, never dropped).
///
/// All time figures are wall seconds per iteration.
public struct CellStatistics: Sendable, Equatable, Codable {
    public var key: CellKey
    /// Jobs pooled into the cell, and how many of them failed.
    public var jobCount: Int
    public var failures: [String]
    public var sampleCount: Int
    public var median: Double
    public var mean: Double
    /// Raw median absolute deviation, `median |tᵢ − median(t)|`.
    public var mad: Double
    public var minimum: Double
    public var maximum: Double
    /// Type-7 percentiles at ``CellStatistics/percentileLevels``.
    public var percentiles: [Double]
    /// 95 % percentile-bootstrap interval on the median (seeded; jobs, then
    /// the samples inside each, when the cell has several jobs).
    public var medianLower: Double
    public var medianUpper: Double
    /// Tukey fences on the times: `Q1 − 1.5·IQR`, `Q3 + 1.5·IQR`, and the outer pair at 3·IQR.
    public var fences: Fences
    /// Indices (into the cell's pooled samples, in job then sample order) of values beyond the inner fences.
    public var outlierIndices: [Int]
    /// Median CPU seconds per iteration.
    public var cpuMedian: Double
    /// Median allocations per iteration, when the worker counted them.
    public var allocationsMedian: Double?
    /// Per-iteration counters (median over the cell's jobs; deterministic, so normally all equal).
    public var counters: [String: Double]
    /// The jobs' layout digests by seed.
    public var digests: [UInt64: String]

    /// The levels of ``percentiles``.
    public static let percentileLevels: [Double] = [1, 5, 25, 50, 75, 95, 99]

    public struct Fences: Sendable, Equatable, Codable {
        public var lowSevere: Double
        public var lowMild: Double
        public var highMild: Double
        public var highSevere: Double
    }

    /// Relative spread, MAD / median (0 when the median is 0).
    public var relativeMAD: Double { median > 0 ? mad / median : 0 }

    /// The percentile at `level` (one of ``percentileLevels``).
    public func percentile(_ level: Double) -> Double? {
        CellStatistics.percentileLevels.firstIndex(of: level).map { percentiles[$0] }
    }
}

extension CellStatistics {
    /// Summarises one cell from its jobs.
    ///
    /// - Parameters:
    ///   - times: wall seconds per iteration of every measured sample, pooled.
    ///   - resamples: bootstrap resamples for the median's interval.
    ///   - seed: fixes the bootstrap, so the same data give the same report.
    /// - Returns: `nil` when there are no samples (every job failed); else the
    ///   statistics and the median's bootstrap replicates in draw order
    ///   (empty with fewer than 2 samples), for ratio intervals.
    static func make(key: CellKey, jobs: [JobRecord], resamples: Int, seed: UInt64) -> (CellStatistics, [Double])? {
        var times: [Double] = [], cpu: [Double] = [], allocations: [Double] = []
        for job in jobs {
            for s in job.samples {
                times.append(s.secondsPerIteration)
                cpu.append(s.cpuSecondsPerIteration)
                if let a = s.allocationsPerIteration { allocations.append(a) }
            }
        }
        let failures = jobs.compactMap { job -> String? in
            if case .failed(let reason) = job.status { return "seed \(job.seed): \(reason)" }
            return nil
        }
        guard let summary = try? Summary(of: times),
              let fences = try? TukeyFences(times),
              let levels = try? Statistics.percentiles(times, CellStatistics.percentileLevels) else { return nil }
        var lower = summary.median, upper = summary.median
        var replicates: [Double] = []
        // Jobs, then samples: the spread between worker processes is part
        // of the median's uncertainty (and of every ratio read from it).
        if times.count >= 2, let r = try? twoStageMedianReplicates(jobs.map { $0.samples.map(\.secondsPerIteration) },
                                                                  resamples: resamples, seed: seed),
           let boot = try? percentileBootstrapEstimate(estimate: summary.median, replicates: r) {
            replicates = r
            lower = boot.interval.lower
            upper = boot.interval.upper
        }
        var counters: [String: Double] = [:]
        let ok = jobs.filter { $0.status.isOK }
        for name in Set(ok.flatMap { $0.counters.keys }) {
            let values = ok.compactMap { $0.counters[name] }
            counters[name] = (try? Statistics.median(values)) ?? values.first
        }
        var digests: [UInt64: String] = [:]
        for job in ok where !job.digest.isEmpty { digests[job.seed] = job.digest }
        let statistics = CellStatistics(
            key: key, jobCount: jobs.count, failures: failures, sampleCount: times.count,
            median: summary.median, mean: summary.mean, mad: summary.medianAbsoluteDeviation,
            minimum: summary.minimum, maximum: summary.maximum, percentiles: levels,
            medianLower: lower, medianUpper: upper,
            fences: Fences(lowSevere: fences.lowSevere, lowMild: fences.lowMild,
                           highMild: fences.highMild, highSevere: fences.highSevere),
            outlierIndices: fences.labels.indices.filter { fences.labels[$0].isOutlier },
            cpuMedian: (try? Statistics.median(cpu)) ?? 0,
            allocationsMedian: allocations.isEmpty ? nil : try? Statistics.median(allocations),
            counters: counters, digests: digests)
        return (statistics, replicates)
    }
}
