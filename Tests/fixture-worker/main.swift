// fixture-worker: a TEST FIXTURE, not part of LayoutBench's product.
//
// A real process that speaks the worker protocol (WorkerProtocol.swift) and
// behaves as told, so the harness's runner is tested against real pipes,
// signals and exit codes. The behaviour comes from the job's `variant`
// ("normal", "crash", "hang", "garbage", "exit-code", "error", "no-summary",
// "no-hello", "slow", "close-and-hang"), or from FIXTURE_BEHAVIOUR in the environment.
// The job's `samples` (default 3) sets how many samples it sends.
//
// For `layoutbench compare` tests, three more knobs in the environment:
// FIXTURE_WORK_MICROS=N makes every iteration really spin N µs of CPU time
// and report the measured time (a real, measurable slowdown between two copies);
// FIXTURE_EXTRA_PIVOTS=K adds K to the "pivots" counter (more work);
// FIXTURE_DIGEST=D reports D as the layout digest (behaviour changed);
// FIXTURE_WORK_JITTER=F makes each job's spin up to F (0.5 = 50 %) longer at
// random, a side too noisy for a few rounds to judge;
// FIXTURE_NOISE_SEED=S makes that jitter seeded instead of random, and
// reported exactly: job j of a cell (its j-th on this side, counted in the
// directory FIXTURE_NOISE_STATE, the check job first) draws its factor
// 1 + F·u from SplitMix64 keyed by S, the cell and j, and every sample
// reports FIXTURE_WORK_MICROS × that factor per iteration instead of the
// time the spin took (the spin still runs). Two runs of a comparison with
// fresh state directories then see the very same numbers: a test built on
// "too noisy to judge" no longer depends on the machine or on luck;
// FIXTURE_GATE=FILE holds the job after half its samples until FILE exists,
// so a test sees a running job's streamed samples without racing it;
// FIXTURE_SPAN_LOG=FILE appends "start end" (Unix seconds) of each job that
// ends normally, so a test can see which jobs ran at the same time.
//
// Hostile behaviours, for the harness's hardening tests: "nul" (NUL and
// escape bytes on stderr and in every string of its summary), "nul-error"
// (the same in an error message), "negative-time", "huge-sample" (1e308 s),
// "max-iterations", "duplicate-index", "wrong-summary" (names another
// variant), "overcount" (a summary claiming 999 samples), "fork-holds-stdout"
// (starts a child that keeps stdout open for 30 s, then finishes normally),
// "fork-and-hang" (starts such a child, then hangs) and "print-env" (writes
// its environment to FIXTURE_ENV_LOG, or to stderr). The forking ones write
// the child's pid to FIXTURE_CHILD_PID_FILE when it is set; every job writes
// its own pid to FIXTURE_PID_FILE when that is set.
import Foundation
import Randomness
import WorkerProtocol

/// Lines wait here until `flush()`, so a burst of samples is one write.
nonisolated(unsafe) var pending: [UInt8] = []

func print(_ line: String) {
    pending.append(contentsOf: line.utf8)
    pending.append(UInt8(ascii: "\n"))
}

func emit<T: Encodable>(_ message: T) {
    print((try? ProtocolCoding.encodeLine(message)) ?? "{}")
}

