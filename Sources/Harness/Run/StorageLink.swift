import Foundation
import ResultStore

/// The path every result takes: first the spool file (fsync'd), then the
/// database. When the database goes away the run carries on spooling;
/// before each later write the link tries to reconnect, and once it can it
/// replays the spool file so far (idempotently), which brings the database
/// back up to date. Whatever never reached the database stays in the spool
/// for `layoutbench db flush` or the next run.
public actor StorageLink {
    public nonisolated let spool: SpoolWriter
    private let store: ResultStore?
    private let replayer: SpoolReplayer
    private let progress: any ProgressReporter
    /// False after a failed write until a catch-up succeeds.
    public private(set) var online: Bool
    /// The last error that kept a write from the database.
    public private(set) var lastError: (any Error)?
    /// Least time between two reconnection attempts.
    private let retryInterval: Duration
    private var lastAttempt: ContinuousClock.Instant?

    /// With `store` nil the run is spooled only (the database was unreachable at the start).
    public init(store: ResultStore?, spool: SpoolWriter, spoolDirectory: String, progress: any ProgressReporter,
                retryInterval: Duration = .seconds(2)) {
        self.store = store
        self.spool = spool
        self.replayer = SpoolReplayer(directory: spoolDirectory)
        self.progress = progress
        self.online = store != nil
        self.retryInterval = retryInterval
    }

    /// Spools then stores the run and its plan.
    ///
    /// - Throws: `SpoolError` (the only thing that stops a run: results could be lost).
    public func begin(_ run: RunInfo, jobs: [PlannedJob]) async throws(SpoolError) {
        try spool.append(.run(run, jobs: jobs), sync: true)
        await send { store in try await store.beginRun(run, jobs: jobs) }
    }

    /// Spools then stores a job's outcome (its samples were spooled as they came).
    ///
    /// - Throws: `SpoolError`.
    public func record(_ outcome: JobOutcome) async throws(SpoolError) {
        var withoutSamples = outcome
        withoutSamples.samples = []
        try spool.append(.outcome(withoutSamples), sync: true)
        await send { store in try await store.recordOutcome(outcome) }
    }

    /// Spools then stores verdicts.
    ///
    /// - Throws: `SpoolError`.
    public func record(verdicts: [ExpectationVerdict], runID: UUID) async throws(SpoolError) {
        try spool.append(.verdicts(runID: runID, verdicts: verdicts), sync: true)
        await send { store in try await store.recordVerdicts(verdicts, runID: runID) }
    }

    /// Spools then stores where the report went.
    ///
    /// - Throws: `SpoolError`.
    public func record(reportPath: String, runID: UUID) async throws(SpoolError) {
        try spool.append(.reportPath(runID: runID, path: reportPath), sync: true)
        await send { store in try await store.setReportPath(reportPath, runID: runID) }
    }

    /// Spools and stores the run's end, then deletes the spool file if the
    /// database has everything. Returns whether it does.
    ///
    /// - Throws: `SpoolError`.
    public func finish(runID: UUID, status: RunStatus) async throws(SpoolError) -> Bool {
        try spool.append(.finish(runID: runID, status: status, at: Date()), sync: true)
        lastAttempt = nil  // one more try, however recent the last
        await send { store in try await store.finishRun(runID, status: status) }
        spool.close(delete: online)
        return online
    }

    /// Closes the spool once this process's part of a shared run is stored,
    /// without ending the run: other shards are still adding to it. Returns
    /// whether the database has everything (the file is then deleted).
    public func leave() -> Bool {
        spool.close(delete: online)
        return online
    }

    /// The store, for reads after the run (nil when spooling only).
    public var readableStore: ResultStore? { online ? store : nil }

    private func send(_ write: (ResultStore) async throws -> Void) async {
        guard let store else { return }
        if !online {
            await catchUp(store)
            return
        }
        do {
            try await write(store)
        } catch let error as ResultStoreError where error.isRefusedValue {
            // The database is there but refuses this record: the catch-up
            // sets it aside and stores everything else.
            online = false
            lastError = error
            lastAttempt = nil
            await catchUp(store)
        } catch {
            online = false
            lastError = error
            lastAttempt = .now
            progress.note("results database unavailable, results go to the spool only (\(spool.path)): \(error)")
        }
    }

    /// Reconnects and replays the spool file so far, which includes the write at hand.
    private func catchUp(_ store: ResultStore) async {
        if let lastAttempt, ContinuousClock.now - lastAttempt < retryInterval { return }
        lastAttempt = .now
        do {
            try await store.reconnect()
            let summary = try await replayer.replay(file: spool.path, into: store, runEnded: false)
            if summary.quarantined > 0 {
                progress.note(SpoolQuarantine.notice(records: summary.quarantined, files: summary.quarantineFiles))
            } else {
                progress.note("results database is back; the spooled results were sent")
            }
            online = true
        } catch {
            lastError = error
        }
    }
}
