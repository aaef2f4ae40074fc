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
        let stamp = cache.appendingPathComponent(first.commit!).appendingPathComponent("built.ok")
        #expect(try String(contentsOf: stamp, encoding: .utf8).hasSuffix("-align-all-functions=6"))
        // A build from before the flags: built again, not reused.
        try first.commit!.write(to: stamp, atomically: true, encoding: .utf8)
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
}
