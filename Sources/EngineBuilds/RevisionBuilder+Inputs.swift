import Foundation

/// The engine-input key: the git tree of `engineInputs`, at a commit or in the working tree.
extension RevisionBuilder {
    /// The tree hash of `engineInputs` at `commit`: equal for two commits
    /// exactly when they build the same worker.
    public func inputKey(commit: String) throws(EngineBuildError) -> String {
        try inputKey(ofTree: commit)
    }

    /// The same key for the working tree as it is now, uncommitted and
    /// untracked (not ignored) files included. A scratch index, so the
    /// checkout's own index is left alone.
    public func workingTreeInputKey() throws(EngineBuildError) -> String {
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-index-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: index) }
        let env = ["GIT_INDEX_FILE=\(index.path)"]
        _ = try git(["read-tree", "HEAD"], environment: env)
        _ = try git(["add", "-u"], environment: env)
        _ = try git(["add", "-A", "--", "Package.swift", "Sources"], environment: env)
        let tree = try git(["write-tree"], environment: env).trimmingCharacters(in: .whitespacesAndNewlines)
        return try inputKey(ofTree: tree)
    }

    /// `git mktree` of the input entries of `treeish`: a real tree object, so
    /// `git ls-tree KEY` shows what a build was made from.
    private func inputKey(ofTree treeish: String) throws(EngineBuildError) -> String {
        let entries = try git(["ls-tree", treeish, "--"] + Self.engineInputs)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-tree-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.createFile(atPath: file.path, contents: Data(entries.utf8)) else {
            throw .commandFailed(command: "write \(file.path)", status: -1, output: "cannot write a temporary file")
        }
        let (status, output) = Shell.capture("/usr/bin/env", ["git", "-C", repository.path, "mktree"], input: file.path)
        guard status == 0 else { throw .commandFailed(command: "git mktree", status: status, output: output) }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The checkout's `.build/release` worker when its inputs are `key`, a
    /// release build ran after the last edit to an input file and — unless
    /// `anyPlacement`, both sides being this one binary — its functions are
    /// placed as `codePlacementFlags` place them, so that it runs against a
    /// cached build on equal terms; nil otherwise.
    func workingTreeBuild(key: String, anyPlacement: Bool, log: (String) -> Void) throws(EngineBuildError) -> String? {
        let binary = repository.appendingPathComponent(".build/release/\(product)").path
        // A release build that changes nothing in the worker leaves the binary
        // as it was, but rewrites the build manifest: the later of the two is
        // when a release build last saw the sources.
        let manifest = Self.modified(repository.appendingPathComponent(".build/release.yaml").path)
        guard FileManager.default.isExecutableFile(atPath: binary),
              let built = [Self.modified(binary), manifest].compactMap({ $0 }).max() else { return nil }
        guard try workingTreeInputKey() == key else { return nil }
        guard Self.newestInput(in: repository).map({ $0 <= built }) ?? false else {
            log("\(binary) predates an edit to the sources (no release build since): not used")
            return nil
        }
        guard anyPlacement || Self.functionsAligned(binary) else {
            log("\(binary) was built without \(Self.codePlacementFlags.joined(separator: " ")): not used against another build")
            return nil
        }
        return binary
    }

    /// Whether every Swift function in `binary` starts on a 64-byte boundary (`nm`).
    static func functionsAligned(_ binary: String) -> Bool {
        let (status, symbols) = Shell.capture("/usr/bin/env", ["nm", "--defined-only", binary])
        guard status == 0 else { return false }
        var seen = 0
        for line in symbols.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[1] == "t" || parts[1] == "T", parts[2].hasPrefix("$s"),
                  let address = UInt64(parts[0], radix: 16) else { continue }
            if address % 64 != 0 { return false }
            seen += 1
        }
        return seen > 0
    }

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The latest modification time among the engine input files in `root`.
    static func newestInput(in root: URL) -> Date? {
        var newest: Date?
        for name in engineInputs {
            let url = root.appendingPathComponent(name)
            if let d = modified(url.path) { newest = max(newest ?? d, d) }
            guard let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.contentModificationDateKey]) else { continue }
            for case let file as URL in walk {
                if let d = try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate {
                    newest = max(newest ?? d, d)
                }
            }
        }
        return newest
    }
}
