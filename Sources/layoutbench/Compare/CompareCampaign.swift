import ArgumentParser
import Comparison
import Foundation

/// `layoutbench bench compare-campaign`: how often `compare` catches a known
/// slowdown in one code path of a real build, and how often it raises an alarm
/// where nothing changed.
///
/// The candidate is the base revision with a spin of a fixed number of
/// nanoseconds at the start of one function (by default `Solver.add`),
/// committed in a scratch worktree and built like any other revision, so
/// the slowdown lands where a real one would: in the engine's own code,
/// compiled and placed like the rest. Workloads that call that path slow
/// by however much of their time it takes; the others are unchanged, and any
/// alarm on them is a false one. `--spin-nanoseconds 0` compares the base with itself (A/A).
struct CompareCampaign: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-campaign",
        abstract: "Detection and false-alarm rates of `compare` over repeated comparisons with a known slowdown built into one code path.",
        discussion: """
            Each run is `layoutbench compare BASE CANDIDATE --out OUT/run-K` plus the arguments after --; \
            the tally (per workload: runs flagged slower, other alarms, undecided) goes to OUT/tally.txt. \
            Run it on a quiet machine.

            Examples:
              .build/release/layoutbench bench compare-campaign --runs 20 -- churn --sizes 100
              .build/release/layoutbench bench compare-campaign --runs 10 --spin-nanoseconds 0
              .build/release/layoutbench bench compare-campaign --file Sources/LayoutSolver/Tableau+Optimize.swift \\
                --after "func optimize(" --spin-nanoseconds 200
            """)

    @Option(help: "Comparisons to run.") var runs = 10
    @Option(help: "The base revision; the candidate is it plus the spin.") var base = "HEAD"
    @Option(help: ArgumentHelp("Source file of the code path.", valueName: "path"))
    var file = "Sources/LayoutSolver/Solver.swift"
    @Option(help: ArgumentHelp("Text on the function's opening line (ending in '{'): the spin is its first statement.", valueName: "text"))
    var after = "public func add(_ constraint: Constraint) throws(SolverError) {"
    @Option(help: "Nanoseconds the spin takes each time the code path runs; 0: the base against itself (A/A).")
    var spinNanoseconds = 500
    @Option(help: ArgumentHelp("Directory for every run and the tally (default: Reports/campaign-<time>).", valueName: "dir"))
    var out: String?
    @Argument(parsing: .postTerminator, help: "Arguments for every `compare` (workloads, --sizes, --database, …).")
    var compareArguments: [String] = []

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard spinNanoseconds >= 0 else { throw ValidationError("--spin-nanoseconds must be 0 or more") }
    }

    func run() throws {
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let outDirectory = URL(fileURLWithPath: out ?? "Reports/campaign-\(Int(Date().timeIntervalSince1970))").standardizedFileURL
        try FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)
        let baseCommit = try Self.git(["rev-parse", "--verify", "\(base)^{commit}"], in: repository)
        let candidate = spinNanoseconds == 0 ? baseCommit : try slowedCommit(of: baseCommit, repository: repository)
        print("campaign: base \(baseCommit.prefix(12)), candidate \(candidate.prefix(12))"
              + (spinNanoseconds == 0 ? " (the same: A/A)" : " (\(spinNanoseconds) ns spin in \(file) after \"\(after)\")"))
        var results: [Int32] = []
        for k in 1...runs {
            let started = Date()
            let code = try Self.compare(["compare", baseCommit, candidate, "--out", outDirectory.appendingPathComponent("run-\(k)").path]
                                        + compareArguments, log: outDirectory.appendingPathComponent("run-\(k).log"))
            results.append(code)
            print("run \(k) of \(runs): exit \(code), \(Int(Date().timeIntervalSince(started))) s")
        }
        let tally = CampaignTally(directory: outDirectory, runs: runs).text(injected: spinNanoseconds > 0)
        try tally.write(to: outDirectory.appendingPathComponent("tally.txt"), atomically: true, encoding: .utf8)
        print(tally, terminator: "")
    }

    /// The base plus the spin, committed (detached, on no branch) in a scratch worktree.
    func slowedCommit(of baseCommit: String, repository: URL) throws -> String {
        let src = repository.appendingPathComponent(".layoutbench/campaign/src")
        if FileManager.default.fileExists(atPath: src.appendingPathComponent(".git").path) {
            _ = try Self.git(["-C", src.path, "checkout", "--quiet", "--detach", "--force", baseCommit], in: nil)
        } else {
            _ = try Self.git(["worktree", "add", "--detach", "--force", src.path, baseCommit], in: repository)
        }
        let path = src.appendingPathComponent(file)
        let text = try String(contentsOf: path, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.contains(after) && $0.hasSuffix("{") }) else {
            throw ValidationError("\(file): no line contains \"\(after)\" and ends in '{' — give --after the text of the function's opening line")
        }
        // A spin on the clock the harness times with: the stdlib's, no import needed.
        lines.insert("    do { let start = ContinuousClock.now; while ContinuousClock.now - start < .nanoseconds(\(spinNanoseconds)) {} }",
                     at: i + 1)
        try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
        _ = try Self.git(["-C", src.path, "-c", "user.name=layoutbench", "-c", "user.email=campaign@layoutbench.invalid",
                          "commit", "--quiet", "-am", "Injected slowdown: \(spinNanoseconds) ns in \(file)"], in: nil)
        return try Self.git(["-C", src.path, "rev-parse", "HEAD"], in: nil)
    }

    static func git(_ args: [String], in directory: URL?) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git"] + (directory.map { ["-C", $0.path] } ?? []) + args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard p.terminationStatus == 0 else { throw ValidationError("git \(args.joined(separator: " ")) failed: \(output.suffix(400))") }
        return output
    }

    /// Runs this program's `compare`, its output to `log`, and returns its exit code.
    static func compare(_ arguments: [String], log: URL) throws -> Int32 {
        let p = Process()
        p.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = arguments
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}

