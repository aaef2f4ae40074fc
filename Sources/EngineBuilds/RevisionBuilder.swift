import Foundation

/// A worker binary ready to run, and where it came from.
public struct EngineBuild: Sendable, Equatable {
    public var binary: String
    /// The full commit when built from a revision; nil for a binary given by path.
    public var commit: String?
    /// Whether this call built it (false: reused from the cache or given).
    public var builtNow: Bool
    /// The tree hash of the engine inputs it was built from (`RevisionBuilder.engineInputs`); nil for a binary given by path.
    public var inputKey: String? = nil
    /// Whether it is the checkout's own `.build/release` worker.
    public var isWorkingTreeBuild = false
    /// Seconds this call spent building (nil when nothing was built).
    public var buildSeconds: Double? = nil
}

/// Turns a compare side — a git revision or a path to a worker binary —
/// into a runnable `layoutbench-worker`.
///
/// Builds are keyed by what they are built from: the git tree of the engine
/// inputs (`engineInputs` at the revision), not the commit, so revisions
/// that differ only in docs, workloads or tests share one build. A revision
/// whose inputs equal the working tree's uses the checkout's own
/// `.build/release` worker when it is newer than every input file and, unless
/// both sides are that one build, placed like a cached build. Anything
/// else builds in a persistent worktree per line (`<cache>/lines/<line>/src`,
/// `git checkout` moves it to the revision, touching only the files that
/// differ) with `swift build -c release --product layoutbench-worker` plus
/// `codePlacementFlags`, so a change to one file recompiles its module and
/// what depends on it, not the package. Package checkouts share
/// `<cache>/swiftpm`. A stamp per line records the input key and the flags of
/// its finished build; a lock file keeps two harnesses out of one line.
public struct RevisionBuilder: Sendable {
    /// Every Swift function starts on a 64-byte boundary. Without this, a
    /// change in one module moves the code of every module linked after it,
    /// and loops that did not change run faster or slower from where they
    /// land alone, with the same instructions. Not enough on its own: where
    /// hot functions land relative to each other still moves untouched
    /// workloads (docs/compare.md, "The two sides").
    public static let codePlacementFlags = ["-Xswiftc", "-Xllvm", "-Xswiftc", "-align-all-functions=6"]

    /// What a worker is built from: the manifest (which pins every
    /// dependency to an exact version), the resolved pins when tracked, and the sources.
    public static let engineInputs = ["Package.swift", "Package.resolved", "Sources"]

    public var repository: URL
    public var cacheDirectory: URL
    public var product: String
    /// Asked while `swift build` runs; true ends the build (`EngineBuildError.interrupted`).
    public var shouldStop: @Sendable () -> Bool

    public init(repository: URL, cacheDirectory: URL, product: String = "layoutbench-worker",
                shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.repository = repository; self.cacheDirectory = cacheDirectory; self.product = product
        self.shouldStop = shouldStop
    }

    /// Resolves `spec` for `side` ("base" or "candidate"), building when needed.
    /// `log` receives one line per step (building takes minutes). `inUse`: binaries
    /// the caller still runs (the other side's), whose line must not be rebuilt.
    public func prepare(_ spec: String, side: String, inUse: [String] = [], comparedWithItself: Bool = false,
                        log: (String) -> Void = { _ in }) throws(EngineBuildError) -> EngineBuild {
        // An existing file is a worker binary; anything else is a revision ("origin/main" has a slash too).
        if FileManager.default.fileExists(atPath: spec) {
            guard FileManager.default.isExecutableFile(atPath: spec) else { throw .notExecutable(path: spec, side: side) }
            return EngineBuild(binary: URL(fileURLWithPath: spec).standardizedFileURL.path, commit: nil, builtNow: false)
        }
        let commit = try resolve(spec, side: side)
        return try build(commit: commit, revision: spec, side: side, useWorkingTree: true, anyPlacement: comparedWithItself,
                         inUse: inUse, log: log)
    }

    /// Both sides of a comparison: one build when their engine inputs are the
    /// same tree (each side keeps its own commit), else each its own, the
    /// candidate never rebuilt over the base's binary.
    public func prepare(base: String, candidate: String, log: (String) -> Void = { _ in }) throws(EngineBuildError) -> (EngineBuild, EngineBuild) {
        let isPath = { (spec: String) in FileManager.default.fileExists(atPath: spec) }
        if !isPath(base), !isPath(candidate) {
            let (b, c) = (try resolve(base, side: "base"), try resolve(candidate, side: "candidate"))
            if try inputKey(commit: b) == inputKey(commit: c) {
                var built = try prepare(base, side: "base", comparedWithItself: true, log: log)
                log("candidate: \(candidate) (\(c.prefix(12))) has the same engine inputs as the base: the same worker")
                var other = built
                other.commit = c; other.builtNow = false; other.buildSeconds = nil
                built.commit = b
                return (built, other)
            }
        }
        let baseBuild = try prepare(base, side: "base", log: log)
        return (baseBuild, try prepare(candidate, side: "candidate", inUse: [baseBuild.binary], log: log))
    }

    /// Builds the worker at `commit` (a full commit id in `repository`), or
    /// reuses a cached build of the same inputs. Unlike `prepare`, never takes
    /// its argument for a path, so text from elsewhere cannot name a program
    /// to run, and never uses the checkout's own build; each input key gets
    /// a line of its own, never moved while another job may run its binary.
    public func prepare(commit: String, side: String, log: (String) -> Void = { _ in }) throws(EngineBuildError) -> EngineBuild {
        try build(commit: try resolve(commit, side: side), revision: commit, side: side, useWorkingTree: false, anyPlacement: false, inUse: [], log: log)
    }

