import Foundation
import JobQueue
import Postgres

/// Command-line options of `queue-test-agent`. The database URL is never an
/// option: argv is visible to every user in the process list.
struct TestAgentOptions {
    var name = "agent-\(getpid())"
    var machineClass = "test"
    var leaseSeconds = 2.0
    var pollSeconds = 0.5
    var batch = 1
    var backoffBaseSeconds = 0.2
    var exitWhenDrained = false

    static let usage = """
        usage: queue-test-agent [--name NAME] [--machine-class CLASS] [--lease SECONDS] [--poll SECONDS]
                                [--batch N] [--backoff-base SECONDS] [--exit-when-drained]
        The database URL (with its password) is read from the first line of standard input,
        or from LAYOUTBENCH_QUEUE_URL when standard input is a terminal or empty; never from arguments.
        """

    /// - Throws: `TestAgentError.usage`.
    static func parse(_ arguments: [String]) throws -> TestAgentOptions {
        var options = TestAgentOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw TestAgentError.usage("\(flag) needs a value") }
            return next
        }
        func number(_ flag: String) throws -> Double {
            let text = try value(flag)
            guard let number = Double(text), number > 0 else { throw TestAgentError.usage("\(flag) \(text) is not a positive number") }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--name": options.name = try value(flag)
            case "--machine-class": options.machineClass = try value(flag)
            case "--lease": options.leaseSeconds = try number(flag)
            case "--poll": options.pollSeconds = try number(flag)
            case "--batch": options.batch = Int(try number(flag))
            case "--backoff-base": options.backoffBaseSeconds = try number(flag)
            case "--exit-when-drained": options.exitWhenDrained = true
            case "--help", "-h": throw TestAgentError.usage("")
            default: throw TestAgentError.usage("unknown option \(flag)")
            }
        }
        return options
    }

    /// The database configuration from stdin's first line or the environment.
    ///
    /// - Throws: `TestAgentError.noDatabase`, `PostgresError.invalidConfiguration`.
    static func databaseConfiguration() throws -> PostgresConfiguration {
        if isatty(STDIN_FILENO) == 0, let line = readLine(strippingNewline: true), !line.isEmpty {
            return try PostgresConfiguration(line)
        }
        if let url = ProcessInfo.processInfo.environment["LAYOUTBENCH_QUEUE_URL"], !url.isEmpty {
            return try PostgresConfiguration(url)
        }
        throw TestAgentError.noDatabase
    }

    func queueSettings() throws -> QueueSettings {
        try QueueSettings(leaseSeconds: leaseSeconds,
                          backoff: RetryBackoff(baseSeconds: backoffBaseSeconds, capSeconds: backoffBaseSeconds * 8),
                          reconnectTimeoutSeconds: 30)
    }
}

enum TestAgentError: Error, CustomStringConvertible {
    case usage(String)
    case noDatabase

    var description: String {
        switch self {
        case let .usage(problem): return (problem.isEmpty ? "" : problem + "\n") + TestAgentOptions.usage
        case .noDatabase:
            return "No database URL: write it as the first line of standard input (or set LAYOUTBENCH_QUEUE_URL)."
        }
    }
}
