import Analysis
import Foundation

/// `samples.csv`: one row per measured sample, raw as stored, plus the
/// per-iteration time the analysis uses and whether Tukey's fences flag it.
public struct SampleCSVExport: ReportRenderer {
    public init() {}
    public var fileName: String { "samples.csv" }
    public var location: ReportLocation { .runDirectory }

    public static let header = "run,workload,variant,size,engine,seed,sample,iterations,wall_seconds,cpu_seconds,allocations,seconds_per_iteration,outlier"

    public func render(_ input: ReportInput) -> String {
        var outliers: [CellKey: Set<Int>] = [:]
        for c in input.analysis.cells { outliers[c.key] = Set(c.outlierIndices) }
        var position: [CellKey: Int] = [:]
        var out = Self.header + "\n"
        out.reserveCapacity(input.run.sampleCount * 110)
        let run = escapeCSV(input.run.id)
        for job in input.run.jobs {
            let key = CellKey(workload: job.workload, variant: job.variant, size: job.size, engine: job.engine)
            let prefix = "\(run),\(escapeCSV(job.workload)),\(escapeCSV(job.variant)),\(job.size),\(escapeCSV(job.engine)),\(job.seed),"
            let flagged = outliers[key] ?? []
            for (i, s) in job.samples.enumerated() {
                let p = position[key, default: 0]
                position[key] = p + 1
                out += prefix
                out += "\(i),\(s.iterations),\(csvNumber(s.wallSeconds)),\(csvNumber(s.cpuSeconds)),\(s.allocations.map(String.init) ?? ""),"
                out += "\(csvNumber(s.secondsPerIteration)),\(flagged.contains(p) ? 1 : 0)\n"
            }
        }
        return out
    }
}

/// `cells.csv`: one row per cell with the statistics the report shows.
public struct CellCSVExport: ReportRenderer {
    public init() {}
    public var fileName: String { "cells.csv" }
    public var location: ReportLocation { .runDirectory }

    public static let header = "run,workload,variant,size,engine,jobs,failed_jobs,samples,median,median_ci_low,median_ci_high,mean,mad,min,max,"
        + CellStatistics.percentileLevels.map { "p\(Int($0))" }.joined(separator: ",") + ",outliers,cpu_median,allocations_median,counters"

    public func render(_ input: ReportInput) -> String {
        var out = Self.header + "\n"
        for c in input.analysis.cells {
            let counters = c.counters.keys.sorted().map { "\($0)=\(csvNumber(c.counters[$0]!))" }.joined(separator: ";")
            let fields: [String] = [
                escapeCSV(input.run.id), escapeCSV(c.key.workload), escapeCSV(c.key.variant), String(c.key.size), escapeCSV(c.key.engine),
                String(c.jobCount), String(c.failures.count), String(c.sampleCount),
                csvNumber(c.median), csvNumber(c.medianLower), csvNumber(c.medianUpper), csvNumber(c.mean), csvNumber(c.mad),
                csvNumber(c.minimum), csvNumber(c.maximum),
            ] + c.percentiles.map(csvNumber) + [
                String(c.outlierIndices.count), csvNumber(c.cpuMedian), c.allocationsMedian.map(csvNumber) ?? "", escapeCSV(counters),
            ]
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }
}

/// Shortest round-tripping decimal form of a Double ("1.25e-06"), "" for non-finite.
func csvNumber(_ v: Double) -> String { v.isFinite ? "\(v)" : "" }
