import Foundation
import WorkerProtocol

// What the read queries return: plain values a report or a comparison can
// use without knowing SQL.

/// A stored run with its machine and job counts.
public struct StoredRun: Sendable, Equatable {
    public var id: UUID
    public var status: RunStatus
    public var startedAt: Date
    public var finishedAt: Date?
    public var commandLine: String
    public var options: [String: String]
    public var harnessVersion: String
    public var reportPath: String?
    public var machine: MachineInfo
    public var jobCount: Int
    public var failedJobCount: Int
}

/// An engine build as stored, with its database id (what `StoredJob.engineID` refers to).
public struct StoredEngine: Sendable, Equatable {
    public var id: Int64
    public var info: EngineInfo
}

/// One job with everything it produced.
public struct StoredJob: Sendable, Equatable {
    /// What was planned: workload, variant, size, seed, engine label, parameters.
    public var plan: PlannedJob
    public var status: JobStatus
    /// nil until the job ran and its worker said hello.
    public var engineID: Int64?
    public var failure: JobFailureRecord?
    public var stderrTail: String?
    /// From the worker's summary (nil for failed jobs without one).
    public var medianSeconds: Double?
    public var measuredSamples: Int?
    public var peakMemoryBytes: Int64?
    public var log: [String]
    public var startedAt: Date?
    public var finishedAt: Date?
    /// Warm-up and measured samples, in the worker's order (measured: `!warmup`).
    public var samples: [Sample]
    /// Engine counters per iteration, by name.
    public var counters: [String: Double]
    public var digest: String?

    /// Measured (non-warm-up) samples only.
    public var measured: [Sample] { samples.filter { !$0.warmup } }
}

/// Everything a report needs about one run.
public struct RunDetails: Sendable, Equatable {
    public var run: StoredRun
    /// The engine builds the run's jobs used.
    public var engines: [StoredEngine]
    /// In plan order.
    public var jobs: [StoredJob]
    public var verdicts: [ExpectationVerdict]

    /// The stored engine a job ran on.
    public func engine(of job: StoredJob) -> StoredEngine? {
        engines.first { $0.id == job.engineID }
    }
}
