import Foundation
import Testing
import WorkerProtocol
import Workloads
import ScenarioCatalog
import Scenarios

/// End to end through the real executable: every workload at its smallest
/// size, the protocol, exit codes, and reproducible counters.
@Suite struct WorkerProcessTests {
    /// (file, variant, smallest size) for every variant of every workload.
    static let jobs: [String] = {
        let (workloads, _) = WorkloadLoader.loadDirectory(WorkerProcess.workloads, catalog: ScenarioCatalog.catalog)
        return workloads.flatMap { w in w.variants.map { "\(w.name) \($0.name) \(w.sweep.sizes[0])" } }
    }()

    static let quick = ["--samples", "2", "--warmup", "1", "--min-sample-seconds", "0", "--json"]

    @Test(arguments: jobs)
    func everyWorkloadRunsAtItsSmallestSize(job: String) throws {
        let parts = job.split(separator: " ").map(String.init)
        let file = WorkerProcess.workloads.appendingPathComponent("\(parts[0]).yaml").path
        let r = try WorkerProcess.run(["--workload", file, "--variant", parts[1], "--size", parts[2]] + Self.quick)
        let w = try WorkloadLoader.load(file: URL(fileURLWithPath: file))
        if ScenarioRegistry.missing.contains(w.driver) {
            // Not built yet: the worker must say so with the workload-error code, never crash.
            #expect(r.status == WorkerExitCode.workloadError.rawValue)
            #expect(r.err.contains("is not built into this worker yet"))
            return
        }
        #expect(r.status == 0, "\(r.err)")
        let summary = try JSONDecoder().decode(JobSummary.self, from: Data(try #require(r.lines.last).utf8))
        #expect(summary.workload == parts[0] && summary.variant == parts[1] && summary.size == Int(parts[2]))
        #expect(summary.samples == 2 && summary.medianSeconds > 0 && summary.digest.count == 16)
        #expect(!summary.counters.isEmpty)
    }

    @Test func protocolRoundTrip() throws {
        let job = JobRequest(workloadPath: WorkerProcess.workloads.appendingPathComponent("long-row.yaml").path,
                             variant: "build", size: 20, seed: 3, samples: 3, warmupIterations: 2, minSampleSeconds: 0.001)
        let r = try WorkerProcess.run(["--protocol"], stdin: try ProtocolCoding.encodeLine(job) + "\n")
        #expect(r.status == 0, "\(r.err)")
        let messages = try r.lines.map { line throws(ProtocolError) in try ProtocolCoding.decodeMessage(line) }
        guard case .hello(let hello)? = messages.first else { Issue.record("no hello first: \(r.out)"); return }
        #expect(hello.protocolVersion == WorkerProtocol.version && hello.engine.commit.count == 40)
        let samples = messages.compactMap { if case .sample(let s) = $0 { s } else { nil } }
        #expect(samples.filter { !$0.warmup }.count == 3)
        #expect(samples.first?.warmup == true && samples.first?.iterations == 2)
        #expect(samples.allSatisfy { $0.wallSeconds > 0 && $0.cpuSeconds >= 0 })
        // Allocation counting works in the built worker (an elided probe once turned it off in release).
        #expect(samples.allSatisfy { ($0.allocations ?? 0) > 0 && ($0.allocatedBytes ?? 0) > 0 })
        #expect(samples.map(\.index) == Array(0..<samples.count))
        guard case .summary(let summary)? = messages.last else { Issue.record("no summary last"); return }
        #expect(summary.samples == 3 && summary.workload == "long-row" && summary.counters["constraintsAdded"] == 80)
        // The summary survives the wire unchanged.
        #expect(try ProtocolCoding.decodeMessage(Substring(ProtocolCoding.encodeLine(WorkerMessage.summary(summary)))) == .summary(summary))
    }

    /// The worker's counting malloc counts exactly what the counting thread
    /// asks for — malloc, calloc, realloc (not a realloc to zero, which
    /// frees), posix_memalign, aligned_alloc — and nothing another thread
    /// allocates meanwhile (the check runs a thread making 1,000 blocks).
    @Test func theAllocationCounterCountsExactlyTheMeasuringThreadsAllocations() throws {
        let r = try WorkerProcess.run(["--check-allocation-counter"])
        #expect(r.status == 0, "\(r.err)")
        let reading = try JSONDecoder().decode([String: Int64].self, from: Data(try #require(r.lines.last).utf8))
        #expect(reading["count"] == 114 && reading["bytes"] == 4_800 + 1_000 + 64 + 128 + 256 + 128, "\(reading)")
        #expect(reading["count"] == reading["expected_count"] && reading["bytes"] == reading["expected_bytes"])
    }

    /// The worker keeps freed memory (`HeapSettings`): a 4 MiB block freed
    /// and asked for again reuses its pages. With glibc's defaults the
    /// second write faults in all 1,024 pages again, as the first did.
    @Test func theWorkerReusesAFreedLargeBlockWithoutNewPageFaults() throws {
        let r = try WorkerProcess.run(["--check-heap-reuse"])
        #expect(r.status == 0, "\(r.err)")
        let reading = try JSONDecoder().decode([String: Int].self, from: Data(try #require(r.lines.last).utf8))
        #expect(reading["policy"] == 1, "\(reading)")
        #expect(reading["first"]! > 512, "the first write maps fresh pages: \(reading)")
        #expect(reading["second"]! < 64, "the second write reuses them: \(reading)")
    }

    @Test func wrongProtocolVersionIsABadJob() throws {
        let job = JobRequest(workloadPath: "x.yaml", variant: "a", size: 1, protocolVersion: 99)
        let r = try WorkerProcess.run(["--protocol"], stdin: try ProtocolCoding.encodeLine(job) + "\n")
        #expect(r.status == WorkerExitCode.badJob.rawValue)
        guard case .error(let failure)? = try r.lines.last.map({ line throws(ProtocolError) in try ProtocolCoding.decodeMessage(line) }) else {
            Issue.record("no error message: \(r.out)"); return
        }
        #expect(failure.kind == .badJob)
        #expect(failure.message == ProtocolError.versionMismatch(expected: WorkerProtocol.version, got: 99).description)
    }

    @Test func distinctExitCodes() throws {
        let long = WorkerProcess.workloads.appendingPathComponent("long-row.yaml").path
        let unknownVariant = try WorkerProcess.run(["--workload", long, "--variant", "nope", "--size", "5"])
        #expect(unknownVariant.status == WorkerExitCode.badJob.rawValue)
        #expect(unknownVariant.err.contains("has no variant 'nope' — use one of build, resize"))

        let badSize = try WorkerProcess.run(["--workload", long, "--variant", "build", "--size", "0"])
        #expect(badSize.status == WorkerExitCode.badJob.rawValue)

        let missing = try WorkerProcess.run(["--workload", "/nonexistent/x.yaml", "--variant", "a", "--size", "5"])
        #expect(missing.status == WorkerExitCode.workloadError.rawValue)
        #expect(missing.err.contains("there is no file at this path"))

        // An unexpected unsatisfiable layout: engine error with the engine's log, not a crash.
        let source = try String(contentsOfFile: WorkerProcess.workloads.appendingPathComponent("unsatisfiable.yaml").path, encoding: .utf8)
            .replacingOccurrences(of: "overrides: {conflict_every: 10}", with: "overrides: {conflict_every: 10, expected: false}")
        let job = JobRequest(workloadPath: "unsatisfiable.yaml", workloadSource: source, variant: "conflicting", size: 10,
                             samples: 1, warmupIterations: 0, minSampleSeconds: 0)
        let r = try WorkerProcess.run(["--protocol"], stdin: try ProtocolCoding.encodeLine(job) + "\n")
        #expect(r.status == WorkerExitCode.engineError.rawValue)
        guard case .error(let failure)? = try r.lines.last.map({ line throws(ProtocolError) in try ProtocolCoding.decodeMessage(line) }) else {
            Issue.record("no error message: \(r.out)"); return
        }
        #expect(failure.kind == .engine)
        #expect(failure.log.contains("Unable to simultaneously satisfy constraints."))
        #expect(failure.log.contains("    view0.width - 50 == 0"))
    }

    /// A resize alternates between two widths, so the layout after the last
    /// step depends on how many steps ran; the digest must not: it is taken
    /// after a fixed number of steps, whatever calibration and samples added.
    @Test func theDigestDoesNotDependOnHowManyStepsWereTimed() throws {
        let file = WorkerProcess.workloads.appendingPathComponent("long-row.yaml").path
        let digests = try [["--samples", "1", "--min-sample-seconds", "0"], ["--samples", "2", "--min-sample-seconds", "0"],
                           ["--samples", "3", "--min-sample-seconds", "0.003"]].map { timing in
            let r = try WorkerProcess.run(["--workload", file, "--variant", "resize", "--size", "20", "--warmup", "1", "--json"] + timing)
            #expect(r.status == 0, "\(r.err)")
            return try JSONDecoder().decode(JobSummary.self, from: Data(try #require(r.lines.last).utf8)).digest
        }
        #expect(Set(digests).count == 1, "\(digests)")
    }

    @Test func countersAndDigestAreReproducibleForASeed() throws {
        let file = WorkerProcess.workloads.appendingPathComponent("random-anchors.yaml").path
        func run(seed: Int) throws -> JobSummary {
            let r = try WorkerProcess.run(["--workload", file, "--variant", "medium", "--size", "30", "--seed", "\(seed)"] + Self.quick)
            #expect(r.status == 0, "\(r.err)")
            return try JSONDecoder().decode(JobSummary.self, from: Data(try #require(r.lines.last).utf8))
        }
        let a = try run(seed: 5), b = try run(seed: 5), c = try run(seed: 6)
        #expect(a.counters == b.counters && a.digest == b.digest)
        #expect(a.counters["pivots"]! > 0)
        #expect(a.digest != c.digest)
    }
}
