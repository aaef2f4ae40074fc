import Foundation
import ResultStore
import WorkerProtocol

/// One line of a spool file: a write the store has to see, in the order
/// the run made it. Replaying the lines of a file through `SpoolReplayer`
/// stores exactly what the run stored (or would have, had the database
/// been there), and replaying twice stores it once.
public enum SpoolRecord: Codable, Sendable, Equatable {
    /// The run and its plan, written before the first job starts.
    case run(RunInfo, jobs: [PlannedJob])
    /// A sample as the worker sent it, before anything else sees it.
    case sample(jobID: UUID, sample: Sample)
    /// How a job ended; its samples are the `sample` lines before it.
    case outcome(JobOutcome)
    case finish(runID: UUID, status: RunStatus, at: Date)
    case verdicts(runID: UUID, verdicts: [ExpectationVerdict])
    case reportPath(runID: UUID, path: String)
}

/// What can go wrong with spool files.
public enum SpoolError: Error, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the spool file \(path): \(reason); check that .layoutbench/ is writable and the disk is not full"
        case let .cannotWrite(path, reason):
            "cannot append to the spool file \(path): \(reason); free disk space, then run again"
        }
    }
}
