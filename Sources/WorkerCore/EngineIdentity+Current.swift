import Foundation
import WorkerProtocol

extension EngineIdentity {
    /// The engine build this worker is: name, version, git commit, build
    /// configuration and compiler.
    ///
    /// The commit comes from, in order: `LAYOUTBENCH_ENGINE_COMMIT` (set it when
    /// deploying a binary without its checkout); the `.git` of the checkout the
    /// executable was built in, read directly (no `git` process: start-up stays
    /// fast; worktrees and packed refs included); else "unknown".
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> EngineIdentity {
        EngineIdentity(name: "layoutbench-engine", version: "0.1.0",
                       commit: environment["LAYOUTBENCH_ENGINE_COMMIT"] ?? GitCommit.find(from: executableDirectory) ?? "unknown",
                       build: buildConfiguration, swiftVersion: WorkerProtocol.compilerVersion)
    }

    static var executableDirectory: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

}

/// Reads HEAD's commit out of a `.git` directory or worktree file without running git.
enum GitCommit {
    /// Walks up from `directory` to the first `.git` and resolves its HEAD.
    static func find(from directory: URL) -> String? {
        var dir = directory.standardizedFileURL
        for _ in 0..<12 {
            let dotGit = dir.appendingPathComponent(".git")
            if let commit = resolve(dotGit: dotGit) { return commit }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return nil
    }

    static func resolve(dotGit: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        var gitDir = dotGit
        if !isDirectory.boolValue {
            // A worktree: ".git" holds "gitdir: /path/to/main/.git/worktrees/NAME".
            guard let text = read(dotGit), text.hasPrefix("gitdir:") else { return nil }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitDir = URL(fileURLWithPath: path, relativeTo: dotGit.deletingLastPathComponent()).standardizedFileURL
        }
        let commonDir = read(gitDir.appendingPathComponent("commondir"))
            .map { URL(fileURLWithPath: $0, relativeTo: gitDir.appendingPathComponent("x")).standardizedFileURL } ?? gitDir
        guard let head = read(gitDir.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref:") else { return isCommit(head) ? head : nil }
        let ref = head.dropFirst(4).trimmingCharacters(in: .whitespaces)
        for dir in [gitDir, commonDir] {
            if let c = read(dir.appendingPathComponent(ref)), isCommit(c) { return c }
        }
        if let packed = read(commonDir.appendingPathComponent("packed-refs")) {
            for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
                let c = String(line.prefix(40))
                if isCommit(c) { return c }
            }
        }
        return nil
    }

    private static func read(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isCommit(_ s: String) -> Bool {
        s.count == 40 && s.allSatisfy { $0.isHexDigit }
    }
}
