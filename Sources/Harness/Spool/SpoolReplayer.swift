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
    /// - Throws: `ResultStoreError` (the file stays for next time) or `SpoolError.corruptLine`.
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
        }
        return total
    }

    /// Replays one file. With `runEnded` false (the harness catching up on
    /// its own live file) unfinished jobs are left as they are.
    ///
    /// - Throws: `ResultStoreError`, `SpoolError.corruptLine`.
    public func replay(file: String, into store: ResultStore, runEnded: Bool) async throws -> Summary {
        let records = try Self.read(file)
        var summary = Summary()
        var samples: [UUID: [Sample]] = [:]
        var planned: [(RunInfo, [PlannedJob])] = []
        var finished: Set<UUID> = [], ended: Set<UUID> = []
        for record in records {
            switch record {
            case let .run(run, jobs):
                try await store.beginRun(run, jobs: jobs)
                planned.append((run, jobs))
                summary.runs += 1
            case let .sample(jobID, sample):
                samples[jobID, default: []].append(sample)
            case var .outcome(outcome):
                outcome.samples = samples[outcome.jobID] ?? []
                try await store.recordOutcome(outcome)
                finished.insert(outcome.jobID)
                summary.outcomes += 1
                summary.samples += outcome.samples.count
            case let .finish(runID, status, date):
                try await store.finishRun(runID, status: status, at: date)
                ended.insert(runID)
            case let .verdicts(runID, verdicts):
                try await store.recordVerdicts(verdicts, runID: runID)
            case let .reportPath(runID, path):
                try await store.setReportPath(path, runID: runID)
            }
        }
        guard runEnded else { return summary }
        for (run, jobs) in planned where !ended.contains(run.id) {
            for job in jobs where !finished.contains(job.id) {
                guard let kept = samples[job.id], !kept.isEmpty else { continue }
                let now = Date()
                try await store.recordOutcome(JobOutcome(
                    jobID: job.id, engine: nil, startedAt: now, finishedAt: now,
                    failure: .init(kind: "interrupted", reason: "the harness stopped before this job finished; its samples were recovered from the spool"),
                    stderrTail: nil, summary: nil, samples: kept))
                summary.outcomes += 1
                summary.samples += kept.count
            }
            try await store.finishRun(run.id, status: .interrupted)
        }
        return summary
    }

    /// The records of a file. A torn last line (a crash mid-write) is
    /// dropped; a bad line anywhere else is an error.
    static func read(_ file: String) throws(SpoolError) -> [SpoolRecord] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .cannotOpen(path: file, reason: "cannot read it")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        var records: [SpoolRecord] = []
        records.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            do {
                records.append(try decoder.decode(SpoolRecord.self, from: Data(line)))
            } catch {
                if number == lines.count - 1 { break }
                throw .corruptLine(path: file, line: number + 1)
            }
        }
        return records
    }

    private func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
