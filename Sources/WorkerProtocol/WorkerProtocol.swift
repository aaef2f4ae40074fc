/// The wire protocol between the harness and a `layoutbench-worker` process.
///
/// Version 1. The harness writes one `JobRequest` as a single JSON line to the
/// worker's standard input (the worker is started with `--protocol`). The
/// worker answers on standard output with one JSON object per line, each a
/// `WorkerMessage` tagged by `"type"`, always in this order:
///
///     hello            exactly once, first: protocol version and engine identity
///     sample …         one per measured sample (warm-up samples carry warmup: true)
///     summary | error  exactly one, last; then the worker exits
///
/// Anything the worker wants a human to see goes to standard error. A line
/// on stdout that does not decode, a missing hello, a version mismatch or an
/// exit without summary/error is a protocol failure the harness records as a
/// failed job. Exit codes are in `WorkerExitCode`.
///
/// Keys are snake_case. Adding optional fields is compatible; renaming or
/// removing one bumps `WorkerProtocol.version`.
public enum WorkerProtocol {
    public static let version = 1

    /// The Swift compiler that built this binary (checked at compile time),
    /// reported by the worker as its engine's and by the harness as the
    /// machine's Swift version.
    public static var compilerVersion: String {
        #if compiler(>=6.4)
        "6.4+"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }
}

/// How a worker process ends. Distinct codes let the harness tell a bad job
/// (the harness's fault) from a bad workload file and from an engine failure.
public enum WorkerExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// The job could not be understood: bad arguments, bad JSON, unknown variant or size.
    case badJob = 2
    /// The workload file failed to load or validate, or names an unknown driver.
    case workloadError = 3
    /// The engine failed while running the scenario (unexpected unsatisfiable layout, thrown error).
    case engineError = 4
}

/// One job: which workload, variant, size and seed to run, and optional
/// overrides of the workload's measurement settings.
public struct JobRequest: Codable, Sendable, Equatable {
    public var protocolVersion: Int
    /// Path of the workload YAML file, as the harness sees it.
    public var workloadPath: String
    /// The file's text, so a worker on another machine need not read the path. Optional.
    public var workloadSource: String?
    public var variant: String
    public var size: Int
    public var seed: UInt64
    public var samples: Int?
    public var warmupIterations: Int?
    public var minSampleSeconds: Double?
    /// Overrides the workload's `measurement.warmup_seconds`. Optional, so
    /// requests written before it existed still decode.
    public var warmupSeconds: Double?

    public init(workloadPath: String, workloadSource: String? = nil, variant: String, size: Int, seed: UInt64 = 1,
                samples: Int? = nil, warmupIterations: Int? = nil, minSampleSeconds: Double? = nil,
                warmupSeconds: Double? = nil, protocolVersion: Int = WorkerProtocol.version) {
        self.protocolVersion = protocolVersion
        self.workloadPath = workloadPath; self.workloadSource = workloadSource
        self.variant = variant; self.size = size; self.seed = seed
        self.samples = samples; self.warmupIterations = warmupIterations; self.minSampleSeconds = minSampleSeconds
        self.warmupSeconds = warmupSeconds
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol", workloadPath = "workload_path", workloadSource = "workload_source"
        case variant, size, seed, samples, warmupIterations = "warmup_iterations", minSampleSeconds = "min_sample_seconds"
        case warmupSeconds = "warmup_seconds"
    }
}

/// Who did the measuring: the engine build the worker was compiled from.
public struct EngineIdentity: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var version: String
    /// Full git commit of the engine's source, or "unknown".
    public var commit: String
    /// "release" or "debug".
    public var build: String
    public var swiftVersion: String

    public init(name: String, version: String, commit: String, build: String, swiftVersion: String) {
        self.name = name; self.version = version; self.commit = commit; self.build = build; self.swiftVersion = swiftVersion
    }
    enum CodingKeys: String, CodingKey { case name, version, commit, build, swiftVersion = "swift_version" }
}

public struct Hello: Codable, Sendable, Equatable {
    public var protocolVersion: Int
    public var engine: EngineIdentity
    public var pid: Int32
    public init(engine: EngineIdentity, pid: Int32, protocolVersion: Int = WorkerProtocol.version) {
        self.protocolVersion = protocolVersion; self.engine = engine; self.pid = pid
    }
    enum CodingKeys: String, CodingKey { case protocolVersion = "protocol", engine, pid }
}

