import Foundation

/// A worker binary ready to run, and where it came from.
public struct EngineBuild: Sendable, Equatable {
    public var binary: String
    /// The full commit when built from a revision; nil for a binary given by path.
    public var commit: String?
    /// Whether this call built it (false: reused from the cache or given).
    public var builtNow: Bool
}

/// Turns a compare side — a git revision or a path to a worker binary —
/// into a runnable `layoutbench-worker`.
///
/// Revisions are built once per commit in a cached worktree,
/// `<cache>/<commit>/src` (`git worktree add --detach`), with
/// `swift build -c release --product layoutbench-worker` plus
/// `codePlacementFlags`; a stamp file marks a finished build (with the flags
/// it used, so a build made another way is redone), and a lock file keeps
/// two harnesses from building the same commit at once.
public struct RevisionBuilder: Sendable {
    /// Every Swift function starts on a 64-byte boundary. Without this, a
    /// change in one module moves the code of every module linked after it,
    /// and loops that did not change run faster or slower from where they
    /// land alone, with the same instructions. Not enough on its own: where
    /// hot functions land relative to each other still moves untouched
    /// workloads (docs/compare.md, "The two sides").
    public static let codePlacementFlags = ["-Xswiftc", "-Xllvm", "-Xswiftc", "-align-all-functions=6"]

    public var repository: URL
    public var cacheDirectory: URL
    public var product: String

    public init(repository: URL, cacheDirectory: URL, product: String = "layoutbench-worker") {
        self.repository = repository; self.cacheDirectory = cacheDirectory; self.product = product
    }

    /// Resolves `spec` for `side` ("base" or "candidate"), building when needed.
    /// `log` receives one line per step (building takes minutes).
    public func prepare(_ spec: String, side: String, log: (String) -> Void = { _ in }) throws(EngineBuildError) -> EngineBuild {
        // An existing file is a worker binary; anything else is a revision ("origin/main" has a slash too).
        if FileManager.default.fileExists(atPath: spec) {
            guard FileManager.default.isExecutableFile(atPath: spec) else { throw .notExecutable(path: spec, side: side) }
            return EngineBuild(binary: URL(fileURLWithPath: spec).standardizedFileURL.path, commit: nil, builtNow: false)
        }
        let commit = try resolve(spec, side: side)
        return try build(commit: commit, revision: spec, side: side, log: log)
    }

    /// Builds the worker at `commit` (a full commit id in `repository`), or
    /// reuses the cached build. Unlike `prepare`, never takes its argument
    /// for a path, so text from elsewhere cannot name a program to run.
    public func prepare(commit: String, side: String, log: (String) -> Void = { _ in }) throws(EngineBuildError) -> EngineBuild {
        try build(commit: try resolve(commit, side: side), revision: commit, side: side, log: log)
    }

    private func build(commit: String, revision spec: String, side: String, log: (String) -> Void) throws(EngineBuildError) -> EngineBuild {
        let dir = cacheDirectory.appendingPathComponent(commit)
        let src = dir.appendingPathComponent("src")
        let binary = src.appendingPathComponent(".build/release/\(product)").path
        let stamp = dir.appendingPathComponent("built.ok")
        let recipe = ([commit] + Self.codePlacementFlags).joined(separator: " ")
        let stamped = { (try? String(contentsOf: stamp, encoding: .utf8)) == recipe && FileManager.default.isExecutableFile(atPath: binary) }
        if stamped() {
            log("\(side): reusing the worker built at \(commit.prefix(12))")
            return EngineBuild(binary: binary, commit: commit, builtNow: false)
        }
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let lock = try FileLock(path: dir.appendingPathComponent("build.lock").path)
        defer { lock.unlock() }
        if stamped() {
            return EngineBuild(binary: binary, commit: commit, builtNow: false)
        }
        if !FileManager.default.fileExists(atPath: src.appendingPathComponent("Package.swift").path) {
            try? FileManager.default.removeItem(at: src)
            _ = try git(["worktree", "prune"])
            _ = try git(["worktree", "add", "--detach", "--force", src.path, commit])
        }
        log("\(side): building \(product) at \(spec) (\(commit.prefix(12))) — release build, a few minutes the first time")
        let logFile = dir.appendingPathComponent("build.log")
        let status = Shell.run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", product,
                                                "--package-path", src.path] + Self.codePlacementFlags,
                               outputFile: logFile.path, environment: .allowListed)
        guard status == 0, FileManager.default.isExecutableFile(atPath: binary) else {
            let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")
            throw .buildFailed(side: side, revision: spec, commit: commit, log: logFile.path, logTail: tail)
        }
        _ = FileManager.default.createFile(atPath: stamp.path, contents: Data(recipe.utf8))   // unwritten: the next run builds again
        return EngineBuild(binary: binary, commit: commit, builtNow: true)
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

    private func git(_ args: [String]) throws(EngineBuildError) -> String {
        let (status, output) = Shell.capture("/usr/bin/env", ["git", "-C", repository.path] + args)
        guard status == 0 else { throw .commandFailed(command: "git " + args.joined(separator: " "), status: status, output: output) }
        return output
    }
}
