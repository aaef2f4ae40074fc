import Foundation
import Testing

/// A built executable (`layoutbench`, its workers) started as a separate
/// process, stdout and stderr in files. The database URL goes in through
/// the environment or a file, never the arguments.
final class CommandProcess: @unchecked Sendable {
    let name: String
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    /// The build folder the test bundle lives in.
    static var productsDirectory: URL {
        var directory = Bundle.main.bundleURL
        while directory.path != "/" {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("layoutbench").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug")
    }

    static func product(_ name: String) -> String { productsDirectory.appendingPathComponent(name).path }

    static let workloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Workloads").path

    /// Starts `layoutbench arguments…` with `environment` added to a clean copy of ours.
    init(name: String, arguments: [String], environment: [String: String] = [:]) throws {
        self.name = name
        let folder = try AgentTestDirectories.makeScratch("proc-\(name)")
        stdoutPath = folder + "/stdout.txt"
        stderrPath = folder + "/stderr.txt"
        FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.product("layoutbench"))
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        merged["LAYOUTBENCH_DATABASE_URL"] = nil
        merged["LAYOUTBENCH_ROOT"] = folder
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    /// The command line as the process list shows it now (read it while the process runs).
    var commandLine: String { Self.readCommandLine(process.processIdentifier) }

    var pid: Int32 { process.processIdentifier }
    func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the exit and returns the status; kills the process and throws after `timeout`.
    @discardableResult
    func waitForExit(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                signal(SIGKILL)
                throw AgentTestError("\(name) still running after \(timeout); stderr: \(stderr.suffix(2000))")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        return process.terminationStatus
    }

    /// Waits until stdout has a line containing `text`.
    func waitForOutput(_ text: String, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !stdout.contains(text) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                throw AgentTestError("\(name) never printed \(text); stdout: \(stdout.suffix(1500)) stderr: \(stderr.suffix(1500))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The agent's JSON event lines.
    var events: [AgentEvent] {
        stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(AgentEvent.self, from: Data($0.utf8)) }
    }

    static func readCommandLine(_ pid: Int32) -> String {
        let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return String(decoding: raw.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}

struct AgentEvent: Decodable, Sendable {
    let agent: String
    let event: String
    let jobs: [Int]
    let attempt: Int?
    /// On "stopped": queue operations that succeeded only after reconnecting.
    let recovered: Int?
}
