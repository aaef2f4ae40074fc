import Foundation
import Scenarios
import Statistics
import WorkerProtocol
import Workloads

/// Runs a driver the way every job is measured:
///
/// 1. warm-up: `warmupIterations` steps, reported as one warm-up sample;
/// 2. one counted step: the driver's counters before and after it are the
///    per-iteration counters (exact, since every step does the same work),
///    and the layout digest is taken right after it;
/// 3. calibration: iterations per sample grow until one sample lasts at
///    least `minSampleSeconds` (these samples are reported as warm-up);
///    none when the counted step alone lasted that long;
/// 4. warm-up time: more warm-up samples of that length until
///    `warmupSeconds` have passed since the first step (none by default);
/// 5. `samples` measured samples of that many iterations each (raised again
///    if a sample falls short), each timed on the monotonic clock and the
///    thread CPU clock, with allocations counted; one that another process
///    interrupted is taken again (see `wasInterrupted`).
///
/// Only the step loop sits between the clock reads; emitting a sample, the
/// allocation statistics and the bookkeeping happen outside, and their cost
/// is measured (in thread CPU time) as `overheadFraction`.
public struct MeasurementLoop {
    public var settings: MeasurementSettings
    /// Upper bound on iterations per sample, so a step that takes no time cannot loop forever.
    public var maxIterationsPerSample = 100_000_000
    /// A known slowdown to add to every sample, as a fraction of its time:
    /// the step loop is followed, inside the timed region, by a busy wait
    /// of that fraction of the loop's wall time. It exists to measure how
    /// often `compare` detects a slowdown of a known size on a machine;
    /// a worker sets it from `LAYOUTBENCH_INJECT_SLOWDOWN` (default 0).
    public var injectedSlowdown = 0.0
    /// Whether a measured sample was visibly interrupted, and so is taken
    /// again: by default one whose wall time exceeds its thread CPU time by
    /// more than 10 % (`looksInterrupted`). The steps are CPU-bound, so such a
    /// sample lost its core to another process for part of its time, and is
    /// several times slower than the rest.
    /// Kept as a warm-up sample (stored, not measured); at most `samples`
    /// retakes per job, and none after three retakes in a row were
    /// interrupted too: then the machine is busy throughout, and interrupted
    /// samples count. Tests script it; those whose steps sleep answer no.
    public var wasInterrupted: (Sample) -> Bool = { MeasurementLoop.looksInterrupted($0) }

    /// Wall time over 1.1× the thread's CPU time: the thread was off its
    /// core for part of the sample (uninterrupted samples read 1.00–1.01).
    public static func looksInterrupted(_ s: Sample, ratio: Double = 1.1) -> Bool {
        s.wallSeconds > s.cpuSeconds * ratio
    }

    public init(settings: MeasurementSettings) {
        self.settings = settings
        injectedSlowdown = Self.injectedSlowdownFromEnvironment
    }

    /// `LAYOUTBENCH_INJECT_SLOWDOWN` (e.g. `0.05`), if it is a fraction in [0, 1].
    static let injectedSlowdownFromEnvironment: Double = {
        guard let text = ProcessInfo.processInfo.environment["LAYOUTBENCH_INJECT_SLOWDOWN"],
              let f = Double(text), f >= 0, f <= 1 else { return 0 }
        return f
    }()

    /// The injected slowdown for a job of `workload`: all of it, unless
    /// `LAYOUTBENCH_INJECT_SLOWDOWN_WORKLOADS` (comma-separated names) is set
    /// and does not name the workload — so a live comparison can slow one
    /// workload and leave the rest as an A/A.
    static func injectedSlowdown(forWorkload workload: String,
                                 environment: [String: String] = ProcessInfo.processInfo.environment,
                                 slowdown: Double = injectedSlowdownFromEnvironment) -> Double {
        guard slowdown > 0, let list = environment["LAYOUTBENCH_INJECT_SLOWDOWN_WORKLOADS"] else { return slowdown }
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return names.contains(workload) ? slowdown : 0
    }

    public struct Result: Sendable {
        /// Measured (non-warm-up) samples.
        public var samples: [Sample]
        /// Driver counters of one iteration.
        public var counters: [String: Int]
        /// The driver's digest after the counted step: after a fixed number of
        /// steps, so it depends on the job's settings and seed, never on how
        /// many steps calibration, warm-up time or retaken samples added
        /// (a resize that alternates widths ends on either).
        public var digest: String
        /// The worker's own work between samples (thread CPU seconds: allocation
        /// statistics, encoding and writing the sample line) relative to a sample's wall time, median.
        /// CPU time, so the other processes on a shared machine do not count as overhead.
        public var overheadFraction: Double
        /// Measured samples taken again because another process interrupted them.
        public var retakenSamples = 0
    }

