import Foundation
@testable import Harness
import ResultStore
import Testing

extension HarnessServerTests {
    @Suite struct SpoolTests {
        @Test func anInterruptedRunIsCompletedFromItsSpool() async throws {
            let store = try await HarnessServer.freshStore()
            let directory = try HarnessServer.scratch("spool")
            let (run, jobs) = RunFixtures.plan(["normal", "normal"])
            let writer = try SpoolWriter(directory: directory, runID: run.id)
            try writer.append(.run(run, jobs: jobs), sync: true)
            let samples = RunFixtures.expectedSamples(size: 10, count: 3)
            for sample in samples { try writer.append(.sample(jobID: jobs[0].id, sample: sample)) }
            // The harness "dies" here: no outcome, no finish; a torn line at the end.
            writer.close(delete: false)
            let handle = try #require(FileHandle(forWritingAtPath: writer.path))
            handle.seekToEndOfFile()
            handle.write(Data("{\"sample\":{\"jobID\":".utf8))
            try handle.close()

            // A process another test forks at the moment the writer's file is
            // open (a keeper is a fork that never execs) holds a copy of its
            // descriptor, and so its lock, until it closes it: the file is
            // busy for that moment and is left for the next flush, by design.
            var summary = try await SpoolReplayer(directory: directory).flushAll(into: store)
            for _ in 0..<600 where summary.files == 0 && summary.busy == 1 {
                try await Task.sleep(for: .milliseconds(100))
                summary = try await SpoolReplayer(directory: directory).flushAll(into: store)
            }
            #expect(summary.files == 1 && summary.samples == 3, "\(summary)")
            let details = try await store.runDetails(run.id)
            #expect(details.run.status == .interrupted)
            #expect(details.jobs[0].status == .failed && details.jobs[0].failure?.kind == "interrupted")
            #expect(details.jobs[0].samples == samples)
            #expect(details.jobs[1].status == .planned)
        }

        @Test func aLiveRunsSpoolIsLeftAloneAndACorruptLineIsSetAside() async throws {
            let store = try await HarnessServer.freshStore()
            let directory = try HarnessServer.scratch("spool")
            let (run, jobs) = RunFixtures.plan(["normal"])
            let live = try SpoolWriter(directory: directory, runID: run.id)
            try live.append(.run(run, jobs: jobs), sync: true)
            #expect(try await SpoolReplayer(directory: directory).flushAll(into: store).busy == 1)
            #expect(throws: SpoolError.self) { try SpoolWriter(directory: directory, runID: run.id) }
            live.close(delete: false)

            let corrupt = directory + "/corrupt.jsonl"
            try "not json\n{}\n".write(toFile: corrupt, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(atPath: live.path)
            let summary = try await SpoolReplayer(directory: directory).flushAll(into: store)
            #expect(summary.quarantined == 1 && summary.quarantineFiles == [directory + "/quarantine/corrupt.jsonl"])
            #expect(!FileManager.default.fileExists(atPath: corrupt))
            let kept = try String(contentsOfFile: directory + "/quarantine/corrupt.jsonl", encoding: .utf8)
            #expect(kept.contains("\"record\":\"not json\"") && kept.contains("\"line\":1"))
        }
    }
}
