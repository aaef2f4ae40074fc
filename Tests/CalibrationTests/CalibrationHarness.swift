import Analysis
import Foundation
import WorkerProtocol
import Workloads
import Randomness

/// Measures a calibration kernel the way a worker measures a workload —
/// fixed iterations per sample chosen from a first timing, several samples
/// per size, wall-clock time — and packs the result as `RunData` for the
/// real analysis. Sizes are visited in a different shuffled order each
/// round, so a burst of load from other processes spreads over all sizes
/// instead of bending the curve.
///
/// Every sample lasts about the same wall time (`minimumSampleSeconds`;
/// the kernels' sizes keep a single run shorter than that). This matters
/// more than anything else on a shared machine: a sample longer than a
/// scheduler time slice is *always* stretched by the other processes,
/// while a short one is often not, so unequal durations turn load into
/// apparent super-linear growth (measured here: with two extra busy
/// processes, 40 ms samples at the largest size made heapsort look O(n²)
/// in 20 of 20 runs).
///
/// Equal short samples are not enough on their own: under load a sixth to a
/// third of them still lose the core to another process, and each such
/// sample is 3–4× slow on the wall clock while its thread's CPU time is
/// unchanged. Fifteen samples a size, the slowed ones are sometimes the
/// majority at one size (8 of 15 seen), which bends that size's median
/// beyond what the analysis's per-size Hampel filter can mend, and the
/// analysis keeps the wall clock because the series' *median* wall/CPU
/// ratio is still 1.00 (`TimeScaling.contentionThreshold`). With two extra
/// busy processes that misnamed heapsort as O(n) and the linear kernel as
/// O(n log n), 4 runs in 660, and with three failed one test in four
/// (18/20). So a sample whose wall time exceeds its CPU time by more than
/// ``preemptedRatio`` — it was visibly interrupted — is taken again (up to
/// ``maximumAttempts`` times): the samples stay wall-clock timings of real
/// work, as a worker's are, only without the scheduler's gaps in them.
enum CalibrationHarness {
    static let samplesPerSize = 15
    /// Each sample runs enough iterations to last about this long.
    static let minimumSampleSeconds = 0.0015

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// CPU time of the calling thread (other tests run in this process at the same time).
    static func threadCPUTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A sample whose wall time exceeds its thread's CPU time by more than
    /// this was interrupted: the thread lost its core to another process for
    /// part of it. Uninterrupted samples show 1.00–1.01 here, preempted ones
    /// 3–4 (a 1.5 ms sample waits out another process's time slice).
    static let preemptedRatio = 1.1
    /// Times a sample is taken before an interrupted one is kept anyway.
    static let maximumAttempts = 5

    /// Measures `kernel` at every size; `retaken` counts the interrupted
    /// samples that were measured again (see ``preemptedRatio``).
    static func measure(_ kernel: CalibrationKernel, round: Int) -> (run: RunData, retaken: Int) {
        // Iterations per size from the fastest of three warm-up calls (one
        // preempted call must not shorten every later sample at that size).
        var iterations: [Int: Int] = [:]
        var operations: [Int: Double] = [:]
        for n in kernel.sizes {
            var once = Double.infinity
            var ops = 0.0
            for _ in 0..<3 {
                let start = now()
                let (checksum, count) = kernel.run(n)
                blackHole(checksum)
                once = min(once, max(now() - start, 1e-7))
                ops = count
            }
            iterations[n] = max(1, Int((minimumSampleSeconds / once).rounded(.up)))
            if round == 0 { print("  \(kernel.name) n = \(n): one run \(NumberFormat.seconds(once)), \(iterations[n]!) per sample") }
            operations[n] = ops
        }
        var samples: [Int: [SampleRecord]] = [:]
        var order = kernel.sizes
        var shuffle = SplitMixShuffle(seed: UInt64(round) &+ 1)
        var retaken = 0
        for _ in 0..<samplesPerSize {
            shuffle.shuffle(&order)
            for n in order {
                let k = iterations[n]!
                var sample = SampleRecord(iterations: k, wallSeconds: 0, cpuSeconds: 0)
                for attempt in 0..<maximumAttempts {
                    let cpuStart = threadCPUTime()
                    let start = now()
                    for _ in 0..<k { blackHole(kernel.run(n).checksum) }
                    sample.wallSeconds = now() - start
                    sample.cpuSeconds = threadCPUTime() - cpuStart
                    if sample.wallSeconds <= sample.cpuSeconds * preemptedRatio { break }
                    if attempt + 1 < maximumAttempts { retaken += 1 }
                }
                samples[n, default: []].append(sample)
            }
        }
        let workload = Workload(
            name: "calibration-\(kernel.name.replacingOccurrences(of: " ", with: "-"))", title: "Calibration: \(kernel.name)",
            talk: TalkReference(title: "calibration", time: "", scenario: ""), description: "Known \(kernel.expected.rawValue) work.",
            driver: "calibration", sweep: SizeSweep(parameter: "n", sizes: kernel.sizes), variants: [Variant(name: "kernel")],
            expectations: [.scaling(variant: "kernel", metric: .time, claim: claim(kernel.expected))])
        let jobs = kernel.sizes.map { n in
            JobRecord(workload: workload.name, variant: "kernel", size: n, engine: "in-process", seed: UInt64(round),
                      samples: samples[n]!, counters: ["operations": operations[n]!])
        }
        let run = RunData(id: "calibration-\(round)", startedAt: Date(), machine: MachineInfo(
                           hostname: ProcessInfo.processInfo.hostName, cpuModel: "", cores: ProcessInfo.processInfo.activeProcessorCount,
                           memoryBytes: 0, kernel: "", swiftVersion: ""),
                       engines: [EngineRecord(name: "in-process", identity: EngineIdentity(name: "calibration", version: "1", commit: "", build: "", swiftVersion: ""))],
                       workloads: [workload], jobs: jobs)
        return (run, retaken)
    }

    /// The same run without counters: what the time alone says.
    static func withoutCounters(_ run: RunData) -> RunData {
        var r = run
        r.jobs = r.jobs.map { var j = $0; j.counters = [:]; return j }
        return r
    }

    static func claim(_ label: CalibrationKernel.ComplexityClassLabel) -> ScalingClaim {
        switch label { case .linear: .linear; case .linearithmic: .nLogN; case .quadratic: .quadratic }
    }
}

/// Fisher–Yates with SplitMix64 draws (deterministic per round).
struct SplitMixShuffle {
    var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { generator.next() }
    mutating func shuffle<T>(_ a: inout [T]) {
        guard a.count > 1 else { return }
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, Int(next() % UInt64(i + 1))) }
    }
}
