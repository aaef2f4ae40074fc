import EmbeddedCluster
import Foundation
import JobQueue
import Postgres
import ResultStore
import UntrustedText
import Workloads

/// The one place that turns errors into what the user reads:
///
///     error: the default worker .build/release/layoutbench-worker does not exist
///     try: build it with `swift build -c release --product layoutbench-worker`, …
public enum ErrorRenderer {
    /// The message and the suggestion for any error the harness can meet.
    public static func parts(of error: any Error) -> (message: String, suggestion: String?) {
        switch error {
        case let error as HarnessError:
            return (error.message, error.suggestion)
        case let error as ResultStoreError:
            return (error.message, error.suggestion)
        case let error as DistributedError:
            return (error.message, error.suggestion)
        case let error as JobQueueError:
            return (error.description, nil)
        case let error as SpoolError:
            let text = error.description
            guard let split = text.range(of: ": ", options: .backwards),
                  let semicolon = text.range(of: "; ", range: split.upperBound..<text.endIndex) else { return (text, nil) }
            return (String(text[..<semicolon.lowerBound]), String(text[semicolon.upperBound...]))
        case let error as EmbeddedPostgresError:
            return ("the embedded PostgreSQL cluster: \(error)",
                    "`layoutbench db status` shows its state; --database URL (or LAYOUTBENCH_DATABASE_URL) uses another server instead")
        case let error as PostgresError:
            return (error.description, error.isRetryable ? "check that the server is up (`layoutbench db status`) and run again" : nil)
        case let error as WorkloadLoadError:
            return (HarnessError.workloadProblems(error.all).message, HarnessError.workloadProblems(error.all).suggestion)
        case let error as JobFailure:
            return (error.description, nil)
        default:
            return ("\(error)", nil)
        }
    }

    /// `error: …` and, when there is one, `try: …`.
    public static func render(_ error: any Error) -> String {
        let (message, suggestion) = parts(of: error)
        // Errors quote names and reasons from files and workers: no raw escapes on the terminal.
        let text = "error: \(message)" + (suggestion.map { "\ntry: \($0)" } ?? "")
        return UntrustedText.clean(text, limit: 100_000, multiline: true)
    }

    /// Prints `render(error)` to standard error.
    public static func report(_ error: any Error) {
        FileHandle.standardError.write(Data((render(error) + "\n").utf8))
    }
}