    private func build(commit: String, revision spec: String, side: String, useWorkingTree: Bool, anyPlacement: Bool,
                       inUse: [String], log: (String) -> Void) throws(EngineBuildError) -> EngineBuild {
        let key = try inputKey(commit: commit)
        if useWorkingTree, let own = try workingTreeBuild(key: key, anyPlacement: anyPlacement, log: log) {
            log("\(side): \(spec) (\(commit.prefix(12))) has the working tree's engine inputs (\(key.prefix(12))): using \(own)")
            return EngineBuild(binary: own, commit: commit, builtNow: false, inputKey: key, isWorkingTreeBuild: true)
        }
        try? FileManager.default.createDirectory(at: linesDirectory, withIntermediateDirectories: true)
        let recipe = Self.recipe(key: key)
        if let line = stampedLine(recipe) {
            log("\(side): reusing the worker built from engine inputs \(key.prefix(12)) (line \(line))")
            return EngineBuild(binary: binary(line), commit: commit, builtNow: false, inputKey: key)
        }
        // The side's own line, unless the other side runs the binary in it.
        // An agent may run several engines at once: each of its builds keeps its own line.
        let line = useWorkingTree ? [side, side + "-2"].first { !inUse.contains(binary($0)) }! : key
        let dir = linesDirectory.appendingPathComponent(line)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let lock = try FileLock(path: dir.appendingPathComponent("build.lock").path)
        defer { lock.unlock() }
        if stamp(of: line) == recipe { return EngineBuild(binary: binary(line), commit: commit, builtNow: false, inputKey: key) }
        let src = dir.appendingPathComponent("src")
        if FileManager.default.fileExists(atPath: src.appendingPathComponent("Package.swift").path) {
            _ = try git(["-C", src.path, "checkout", "--quiet", "--detach", "--force", commit], inRepository: false)
        } else {
            try? FileManager.default.removeItem(at: src)
            _ = try git(["worktree", "prune"])
            _ = try git(["worktree", "add", "--detach", "--force", src.path, commit])
        }
        // The stamp goes before the build: a build stopped half way leaves no stamp that could be trusted.
        try? FileManager.default.removeItem(at: dir.appendingPathComponent("built.ok"))
        let last = lastBuildSeconds(line).map { ", the last build in this line took \(Self.minutes($0))" } ?? ", a full release build (minutes) the first time"
        log("\(side): building \(product) at \(spec) (\(commit.prefix(12)), engine inputs \(key.prefix(12))) in \(src.path)\(last)")
        let logFile = dir.appendingPathComponent("build.log")
        let started = Date()
        let status = Shell.run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", product, "--package-path", src.path,
                                                "--cache-path", cacheDirectory.appendingPathComponent("swiftpm").path]
                                   + Self.codePlacementFlags, outputFile: logFile.path, environment: .allowListed, shouldStop: shouldStop)
        let seconds = Date().timeIntervalSince(started)
        if status == Shell.stoppedStatus, shouldStop() { throw .interrupted(side: side, revision: spec) }
        guard status == 0, FileManager.default.isExecutableFile(atPath: binary(line)) else {
            let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")
            throw .buildFailed(side: side, revision: spec, commit: commit, log: logFile.path, logTail: tail)
        }
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("last-build-seconds").path,
                                           contents: Data(String(format: "%.1f", seconds).utf8))
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("built.ok").path, contents: Data(recipe.utf8))
        log("\(side): built in \(Self.minutes(seconds))")
        return EngineBuild(binary: binary(line), commit: commit, builtNow: true, inputKey: key, buildSeconds: seconds)
    }

    var linesDirectory: URL { cacheDirectory.appendingPathComponent("lines") }

    func binary(_ line: String) -> String {
        linesDirectory.appendingPathComponent(line).appendingPathComponent("src/.build/release/\(product)").path
    }

    static func recipe(key: String) -> String { ([key] + codePlacementFlags).joined(separator: " ") }

    func stamp(of line: String) -> String? {
        try? String(contentsOf: linesDirectory.appendingPathComponent(line).appendingPathComponent("built.ok"), encoding: .utf8)
    }

    /// A line whose finished build is of `recipe`, if any.
    func stampedLine(_ recipe: String) -> String? {
        let lines = (try? FileManager.default.contentsOfDirectory(atPath: linesDirectory.path)) ?? []
        return lines.sorted().first { stamp(of: $0) == recipe && FileManager.default.isExecutableFile(atPath: binary($0)) }
    }

    func lastBuildSeconds(_ line: String) -> Double? {
        (try? String(contentsOf: linesDirectory.appendingPathComponent(line).appendingPathComponent("last-build-seconds"), encoding: .utf8))
            .flatMap { Double($0) }
    }

    static func minutes(_ seconds: Double) -> String {
        seconds < 60 ? String(format: "%.0f s", seconds) : String(format: "%d min %02d s", Int(seconds) / 60, Int(seconds) % 60)
    }

    /// The full commit id of `revision`.
    public func resolve(_ revision: String, side: String) throws(EngineBuildError) -> String {
        do {
            return try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            if case .commandFailed(_, _, let out) = error, out.contains("not a git repository") {
                throw .notARepository(path: repository.path)
            }
            throw .unknownRevision(revision, side: side)
        }
    }

    func git(_ args: [String], inRepository: Bool = true, environment: [String] = []) throws(EngineBuildError) -> String {
        let (status, output) = Shell.capture("/usr/bin/env", environment + ["git"] + (inRepository ? ["-C", repository.path] : []) + args)
        guard status == 0 else { throw .commandFailed(command: "git " + args.joined(separator: " "), status: status, output: output) }
        return output
    }
}
