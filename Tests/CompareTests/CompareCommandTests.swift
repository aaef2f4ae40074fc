import Foundation
import JSONSchemaCheck
import Testing
import BuildTestSupport

/// `layoutbench compare` end to end: the built CLI, real worker processes,
/// the files it writes and its exit code. The fixture sides are the
/// fixture-worker under different environments (see Tests/fixture-worker).
/// Serialized: these tests measure time, and two at once on two cores would
/// measure each other.
@Suite(.serialized) struct CompareCommandTests {
    /// Three cells of the fixture at 10 (independent-blocks has six variants at 10; three are enough).
    static let fixtureCells = ["independent-blocks", "--sizes", "10", "--variants", "independent,linked,edit-one",
                               "--samples", "6", "--max-rounds", "3", "--database", CompareCLI.noDatabase]

    @Test func sameRealWorkerOnBothSidesIsNoRegression() throws {
        let out = try CompareCLI.scratch("aa")
        let worker = CompareCLI.realWorker
        let result = try CompareCLI.compare([worker, worker, "--workloads", "churn,independent-blocks", "--sizes", "10",
                                             "--variants", "grouped,independent,linked", "--samples", "3", "--max-rounds", "3",
                                             "--out", out.path, "--markdown", out.appendingPathComponent("c.md").path,
                                             "--database", CompareCLI.noDatabase])
        // Identical binaries: never a regression; under load a cell may stay undecided, and then it says so (exit 3).
        #expect(result.status == 0 || result.status == 3, "\(result.out)\n\(result.err)")
        let decided = result.status == 0
        // One undecided cell reads "1 cell undecided.", more "N cells undecided.".
        #expect(result.out.contains(decided ? "No regression. (exit 0)" : "Undecided: no regression among"), "\(result.out)")
        #expect(decided || result.out.contains(" undecided. ") && result.out.contains("(exit 3)"), "\(result.out)")
        let cells = try CompareCLI.cells(in: out)
        #expect(cells.count == 3)
        #expect(cells.allSatisfy { ($0["baseSamples"] as? Int ?? 0) >= 4 })  // two rounds at least, two timing jobs a side each
        // Each job's median is in the JSON, in run order, as many as the count says.
        #expect(cells.allSatisfy { ($0["baseSeconds"] as? [Double])?.count == $0["baseSamples"] as? Int })
        for cell in cells {
            // Wall time on a shared machine: "faster" is possible noise, and not a regression;
            // the exit code above is what CI acts on.
            #expect(["same", "unknown", "faster"].contains(cell["verdict"] as? String), "\(cell)")
            #expect((cell["counterChanges"] as? [Any])?.isEmpty == true)
            #expect(cell["baseDigest"] as? String == cell["candidateDigest"] as? String)
        }
        let markdown = try String(contentsOf: out.appendingPathComponent("c.md"), encoding: .utf8)
        #expect(markdown.contains(decided ? "✅ **No regression**." : "❔ **Undecided**"), "\(markdown)")
        // The database was unavailable: said so, and the files are still there.
        #expect(result.err.contains("results database unavailable"))
        #expect(result.out.contains("not stored in the database"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    @Test func realSlowdownIsFlaggedSlower() throws {
        let dir = try CompareCLI.scratch("slow")
        let base = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1000"], in: dir, name: "base")
        // More work per iteration, as a real slowdown would do: flagged slower, with the counter that moved.
        let slow = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1300", "FIXTURE_EXTRA_PIVOTS": "3"], in: dir, name: "candidate")
        let summary = dir.appendingPathComponent("step-summary.md")
        let result = try CompareCLI.compare([base, slow] + Self.fixtureCells + ["--out", dir.path],
                                            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("independent-blocks  slower"))
        let cells = try CompareCLI.cells(in: dir)
        // Other tests run alongside on two cores: a cell may stay unknown, but none may look the same or faster.
        let verdicts = cells.map { $0["verdict"] as? String ?? "" }
        #expect(cells.count == 3 && verdicts.contains("slower") && verdicts.allSatisfy { $0 == "slower" || $0 == "unknown" }, "\(cells)")
        for cell in cells { #expect(((cell["ratio"] as? Double) ?? 0) > 1.2, "\(cell)") }
        #expect(result.out.contains("pivots 10 → 13"))
        // Appended to $GITHUB_STEP_SUMMARY, fit for a PR comment.
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.contains("❌ **Regression**") && text.contains("slower"))
    }

