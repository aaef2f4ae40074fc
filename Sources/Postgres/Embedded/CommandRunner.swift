import Foundation

/// What a finished helper program left behind.
struct CommandOutput {
    let status: Int32
    /// Standard output and standard error, interleaved.
    let text: String
}

/// Runs helper programs (initdb, pg_ctl, runuser, useradd) to completion.
enum CommandRunner {
    /// Runs `arguments[0]` with the rest as its arguments and waits.
    ///
    /// Output goes to a temporary file rather than a pipe: `pg_ctl start`
    /// leaves a server running, and a server that inherited the pipe would
    /// keep it open, so reading a pipe to its end would never finish.
    ///
    /// - Throws: `EmbeddedPostgresError.commandFailed` if the program cannot
    ///   be launched at all. A non-zero exit is returned, not thrown.
    static func run(_ arguments: [String], workingDirectory: String? = nil) throws -> CommandOutput {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutbench-command-\(UUID().uuidString).log").path
        guard FileManager.default.createFile(atPath: outputPath, contents: nil,
                                             attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: outputPath) else {
            throw EmbeddedPostgresError.fileSystem(path: outputPath, reason: "cannot create a file for the output of \(arguments[0])")
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        do {
            try process.run()
        } catch {
            try? output.close()
            throw EmbeddedPostgresError.commandFailed(command: display(arguments), status: -1,
                                                      output: "could not launch it: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        try? output.close()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return CommandOutput(status: process.terminationStatus, text: text)
    }

    /// Like `run`, but a non-zero exit becomes `commandFailed`.
    @discardableResult
    static func check(_ arguments: [String], workingDirectory: String? = nil) throws -> CommandOutput {
        let result = try run(arguments, workingDirectory: workingDirectory)
        guard result.status == 0 else {
            throw EmbeddedPostgresError.commandFailed(command: display(arguments), status: result.status, output: result.text)
        }
        return result
    }

    /// The caller's environment, minus what would steer the server
    /// elsewhere: libpq's PG* variables (PGPORT, PGDATA, …) and locale
    /// settings (messages stay in English so failures read the same).
    private static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment["LC_ALL"] = "C"
        return environment
    }

    static func display(_ arguments: [String]) -> String {
        arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// The first executable called `name` in `directories`.
    static func find(_ name: String, in directories: [String]) -> String? {
        directories.lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The directories listed in PATH, in order.
    static var pathDirectories: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }
}
