import ArgumentParser
import Comparison
import EngineBuilds
import Foundation
import Harness
import ResultStore
import WorkerProtocol

/// `layoutbench compare BASE CANDIDATE`: did the candidate engine get slower,
/// do more work, or lay out something different?
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two engines (git revisions or worker binaries) job by job on this machine.",
        discussion: """
            BASE and CANDIDATE are git revisions — each worker is built once per commit with \
            `swift build -c release` in a cached worktree under .layoutbench/builds — or paths to \
            layoutbench-worker binaries. Both run the same jobs, interleaved A B B A, one job per fresh \
            process (by default as duets: A with B, then B with A, one per core); cells whose time \
            verdict is still unknown get more rounds, up to --max-rounds.

            Exit codes: 0 no regression and every cell decided, 1 regression (slower, more work, \
            behaviour changed), 2 error (a side did not build, a worker crashed or timed out), 3 no regression \
            among the decided cells but some cells undecided (--undecided pass makes that 0, fail makes it 1).

            Examples:
              layoutbench compare origin/main HEAD
              layoutbench compare main HEAD --workloads churn,long-row --markdown compare.md
              layoutbench compare /tmp/base/layoutbench-worker .build/release/layoutbench-worker churn --sizes 10,100
            """)

    @Argument(help: "The base engine: a git revision or a path to a layoutbench-worker binary.")
    var base: String

    @Argument(help: "The candidate engine: a git revision or a path to a layoutbench-worker binary.")
    var candidate: String

    @Argument(help: ArgumentHelp("Workload names or files (also --workloads); all when none.", valueName: "workload"))
    var positionalWorkloads: [String] = []

    // One comma-separated value each (repeatable): a list never swallows the positional arguments after it.
    @Option(name: .customLong("workloads"),
            help: ArgumentHelp("Only these workloads (comma separated; repeatable).", valueName: "name,…"))
    var workloadOption: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only these variants (comma separated; repeatable).", valueName: "name,…"))
    var variants: [String] = []

    @Option(name: .long, help: ArgumentHelp("These sizes (comma separated; repeatable); any size within the driver's bounds.", valueName: "n,…"))
    var sizes: [String] = []

    @Flag(name: .long, help: "Print comparison.json on standard output (schema: docs/schemas/compare.schema.json); everything else goes to standard error.")
    var json = false

    @Option(name: .long, help: "Measured samples per timing job; the job's median is one value (jobs, not samples, are replicated).")
    var samples: Int = CompareSession.defaultSamples

    @Option(name: .long, help: "Seconds of measured samples a timing job aims at: a cell whose iterations are slow (seen in its check job) runs fewer samples per job, at least one; 0 always runs --samples.")
    var sampleBudget: Double = CompareSession.defaultSampleBudget

    @Option(name: .long, help: "Seconds a job may run before its worker is stopped.")
    var timeout: Double = 600

    @Option(name: .long, help: "Practical threshold: a time change smaller than this fraction counts as the same (a workload file's regression_threshold overrides it).")
    var threshold: Double = 0.05

    @Option(name: .long, help: "Most rounds (each two base and two candidate jobs per undecided cell) before an unknown cell is left unknown.")
    var maxRounds: Int = CompareSession.defaultMaxRounds

    @Option(name: .long, help: "Rounds every cell runs, decided or not, before the stopping rules and the time budget apply. Equal to --max-rounds, it records every cell's full run, which `bench compare-power` can replay exactly.")
    var minRounds: Int = 2

    @Option(name: .long, help: "Seconds after which no round beyond the first two starts; undecided cells whose next round would not fit stay unknown, those looking slowest run first. 0: no limit.")
    var timeBudget: Double = CompareSession.defaultTimeBudget

    @Flag(name: .long, help: "Give cells still undecided after the rounds above more rounds (up to 4 × --max-rounds), within --settle-budget.")
    var settle = false

    @Option(name: .long, help: ArgumentHelp("Seconds of extra rounds --settle may spend, on top of --time-budget.", valueName: "seconds"))
    var settleBudget: Double = 120

    @Option(name: .long, help: "How a round's four jobs share the machine: sequential (A B B A, one at a time) or duet (A with B, then B with A, one per core).")
    var schedule: String = CompareSession.defaultSchedule.rawValue

    @Option(name: .long, help: ArgumentHelp("What undecided cells exit with when nothing regressed: report (3), pass (0) or fail (1).", valueName: "report|pass|fail"))
    var undecided: String = UndecidedPolicy.report.rawValue

    @Option(name: .long, help: "Seed passed to every job.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Write the Markdown summary here (it is also appended to $GITHUB_STEP_SUMMARY when set).", valueName: "file"))
    var markdown: String?

    @Option(name: .long, help: ArgumentHelp("How the Markdown summary names the full report instead of its path on this machine, e.g. the CI artifact it is uploaded as.", valueName: "text"))
    var reportLink: String?

    @Option(name: .long, help: ArgumentHelp("Directory for the HTML page and JSON (default: Reports/compare-<id>).", valueName: "dir"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Directory of workload files (default: Workloads/ in the project).", valueName: "path"))
    var workloadsDirectory: String?

    @OptionGroup var database: DatabaseOptions

    /// Checked in `run`, not ArgumentParser's `validate()`: a bad option is
    /// exit 2 like every other error, not the parser's 64, so CI scripts see three codes.
    func checkOptions() throws {
        if let problem = RunSettings.timeoutProblem(timeout) { throw ValidationError(problem) }
        guard threshold > 0, threshold < 1 else { throw ValidationError("--threshold is a fraction between 0 and 1, e.g. 0.05 for 5 %") }
        guard maxRounds >= 1 else { throw ValidationError("--max-rounds must be at least 1") }
        guard minRounds >= 0, minRounds <= maxRounds else {
            throw ValidationError("--min-rounds must be between 0 and --max-rounds (\(maxRounds)), not \(minRounds)")
        }
        guard samples >= 1 else { throw ValidationError("--samples must be at least 1") }
        guard timeBudget >= 0, timeBudget.isFinite else { throw ValidationError("--time-budget must be 0 (no limit) or more seconds") }
        guard sampleBudget >= 0, sampleBudget.isFinite else { throw ValidationError("--sample-budget must be 0 or more seconds") }
        guard settleBudget > 0, settleBudget.isFinite else { throw ValidationError("--settle-budget must be more than 0 seconds") }
        _ = try parsedSizes()
        _ = try parsedSchedule()
        _ = try parsedUndecided()
    }

    func parsedUndecided() throws -> UndecidedPolicy {
        guard let p = UndecidedPolicy(rawValue: undecided) else {
            throw ValidationError("--undecided must be one of: \(UndecidedPolicy.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(undecided)\"")
        }
        return p
    }

    func parsedSchedule() throws -> RoundSchedule {
        guard let s = RoundSchedule(rawValue: schedule) else {
            throw ValidationError("--schedule must be one of: \(RoundSchedule.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(schedule)\"")
        }
        return s
    }

    func parsedSizes() throws -> [Int]? {
        let items = Self.split(sizes)
        guard !items.isEmpty else { return nil }
        return try items.map { item in
            guard let size = Int(item), size > 0 else { throw ValidationError("--sizes takes positive whole numbers, not \"\(item)\"") }
            return size
        }
    }

    static func split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Any error is exit 2: exit 1 means "regression", and a comparison that could not be made is not one.
    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let code: Int32
        do {
            code = try await compare()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            ErrorRenderer.report(error)
            throw ExitCode(2)
        }
        if code != 0 { throw ExitCode(code) }
    }

    private func compare() async throws -> Int32 {
        try checkOptions()
        let schedule = try parsedSchedule()
        let started = Date()
        let id = UUID()
        let locator = database.locator
        let log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("compare: " + $0 + "\n").utf8)) }

        // Workloads first: a typo should not cost two release builds.
        let directory = workloadsDirectory.map { URL(fileURLWithPath: $0) } ?? locator.root.appendingPathComponent("Workloads")
        let planner = JobPlanner(workloadsDirectory: directory)
        let loaded = try planner.load(positionalWorkloads + Self.split(workloadOption))

        let builder = RevisionBuilder(repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                      cacheDirectory: locator.root.appendingPathComponent(".layoutbench/builds"),
                                      shouldStop: { BuildSignals.stopRequested })
        BuildSignals.catchWhileBuilding()
        let built = Result { () throws(EngineBuildError) in try builder.prepare(base: base, candidate: candidate, log: log) }
        if case .failure(.interrupted(let side, let revision)) = built {
            log("interrupted: the \(side) build of \(revision) was stopped and nothing of it is left running; "
                + "the build cache is kept, so the next compare carries on from what was compiled")
            throw ExitCode(BuildSignals.exitStatus)
        }
        if BuildSignals.stopRequested {
            // The signal came as the last build finished: stop before measuring all the same.
            log("interrupted: the workers are built and cached; nothing was measured")
            throw ExitCode(BuildSignals.exitStatus)
        }
        BuildSignals.restoreDefaults()
        let (baseBuild, candidateBuild) = try built.get()
        try builder.verify(baseBuild, side: "base")
        try builder.verify(candidateBuild, side: "candidate")

        let variantFilter = Self.split(variants)
        let plan = try planner.plan(runID: id, workloads: loaded, variants: variantFilter.isEmpty ? nil : variantFilter,
                                    sizes: try parsedSizes(), samples: samples, seed: seed,
                                    engines: [EngineChoice(label: "compare", command: WorkerCommand(executable: baseBuild.binary))])
        // Both sides get the workload without its measurement section (see
        // `WorkerRequests`): a base built before a key existed still runs it.
        // Compare times its own way: its sample count unless --samples, and
        // no warm-up time, which a base from before it would not honour.
        let requests = WorkerRequests(sources: Dictionary(loaded.map { ($0.path, $0.source) }) { a, _ in a })
        // Compare's rounds are its processes: a cell a workload plans in
        // several processes is one cell here, run every round.
        var planned = Set<CellKey>()
        let cells = plan.compactMap { job -> CompareCell? in
            guard planned.insert(CellKey(workload: job.workload, variant: job.variant, size: job.size)).inserted else { return nil }
            var request = requests.request(for: job)
            request.samples = job.requestedSamples
            request.warmupSeconds = nil
            return CompareCell(key: CellKey(workload: job.workload, variant: job.variant, size: job.size), request: request)
        }
        var thresholds: [String: Double] = [:]
        for item in loaded { if let t = item.workload.regressionThreshold { thresholds[item.workload.name] = t } }

        log("\(cells.count) cells, base \(baseBuild.binary), candidate \(candidateBuild.binary)")
        let session = CompareSession(cells: cells, base: WorkerCommand(executable: baseBuild.binary),
                                     candidate: WorkerCommand(executable: candidateBuild.binary), timeout: timeout,
                                     maxRounds: maxRounds, minRounds: minRounds, schedule: schedule,
                                     policy: ComparisonPolicy(threshold: threshold),
                                     thresholds: thresholds, sampleBudget: sampleBudget,
                                     timeBudget: timeBudget > 0 ? timeBudget : nil,
                                     settleBudget: settle ? settleBudget : nil, log: log)
        let outcome = await session.run()
        let suite = outcome.suite
        var header = ComparisonHeader(id: id, baseSpec: base, baseCommit: baseBuild.commit, candidateSpec: candidate,
                                      candidateCommit: candidateBuild.commit, threshold: threshold, rounds: outcome.rounds,
                                      jobs: outcome.jobsRun, seconds: outcome.elapsed.inSeconds,
                                      checkSeconds: outcome.checkSeconds, timeBudget: timeBudget > 0 ? timeBudget : nil,
                                      minRounds: minRounds, maxRounds: maxRounds, schedule: schedule,
                                      undecided: try parsedUndecided())
        header.settle = outcome.settle

        let outDirectory = URL(fileURLWithPath: out ?? "Reports/compare-\(id.uuidString.prefix(8).lowercased())")
        let page = try ComparisonFiles.writePage(suite, header: header, to: outDirectory)
        let markdownText = ComparisonMarkdown.render(suite, base: base, candidate: candidate, reportPath: reportLink ?? page,
                                                     undecided: header.undecided, settle: header.settle)
        if let markdown { try ComparisonFiles.write(markdownText, to: markdown) }
        if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            ComparisonFiles.append(markdownText, to: summary, log: log)
        }

        let stored = await ComparisonFiles.store(suite, header: header, started: started, commandLine: CommandLine.arguments,
                                                 database: database, log: log)
        // With --json the people's summary goes to standard error and the document alone to standard output.
        let say: (String) -> Void = json ? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) } : { print($0) }
        let summary = ComparisonExports.terminal(suite, header: header)
        if !summary.isEmpty { say(summary.hasSuffix("\n") ? String(summary.dropLast()) : summary) }
        for line in ComparisonExports.failureLines(suite) { say(line) }
        say("report: \(page)")
        if let markdown { say("markdown: \(markdown)") }
        say(stored ? "stored as comparison \(id.uuidString.lowercased())"
                   : "note: the comparison was not stored in the database (see above); the files above have every result")
        if json { print(String(decoding: ComparisonExports.json(suite, header: header), as: UTF8.self)) }
        return header.exitCode(suite)
    }
}