    /// `--json`: comparison.json alone on standard output, the summary on
    /// standard error; `--sizes 10` leaves the workload after it positional.
    @Test func jsonPrintsTheComparisonAloneOnStandardOutput() throws {
        let dir = try CompareCLI.scratch("json")
        let base = try CompareCLI.fixture([:], in: dir, name: "base")
        let busier = try CompareCLI.fixture(["FIXTURE_EXTRA_PIVOTS": "5"], in: dir, name: "candidate")
        let result = try CompareCLI.compare([base, busier, "--sizes", "10", "independent-blocks", "--variants", "independent,linked,edit-one",
                                             "--samples", "6", "--max-rounds", "3", "--database", CompareCLI.noDatabase,
                                             "--out", dir.path, "--json"])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        #expect(try JSONSchemaCheck.problems(result.out, schema: "compare.schema.json") == [])
        let document = try JSONValue.parse(result.out)
        #expect(document["exitCode"]?.int == 1 && document["cells"]?.items?.count == 3)
        #expect(result.err.contains("more work") && result.err.contains("report: ") && !result.out.contains("report: "))
    }

    /// `--settle`: one ordinary round decides no time (two are the least a
    /// verdict needs), so every cell is undecided and settling gives each
    /// more rounds; the files say which it decided and why it stopped.
    @Test func settleGivesUndecidedCellsMoreRounds() throws {
        let dir = try CompareCLI.scratch("settle")
        let base = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1000"], in: dir, name: "base")
        let slow = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1500"], in: dir, name: "candidate")
        let result = try CompareCLI.compare([base, slow, "independent-blocks", "--sizes", "10", "--variants", "independent,linked",
                                             "--samples", "3", "--max-rounds", "1", "--min-rounds", "1", "--settle",
                                             "--settle-budget", "60", "--database", CompareCLI.noDatabase,
                                             "--out", dir.path, "--markdown", dir.appendingPathComponent("c.md").path, "--json"])
        #expect(result.err.contains("settling (--settle): 2 undecided cells"), "\(result.err)")
        let document = try JSONValue.parse(result.out)
        let problems = try JSONSchemaCheck.problems(result.out, schema: "compare.schema.json")
        #expect(problems == [], "\(problems)")
        let settle = try #require(document["settle"])
        #expect(settle["undecided"]?.items?.count == 2)
        #expect((settle["rounds"]?.int ?? 0) >= 1 && (document["rounds"]?.int ?? 0) >= 2)
        let settled = Set((settle["settled"]?.items ?? []).compactMap(\.string))
        for cell in try CompareCLI.cells(in: dir) {
            let name = "independent-blocks/\(cell["variant"] as? String ?? "")/10"
            // Decided exactly when settling says so; a settled cell ran more than the one ordinary round.
            #expect(settled.contains(name) == (cell["time"] as? String != "unknown"), "\(cell)")
            if settled.contains(name) { #expect((cell["baseSamples"] as? Int ?? 0) >= 4, "\(cell)") }
        }
        // A 50 % slowdown is far outside any noise here: settling decides it.
        #expect(!settled.isEmpty && result.status == 1, "\(result.out)\n\(result.err)")
        let markdown = try String(contentsOf: dir.appendingPathComponent("c.md"), encoding: .utf8)
        #expect(markdown.contains("settling: \(settled.count) of 2 undecided cells decided"), "\(markdown)")
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("id=\"settling\""))
    }

