import Testing
import Foundation
@testable import EngineBuilds

/// A throwaway git repository holding a tiny package whose product plays the worker.
private func makeRepository() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-builds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("Sources/tiny-worker"), withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription
    let package = Package(name: "Tiny", targets: [.executableTarget(name: "tiny-worker")])
    """.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    // Several functions of different sizes, so that 64-byte alignment cannot come about by chance.
    try """
    @inline(never) func tiny() -> String { "tiny" }
    @inline(never) func worker(_ n: Int) -> String { n > 1 ? "worker" : String(repeating: "w", count: n) }
    @inline(never) func version(_ s: [Int]) -> String { "v" + String(s.reduce(0, +)) }
    @inline(never) func greeting() -> String { [tiny(), worker(2), version([1])].joined(separator: " ") }
    print(greeting())
    """.write(to: dir.appendingPathComponent("Sources/tiny-worker/main.swift"), atomically: true, encoding: .utf8)
    for args in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v1"], ["tag", "v1"]] {
        #expect(Shell.run("/usr/bin/env", ["git", "-C", dir.path] + args, outputFile: "/dev/null") == 0)
    }
    try #"let x: Int = "not an int""#.write(to: dir.appendingPathComponent("Sources/tiny-worker/main.swift"), atomically: true, encoding: .utf8)
    for args in [["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "broken"], ["tag", "broken"]] {
        #expect(Shell.run("/usr/bin/env", ["git", "-C", dir.path] + args, outputFile: "/dev/null") == 0)
    }
    return dir
}

@Suite(.serialized) struct RevisionBuilderTests {
    @Test func buildsARevisionOnceThenReusesIt() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "tiny-worker")
        let first = try builder.prepare("v1", side: "base")
        #expect(first.builtNow)
        #expect(first.commit?.count == 40)
        let (status, output) = Shell.capture(first.binary, [])
        #expect(status == 0 && output == "tiny worker v1\n")
        let second = try builder.prepare("v1", side: "candidate")
        #expect(!second.builtNow && second.binary == first.binary)
        // The helper sends git's output to /dev/null; it must stay the device, not become a file.
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    /// Built with `codePlacementFlags`: every Swift function on a 64-byte
    /// boundary. A build stamped without them is not reused.
    @Test func buildsPlaceEveryFunctionOn64BytesAndStampTheirFlags() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let cache = repo.appendingPathComponent(".layoutbench/builds")
        let builder = RevisionBuilder(repository: repo, cacheDirectory: cache, product: "tiny-worker")
        let first = try builder.prepare("v1", side: "base")
        let (status, symbols) = Shell.capture("/usr/bin/env", ["nm", first.binary])
        #expect(status == 0)
        let swiftFunctions = symbols.split(separator: "\n").compactMap { line -> UInt64? in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[1] == "t" || parts[1] == "T", parts[2].hasPrefix("$s") else { return nil }
            return UInt64(parts[0], radix: 16)
        }
        #expect(swiftFunctions.count >= 4)
        #expect(swiftFunctions.allSatisfy { $0 % 64 == 0 })
        let stamp = cache.appendingPathComponent("lines/base/built.ok")
        #expect(try String(contentsOf: stamp, encoding: .utf8) == ([first.inputKey!] + RevisionBuilder.codePlacementFlags).joined(separator: " "))
        // A build from before the flags: built again, not reused.
        try first.inputKey!.write(to: stamp, atomically: true, encoding: .utf8)
        #expect(try builder.prepare("v1", side: "candidate").builtNow)
    }

    @Test func aRevisionThatDoesNotBuildNamesTheSideAndShowsTheLog() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "tiny-worker")
        #expect {
            try builder.prepare("broken", side: "candidate")
        } throws: { error in
            guard case .buildFailed(let side, let rev, _, _, let tail) = error as? EngineBuildError else { return false }
            return side == "candidate" && rev == "broken" && tail.contains("cannot convert value")
                && (error as! EngineBuildError).description.hasPrefix("candidate: the worker at broken")
        }
    }

    @Test func unknownRevisionAndBinaryPaths() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent("cache"))
        #expect(throws: EngineBuildError.unknownRevision("no-such-branch", side: "base")) {
            try builder.prepare("no-such-branch", side: "base")
        }
        let given = try builder.prepare("/bin/true", side: "base")
        #expect(given.binary == "/bin/true" && given.commit == nil && !given.builtNow)
        let plain = repo.appendingPathComponent("Package.swift").path
        #expect(throws: EngineBuildError.notExecutable(path: plain, side: "candidate")) {
            try builder.prepare(plain, side: "candidate")
        }
    }

    /// Commits that change no engine input (here the README) share the build:
    /// the key is the tree of Package.swift, Package.resolved and Sources.
    @Test func revisionsWithTheSameEngineInputsShareOneBuild() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try git(repo, ["checkout", "-q", "v1"])
        try "docs\n".write(to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try git(repo, ["add", "-A"])
        try git(repo, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "docs"])
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "tiny-worker")
        #expect(try builder.inputKey(commit: builder.resolve("v1", side: "base")) == builder.inputKey(commit: builder.resolve("HEAD", side: "base")))
        #expect(try builder.inputKey(commit: builder.resolve("v1", side: "base")) != builder.inputKey(commit: builder.resolve("broken", side: "base")))
        var lines: [String] = []
        let (base, candidate) = try builder.prepare(base: "v1", candidate: "HEAD") { lines.append($0) }
        #expect(base.builtNow && !candidate.builtNow && base.binary == candidate.binary, "\(lines)")
        #expect(base.commit != candidate.commit && base.inputKey == candidate.inputKey)
        #expect(lines.filter { $0.contains("building tiny-worker") }.count == 1, "\(lines)")
        // The key is a real tree: git shows what the build was made from.
        let (status, listing) = Shell.capture("/usr/bin/env", ["git", "-C", repo.path, "ls-tree", "--name-only", base.inputKey!])
        #expect(status == 0 && listing == "Package.swift\nSources\n")
        // A later comparison of either finds the build by its inputs.
        let again = try builder.prepare("HEAD", side: "candidate")
        #expect(!again.builtNow && again.binary == base.binary)
    }

    /// A changed source builds in the line's worktree, moved by `git checkout`:
    /// the package is not rebuilt from nothing, and the binary is the new code.
    @Test func aChangedSourceRebuildsInThePersistentWorktree() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try git(repo, ["checkout", "-q", "v1"])
        let main = repo.appendingPathComponent("Sources/tiny-worker/main.swift")
        let text = try String(contentsOf: main, encoding: .utf8)
        try text.replacingOccurrences(of: "\"tiny\"", with: "\"small\"").write(to: main, atomically: true, encoding: .utf8)
        try git(repo, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "small"])
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "tiny-worker")
        let first = try builder.prepare("v1", side: "base")
        var lines: [String] = []
        let second = try builder.prepare("HEAD", side: "base") { lines.append($0) }
        #expect(second.builtNow && second.binary == first.binary && second.inputKey != first.inputKey)
        #expect(Shell.capture(second.binary, []).1 == "small worker v1\n")
        #expect(lines.contains { $0.contains("the last build in this line took") }, "\(lines)")
        // The line moved on: v1 is built again, not taken from a binary that is now HEAD's.
        #expect(try builder.prepare("v1", side: "base").builtNow)
    }

    /// A revision whose engine inputs are the working tree's runs the
    /// checkout's own `.build/release` worker — built the way cached builds
    /// are, and newer than the sources — instead of building it again.
    @Test func theWorkingTreesReleaseBuildServesARevisionWithItsInputs() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try git(repo, ["checkout", "-q", "v1"])
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "tiny-worker")
        #expect(try builder.workingTreeInputKey() == builder.inputKey(commit: builder.resolve("v1", side: "base")))
        let own = repo.appendingPathComponent(".build/release/tiny-worker").path
        #expect(Shell.run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", "tiny-worker", "--package-path", repo.path]
                          + RevisionBuilder.codePlacementFlags, outputFile: "/dev/null") == 0)
        let used = try builder.prepare("v1", side: "candidate")
        #expect(used.isWorkingTreeBuild && used.binary == own && !used.builtNow)
        // An uncommitted edit changes the working tree's inputs: v1 is no longer what .build/release holds.
        try "// edited\n".write(to: repo.appendingPathComponent("Sources/tiny-worker/extra.swift"), atomically: true, encoding: .utf8)
        #expect(try builder.workingTreeInputKey() != used.inputKey)
        let built = try builder.prepare("v1", side: "candidate")
        #expect(!built.isWorkingTreeBuild && built.builtNow && built.binary != own)
    }

    /// The identity a worker reports, not its path, vouches for a build.
    @Test func aWorkerReportingAnotherEnginesCommitIsRejected() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent("cache"), product: "tiny-worker")
        let v1 = try builder.resolve("v1", side: "base"), broken = try builder.resolve("broken", side: "base")
        let script = repo.appendingPathComponent("hello-worker")
        func worker(reporting commit: String) throws -> EngineBuild {
            try "#!/bin/sh\necho '{\"type\":\"hello\",\"protocol\":1,\"pid\":1,\"engine\":{\"name\":\"e\",\"version\":\"0\",\"commit\":\"\(commit)\",\"build\":\"release\",\"swift_version\":\"6\"}}'\n"
                .write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return EngineBuild(binary: script.path, commit: v1, builtNow: false, inputKey: try builder.inputKey(commit: v1))
        }
        #expect(RevisionBuilder.reportedCommit(of: try worker(reporting: v1).binary) == v1)
        try builder.verify(try worker(reporting: v1), side: "base")
        #expect(throws: EngineBuildError.identityMismatch(side: "base", binary: script.path, inputKey: try builder.inputKey(commit: v1),
                                                          reported: broken)) {
            try builder.verify(try worker(reporting: broken), side: "base")
        }
        #expect(throws: EngineBuildError.self) { try builder.verify(try worker(reporting: "unknown"), side: "base") }
    }
}

private func git(_ repo: URL, _ args: [String]) throws {
    #expect(Shell.run("/usr/bin/env", ["git", "-C", repo.path] + args, outputFile: "/dev/null") == 0, "git \(args)")
}
