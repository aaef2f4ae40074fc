import Foundation
@testable import Harness
import ResultStore
import Testing
import Workloads

@Suite struct SHA256Tests {
    @Test func knownAnswers() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update(Array(repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct JobPlannerTests {
    static let workloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Workloads")
    let planner = JobPlanner(workloadsDirectory: JobPlannerTests.workloads)
    let engines = [EngineChoice(label: "a", command: WorkerCommand(executable: "/bin/true")),
                   EngineChoice(label: "b", command: WorkerCommand(executable: "/bin/true"))]

    @Test func plansWorkloadsTimesVariantsTimesSizesTimesEngines() throws {
        let loaded = try planner.load(["independent-blocks"])
        let workload = try #require(loaded.first?.workload)
        let all = try planner.plan(runID: UUID(), workloads: loaded, variants: nil, sizes: nil, samples: nil, seed: 1, engines: engines)
        #expect(all.count == workload.variants.count * workload.sweep.sizes.count * 2)
        #expect(all.map(\.ordinal) == Array(0..<all.count))
        #expect(all[0].engineLabel == "a" && all[1].engineLabel == "b" && all[0].size == all[1].size)
        let size = workload.sweep.sizes[0]
        let some = try planner.plan(runID: UUID(), workloads: loaded, variants: [workload.variants[0].name], sizes: [size],
                                    samples: 3, seed: 9, engines: [engines[0]])
        #expect(some.count == 1 && some[0].requestedSamples == 3 && some[0].seed == 9)
        #expect(some[0].parameters[workload.sweep.parameter] == .int(size))
    }

    /// `--sizes` takes any size the driver's sweep parameter accepts, so
    /// 10,20,40 on a sweep of 10/100/400 runs all three; a size beyond the
    /// driver's bounds is named as dropped, not silently skipped.
    @Test func askedSizesExtendTheSweepWithinTheDriversBounds() throws {
        let loaded = try planner.load(["independent-blocks"])
        let workload = try #require(loaded.first?.workload)
        let asked = [workload.sweep.sizes[0], 7, 2_000_000]
        let sizes = JobPlanner.sizes(of: workload, asked: asked)
        #expect(sizes.run == [7, workload.sweep.sizes[0]].sorted() && sizes.dropped == [2_000_000])
        let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: [workload.variants[0].name], sizes: asked,
                                    samples: nil, seed: 1, engines: [engines[0]])
        #expect(Set(jobs.map(\.size)) == Set(sizes.run))
        #expect(JobPlanner.sizes(of: workload, asked: nil).run == workload.sweep.sizes)
    }

    /// A workload measured in several processes (`measurement.processes`)
    /// is planned once per process, round after round, each job with the
    /// full samples; the analysis pools a cell's jobs.
    @Test func aWorkloadInSeveralProcessesIsPlannedRoundAfterRound() throws {
        let loaded = try planner.load(["feed-cell"])
        let workload = try #require(loaded.first?.workload)
        let rounds = workload.measurement.processes
        #expect(rounds > 1)
        let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: ["build-constraints", "build-manual"],
                                    sizes: [10], samples: nil, seed: 1, engines: [engines[0]])
        #expect(jobs.map(\.variant) == Array(repeating: ["build-constraints", "build-manual"], count: rounds).flatMap { $0 })
        #expect(jobs.map(\.ordinal) == Array(0..<(2 * rounds)) && Set(jobs.map(\.size)) == [10])
    }

    /// A variant that a ratio claim on time compares runs in at least three
    /// processes, the file's samples spread over them; a variant that only
    /// counted claims compare keeps the file's one process and samples.
    @Test func ratioVariantsRunInThreeProcessesWithTheirSamplesSpread() throws {
        let source = """
            name: ratio-claims
            title: X
            talk: {title: T, time: "1:00", scenario: "§1"}
            description: d
            driver: cheap-operations
            parameters: {operation: set-constant}
            sweep: {parameter: views, sizes: [1, 10]}
            variants: {a: {}, b: {}, c: {}}
            measurement: {samples: 12}
            expectations:
              - {kind: ratio, cheaper: a, than: b, factor: 1}
              - {kind: ratio, cheaper: a, than: c, factor: 1, metric: solverWork}

            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ratio-claims.yaml")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let loaded = try planner.load([file.path])
        let workload = try #require(loaded.first?.workload)
        #expect(workload.processes(of: "a") == 3 && workload.processes(of: "b") == 3 && workload.processes(of: "c") == 1)
        #expect(workload.samples(of: "a") == 5 && workload.samples(of: "c") == 12)
        let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: nil, sizes: [10], samples: nil, seed: 1, engines: [engines[0]])
        #expect(jobs.map(\.variant) == ["a", "b", "c", "a", "b", "a", "b"])
        let requests = WorkerRequests(sources: [loaded[0].path: loaded[0].source])
        #expect(jobs.map { requests.request(for: $0).samples } == [5, 5, 3, 5, 5, 5, 5])   // c is timed by no claim
        // --samples is per job, as asked.
        let asked = try planner.plan(runID: UUID(), workloads: loaded, variants: ["a"], sizes: [10], samples: 7, seed: 1, engines: [engines[0]])
        #expect(asked.map { requests.request(for: $0).samples } == [7, 7, 7])
        // A file that already plans more processes keeps them and its samples.
        var five = workload
        five.measurement.processes = 5
        #expect(five.processes(of: "a") == 5 && five.samples(of: "a") == 12 && five.processes(of: "c") == 5)
    }

    @Test func mistakesSayWhatToTry() throws {
        #expect(throws: HarnessError.self) { try planner.load(["independent-blokcs"]) }
        do { _ = try planner.load(["independent-blokcs"]) } catch {
            #expect(ErrorRenderer.render(error).contains("try: did you mean \"independent-blocks\"?"))
        }
        let loaded = try planner.load(["independent-blocks"])
        #expect(throws: HarnessError.self) {
            try planner.plan(runID: UUID(), workloads: loaded, variants: ["nope"], sizes: nil, samples: nil, seed: 1, engines: engines)
        }
        #expect(throws: HarnessError.self) {
            try planner.plan(runID: UUID(), workloads: loaded, variants: nil, sizes: [2_000_000], samples: nil, seed: 1, engines: engines)
        }
        #expect(throws: HarnessError.self) { try EngineChoice.parse("no-equals-sign") }
        #expect(throws: HarnessError.self) { try EngineChoice.parse("x=/nonexistent/worker") }
        #expect(try EngineChoice.parse("x=/bin/true").label == "x")
    }
}

/// Workers get a workload's text without its measurement section, and the
/// section's settings in the request: a worker built before a key existed
/// (`processes`, `warmup_seconds`) refused the whole file.
@Suite struct WorkerRequestsTests {
    let planner = JobPlanner(workloadsDirectory: JobPlannerTests.workloads)
    let engine = EngineChoice(label: "a", command: WorkerCommand(executable: "/bin/true"))

    @Test func everyWorkloadLosesItsMeasurementSectionAndNothingElse() throws {
        let loaded = try planner.load([])
        #expect(loaded.count > 10)
        for item in loaded {
            let prepared = WorkerRequests.prepare(item.source, file: item.path)
            let lines = prepared.source.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == item.source.split(separator: "\n", omittingEmptySubsequences: false).count, "\(item.path)")
            #expect(!lines.contains { $0.hasPrefix("measurement") }, "\(item.path)")
            #expect(!prepared.source.contains("title_en"), "\(item.path)")
            var reread = try WorkloadLoader.load(source: prepared.source, file: item.path)
            #expect(reread.measurement == MeasurementSettings(), "\(item.path)")
            #expect(reread.talk.titleEnglish == nil, "\(item.path)")
            reread.talk.titleEnglish = item.workload.talk.titleEnglish
            if item.source.contains("\nmeasurement:") {
                #expect(prepared.measurement == item.workload.measurement, "\(item.path)")
            }
            reread.measurement = item.workload.measurement
            #expect(reread == item.workload, "\(item.path)")
        }
    }

    /// A job's request holds its own variant and no expectations, and reads
    /// back as exactly that part of the workload: an older worker that lacks
    /// a parameter another variant uses still runs this one.
    @Test func eachRequestCarriesOnlyItsOwnVariant() throws {
        let loaded = try planner.load([])
        var cut = 0
        for item in loaded {
            let requests = WorkerRequests(sources: [item.path: item.source])
            let jobs = try planner.plan(runID: UUID(), workloads: [item], variants: nil, sizes: nil, samples: nil, seed: 1, engines: [engine])
            for job in jobs {
                let sent = try #require(requests.request(for: job).workloadSource)
                let reread = try WorkloadLoader.load(source: sent, file: item.path)
                #expect(reread.variants.map(\.name) == [job.variant], "\(item.path) \(job.variant)")
                #expect(reread.expectations.isEmpty, "\(item.path)")
                #expect(sent.split(separator: "\n", omittingEmptySubsequences: false).count
                        == item.source.split(separator: "\n", omittingEmptySubsequences: false).count, "lines keep their numbers")
                cut += 1
            }
        }
        #expect(cut > 300)
        // The bare-layout variant of self-sizing-cells never shows an older worker the collection-view parameter.
        let cells = try #require(try planner.load(["self-sizing-cells"]).first)
        let requests = WorkerRequests(sources: [cells.path: cells.source])
        let job = try #require(try planner.plan(runID: UUID(), workloads: [cells], variants: ["own-engine"], sizes: [25], samples: nil,
                                                seed: 1, engines: [engine]).first)
        let sent = try #require(requests.request(for: job).workloadSource)
        #expect(cells.source.contains("through: collection-view") && !sent.contains("through:") && !sent.contains("collection-view"))
        // A flow-style variants map is left whole: its jobs get the prepared text.
        let flow = "name: t\ntitle: T\ntalk: {title: T, time: \"\", scenario: \"§1\"}\ndescription: d\ndriver: churn\n"
            + "sweep: {parameter: views, sizes: [1, 2]}\nvariants: {churned: {overrides: {mode: churned}}, grouped: {overrides: {mode: grouped}}}\n"
        let flowWorkload = try? WorkloadLoader.load(source: flow, file: "t.yaml")
        #expect(flowWorkload.map { WorkerRequests.variantSources(flow, workload: $0, file: "t.yaml").isEmpty } ?? true)
    }

    /// A variant whose claims are all on counters and digests gets a few
    /// samples; a timed one its workload's count; `--samples` wins for both.
    @Test func aVariantNoClaimTimesGetsFewSamples() throws {
        let loaded = try planner.load(["random-anchors"])
        let item = try #require(loaded.first)
        #expect(item.workload.expectations.contains { $0.variantNames.contains("high") }
                && !item.workload.expectations.contains { $0.timedVariants.contains("high") })
        let requests = WorkerRequests(sources: [item.path: item.source])
        for (asked, high, medium) in [(nil as Int?, WorkerRequests.countedOnlySamples, item.workload.measurement.samples), (7, 7, 7)] {
            let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: ["high", "medium"], sizes: [50], samples: asked,
                                        seed: 1, engines: [engine])
            let byVariant = Dictionary(uniqueKeysWithValues: jobs.map { ($0.variant, requests.request(for: $0).samples) })
            #expect(byVariant["high"] == high && byVariant["medium"] == medium)
        }
        #expect(item.workload.measurement.samples > WorkerRequests.countedOnlySamples)
    }

    /// A worker built before `talk.title_en` existed refuses the key; the
    /// shipped slide-deck workloads carry it, so every request must go
    /// without it, in block style with a folded value too.
    @Test func theEnglishTalkTitleNeverReachesAWorker() throws {
        let loaded = try planner.load(["feed-cell"])
        let item = try #require(loaded.first)
        #expect(item.workload.talk.titleEnglish?.isEmpty == false && item.source.contains("title_en:"))
        let requests = WorkerRequests(sources: [item.path: item.source])
        let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: ["build-manual"], sizes: [10], samples: nil,
                                    seed: 1, engines: [engine])
        let sent = try #require(requests.request(for: jobs[0]).workloadSource)
        #expect(!sent.contains("title_en"))
        #expect(try WorkloadLoader.load(source: sent, file: item.path).talk.title == item.workload.talk.title)
        let folded = item.source.replacingOccurrences(
            of: "  title_en: ", with: "  title_en: >-\n    Getting to know\n    the layout cycle\n  # kept apart\n  title_en_note_free: ")
        let lines = folded.split(separator: "\n", omittingEmptySubsequences: false)
        let stripped = WorkerRequests.withoutTalkKey("title_en", folded).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(stripped.count == lines.count)
        #expect(!stripped.contains { $0.contains("title_en:") || $0 == "    Getting to know" || $0 == "    the layout cycle" })
        #expect(stripped.contains("  # kept apart"), "a comment at the key's own indentation ends its value")
        #expect(stripped.contains { $0.contains("title_en_note_free") }, "only the key itself goes")
    }

    @Test func theRequestCarriesTheSettingsAndSamplesGiveWay() throws {
        let loaded = try planner.load(["feed-cell"])
        let m = try #require(loaded.first?.workload.measurement)
        #expect(m.warmupSeconds > 0 && m.processes > 1)
        let requests = WorkerRequests(sources: Dictionary(uniqueKeysWithValues: loaded.map { ($0.path, $0.source) }))
        let jobs = try planner.plan(runID: UUID(), workloads: loaded, variants: ["build-manual"], sizes: [10], samples: nil,
                                    seed: 1, engines: [engine])
        let request = requests.request(for: jobs[0])
        #expect(request.samples == m.samples && request.warmupIterations == m.warmupIterations)
        #expect(request.minSampleSeconds == m.minSampleSeconds && request.warmupSeconds == m.warmupSeconds)
        #expect(request.workloadSource.map { !$0.contains("warmup_seconds") && !$0.contains("processes:") } == true)
        let asked = try planner.plan(runID: UUID(), workloads: loaded, variants: ["build-manual"], sizes: [10], samples: 3,
                                     seed: 1, engines: [engine])
        #expect(requests.request(for: asked[0]).samples == 3)
    }

    @Test func flowStyleSectionsGoAndTextThatDoesNotParseStays() {
        let minimal = """
            name: x
            title: X
            talk: {title: T, time: "1:00", scenario: "§1"}
            description: d
            driver: cheap-operations
            sweep: {parameter: views, sizes: [1, 10]}
            variants: {a: {}}

            """
        let flow = WorkerRequests.prepare(minimal + "measurement: {samples: 4, processes: 3, warmup_seconds: 0.5}\n", file: "t.yaml")
        #expect(!flow.source.contains("measurement") && flow.measurement?.samples == 4 && flow.measurement?.warmupSeconds == 0.5)
        let block = WorkerRequests.prepare(minimal + "measurement:\n  # why\n  samples: 4\n\n  processes: 2\nexpectations: []\n",
                                           file: "t.yaml")
        #expect(block.source.hasSuffix("\n\n\n\n\n\nexpectations: []\n") && block.measurement?.processes == 2)
        let broken = minimal + "measurement: {samples: many}\n"
        let english = minimal.replacingOccurrences(of: "{title: T,", with: "{title: T, title_en: \"T, in English\",")
        let flowTalk = WorkerRequests.prepare(english, file: "t.yaml")
        #expect(english.contains("title_en") && !flowTalk.source.contains("title_en") && flowTalk.measurement == nil)
        #expect((try? WorkloadLoader.load(source: flowTalk.source, file: "t.yaml"))?.talk.title == "T")
        let kept = WorkerRequests.prepare(broken, file: "t.yaml")
        #expect(kept.source == broken && kept.measurement == nil)
    }
}

@Suite struct OutputTests {
    @Test func theExpectationTableCountsEachVerdict() {
        let verdicts = [
            ExpectationVerdict(workload: "churn", expectationIndex: 0, description: "grouped: time linear in N", status: .pass, reason: "slope 1.01"),
            ExpectationVerdict(workload: "churn", expectationIndex: 1, engineLabel: "new", description: "same frames", status: .fail,
                               reason: "digests differ at n=100"),
            ExpectationVerdict(workload: "mosaic", expectationIndex: 0, description: "x", status: .inconclusive, reason: "too noisy"),
        ]
        let table = ExpectationTable.render(verdicts, style: TextStyle(color: false, fitsTerminal: true))
        let lines = table.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("workload"))
        #expect(lines[2].contains("churn [new]") && lines[2].contains("fail") && lines[2].contains("digests differ"))
        #expect(lines[4] == "1 pass, 1 fail, 1 inconclusive")
        #expect(!table.contains("\u{1B}["))
        #expect(ExpectationTable.render(verdicts, style: TextStyle(color: true, fitsTerminal: true)).contains("\u{1B}[32mpass"))
    }

    @Test func aPipedTableKeepsEveryWordAndATerminalOneIsCut() {
        let reason = String(repeating: "the interval at n=400 leaves the ratio open ", count: 3) + "worst 2.41"
        let verdicts = [ExpectationVerdict(workload: "feed-cell", expectationIndex: 0, description: "manual: time linear in N",
                                           status: .inconclusive, reason: reason)]
        let piped = ExpectationTable.render(verdicts, style: TextStyle(color: false, fitsTerminal: false))
        #expect(piped.contains(reason) && !piped.contains("…"))
        let terminal = ExpectationTable.render(verdicts, style: TextStyle(color: false, fitsTerminal: true))
        #expect(!terminal.contains(reason) && terminal.contains("…"))
    }

    @Test func colourFollowsTheFlagThenNoColorThenTheTerminal() {
        #expect(ColorChoice.auto.enabled(isTerminal: true, environment: [:]))
        #expect(!ColorChoice.auto.enabled(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorChoice.auto.enabled(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!ColorChoice.auto.enabled(isTerminal: false, environment: [:]))
        #expect(ColorChoice.always.enabled(isTerminal: false, environment: ["NO_COLOR": "1"]))
        #expect(!ColorChoice.never.enabled(isTerminal: true, environment: [:]))
    }

    @Test func everyErrorRendersAsErrorThenTry() {
        let errors: [any Error] = [
            HarnessError.defaultWorkerMissing(expectedAt: "/x/layoutbench-worker"),
            ResultStoreError.schemaOutdated(found: 0, known: 1),
            SpoolError.cannotWrite(path: "/s.jsonl", reason: "No space left on device"),
        ]
        for error in errors {
            let lines = ErrorRenderer.render(error).split(separator: "\n")
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first?.hasPrefix("error: ") == true && lines.last?.hasPrefix("try: ") == true)
        }
        #expect(ErrorRenderer.render(ResultStoreError.schemaOutdated(found: 0, known: 1)).contains("try: run `layoutbench db migrate`"))
    }

    @Test func clockFormatting() {
        #expect(Clock.format(65) == "1:05" && Clock.format(3725) == "1:02:05" && Clock.format(.nan) == "--:--")
        #expect(Clock.formatDuration(0.0025) == "2.50 ms" && Clock.formatDuration(2) == "2.00 s")
    }
}