func flush() {
    var offset = 0
    while offset < pending.count {
        let written = pending[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if written <= 0 { break }
        offset += written
    }
    pending.removeAll(keepingCapacity: true)
}

func note(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let startedAt = Date().timeIntervalSince1970

guard let line = readLine() else {
    note("fixture-worker: no job on stdin")
    exit(WorkerExitCode.badJob.rawValue)
}
let job: JobRequest
do {
    job = try ProtocolCoding.decodeJob(Substring(line))
} catch {
    note("fixture-worker: \(error)")
    exit(WorkerExitCode.badJob.rawValue)
}

let behaviour = ProcessInfo.processInfo.environment["FIXTURE_BEHAVIOUR"] ?? job.variant
let identity = EngineIdentity(name: ProcessInfo.processInfo.environment["FIXTURE_ENGINE_NAME"] ?? "fixture",
                              version: "0.0.1", commit: "fixture", build: "debug", swiftVersion: "6")
let sampleCount = job.samples ?? 3
let environment = ProcessInfo.processInfo.environment
let workMicros = environment["FIXTURE_WORK_MICROS"].flatMap(Double.init)
let extraPivots = environment["FIXTURE_EXTRA_PIVOTS"].flatMap(Double.init) ?? 0
let jitter = environment["FIXTURE_WORK_JITTER"].flatMap(Double.init) ?? 0
let noiseSeed = environment["FIXTURE_NOISE_SEED"].flatMap(UInt64.init)

/// FNV-1a of a string: a hash that is the same in every process (Swift's
/// `Hasher` is seeded per process).
func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
}

/// This job's ordinal among the jobs of its cell that this side has run,
/// counted in a file of the directory `state` (locked: two jobs of one
/// cell may start together when both sides are the same fixture).
func nextOrdinal(cell: String, state: String) -> UInt64 {
    try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let name = cell.map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let fd = open(state + "/" + String(name), O_RDWR | O_CREAT, 0o644)
    guard fd >= 0 else { note("fixture-worker: cannot open the noise state in \(state)"); exit(WorkerExitCode.badJob.rawValue) }
    defer { close(fd) }
    flock(fd, LOCK_EX)
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = read(fd, &buffer, buffer.count)
    let ordinal = UInt64(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)) ?? 0
    let next = Array("\(ordinal + 1)".utf8)
    _ = ftruncate(fd, 0)
    _ = pwrite(fd, next, next.count, 0)
    flock(fd, LOCK_UN)
    return ordinal
}

/// One factor per job (process): the noise a busy machine puts between jobs.
/// Random, or with FIXTURE_NOISE_SEED drawn from the cell's seeded stream.
let jobFactor: Double = {
    guard let noiseSeed else { return 1 + Double.random(in: 0...max(0, jitter)) }
    let cell = "\(URL(fileURLWithPath: job.workloadPath).deletingPathExtension().lastPathComponent)/\(job.variant)/\(job.size)"
    let ordinal = nextOrdinal(cell: cell, state: environment["FIXTURE_NOISE_STATE"] ?? NSTemporaryDirectory() + "fixture-noise-\(getuid())")
    var generator = SplitMix64(seed: noiseSeed ^ stableHash(cell))
    for _ in 0..<ordinal { _ = generator.next() }
    let u = Double(generator.next() >> 11) / Double(1 << 53)   // [0, 1), 53 random bits
    return 1 + max(0, jitter) * u
}()

/// Seconds of CPU time this thread has used.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Spins for `micros` µs of this thread's CPU time per iteration and returns
/// the CPU seconds it took. CPU time, not wall time: the work is real and
/// measured, but a test machine busy with other processes does not blur it.
func spin(iterations: Int, micros: Double) -> Double {
    let start = threadCPUSeconds()
    var sink: UInt64 = 0
    for _ in 0..<iterations {
        let until = threadCPUSeconds() + micros / 1e6
        while threadCPUSeconds() < until { sink &+= 1 }
    }
    if sink == .max { note("") }  // keeps the loop from being optimised away
    return threadCPUSeconds() - start
}

/// Starts `/bin/sleep 30` sharing this process's stdout and stderr (and group).
func spawnLingeringChild() {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0 else { note("fixture-worker: spawn failed"); exit(9) }
    if let file = environment["FIXTURE_CHILD_PID_FILE"] { try? "\(pid)\n".write(toFile: file, atomically: true, encoding: .utf8) }
}

// Lets a test find this worker (to check that it is gone when it should be).
if let file = environment["FIXTURE_PID_FILE"] { try? "\(getpid())\n".write(toFile: file, atomically: true, encoding: .utf8) }

if behaviour == "print-env" {
    let text = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n") + "\n"
    if let file = environment["FIXTURE_ENV_LOG"] { try? text.write(toFile: file, atomically: true, encoding: .utf8) } else { note(text) }
}
if behaviour == "nul" { note("fixture-worker: stderr with a NUL \u{0} and an escape \u{1B}[31mred\u{1B}[0m") }

if behaviour != "no-hello" { emit(WorkerMessage.hello(Hello(engine: identity, pid: getpid()))) }
flush()

