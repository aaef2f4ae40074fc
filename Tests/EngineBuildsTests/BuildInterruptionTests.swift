import Testing
import Foundation
import Synchronization
import ProcessGroups
@testable import EngineBuilds

/// A git repository holding a package that takes a few seconds to compile:
/// a library of generated Codable types and the executable that uses it.
private func makeSlowRepository() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-interrupt-\(UUID().uuidString)")
    let files = FileManager.default
    try files.createDirectory(at: dir.appendingPathComponent("Sources/Shapes"), withIntermediateDirectories: true)
    try files.createDirectory(at: dir.appendingPathComponent("Sources/slow-worker"), withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription
    let package = Package(name: "Slow", targets: [
        .target(name: "Shapes"),
        .executableTarget(name: "slow-worker", dependencies: ["Shapes"]),
    ])
    """.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    for file in 0..<6 {
        let types = (0..<30).map { type in
            let fields = (0..<12).map { "    public var f\($0): [String: Int] = [:]" }.joined(separator: "\n")
            return "public struct Shape\(file)_\(type): Codable, Hashable, Sendable {\n\(fields)\n    public init() {}\n}"
        }
        try types.joined(separator: "\n").write(to: dir.appendingPathComponent("Sources/Shapes/Shapes\(file).swift"),
                                               atomically: true, encoding: .utf8)
    }
    try """
    import Foundation
    import Shapes
    let data = try JSONEncoder().encode(Shape0_0())
    print(data.count)
    """.write(to: dir.appendingPathComponent("Sources/slow-worker/main.swift"), atomically: true, encoding: .utf8)
    for args in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v1"], ["tag", "v1"]] {
        #expect(Shell.run("/usr/bin/env", ["git", "-C", dir.path] + args, outputFile: "/dev/null") == 0)
    }
    return dir
}

/// Every process on the machine whose command line mentions `text`, by pid
/// and name (swift-build, swift-frontend, clang, ld…).
func processes(mentioning text: String) -> [(pid: Int32, name: String)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> (Int32, String)? in
        guard let pid = Int32(entry), pid != getpid(),
              let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
              String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text) else { return nil }
        // A zombie has been killed already; its parent has just not reaped it yet.
        let stat = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)) ?? ""
        if let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z" { return nil }
        let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        return (pid, name)
    }
}

@Suite(.serialized) struct BuildInterruptionTests {
    /// Stopping a real release build mid-compile ends swift-build and every
    /// compiler it started (they run in process groups of their own), and the
    /// cache it leaves builds again.
    @Test(.timeLimit(.minutes(10))) func aStoppedBuildLeavesNoProcessAndBuildsAgain() throws {
        let repo = try makeSlowRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let stop = Atomic<Bool>(false)
        let builder = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"),
                                      product: "slow-worker", shouldStop: { stop.load(ordering: .relaxed) })
        let outcome = Mutex<Result<EngineBuild, EngineBuildError>?>(nil)
        let thread = Thread {
            let result = Result { () throws(EngineBuildError) in try builder.prepare("v1", side: "base") }
            outcome.withLock { $0 = result }
        }
        thread.start()

        // Interrupt once a compiler works on the package, not after a guessed delay.
        let deadline = Date().addingTimeInterval(300)
        var seen: [(pid: Int32, name: String)] = []
        while Date() < deadline, outcome.withLock({ $0 == nil }) {
            seen = processes(mentioning: repo.path)
            if seen.contains(where: { $0.name.hasPrefix("swift-frontend") || $0.name.hasPrefix("clang") }) { break }
            usleep(20_000)
        }
        try #require(seen.contains { $0.name.hasPrefix("swift-frontend") || $0.name.hasPrefix("clang") },
                     "no compiler of the package appeared; processes seen: \(seen)")
        let stopped = Date()
        stop.store(true, ordering: .relaxed)
        while outcome.withLock({ $0 == nil }), Date().timeIntervalSince(stopped) < 60 { usleep(10_000) }
        let waited = Date().timeIntervalSince(stopped)
        let result = try #require(outcome.withLock { $0 }, "the build did not stop within 60 s")
        #expect(throws: EngineBuildError.interrupted(side: "base", revision: "v1")) { try result.get() }
        #expect(waited < 10, "stopping took \(waited) s")
        let left = processes(mentioning: repo.path)
        #expect(left.isEmpty, "still running after the stop: \(left)")

        let again = RevisionBuilder(repository: repo, cacheDirectory: repo.appendingPathComponent(".layoutbench/builds"), product: "slow-worker")
        let build = try again.prepare("v1", side: "base")
        #expect(build.builtNow)
        let (status, output) = Shell.capture(build.binary, [])
        #expect(status == 0)
        #expect(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0)
        print("build stopped \(String(format: "%.2f", waited)) s after the request; the next build took \(String(format: "%.1f", build.buildSeconds ?? -1)) s")
    }

    /// `end()` gives swift-build no chance to stop its compilers: the keeper
    /// finds them in the process tree, although they run in process groups
    /// of their own, where a signal to the build's group misses them.
    @Test(.timeLimit(.minutes(10))) func endingAGroupEndsCompilersOutsideIt() throws {
        let repo = try makeSlowRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        let group = try ProcessGroup(executable: "/usr/bin/env", arguments: ["swift", "build", "--package-path", repo.path],
                                     environment: ProcessInfo.processInfo.environment, input: null, output: null, errors: null)
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, group.isRunning, !processes(mentioning: repo.path).contains(where: { $0.name.hasPrefix("swift-frontend") }) {
            usleep(20_000)
        }
        try #require(processes(mentioning: repo.path).contains { $0.name.hasPrefix("swift-frontend") })
        group.end()
        let ended = Date()
        while group.isRunning, Date().timeIntervalSince(ended) < 10 { usleep(10_000) }
        #expect(!group.isRunning, "the group outlived end() by 10 s")
        let left = processes(mentioning: repo.path)
        #expect(left.isEmpty, "still running after end(): \(left)")
        if group.isRunning { for process in left { kill(process.pid, SIGKILL) } }
        group.wait()
    }
}
