import Foundation
import WorkerProtocol
import Workloads

// The values the harness hands the store. They are Codable because the
// harness writes them to its spool file first, exactly as they will be
// stored, so that a replay stores the same rows.

/// The machine a run ran on. `fingerprint` identifies it: two runs with the
/// same fingerprint ran on comparable hardware and software.
public struct MachineInfo: Sendable, Codable, Equatable {
    public var hostname: String
    public var cpuModel: String
    public var cores: Int
    public var memoryBytes: Int64
    /// `uname` system name and release, e.g. "Linux 6.1.0-18-amd64".
    public var kernel: String
    /// The distribution's PRETTY_NAME, or the kernel name.
    public var os: String
    /// The Swift compiler the harness was built with.
    public var swiftVersion: String

    public init(hostname: String, cpuModel: String, cores: Int, memoryBytes: Int64, kernel: String, os: String, swiftVersion: String) {
        self.hostname = hostname; self.cpuModel = cpuModel; self.cores = cores; self.memoryBytes = memoryBytes
        self.kernel = kernel; self.os = os; self.swiftVersion = swiftVersion
    }

    /// Readable and unique per machine setup: CPU, cores, memory, kernel,
    /// Swift version and host name, separated by " | ".
    public var fingerprint: String {
        [hostname, cpuModel, "\(cores) cores", "\(memoryBytes) bytes", kernel, "Swift \(swiftVersion)"].joined(separator: " | ")
    }
}

/// An engine build: what its worker said in hello, plus the worker binary's hash.
public struct EngineInfo: Sendable, Codable, Hashable {
    public var identity: EngineIdentity
    /// Lower-case hex SHA-256 of the worker executable.
    public var binarySHA256: String
    public var binaryPath: String

    public init(identity: EngineIdentity, binarySHA256: String, binaryPath: String) {
        self.identity = identity; self.binarySHA256 = binarySHA256; self.binaryPath = binaryPath
    }
}

/// A run as it starts.
public struct RunInfo: Sendable, Codable, Equatable {
    public var id: UUID
    public var startedAt: Date
    /// The command as typed, for the report.
    public var commandLine: String
    /// The options that shaped the plan (workloads, sizes, samples, engines, …).
    public var options: [String: String]
    public var harnessVersion: String
    public var machine: MachineInfo

    public init(id: UUID = UUID(), startedAt: Date = Date(), commandLine: String, options: [String: String] = [:],
                harnessVersion: String, machine: MachineInfo) {
        self.id = id; self.startedAt = startedAt; self.commandLine = commandLine; self.options = options
        self.harnessVersion = harnessVersion; self.machine = machine
    }
}

/// One job of a run's plan: a workload's variant at one size on one engine.
public struct PlannedJob: Sendable, Codable, Equatable, Identifiable {
    public var id: UUID
    public var runID: UUID
    /// Position in the plan, from 0; unique within the run.
    public var ordinal: Int
    public var workload: String
    public var workloadPath: String
    public var variant: String
    public var size: Int
    public var seed: UInt64
    /// The name the engine was given on the command line (`--engine NAME=PATH`).
    public var engineLabel: String
    /// The resolved driver parameters, for the report.
    public var parameters: [String: ParameterValue]
    /// `--samples` when given, else nil (the workload's own setting).
    public var requestedSamples: Int?

    public init(id: UUID = UUID(), runID: UUID, ordinal: Int, workload: String, workloadPath: String, variant: String,
                size: Int, seed: UInt64 = 1, engineLabel: String, parameters: [String: ParameterValue] = [:],
                requestedSamples: Int? = nil) {
        self.id = id; self.runID = runID; self.ordinal = ordinal; self.workload = workload; self.workloadPath = workloadPath
        self.variant = variant; self.size = size; self.seed = seed; self.engineLabel = engineLabel
        self.parameters = parameters; self.requestedSamples = requestedSamples
    }
}

public enum JobStatus: String, Sendable, Codable, CaseIterable {
    case planned, running, succeeded, failed
}

/// Why a job failed, as stored: `kind` is a stable keyword (`exit_code`,
/// `signal`, `timeout`, `protocol`, `missing_summary`, `worker_error`,
/// `launch`), `reason` a sentence for people.
public struct JobFailureRecord: Sendable, Codable, Equatable {
    public var kind: String
    public var reason: String
    public var exitCode: Int32?
    public var signal: Int32?

    public init(kind: String, reason: String, exitCode: Int32? = nil, signal: Int32? = nil) {
        self.kind = kind; self.reason = reason; self.exitCode = exitCode; self.signal = signal
    }
}

/// How one job ended, with everything the worker produced.
public struct JobOutcome: Sendable, Codable, Equatable {
    public var jobID: UUID
    /// From the worker's hello; nil if it never said hello.
    public var engine: EngineInfo?
    public var startedAt: Date
    public var finishedAt: Date
    /// nil when the job succeeded.
    public var failure: JobFailureRecord?
    /// The last lines the worker wrote to stderr.
    public var stderrTail: String?
    public var summary: JobSummary?
    /// Every sample the worker sent, warm-up ones included, in order.
    public var samples: [Sample]

    public init(jobID: UUID, engine: EngineInfo?, startedAt: Date, finishedAt: Date, failure: JobFailureRecord?,
                stderrTail: String?, summary: JobSummary?, samples: [Sample]) {
        self.jobID = jobID; self.engine = engine; self.startedAt = startedAt; self.finishedAt = finishedAt
        self.failure = failure; self.stderrTail = stderrTail; self.summary = summary; self.samples = samples
    }

    public var status: JobStatus { failure == nil ? .succeeded : .failed }
}

public enum RunStatus: String, Sendable, Codable, CaseIterable {
    case running, finished, interrupted
}

public enum VerdictStatus: String, Sendable, Codable, CaseIterable {
    case pass, fail, inconclusive
}

/// The outcome of checking one workload expectation after a run.
public struct ExpectationVerdict: Sendable, Codable, Equatable {
    public var workload: String
    /// Position of the expectation in the workload file, from 0.
    public var expectationIndex: Int
    /// The engine it was checked for; empty when it is not engine-specific.
    public var engineLabel: String
    public var description: String
    public var status: VerdictStatus
    public var reason: String
    /// Free-form JSON object with the numbers behind the verdict.
    public var detailsJSON: String

    public init(workload: String, expectationIndex: Int, engineLabel: String = "", description: String,
                status: VerdictStatus, reason: String, detailsJSON: String = "{}") {
        self.workload = workload; self.expectationIndex = expectationIndex; self.engineLabel = engineLabel
        self.description = description; self.status = status; self.reason = reason; self.detailsJSON = detailsJSON
    }
}
