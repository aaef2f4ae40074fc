#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Replicates of the pooled median of `jobs` (each job's samples, from one
/// worker process), drawn in two stages (Davison & Hinkley 1997, §3.8):
/// the jobs with replacement, then the samples inside each drawn job. A
/// process-wide slowdown (a slow stretch of a shared machine, a heap
/// layout) is shared by all of a job's samples, so only the spread between
/// jobs can show it; drawing samples alone would read g jobs of 10 as 10g
/// independent values. With g jobs the bootstrap spread of such a mean is
/// (g − 1)/g of the unbiased one, so each replicate's log-distance from the
/// pooled median is stretched by √(g/(g − 1)) (its plain distance when a
/// value is not positive). With one job this is
/// ``medianBootstrapReplicates(_:resamples:seed:)`` of its samples.
///
/// - Throws: `.tooFewValues` (fewer than 2 samples in all),
///   `.nonFiniteValue`, `.invalidResampleCount`.
public func twoStageMedianReplicates(_ jobs: [[Double]], resamples: Int, seed: UInt64) throws(StatisticsError) -> [Double] {
    let jobs = jobs.filter { !$0.isEmpty }
    guard jobs.count >= 2 else { return try medianBootstrapReplicates(jobs.first ?? [], resamples: resamples, seed: seed) }
    let pooled = jobs.flatMap { $0 }
    try requireFinite(pooled, minimumCount: 2)
    try requireResamples(resamples)
    let positive = pooled.allSatisfy { $0 > 0 }
    let estimate = sortedQuantile(pooled.sorted(), 0.5)
    let stretch = (Double(jobs.count) / Double(jobs.count - 1)).squareRoot()
    var generator = Xoshiro256StarStar(seed: seed)
    var drawn: [Double] = []
    drawn.reserveCapacity(pooled.count * 2)
    var replicates: [Double] = []
    replicates.reserveCapacity(resamples)
    for _ in 0..<resamples {
        drawn.removeAll(keepingCapacity: true)
        for _ in jobs.indices {
            let job = jobs[generator.uniformIndex(below: jobs.count)]
            for _ in job.indices { drawn.append(job[generator.uniformIndex(below: job.count)]) }
        }
        let m = medianInPlace(&drawn)
        replicates.append(positive ? estimate * pow(m / estimate, stretch) : estimate + (m - estimate) * stretch)
    }
    return replicates
}
