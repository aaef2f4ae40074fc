import Testing
import Foundation
import Synchronization
import ProcessGroups
import BuildTestSupport
@testable import EngineBuilds

@Suite(.serialized) struct BuildInterruptionTests {
    /// Stopping a real release build mid-compile ends swift-build and every
    /// compiler it started (they run in process groups of their own), and the
    /// cache it leaves builds again.
    @Test(.timeLimit(.minutes(10))) func aStoppedBuildLeavesNoProcessAndBuildsAgain() throws {
        let main = "import Foundation\nprint(try JSONEncoder().encode(Shape0_0()).count)\n"
        let repo = try GitFixture.repository(SlowPackage.files(product: "slow-worker", main: main), tag: "v1")
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
        while Date() < deadline, outcome.withLock({ $0 == nil }), !compilerRuns(mentioning: repo.path, "Shapes0.swift") { usleep(20_000) }
        try #require(compilerRuns(mentioning: repo.path, "Shapes0.swift"),
                     "no compiler of the package appeared; processes seen: \(livingProcesses(mentioning: repo.path))")
        let stopped = Date()
        stop.store(true, ordering: .relaxed)
        while outcome.withLock({ $0 == nil }), Date().timeIntervalSince(stopped) < 60 { usleep(10_000) }
        let waited = Date().timeIntervalSince(stopped)
        let result = try #require(outcome.withLock { $0 }, "the build did not stop within 60 s")
        #expect(throws: EngineBuildError.interrupted(side: "base", revision: "v1")) { try result.get() }
        #expect(waited < 10, "stopping took \(waited) s")
        let left = livingProcesses(mentioning: repo.path)
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
        let repo = try GitFixture.repository(SlowPackage.files(product: "slow-worker"), tag: "v1")
        defer { try? FileManager.default.removeItem(at: repo) }
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        let group = try ProcessGroup(executable: "/usr/bin/env", arguments: ["swift", "build", "--package-path", repo.path],
                                     environment: ProcessInfo.processInfo.environment, input: null, output: null, errors: null)
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, group.isRunning, !compilerRuns(mentioning: repo.path, "Shapes0.swift") { usleep(20_000) }
        try #require(compilerRuns(mentioning: repo.path, "Shapes0.swift"))
        group.end()
        let ended = Date()
        while group.isRunning, Date().timeIntervalSince(ended) < 10 { usleep(10_000) }
        #expect(!group.isRunning, "the group outlived end() by 10 s")
        let left = livingProcesses(mentioning: repo.path)
        #expect(left.isEmpty, "still running after end(): \(left)")
        if group.isRunning { for process in left { kill(process.pid, SIGKILL) } }
        group.wait()
    }
}