var samples: [Sample] = []
for index in 0..<sampleCount {
    // Deterministic values derived from the job, so tests can check them exactly.
    var sample = Sample(index: index, warmup: index == 0 && sampleCount > 1, iterations: index + 1,
                        wallSeconds: Double(job.size) * 1e-6 + Double(index) * 1e-7, cpuSeconds: Double(index) * 1e-7,
                        allocations: Int64(index), allocatedBytes: Int64(index * 64))
    if let workMicros {
        sample.iterations = 2
        sample.wallSeconds = spin(iterations: 2, micros: workMicros * jobFactor)
        // Seeded noise reports the model's time, not the spin's: exact, so reproducible.
        if noiseSeed != nil { sample.wallSeconds = 2 * workMicros * jobFactor / 1e6 }
        sample.cpuSeconds = sample.wallSeconds
    }
    switch behaviour {
    case "negative-time": sample.wallSeconds = -1
    case "huge-sample": sample.wallSeconds = 1e308
    case "max-iterations": sample.iterations = Int(Int64.max)
    case "duplicate-index" where index > 0: sample.index = index - 1
    default: break
    }
    samples.append(sample)
    emit(WorkerMessage.sample(sample))
    if behaviour == "slow" { flush(); usleep(50_000) }
    if index + 1 == sampleCount / 2, let gate = ProcessInfo.processInfo.environment["FIXTURE_GATE"] {
        flush()
        while !FileManager.default.fileExists(atPath: gate) { usleep(20_000) }
    }
}
flush()
note("fixture-worker: sent \(sampleCount) samples for \(job.workloadPath) \(job.variant) n=\(job.size)")

switch behaviour {
case "crash":
    note("fixture-worker: about to crash on purpose")
    // A real fault (raising SIGSEGV with kill is caught by Swift's
    // backtracer and the program would carry on).
    let bad = UnsafeMutablePointer<Int>(bitPattern: 16)!
    bad.pointee = 1
    exit(99)
case "abort":
    abort()
case "hang":
    note("fixture-worker: hanging on purpose")

    while true { sleep(60) }
case "hang-ignoring-term":
    signal(SIGTERM, SIG_IGN)
    note("fixture-worker: hanging and ignoring SIGTERM")
    while true { sleep(60) }
case "close-and-hang":
    close(STDOUT_FILENO)
    close(STDERR_FILENO)
    while true { sleep(60) }
case "garbage":
    print("this is not JSON; <script>alert(1)</script>")
    flush()
    while true { sleep(60) }  // the harness must stop it, not wait
case "exit-code":
    note("fixture-worker: exiting with 7")
    exit(7)
case "error":
    emit(WorkerMessage.error(WorkerFailure(kind: .engine, message: "unsatisfiable on purpose", log: ["broken constraint"])))
    flush()
    exit(WorkerExitCode.engineError.rawValue)
case "no-summary":
    exit(0)
case "nul-error":
    emit(WorkerMessage.error(WorkerFailure(kind: .engine, message: "broken \u{0} with \u{1B}]0;title\u{7}", log: ["\u{0}"])))
    flush()
    exit(WorkerExitCode.engineError.rawValue)
case "fork-and-hang":
    spawnLingeringChild()
    while true { sleep(60) }
default:
    if behaviour == "fork-holds-stdout" { spawnLingeringChild() }
    let measured = samples.filter { !$0.warmup }.map(\.secondsPerIteration).sorted()
    let median = measured.isEmpty ? 0 : measured[measured.count / 2]
    let nul = behaviour == "nul" ? "\u{0}\u{1B}[2J" : ""
    var counters = ["pivots": Double(job.size) + extraPivots, "rows": Double(job.size * 2)]
    if behaviour == "nul" { counters["bad\u{0}name"] = 1 }
    emit(WorkerMessage.summary(JobSummary(
        workload: URL(fileURLWithPath: job.workloadPath).deletingPathExtension().lastPathComponent,
        variant: behaviour == "wrong-summary" ? "another" : job.variant, size: job.size, seed: job.seed, medianSeconds: median,
        samples: behaviour == "overcount" ? 999 : measured.count,
        counters: counters,
        digest: (environment["FIXTURE_DIGEST"] ?? "fixture-\(job.size)") + nul,
        peakMemoryBytes: 1 << 20, log: behaviour == "nul" ? ["log \u{0} line"] : [])))
    flush()
    if let path = environment["FIXTURE_SPAN_LOG"] {
        // One short O_APPEND write: jobs running at once do not interleave their lines.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        let line = "\(startedAt) \(Date().timeIntervalSince1970)\n"
        _ = line.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
    exit(0)
}