    /// - Parameter emit: called with each sample, warm-up ones included, as soon as it is taken.
    /// - Throws: the driver's `ScenarioError`.
    public func run(_ driver: any ScenarioDriver, emit: (Sample) -> Void) throws(ScenarioError) -> Result {
        let allocations = AllocationCounter()
        let start = ProcessMeters.wallSeconds()
        var index = 0
        if settings.warmupIterations > 0 {
            let s = try sample(driver, iterations: settings.warmupIterations, index: index, warmup: true, allocations).sample
            emit(s); index += 1
        }
        // The counted step doubles as the first estimate of an iteration's time.
        let before = driver.counters()
        let t0 = ProcessMeters.wallSeconds()
        try driver.step()
        let oneStep = ProcessMeters.wallSeconds() - t0
        let after = driver.counters()
        var counters: [String: Int] = [:]
        for (name, value) in after { counters[name] = value - (before[name] ?? 0) }
        let digest = driver.digest()

        var iterations = estimate(perIteration: oneStep, current: 1)
        // A counted step that already lasts a sample has calibrated (one
        // iteration per sample) and warmed up: another step would add time, not information.
        var calibrated = oneStep >= settings.minSampleSeconds
        while !calibrated, iterations < maxIterationsPerSample {
            let s = try sample(driver, iterations: iterations, index: index, warmup: true, allocations).sample
            emit(s); index += 1
            calibrated = s.wallSeconds >= settings.minSampleSeconds
            if !calibrated { iterations = estimate(perIteration: s.secondsPerIteration, current: iterations) }
        }
        while ProcessMeters.wallSeconds() - start < settings.warmupSeconds {
            let s = try sample(driver, iterations: iterations, index: index, warmup: true, allocations).sample
            emit(s); index += 1
        }

        var measured: [Sample] = []
        var overheads: [Double] = []
        var lastEnd: Double?
        var retakes = settings.samples, retaken = 0, inARow = 0
        while measured.count < settings.samples {
            // Overhead: the thread's CPU time between one sample's closing clock read and the
            // next one's opening read (allocation statistics, encoding and writing the sample line).
            var (s, begin, end) = try sample(driver, iterations: iterations, index: index, warmup: false, allocations)
            if let lastEnd { overheads.append(max(0, begin - lastEnd) / max(s.wallSeconds, 1e-12)) }
            lastEnd = end
            if retakes > 0 && wasInterrupted(s) {
                retakes -= 1; retaken += 1; inARow += 1
                // Three in a row: the machine is busy throughout, and waiting
                // for a quiet moment would only lengthen the job.
                if inARow == 3 { retakes = 0 }
                s.warmup = true
                emit(s); index += 1
                continue
            }
            inARow = 0
            emit(s); index += 1
            measured.append(s)
            if s.wallSeconds < settings.minSampleSeconds {
                iterations = estimate(perIteration: s.secondsPerIteration, current: iterations)
            }
        }
        Blackhole.consume(driver.sink)
        return Result(samples: measured, counters: counters, digest: digest, overheadFraction: (try? Statistics.median(overheads)) ?? 0,
                      retakenSamples: retaken)
    }

    /// Iterations for a sample to last 1.2 × the minimum, never fewer than before.
    private func estimate(perIteration: Double, current: Int) -> Int {
        guard perIteration > 0 else { return min(current * 10, maxIterationsPerSample) }
        let wanted = (settings.minSampleSeconds * 1.2 / perIteration).rounded(.up)
        let grown = wanted.isFinite ? Int(min(wanted, Double(maxIterationsPerSample))) : maxIterationsPerSample
        return max(current, grown, 1)
    }

    private func sample(_ driver: any ScenarioDriver, iterations: Int, index: Int, warmup: Bool,
                        _ allocations: AllocationCounter) throws(ScenarioError) -> (sample: Sample, begin: Double, end: Double) {
        allocations.start()
        let cpu0 = ProcessMeters.threadCPUSeconds()
        let wall0 = ProcessMeters.wallSeconds()
        for _ in 0..<iterations { try driver.step() }
        if injectedSlowdown > 0 {
            let until = wall0 + (ProcessMeters.wallSeconds() - wall0) * (1 + injectedSlowdown)
            while ProcessMeters.wallSeconds() < until {}
        }
        let wall1 = ProcessMeters.wallSeconds()
        let cpu1 = ProcessMeters.threadCPUSeconds()
        let counted = allocations.stop()
        Blackhole.consume(driver.sink)
        let s = Sample(index: index, warmup: warmup, iterations: iterations, wallSeconds: wall1 - wall0,
                       cpuSeconds: cpu1 - cpu0, allocations: counted?.count, allocatedBytes: counted?.bytes)
        return (s, cpu0, cpu1)
    }
}

/// Keeps results observable so the optimiser cannot delete the work that produced them.
public enum Blackhole {
    nonisolated(unsafe) private static var sink = 0.0
    @inline(never) public static func consume(_ value: Double) { sink += value }
}
