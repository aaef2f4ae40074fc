import BuildTestSupport
import Foundation
import Testing

/// `layoutbench run` started from a package's build folder first builds that
/// package's `layoutbench-worker`. Ctrl-C during that build ends the whole
/// build — swift-build and the compilers it starts in process groups of
/// their own — with the harness.
@Suite struct RunBuildInterruptionTests {
    @Test(.timeLimit(.minutes(10))) func ctrlCWhileTheDefaultWorkerBuildsLeavesNoCompiler() throws {
        let package = try GitFixture.repository(SlowPackage.files(product: "layoutbench-worker"), tag: "slow")
        defer { try? FileManager.default.removeItem(at: package) }
        // The harness where `swift run layoutbench` would put it in that package.
        let folder = package.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let harness = folder.appendingPathComponent("layoutbench")
        try FileManager.default.copyItem(atPath: HarnessServerTests.CommandLineTests.executable, toPath: harness.path)

        let process = Process()
        process.executableURL = harness
        process.arguments = ["run", "churn", "--sizes", "10", "--plain", "--database", "postgresql://nobody@127.0.0.1:1/none",
                             "--workloads-directory", HarnessServerTests.CommandLineTests.workloads]
        process.currentDirectoryURL = package
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning, !compilerRuns(mentioning: package.path, "Shapes0.swift") { usleep(20_000) }
        try #require(compilerRuns(mentioning: package.path, "Shapes0.swift"), "no compiler of the worker appeared")
        process.interrupt()
        process.waitUntilExit()
        let stopped = Date()
        var left = livingProcesses(mentioning: package.path)
        while !left.isEmpty, Date().timeIntervalSince(stopped) < 10 {
            usleep(50_000)
            left = livingProcesses(mentioning: package.path)
        }
        #expect(left.isEmpty, "still running 10 s after the harness ended: \(left)")
        for process in left { kill(process.pid, SIGKILL) }
    }
}