/// The verdicts of a campaign's runs, per workload.
struct CampaignTally {
    var runs: Int
    /// Workload → verdict per run that wrote a comparison.json.
    var verdicts: [String: [String]] = [:]
    var cells: [String: Int] = [:]
    /// Workload → (cells with an alarm, cells) over every run.
    var cellAlarms: [String: (flagged: Int, total: Int)] = [:]
    var seconds: [Double] = []
    var exitCodes: [Int] = []

    init(directory: URL, runs: Int) {
        self.runs = runs
        for k in 1...runs {
            let url = directory.appendingPathComponent("run-\(k)/comparison.json")
            guard let data = try? Data(contentsOf: url),
                  let file = try? JSONDecoder().decode(ComparisonExports.FileJSON.self, from: data) else { continue }
            for (w, v) in file.workloads { verdicts[w, default: []].append(v) }
            for c in file.cells {
                cells[c.verdict, default: 0] += 1
                cellAlarms[c.workload, default: (0, 0)].total += 1
                if Self.alarms.contains(c.verdict) { cellAlarms[c.workload]!.flagged += 1 }
            }
            seconds.append(file.seconds)
            exitCodes.append(Int(file.exitCode))
        }
    }

    static let alarms: Set<String> = ["slower", "faster", "more work", "less work", "behaviour changed", "error"]

    /// One line per workload: runs flagged slower (detection, or false alarms
    /// in A/A), other alarms, undecided, and its cells with an alarm over all
    /// runs: the false-alarm rate of the cells the code path does not run.
    func text(injected: Bool) -> String {
        let alarms = Self.alarms
        var out = ["runs with results: \(seconds.count) of \(runs); median wall \(Int(BenchCommand.median(seconds).rounded())) s; "
                   + "exit codes \(Dictionary(grouping: exitCodes, by: { $0 }).mapValues(\.count).sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))",
                   "cell verdicts: " + cells.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
                   injected ? "workload: flagged slower (detection where the code path runs) · other alarms · undecided"
                            : "workload: false alarms (any) · undecided"]
        for (w, vs) in verdicts.sorted(by: { $0.key < $1.key }) {
            let slower = vs.filter { $0 == "slower" }.count
            let other = vs.filter { alarms.contains($0) && $0 != "slower" }.count
            let unknown = vs.filter { $0 == "unknown" }.count
            let c = cellAlarms[w] ?? (0, 0)
            let cellText = " · cells flagged \(c.flagged) of \(c.total)"
            out.append((injected ? "  \(w): \(slower) of \(vs.count) · \(other) · \(unknown)"
                                 : "  \(w): \(slower + other) of \(vs.count) · \(unknown)") + cellText)
        }
        return out.joined(separator: "\n") + "\n"
    }
}
