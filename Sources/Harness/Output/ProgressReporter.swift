import Foundation
import ResultStore

/// Receives a run's events. Called from several tasks at once when jobs run in parallel.
public protocol ProgressReporter: Sendable {
    func runStarted(total: Int, parallelism: Int)
    func jobStarted(_ job: PlannedJob)
    func jobFinished(_ job: PlannedJob, outcome: JobOutcome)
    /// Something the user should know that is not about one job (the database went away, …).
    func note(_ text: String)
    func runFinished()
}

/// Reports nothing (tests, benchmarks).
public struct SilentProgress: ProgressReporter {
    public init() {}
    public func runStarted(total: Int, parallelism: Int) {}
    public func jobStarted(_ job: PlannedJob) {}
    public func jobFinished(_ job: PlannedJob, outcome: JobOutcome) {}
    public func note(_ text: String) {}
    public func runFinished() {}
}

extension PlannedJob {
    /// `workload/variant n=SIZE [engine]`, for progress lines.
    public var label: String { "\(workload)/\(variant) n=\(size) [\(engineLabel)]" }
}

/// `m:ss` (or `h:mm:ss`) for elapsed times and ETAs.
public enum Clock {
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--:--" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    static func formatDuration(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        if seconds >= 1e-6 { return String(format: "%.2f µs", seconds * 1e6) }
        return String(format: "%.0f ns", seconds * 1e9)
    }
}
