import Foundation

/// Why an agent will not build the engine a job asks for.
public enum RemoteBuildRefusal: Error, Equatable, CustomStringConvertible {
    /// The job's revision is not a full, lower-case commit id (40 hex digits).
    case notACommitID(String)
    /// The agent allows no remote to build from.
    case noAllowedRemotes
    /// None of the allowed remotes has the commit.
    case notInAllowedRemotes(commit: String, remotes: [String], lastError: String)
    /// The commit was fetched but its worker did not build.
    case buildFailed(commit: String, reason: String)
    /// The build was ended before it finished (`shouldStop`).
    case interrupted(commit: String)

    public var description: String {
        switch self {
        case .notACommitID(let text):
            "the engine revision \"\(text.prefix(80))\" is not a full commit id (40 hex digits); enqueue the commit, not a branch or a path"
        case .noAllowedRemotes:
            "this agent builds engines from no remote; start it with --allow-remote URL (and --build-cache DIR) to build revisions"
        case .notInAllowedRemotes(let commit, let remotes, let lastError):
            "commit \(commit.prefix(12)) is in none of this agent's allowed remotes (\(remotes.map(Self.redacted).joined(separator: ", ")))"
                + (lastError.isEmpty ? "" : "; last git error: \(Self.redacting(remotes, in: String(lastError.suffix(300))))")
                + " — push it there, or run the job on agents that allow its remote"
        case .buildFailed(let commit, let reason):
            "the worker at \(commit.prefix(12)) did not build: \(reason.suffix(1500))"
        case .interrupted(let commit):
            "the build of the worker at \(commit.prefix(12)) was stopped before it finished; the job goes back to the queue"
        }
    }
}

extension RemoteBuildRefusal {
    /// `remote` without a user or password (`https://user:token@host/x` →
    /// `https://host/x`): refusals go to the database and the agent's log.
    public static func redacted(_ remote: String) -> String {
        guard let scheme = remote.range(of: "://"), let at = remote[scheme.upperBound...].firstIndex(of: "@"),
              !remote[scheme.upperBound..<at].contains("/") else { return remote }
        return String(remote[..<scheme.upperBound]) + String(remote[remote.index(after: at)...])
    }

    static func redacting(_ remotes: [String], in text: String) -> String {
        remotes.reduce(text) { $0.replacingOccurrences(of: $1, with: redacted($1)) }
    }
}

/// Builds `layoutbench-worker` at a commit fetched only from a fixed list of
/// git remotes: the agent's own configuration, never the job. Each remote
/// gets a bare mirror under `<cache>/remotes/`, named by a hash of its URL,
/// so a commit is taken only from the mirror of a remote allowed now; the
/// builds themselves are `RevisionBuilder`'s, cached per commit under
/// `<cache>/builds/` and shared by every remote.
public struct AllowedRemotesBuilder: Sendable {
    public var remotes: [String]
    public var cacheDirectory: URL
    public var product: String
    /// Asked while a build runs; true ends it (`RemoteBuildRefusal.interrupted`).
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(remotes: [String], cacheDirectory: URL, product: String = "layoutbench-worker") {
        self.remotes = remotes; self.cacheDirectory = cacheDirectory; self.product = product
    }

    /// The worker built at `commit`, fetching the commit from the first
    /// allowed remote that has it when no mirror has it yet.
    ///
    /// - Throws: `RemoteBuildRefusal`.
    public func prepare(commit: String, log: (String) -> Void = { _ in }) throws(RemoteBuildRefusal) -> EngineBuild {
        guard commit.count == 40, commit.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { throw .notACommitID(commit) }
        guard !remotes.isEmpty else { throw .noAllowedRemotes }
        var lastError = ""
        for remote in remotes {
            let mirror = cacheDirectory.appendingPathComponent("remotes").appendingPathComponent(Self.mirrorName(remote) + ".git")
            do {
                if try !hasCommit(commit, in: mirror, fetchingFrom: remote) { continue }
            } catch {
                lastError = error.description
                continue
            }
            let builder = RevisionBuilder(repository: mirror, cacheDirectory: cacheDirectory.appendingPathComponent("builds"),
                                          product: product, shouldStop: shouldStop)
            do {
                return try builder.prepare(commit: commit, side: "engine", log: log)
            } catch .interrupted {
                throw .interrupted(commit: commit)
            } catch {
                throw .buildFailed(commit: commit, reason: error.description)
            }
        }
        throw .notInAllowedRemotes(commit: commit, remotes: remotes, lastError: lastError)
    }

    /// Whether the mirror of `remote` has `commit`, fetching the remote's
    /// branches and tags first when it does not. One fetcher per mirror at a time.
    private func hasCommit(_ commit: String, in mirror: URL, fetchingFrom remote: String) throws(EngineBuildError) -> Bool {
        try? FileManager.default.createDirectory(at: mirror.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = try FileLock(path: mirror.path + ".lock")
        defer { lock.unlock() }
        if !FileManager.default.fileExists(atPath: mirror.appendingPathComponent("HEAD").path) {
            try git(["init", "--quiet", "--bare", mirror.path])
        }
        if contains(commit, mirror) { return true }
        try git(["-C", mirror.path, "fetch", "--quiet", "--no-tags", "--force", remote,
                 "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"])
        return contains(commit, mirror)
    }

    private func contains(_ commit: String, _ mirror: URL) -> Bool {
        Shell.capture("/usr/bin/env", ["git", "-C", mirror.path, "cat-file", "-e", commit + "^{commit}"]).0 == 0
    }

    private func git(_ args: [String]) throws(EngineBuildError) {
        let (status, output) = Shell.capture("/usr/bin/env", ["git"] + args)
        guard status == 0 else { throw .commandFailed(command: "git " + args.joined(separator: " "), status: status, output: output) }
    }

    /// A folder name for a remote: its 64-bit FNV-1a hash in hex, then a readable tail of the URL.
    static func mirrorName(_ remote: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in remote.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tail = remote.split(whereSeparator: { "/:".contains($0) }).last.map(String.init) ?? "remote"
        let safe = String(tail.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }.prefix(40))
        return String(hash, radix: 16) + "-" + safe
    }
}
