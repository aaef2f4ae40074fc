import Foundation
import WorkerProtocol
import Workloads

/// Everything the analysis and the report need to know about one benchmark
/// run, as plain values.
///
/// The integration step builds this from the store (one `RunData` per run
/// id); nothing here refers to PostgreSQL, the harness or the engine, so
/// tests and tools can also build it by hand. Conventions:
///
/// - Times are seconds. A ``SampleRecord`` holds totals over `iterations`
///   back-to-back iterations, exactly as the worker's `Sample` message;
///   the analysis divides by `iterations`.
/// - Counters are per iteration (as in `JobSummary.counters`) and
///   deterministic for a seed; they are stored once per job.
/// - Warm-up samples must be left out (the worker marks them `warmup`).
/// - A job that failed keeps its samples (often none) and says why.
public struct RunData: Sendable, Codable, Equatable {
    /// The store's run id; also the report's folder name (see `Report`).
    public var id: String
    public var startedAt: Date
    /// `nil` while the run is still going or when it was cut short.
    public var finishedAt: Date?
    /// Free text given with `layoutbench run --label …`; may be empty.
    public var label: String
    public var machine: MachineInfo
    /// Every engine build that measured in this run.
    public var engines: [EngineRecord]
    /// The workload definitions the run used (titles, talks, sweeps, expectations).
    public var workloads: [Workload]
    public var jobs: [JobRecord]
    /// How the run stands in the store; `nil` for runs built by hand.
    public var status: RunState?
    /// How many of `jobs` never ran because the run ended first (they are
    /// listed as failed); `nil` when not known.
    public var unfinishedJobs: Int?

    public init(id: String, startedAt: Date, finishedAt: Date? = nil, label: String = "",
                machine: MachineInfo, engines: [EngineRecord], workloads: [Workload], jobs: [JobRecord]) {
        self.id = id; self.startedAt = startedAt; self.finishedAt = finishedAt; self.label = label
        self.machine = machine; self.engines = engines; self.workloads = workloads; self.jobs = jobs
    }

    /// The workload called `name`, if the run has it.
    public func workload(named name: String) -> Workload? { workloads.first { $0.name == name } }

    /// Total measured samples over all jobs.
    public var sampleCount: Int { jobs.reduce(0) { $0 + $1.samples.count } }
}

/// Where a run stands: still going, ended normally, or cut short.
public enum RunState: String, Sendable, Codable, Equatable {
    case running, finished, interrupted
}

/// The machine the run measured on (the harness's own host when jobs were
/// spread over several machines; per-job hosts are in ``JobRecord/host``).
public struct MachineInfo: Sendable, Codable, Equatable {
    public var hostname: String
    /// e.g. "AMD EPYC 7B13", from /proc/cpuinfo.
    public var cpuModel: String
    /// Logical CPUs available to the process.
    public var cores: Int
    public var memoryBytes: Int64
    /// `uname -sr`, e.g. "Linux 6.1.0-18-amd64".
    public var kernel: String
    /// e.g. "Swift version 6.3.1".
    public var swiftVersion: String

    public init(hostname: String, cpuModel: String, cores: Int, memoryBytes: Int64, kernel: String, swiftVersion: String) {
        self.hostname = hostname; self.cpuModel = cpuModel; self.cores = cores
        self.memoryBytes = memoryBytes; self.kernel = kernel; self.swiftVersion = swiftVersion
    }
}

/// One engine build: what its workers said in `hello`, and a hash of the
/// worker binary so two builds of the same commit can still be told apart.
public struct EngineRecord: Sendable, Codable, Equatable {
    /// The key jobs refer to in ``JobRecord/engine``; unique within a run
    /// (e.g. "layoutbench@1a2b3c4" or "baseline").
    public var name: String
    public var identity: EngineIdentity
    /// Hex digest of the worker executable, or "" when unknown.
    public var binaryHash: String

    public init(name: String, identity: EngineIdentity, binaryHash: String = "") {
        self.name = name; self.identity = identity; self.binaryHash = binaryHash
    }
}

/// One job: one workload × variant × size × engine × seed.
public struct JobRecord: Sendable, Codable, Equatable {
    public var workload: String
    public var variant: String
    public var size: Int
    /// ``EngineRecord/name`` of the engine that ran it.
    public var engine: String
    public var seed: UInt64
    public var status: JobStatus
    /// Measured (non-warm-up) samples, in the order taken.
    public var samples: [SampleRecord]
    /// Per-iteration engine counters from the job's summary (empty if failed).
    public var counters: [String: Double]
    /// Digest of the final layout from the job's summary ("" if failed).
    public var digest: String
    /// Machine that ran the job, when the run used several; "" otherwise.
    public var host: String

    public init(workload: String, variant: String, size: Int, engine: String, seed: UInt64 = 1,
                status: JobStatus = .ok, samples: [SampleRecord], counters: [String: Double] = [:],
                digest: String = "", host: String = "") {
        self.workload = workload; self.variant = variant; self.size = size; self.engine = engine
        self.seed = seed; self.status = status; self.samples = samples; self.counters = counters
        self.digest = digest; self.host = host
    }
}

/// Whether a job produced a summary.
public enum JobStatus: Sendable, Codable, Equatable {
    case ok
    /// The worker reported an error, crashed, timed out or broke the protocol.
    case failed(reason: String)

    public var isOK: Bool { self == .ok }
}

/// One sample: totals over `iterations` iterations (the worker's `Sample`).
public struct SampleRecord: Sendable, Codable, Equatable {
    public var iterations: Int
    public var wallSeconds: Double
    public var cpuSeconds: Double
    /// Heap allocations during the sample (total), when counted.
    public var allocations: Int64?

    public init(iterations: Int, wallSeconds: Double, cpuSeconds: Double, allocations: Int64? = nil) {
        self.iterations = iterations; self.wallSeconds = wallSeconds
        self.cpuSeconds = cpuSeconds; self.allocations = allocations
    }

    /// Whether the numbers are ones a measurement can produce (the worker
    /// protocol's ranges); rows stored before those were checked may not be.
    public var isPlausible: Bool {
        MessageValidation.problem(in: Sample(index: 0, iterations: iterations, wallSeconds: wallSeconds,
                                             cpuSeconds: cpuSeconds, allocations: allocations)) == nil
    }

    /// Converts a worker protocol sample (warm-up samples should be dropped before).
    public init(_ sample: Sample) {
        self.init(iterations: sample.iterations, wallSeconds: sample.wallSeconds,
                  cpuSeconds: sample.cpuSeconds, allocations: sample.allocations)
    }

    /// Wall seconds per iteration.
    public var secondsPerIteration: Double { wallSeconds / Double(max(iterations, 1)) }
    public var cpuSecondsPerIteration: Double { cpuSeconds / Double(max(iterations, 1)) }
    public var allocationsPerIteration: Double? { allocations.map { Double($0) / Double(max(iterations, 1)) } }
}
