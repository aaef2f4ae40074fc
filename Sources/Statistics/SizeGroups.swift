#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Timings grouped by problem size, sizes ascending, values as log-times.
/// The growth analyses all work on this shape.
struct SizeGroups {
    /// Distinct sizes, ascending.
    var sizes: [Double]
    /// `logTimes[j]` holds ln t for every observation at `sizes[j]`.
    var logTimes: [[Double]]

    var count: Int { sizes.count }
    var observationCount: Int { logTimes.reduce(0) { $0 + $1.count } }

    /// Validates (n, t) pairs — equal lengths, finite, t > 0, n ≥ 1 — and groups them.
    init(sizes n: [Double], times t: [Double]) throws(StatisticsError) {
        try requireSameLength(n, t)
        try requirePositive(t)
        try requireFinite(n)
        for (i, v) in n.enumerated() where v < 1 {
            throw .sizeBelowOne(index: i, value: v)
        }
        var bySize: [Double: [Double]] = [:]
        for i in n.indices {
            bySize[n[i], default: []].append(log(t[i]))
        }
        sizes = bySize.keys.sorted()
        logTimes = sizes.map { bySize[$0]! }
    }

    /// log10(max/min): how many decades the sizes span.
    var decades: Double { log10(sizes[sizes.count - 1] / sizes[0]) }

    func requireReplicates(_ needed: Int) throws(StatisticsError) {
        for (size, group) in zip(sizes, logTimes) where group.count < needed {
            throw .tooFewSamplesPerSize(size: size, got: group.count, needed: needed)
        }
    }

    /// Pooled within-size variance of log-times (pure error):
    /// s² = Σⱼ Σₖ (yⱼₖ − ȳⱼ)² / (N − J), with its degrees of freedom N − J.
    ///
    /// With `fenced`, runs beyond a group's outer Tukey fences (3·IQR, on
    /// ln t; groups of ≥ 4 runs) are left out of this sum and of N: one
    /// preempted run in ten would otherwise double s² and blunt every test
    /// built on it. Normal noise crosses the outer fences with probability
    /// ≈ 2·10⁻⁶, so clean data lose nothing. Without `fenced`, every run
    /// counts, which is conservative when spikes also nudge the centres.
    func pooledLogVariance(fenced: Bool) -> (variance: Double, degreesOfFreedom: Int) {
        var squares = 0.0
        var kept = 0
        var groupsUsed = 0
        for group in logTimes {
            var values = group
            if fenced && group.count >= 4 {
                let sorted = group.sorted()
                let q1 = sortedQuantile(sorted, 0.25), q3 = sortedQuantile(sorted, 0.75)
                let iqr = q3 - q1
                values = group.filter { $0 >= q1 - 3 * iqr && $0 <= q3 + 3 * iqr }
            }
            guard values.count > 1 else { continue }
            let m = uncheckedMean(values)
            for y in values { squares += (y - m) * (y - m) }
            kept += values.count
            groupsUsed += 1
        }
        let df = kept - groupsUsed
        return (df > 0 ? squares / Double(df) : 0, df)
    }
}
