// synthetic-worker: a worker (protocol v1) whose timings follow a known
// law, so the harness's scaling verdicts can be checked against the truth
// through the real run path (`layoutbench run --engine synthetic=PATH`).
//
// The job's variant names the growth g: constant, log, linear, n-log-n,
// n-sqrt-n (n^1.5), n-log2-n, knee, quadratic (`TimingLaw.Growth`). Every sample
// reports t(n) = A + C·g(n) seconds per iteration with seeded log-normal
// noise and does no work; nothing is measured, so the output is the same on
// every machine. The environment sets the rest:
//   SYNTHETIC_SIGMA      σ of ln t between samples (default 0.1)
//   SYNTHETIC_INTERCEPT  A as a fraction of t at the smallest size (default 0.05)
//   SYNTHETIC_SMALLEST   the sweep's smallest size n₀ (default 100)
//   SYNTHETIC_SEED       noise seed (default 1); with the job's size and seed it fixes every sample
//   SYNTHETIC_BASE       t(n₀) in seconds (default 1e-4)
//   SYNTHETIC_JOBS_DIR   a directory where each worker takes the next job
//                        number of its (workload, variant, size) from a
//                        locked counter file: a real machine gives every
//                        process fresh noise, while the job's seed is the
//                        run's and the same for every job; without it the
//                        job's seed numbers the noise
// It reports no counters, so time alone decides the verdicts.
import Foundation
import SyntheticTimings
import WorkerProtocol

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data(("synthetic-worker: " + text + "\n").utf8))
    exit(WorkerExitCode.badJob.rawValue)
}

func emit(_ message: WorkerMessage) {
    guard let line = try? ProtocolCoding.encodeLine(message) else { fail("cannot encode a message") }
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard let line = readLine() else { fail("no job on stdin") }
let job: JobRequest
do { job = try ProtocolCoding.decodeJob(Substring(line)) } catch { fail("\(error)") }
guard let growth = TimingLaw.Growth(rawValue: job.variant) else {
    fail("unknown variant \(job.variant); use one of \(TimingLaw.Growth.allCases.map(\.rawValue).joined(separator: ", "))")
}
let environment = ProcessInfo.processInfo.environment
func number(_ name: String, _ fallback: Double) -> Double {
    guard let text = environment[name] else { return fallback }
    guard let value = Double(text), value.isFinite, value >= 0 else { fail("\(name)=\(text) is not a non-negative number") }
    return value
}
let law = TimingLaw(growth: growth, intercept: number("SYNTHETIC_INTERCEPT", 0.05), base: number("SYNTHETIC_BASE", 1e-4))
let noise = SyntheticNoise(sample: number("SYNTHETIC_SIGMA", 0.1), seed: UInt64(number("SYNTHETIC_SEED", 1)))
let smallest = Int(number("SYNTHETIC_SMALLEST", 100))

emit(.hello(Hello(engine: EngineIdentity(name: "synthetic", version: "1", commit: "synthetic", build: "release", swiftVersion: "6"),
                  pid: getpid())))
/// The next number from `dir`'s counter for this cell, under an exclusive lock.
func nextJobNumber(in dir: String, cell: String) -> Int {
    let path = dir + "/" + cell.map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce(into: "") { $0.append($1) }
    let fd = open(path, O_RDWR | O_CREAT, 0o644)
    guard fd >= 0, flock(fd, LOCK_EX) == 0 else { fail("cannot lock \(path)") }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 32)
    let read = Foundation.read(fd, &buffer, 31)
    let current = read > 0 ? Int(String(decoding: buffer[0..<read], as: UTF8.self)) ?? 0 : 0
    let next = Array("\(current + 1)".utf8)
    guard ftruncate(fd, 0) == 0, pwrite(fd, next, next.count, 0) == next.count else { fail("cannot write \(path)") }
    return current
}

let count = max(job.samples ?? 10, 1)
let jobNumber = environment["SYNTHETIC_JOBS_DIR"].map {
    nextJobNumber(in: $0, cell: "\(job.workloadPath)-\(job.variant)-\(job.size)")
} ?? Int(job.seed)
let times = noise.samples(law, n: job.size, smallest: smallest, job: jobNumber, count: count)
for (index, t) in times.enumerated() {
    emit(.sample(Sample(index: index, warmup: false, iterations: 1, wallSeconds: t, cpuSeconds: t)))
}
let median = times.sorted()[count / 2]
emit(.summary(JobSummary(workload: URL(fileURLWithPath: job.workloadPath).deletingPathExtension().lastPathComponent,
                         variant: job.variant, size: job.size, seed: job.seed, medianSeconds: median, samples: count,
                         counters: [:], digest: "synthetic-\(job.size)", peakMemoryBytes: nil, log: [])))
exit(0)