    @Test func bumpedCountersAreMoreWorkNamingTheCounter() throws {
        let dir = try CompareCLI.scratch("work")
        let base = try CompareCLI.fixture([:], in: dir, name: "base")
        let busier = try CompareCLI.fixture(["FIXTURE_EXTRA_PIVOTS": "5"], in: dir, name: "candidate")
        let result = try CompareCLI.compare([base, busier] + Self.fixtureCells + ["--out", dir.path])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("more work"))
        #expect(result.out.contains("pivots 10 → 15"))
        let cells = try CompareCLI.cells(in: dir)
        #expect(cells.allSatisfy { $0["verdict"] as? String == "more work" && $0["time"] as? String == "same" })
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("pivots 10 → 15") && html.contains("more work"))
    }

    @Test func changedDigestIsBehaviourChangedNotFaster() throws {
        let dir = try CompareCLI.scratch("digest")
        let base = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1300"], in: dir, name: "base")
        // Faster and laying out differently: behaviour changed wins, never a speed-up.
        let different = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1000", "FIXTURE_DIGEST": "<b>other</b>"], in: dir, name: "candidate")
        let result = try CompareCLI.compare([base, different] + Self.fixtureCells + ["--out", dir.path])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        let cells = try CompareCLI.cells(in: dir)
        #expect(cells.allSatisfy { $0["verdict"] as? String == "behaviour changed" && $0["candidateDigest"] as? String == "<b>other</b>" })
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("&lt;b&gt;other&lt;/b&gt;") && !html.contains("<b>other</b>"))
    }

    @Test func slowIterationsRunFewerSamplesPerJob() throws {
        let dir = try CompareCLI.scratch("budget")
        let worker = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1000"], in: dir, name: "base")
        // About 1 ms an iteration: a 2.5 ms budget fits two of the six samples asked for.
        let result = try CompareCLI.compare([worker, worker] + Self.fixtureCells + ["--out", dir.path, "--sample-budget", "0.0025"])
        // Identical sides: no regression; a cell the load leaves undecided is exit 3.
        #expect([0, 3].contains(result.status), "\(result.out)\n\(result.err)")
        #expect(result.err.contains("compare: 3 cells run fewer samples per timing job"), "\(result.err)")
        // The default budget (0.15 s) holds six such samples: nothing trimmed.
        let full = try CompareCLI.compare([worker, worker] + Self.fixtureCells + ["--out", dir.path, "--max-rounds", "2"])
        #expect([0, 3].contains(full.status) && !full.err.contains("fewer samples"), "\(full.err)")
    }

    /// Sides too noisy for two rounds to judge want a third; a spent time
    /// budget stops after the two every cell needs, says so, and leaves them unknown.
    ///
    /// The noise is seeded (FIXTURE_NOISE_SEED, see Tests/fixture-worker):
    /// every job of a side reports 1 ms × (1 + 0.5·u) per iteration, u drawn
    /// from that side's seeded stream for the cell and the job's ordinal, not
    /// measured. Both sides are the same program with the same spread, only
    /// their draws differ, and each run starts from fresh noise state, so
    /// every run of this test sees the very same per-job seconds (checked
    /// below) and the outcome is arithmetic, not luck or machine load.
    /// (With unseeded jitter, a cell whose two rounds happened to agree was
    /// once "same" after two rounds under load, and a third round once
    /// called one "slower".) For seeds 1 and 2, with three cells (too few to
    /// borrow a variance prior) each cell is a paired t test on its rounds:
    /// - after two rounds (1 degree of freedom, t₀.₉₇₅ = 12.7) the narrowest
    ///   interval on a cell's ratio is −21.7 % … +7.3 % and the others span
    ///   −77 % … +296 % and more: none lies within ±5 % (so not *same*),
    ///   every one holds no change (not *slower* or *faster*; the smallest
    ///   adjusted p is 0.27), and the pool of the three, −8.1 %
    ///   [−20.2 %, +5.7 %] (adjusted p 0.17), is no change either;
    /// - after three, the narrowest is −6.8 % [−13.8 %, +0.7 %] (p 0.06,
    ///   adjusted 0.35, against the 1 % false-discovery rate) and the pool
    ///   −5.0 % [−12.6 %, +3.4 %]: all unknown, no regression, exit 3
    ///   (undecided), 0 with `--undecided pass`, 1 with `--undecided fail`.
    /// A change to the fixture's draws or to the judge that moves these
    /// fails this test on every run, not one in seven.
    @Test func aSpentTimeBudgetStopsAfterTheMinimumRounds() throws {
        let dir = try CompareCLI.scratch("deadline")
        let noise = ["FIXTURE_WORK_MICROS": "1000", "FIXTURE_WORK_JITTER": "0.5"]
        let state = dir.appendingPathComponent("noise")
        let base = try CompareCLI.fixture(noise.merging(["FIXTURE_NOISE_SEED": "1", "FIXTURE_NOISE_STATE": state.appendingPathComponent("base").path]) { $1 },
                                          in: dir, name: "base")
        let candidate = try CompareCLI.fixture(noise.merging(["FIXTURE_NOISE_SEED": "2", "FIXTURE_NOISE_STATE": state.appendingPathComponent("candidate").path]) { $1 },
                                               in: dir, name: "candidate")
        let limited = try CompareCLI.compare([base, candidate] + Self.fixtureCells + ["--out", dir.path, "--time-budget", "0.01"])
        #expect(limited.status == 3, "\(limited.out)\n\(limited.err)")
        #expect(limited.out.contains("Undecided: no regression among 0 decided cells, but 3 cells undecided. Noisiest: independent-blocks/"),
                "\(limited.out)")
        #expect(limited.out.contains("(exit 3)") && !limited.out.contains("No regression."))
        #expect(limited.err.contains("time budget (--time-budget 0 s, 0 s left): 3 of 3 undecided cells not run again"), "\(limited.err)")
        #expect(try CompareCLI.header(in: dir)["rounds"] as? Int == 2)
        let twoRounds = try CompareCLI.cells(in: dir)
        #expect(twoRounds.count == 3 && twoRounds.allSatisfy { $0["verdict"] as? String == "unknown" }, "\(twoRounds)")
        try FileManager.default.removeItem(at: state)   // the same draws again, from the first job on
        let unlimited = try CompareCLI.compare([base, candidate] + Self.fixtureCells + ["--out", dir.path, "--time-budget", "0"])
        #expect(unlimited.status == 3 && !unlimited.err.contains("time budget"), "\(unlimited.out)\n\(unlimited.err)")
        #expect(try CompareCLI.header(in: dir)["rounds"] as? Int == 3)
        // Reproducible: the unlimited run's first two rounds are the limited run's, to the bit.
        let threeRounds = try CompareCLI.cells(in: dir)
        for cell in twoRounds {
            let again = threeRounds.first { $0["variant"] as? String == cell["variant"] as? String }
            for side in ["baseSeconds", "candidateSeconds"] {
                let first = cell[side] as? [Double] ?? [], later = again?[side] as? [Double] ?? []
                #expect(first.count == 4 && later.count == 6 && Array(later.prefix(4)) == first, "\(side): \(first) then \(later)")
            }
        }
        let negative = try CompareCLI.compare([base, candidate] + Self.fixtureCells + ["--time-budget=-1"])
        #expect(negative.status == 2, "\(negative.status)")   // an error, like any other: CI scripts see distinct codes
        #expect(negative.err.contains("--time-budget must be 0 (no limit) or more seconds"), "\(negative.err)")
        // The same undecided cells under each --undecided policy: the exit code moves, the headline stays honest.
        let markdown = dir.appendingPathComponent("c.md")
        for (policy, code) in [("pass", Int32(0)), ("fail", 1), ("report", 3)] {
            try FileManager.default.removeItem(at: state)
            let run = try CompareCLI.compare([base, candidate] + Self.fixtureCells
                                             + ["--out", dir.path, "--time-budget", "0.01", "--undecided", policy, "--markdown", markdown.path])
            #expect(run.status == code, "\(policy): \(run.out)\n\(run.err)")
            #expect(try CompareCLI.header(in: dir)["exitCode"] as? Int == Int(code))
            let text = try String(contentsOf: markdown, encoding: .utf8)
            #expect(text.contains("❔ **") && text.contains("3 cells undecided") && !text.contains("✅ **"), "\(policy): \(text)")
        }
        let unknownPolicy = try CompareCLI.compare([base, candidate] + Self.fixtureCells + ["--undecided", "maybe"])
        #expect(unknownPolicy.status == 2 && unknownPolicy.err.contains("--undecided must be one of: report, pass, fail"), "\(unknownPolicy.err)")
    }

    /// `--min-rounds` equal to the cap records every cell's full run, decided
    /// or not, with each job's wall seconds: what `bench compare-power` replays.
    @Test func minRoundsRecordsEveryCellsFullRunWithJobSeconds() throws {
        let dir = try CompareCLI.scratch("record")
        let worker = try CompareCLI.fixture(["FIXTURE_WORK_MICROS": "1000"], in: dir, name: "base")
        // Quiet identical sides are "same" after the two rounds every cell needs ...
        let stopping = try CompareCLI.compare([worker, worker] + Self.fixtureCells + ["--out", dir.path])
        #expect(stopping.status == 0, "\(stopping.out)\n\(stopping.err)")
        let stopped = try CompareCLI.cells(in: dir).map { $0["baseSamples"] as? Int ?? 0 }
        #expect(stopped.contains { $0 < 6 }, "\(stopped)")
        // ... and with --min-rounds 3 every cell runs all three.
        let full = try CompareCLI.compare([worker, worker] + Self.fixtureCells + ["--out", dir.path, "--min-rounds", "3", "--time-budget", "0"])
        #expect([0, 3].contains(full.status), "\(full.out)\n\(full.err)")
        let header = try CompareCLI.header(in: dir)
        #expect(header["rounds"] as? Int == 3 && header["minRounds"] as? Int == 3 && header["maxRounds"] as? Int == 3)
        #expect(header["timeBudget"] == nil && ((header["checkSeconds"] as? Double) ?? 0) > 0, "\(header)")
        for cell in try CompareCLI.cells(in: dir) {
            #expect(cell["baseSamples"] as? Int == 6 && cell["candidateSamples"] as? Int == 6, "\(cell)")
            let jobs = (cell["baseJobSeconds"] as? [Double] ?? []) + (cell["candidateJobSeconds"] as? [Double] ?? [])
            // A job is a fresh worker process: its wall time is more than the six 1 ms iterations it timed.
            #expect(jobs.count == 12 && jobs.allSatisfy { $0 > 0.006 && $0 < 60 }, "\(jobs)")
        }
        let over = try CompareCLI.compare([worker, worker] + Self.fixtureCells + ["--min-rounds", "4"])
        #expect(over.status == 2 && over.err.contains("--min-rounds must be between 0 and --max-rounds (3), not 4"), "\(over.err)")
    }

    @Test func crashingCandidateIsExitTwoNamingTheCandidate() throws {
        let dir = try CompareCLI.scratch("crash")
        let base = try CompareCLI.fixture([:], in: dir, name: "base")
        let crash = try CompareCLI.fixture(["FIXTURE_BEHAVIOUR": "crash"], in: dir, name: "candidate")
        let result = try CompareCLI.compare([base, crash] + Self.fixtureCells + ["--out", dir.path])
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("error: the candidate worker failed on independent-blocks/"))
        #expect(result.out.contains("SIGSEGV"))
        // And the other way round: the base side is named.
        let reversed = try CompareCLI.compare([crash, base] + Self.fixtureCells + ["--out", dir.path])
        #expect(reversed.status == 2 && reversed.out.contains("error: the base worker failed on"))
    }

    @Test func unknownRevisionIsExitTwoNamingTheSide() throws {
        let result = try CompareCLI.compare([CompareCLI.realWorker, "no-such-revision-xyz", "churn", "--sizes", "10",
                                             "--database", CompareCLI.noDatabase])
        #expect(result.status == 2)
        #expect(result.err.contains("candidate: 'no-such-revision-xyz' is neither a git revision nor an executable file"))
    }

    @Test func revisionThatDoesNotBuildIsExitTwoNamingTheSide() throws {
        let repo = try CompareCLI.brokenRepository()
        let result = try CompareCLI.compare([CompareCLI.realWorker, "broken", "churn", "--sizes", "10",
                                             "--database", CompareCLI.noDatabase], in: repo)
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.err.contains("error: candidate: the worker at broken"), "\(result.err)")
        #expect(result.err.contains("does not build; full log in \(repo.path)/.layoutbench/builds/"))
    }

    /// Ctrl-C while `compare` builds a revision stops the whole build —
    /// swift-build and the compilers it runs in process groups of their own
    /// — and says which build stopped; nothing keeps compiling afterwards.
    @Test(.timeLimit(.minutes(10))) func ctrlCDuringABuildStopsItWhole() throws {
        let repo = try GitFixture.repository(SlowPackage.files(product: "layoutbench-worker"), tag: "slow")
        defer { try? FileManager.default.removeItem(at: repo) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CompareCLI.layoutbench)
        process.arguments = ["compare", CompareCLI.realWorker, "slow", "churn", "--sizes", "10", "--database", CompareCLI.noDatabase,
                             "--workloads-directory", CompareCLI.workloads]
        process.currentDirectoryURL = repo
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning, !compilerRuns(mentioning: repo.path, "Shapes0.swift") { usleep(20_000) }
        try #require(compilerRuns(mentioning: repo.path, "Shapes0.swift"), "no compiler of the revision appeared")
        let interrupted = Date()
        process.interrupt()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let took = Date().timeIntervalSince(interrupted)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGINT, "\(text)")
        #expect(text.contains("interrupted: the candidate build of slow was stopped"), "\(text)")
        #expect(took < 15, "compare took \(took) s to stop")
        let left = livingProcesses(mentioning: repo.path)
        #expect(left.isEmpty, "still running after Ctrl-C: \(left)")
    }

    /// `--schedule duet` runs each round as A with B, then B with A: the two
    /// sides' jobs overlap in time (sequential ones never do), the file says
    /// how the rounds ran, and a real slowdown is still found, with the counters.
    @Test func duetRunsBothSidesAtOnceAndStillFindsTheSlowdown() throws {
        let dir = try CompareCLI.scratch("duet")
        let spans = dir.appendingPathComponent("spans.txt")
        let environment = ["FIXTURE_SPAN_LOG": spans.path]
        let base = try CompareCLI.fixture(environment.merging(["FIXTURE_WORK_MICROS": "3000"]) { a, _ in a }, in: dir, name: "base")
        let slow = try CompareCLI.fixture(environment.merging(["FIXTURE_WORK_MICROS": "3900", "FIXTURE_EXTRA_PIVOTS": "3"]) { a, _ in a },
                                          in: dir, name: "candidate")
        func overlaps() throws -> (pairs: Int, jobs: Int) {
            let lines = try String(contentsOf: spans, encoding: .utf8).split(separator: "\n")
            let jobs = lines.map { $0.split(separator: " ").compactMap { Double($0) } }.filter { $0.count == 2 }.sorted { $0[0] < $1[0] }
            let pairs = zip(jobs, jobs.dropFirst()).filter { $1[0] < $0[1] }.count
            return (pairs, jobs.count)
        }
        let duet = try CompareCLI.compare([base, slow] + Self.fixtureCells + ["--out", dir.path, "--schedule", "duet"])
        #expect(duet.status == 1, "\(duet.out)\n\(duet.err)")
        #expect(duet.err.contains("jobs (A with B, then B with A)"), "\(duet.err)")
        #expect(duet.out.contains("independent-blocks  slower") && duet.out.contains("pivots 10 → 13"), "\(duet.out)")
        #expect(try CompareCLI.header(in: dir)["schedule"] as? String == "duet")
        for cell in try CompareCLI.cells(in: dir) {
            let b = cell["baseJobSeconds"] as? [Double] ?? [], c = cell["candidateJobSeconds"] as? [Double] ?? []
            #expect(b.count == c.count && b.count >= 4 && b.count % 2 == 0, "\(cell)")
        }
        // Every timing round is two pairs started together; check jobs run two at a time as well.
        let timed = try overlaps()
        #expect(timed.pairs >= timed.jobs / 4, "\(timed)")
        try FileManager.default.removeItem(at: spans)
        let sequential = try CompareCLI.compare([base, slow] + Self.fixtureCells + ["--out", dir.path, "--schedule", "sequential"])
        #expect(sequential.status == 1 && sequential.err.contains("jobs (A B B A)"), "\(sequential.err)")
        #expect(try CompareCLI.header(in: dir)["schedule"] as? String == "sequential")
        // Only the check jobs overlap now: six of them, two at a time, a chain of at most five overlapping pairs.
        let alone = try overlaps()
        #expect(alone.pairs <= 5 && alone.jobs > 12, "\(alone)")
        let bad = try CompareCLI.compare([base, base] + Self.fixtureCells + ["--schedule", "parallel"])
        #expect(bad.status == 2 && bad.err.contains("--schedule must be one of: sequential, duet, not \"parallel\""), "\(bad.err)")
    }
}