/// One sample: `iterations` back-to-back runs of the scenario's measured step.
/// Times are totals for the sample; divide by `iterations` for per-iteration.
public struct Sample: Codable, Sendable, Equatable {
    public var index: Int
    public var warmup: Bool
    public var iterations: Int
    public var wallSeconds: Double
    public var cpuSeconds: Double
    /// Heap allocations and bytes during the sample (totals), when the worker can count them.
    public var allocations: Int64?
    public var allocatedBytes: Int64?

    public init(index: Int, warmup: Bool = false, iterations: Int, wallSeconds: Double, cpuSeconds: Double,
                allocations: Int64? = nil, allocatedBytes: Int64? = nil) {
        self.index = index; self.warmup = warmup; self.iterations = iterations
        self.wallSeconds = wallSeconds; self.cpuSeconds = cpuSeconds
        self.allocations = allocations; self.allocatedBytes = allocatedBytes
    }
    public var secondsPerIteration: Double { wallSeconds / Double(max(iterations, 1)) }

    enum CodingKeys: String, CodingKey {
        case index, warmup, iterations, wallSeconds = "wall_seconds", cpuSeconds = "cpu_seconds"
        case allocations, allocatedBytes = "allocated_bytes"
    }
}

/// The job's result. Also the object `layoutbench-worker --json` prints as its last line.
public struct JobSummary: Codable, Sendable, Equatable {
    public var workload: String
    public var variant: String
    public var size: Int
    public var seed: UInt64
    /// Median wall seconds per iteration over the measured (non-warm-up) samples.
    public var medianSeconds: Double
    /// Number of measured samples.
    public var samples: Int
    /// Engine counters per iteration (name → value), deterministic for a seed.
    public var counters: [String: Double]
    /// Hex digest of the final layout (frames in tree order).
    public var digest: String
    public var peakMemoryBytes: Int64?
    /// Lines the engine logged (e.g. broken unsatisfiable constraints), capped.
    public var log: [String]
    /// Median thread CPU seconds per iteration over the measured samples. Optional (added in v1, compatible).
    public var medianCPUSeconds: Double?
    /// Median heap allocations and bytes per iteration, when the worker can count them. Optional.
    public var allocationsPerIteration: Double?
    public var allocatedBytesPerIteration: Double?
    /// Iterations in each measured sample (after calibration). Optional.
    public var iterationsPerSample: Int?
    /// Median time the worker spent between samples, relative to a sample's own time. Optional.
    public var overheadFraction: Double?
    /// Measured samples taken again because another process interrupted them
    /// (wall time over 1.1× thread CPU time); the interrupted ones are sent as
    /// warm-up samples. Optional.
    public var retakenSamples: Int?

    public init(workload: String, variant: String, size: Int, seed: UInt64, medianSeconds: Double, samples: Int,
                counters: [String: Double], digest: String, peakMemoryBytes: Int64? = nil, log: [String] = [],
                medianCPUSeconds: Double? = nil, allocationsPerIteration: Double? = nil,
                allocatedBytesPerIteration: Double? = nil, iterationsPerSample: Int? = nil, overheadFraction: Double? = nil,
                retakenSamples: Int? = nil) {
        self.workload = workload; self.variant = variant; self.size = size; self.seed = seed
        self.medianSeconds = medianSeconds; self.samples = samples; self.counters = counters
        self.digest = digest; self.peakMemoryBytes = peakMemoryBytes; self.log = log
        self.medianCPUSeconds = medianCPUSeconds; self.allocationsPerIteration = allocationsPerIteration
        self.allocatedBytesPerIteration = allocatedBytesPerIteration; self.iterationsPerSample = iterationsPerSample
        self.overheadFraction = overheadFraction; self.retakenSamples = retakenSamples
    }
    enum CodingKeys: String, CodingKey {
        case workload, variant, size, seed, medianSeconds = "median_seconds", samples, counters, digest
        case peakMemoryBytes = "peak_memory_bytes", log
        case medianCPUSeconds = "median_cpu_seconds", allocationsPerIteration = "allocations_per_iteration"
        case allocatedBytesPerIteration = "allocated_bytes_per_iteration", iterationsPerSample = "iterations_per_sample"
        case overheadFraction = "overhead_fraction", retakenSamples = "retaken_samples"
    }
}

/// A typed failure the worker reports instead of a summary.
public struct WorkerFailure: Codable, Sendable, Equatable, Error {
    public enum Kind: String, Codable, Sendable { case badJob = "bad_job", workload, engine }
    public var kind: Kind
    public var message: String
    public var log: [String]
    public init(kind: Kind, message: String, log: [String] = []) { self.kind = kind; self.message = message; self.log = log }
    public var exitCode: WorkerExitCode {
        switch kind { case .badJob: .badJob; case .workload: .workloadError; case .engine: .engineError }
    }
}
