import Foundation
import Testing

/// A `queue-test-agent` running as a separate process, talking to the test
/// database over loopback TCP. The URL with the password goes in through
/// stdin; stdout (JSON event lines) and stderr go to files.
final class AgentProcess: @unchecked Sendable {
    let name: String
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    static var executable: URL {
        // The test bundle lives in the build folder beside the products.
        var directory = Bundle.main.bundleURL
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("queue-test-agent")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/queue-test-agent")
    }

    /// Starts an agent with `arguments` (never the URL) after `--name name`.
    init(name: String, database: QueueTestDatabase, arguments: [String]) throws {
        self.name = name
        let folder = try QueueTestDirectories.makeScratch("agent-\(name)")
        stdoutPath = folder + "/stdout.jsonl"
        stderrPath = folder + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = Self.executable
        process.arguments = ["--name", name] + arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment["LAYOUTBENCH_QUEUE_URL"] = nil
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
        input.fileHandleForWriting.write(Data((try database.tcpConfiguration.urlIncludingPassword + "\n").utf8))
        try input.fileHandleForWriting.close()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end and returns its exit status; kills it
    /// and throws if it is still running after `timeout`.
    @discardableResult
    func waitForExit(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                signal(SIGKILL)
                throw QueueTestError("agent \(name) still running after \(timeout); stderr: \(stderr.suffix(2000))")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        return process.terminationStatus
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The agent's event lines (`{"agent", "event", "jobs", "attempt"?}`).
    var events: [AgentEvent] {
        stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(AgentEvent.self, from: Data($0.utf8)) }
    }

    /// The process's command line as the process list shows it.
    var commandLine: String {
        let raw = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return String(decoding: raw.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}

struct AgentEvent: Decodable, Sendable {
    let agent: String
    let event: String
    let jobs: [Int]
    let attempt: Int?
    /// On "stopped": operations that succeeded only after reconnecting.
    let recovered: Int?
}

extension Array where Element == AgentProcess {
    /// Waits for every agent; a failing exit status fails the test with its stderr.
    func waitForAll(timeout: Duration) async throws {
        for agent in self {
            let status = try await agent.waitForExit(timeout: timeout)
            #expect(status == 0, "agent \(agent.name) exited with \(status): \(agent.stderr.suffix(2000))")
        }
    }
}
