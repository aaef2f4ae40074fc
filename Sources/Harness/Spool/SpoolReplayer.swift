import Foundation
import ResultStore
import WorkerProtocol

/// Sends spool files to the store. Every write is idempotent, so a file may
/// be replayed any number of times, in part or in full.
public struct SpoolReplayer: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// What a replay sent.
    public struct Summary: Sendable, Equatable {
        public var files = 0
        public var runs = 0
        public var outcomes = 0
        public var samples = 0
        /// Files still locked by a live run, left alone.
        public var busy = 0
        /// Records the store refused for good, kept aside.
        public var quarantined = 0
        /// Where they are (`SpoolQuarantine`).
        public var quarantineFiles: [String] = []
    }

    /// The spool files waiting to be sent, oldest first.
    public func pendingFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { directory + "/" + $0 }.sorted { modified($0) < modified($1) }
    }

    /// Replays every file no live run holds, deleting each once it is
    /// stored. Files of runs that died midway are completed: their run is
    /// marked interrupted and jobs with samples but no outcome are stored
    /// as failed (`interrupted`).
    ///
    /// - Throws: `ResultStoreError` when the database is away (the file stays for next time).
    public func flushAll(into store: ResultStore, skipping current: String? = nil) async throws -> Summary {
        var total = Summary()
        for file in pendingFiles() where file != current {
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { Glibc.close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { total.busy += 1; continue }
            let summary = try await replay(file: file, into: store, runEnded: true)
            unlink(file)
            total.files += 1; total.runs += summary.runs; total.outcomes += summary.outcomes; total.samples += summary.samples
            total.quarantined += summary.quarantined; total.quarantineFiles += summary.quarantineFiles
        }
        return total
    }

    /// Replays one file. With `runEnded` false (the harness catching up on
    /// its own live file) unfinished jobs are left as they are.
    ///
    /// A record the store refuses for good (a value it cannot hold, a line
    /// that is not a record) goes to the file's quarantine file
    /// (`SpoolQuarantine`) and the replay goes on: one bad record never
    /// holds back the others, nor later runs.
    ///
    /// - Throws: `ResultStoreError` when the database is away (the file
    ///   stays for next time), `SpoolError.cannotOpen`.
    public func replay(file: String, into store: ResultStore, runEnded: Bool) async throws -> Summary {
        let lines = try Self.read(file)
        let quarantine = SpoolQuarantine(spoolFile: file)
        var summary = Summary()
        var samples: [UUID: [Sample]] = [:]
        var planned: [(RunInfo, [PlannedJob])] = []
        var finished: Set<UUID> = [], ended: Set<UUID> = [], refused: Set<UUID> = []
        /// Runs `write`; a refusal that retrying cannot cure quarantines the line.
        func attempt(_ line: SpoolLine, _ write: () async throws -> Void) async throws -> Bool {
            do {
                try await write()
                return true
            } catch let error as ResultStoreError where error.isRefusedValue {
                try quarantine.keep(line, reason: error.message)
                summary.quarantined += 1
                return false
            }
        }
        for line in lines {
            guard let record = line.record else {
                try quarantine.keep(line, reason: "not a spool record")
                summary.quarantined += 1
                continue
            }
            switch record {
            case let .run(run, jobs):
                guard try await attempt(line, { try await store.beginRun(run, jobs: jobs) }) else { continue }
                planned.append((run, jobs))
                summary.runs += 1
            case let .sample(jobID, sample):
                samples[jobID, default: []].append(sample)
            case var .outcome(outcome):
                outcome.samples = samples[outcome.jobID] ?? []
                let withSamples = outcome
                guard try await attempt(line, { try await store.recordOutcome(withSamples) }) else {
                    refused.insert(outcome.jobID)
                    continue
                }
                finished.insert(outcome.jobID)
                summary.outcomes += 1
                summary.samples += outcome.samples.count
            case let .finish(runID, status, date):
                guard try await attempt(line, { try await store.finishRun(runID, status: status, at: date) }) else { continue }
                ended.insert(runID)
            case let .verdicts(runID, verdicts):
                _ = try await attempt(line, { try await store.recordVerdicts(verdicts, runID: runID) })
            case let .reportPath(runID, path):
                _ = try await attempt(line, { try await store.setReportPath(path, runID: runID) })
            }
        }
        if summary.quarantined > 0 { summary.quarantineFiles.append(quarantine.path) }
        /// Stores a job's spooled samples under a failed outcome of its own.
        func recover(_ job: UUID, reason: String) async throws {
            guard let kept = samples[job], !kept.isEmpty else { return }
            let now = Date()
            try await store.recordOutcome(JobOutcome(
                jobID: job, engine: nil, startedAt: now, finishedAt: now,
                failure: .init(kind: "interrupted", reason: reason + "; its samples were recovered from the spool"),
                stderrTail: nil, summary: nil, samples: kept))
            summary.outcomes += 1
            summary.samples += kept.count
        }
        for job in refused.sorted(by: { $0.uuidString < $1.uuidString }) {
            try await recover(job, reason: "its outcome could not be stored and was set aside in \(quarantine.path)")
        }
        guard runEnded else { return summary }
        for (run, jobs) in planned where !ended.contains(run.id) {
            for job in jobs where !finished.contains(job.id) && !refused.contains(job.id) {
                try await recover(job.id, reason: "the harness stopped before this job finished")
            }
            try await store.finishRun(run.id, status: .interrupted)
        }
        return summary
    }

    /// The lines of a file, each with its record when it decodes. A torn
    /// last line (a crash mid-write) is dropped.
    static func read(_ file: String) throws(SpoolError) -> [SpoolLine] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .cannotOpen(path: file, reason: "cannot read it")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        var records: [SpoolLine] = []
        records.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let record = try? decoder.decode(SpoolRecord.self, from: Data(line))
            if record == nil, number == lines.count - 1 { break }
            records.append(SpoolLine(number: number + 1, text: Data(line), record: record))
        }
        return records
    }

    private func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
