import Foundation
import Postgres

/// What a finished helper program left behind.
struct CommandOutput {
    let status: Int32
    /// Standard output and standard error, interleaved.
    let text: String
}

/// Runs helper programs (initdb, pg_ctl, runuser, useradd) to completion.
///
/// This uses `posix_spawn` and `waitpid` rather than Foundation's `Process`.
/// On Linux, `Process` leaves one end of a socket pair open in the child and
/// only reaps the child once that socket reaches end-of-file. `pg_ctl start`
/// leaves a server running, and the server inherits that socket, so
/// `waitUntilExit()` hung until the server stopped. Here every inherited
/// descriptor above stderr is closed in the child. Output goes to a
/// temporary file, not a pipe, for the same reason: a pipe stays open as
/// long as any descendant holds it.
enum CommandRunner {
    /// Runs `arguments[0]` (an absolute path) with the rest as its arguments
    /// and waits for it. A non-zero exit is returned, not thrown.
    ///
    /// - Throws: `EmbeddedPostgresError.commandFailed` if it cannot be launched.
    static func run(_ arguments: [String]) throws -> CommandOutput {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutbench-command-\(UUID().uuidString).log").path
        let output = open(outputPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw EmbeddedPostgresError.fileSystem(path: outputPath, reason: String(cString: strerror(errno)))
        }
        defer { unlink(outputPath) }
        let status: Int32
        do {
            defer { close(output) }
            status = try spawnAndWait(arguments, output: output)
        }
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return CommandOutput(status: status, text: text)
    }

    /// Like `run`, but a non-zero exit becomes `commandFailed`.
    @discardableResult
    static func check(_ arguments: [String]) throws -> CommandOutput {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw EmbeddedPostgresError.commandFailed(command: display(arguments), status: result.status, output: result.text)
        }
        return result
    }

    private static func spawnAndWait(_ arguments: [String], output: Int32) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO)
        for descriptor in openDescriptors() where descriptor > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var pid: pid_t = 0
        let environment = self.environment().map { "\($0.key)=\($0.value)" }
        let spawned = CStringArray(arguments).withPointers { argv in
            CStringArray(environment).withPointers { envp in
                posix_spawn(&pid, arguments[0], &actions, nil, mutable(argv), mutable(envp))
            }
        }
        guard spawned == 0 else {
            throw EmbeddedPostgresError.commandFailed(command: display(arguments), status: -1,
                                                      output: "could not launch it: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw EmbeddedPostgresError.commandFailed(command: display(arguments), status: -1,
                                                          output: "waitpid failed: \(String(cString: strerror(errno)))")
            }
        }
        // The W* macros are not imported: low 7 bits are the terminating
        // signal (0 for a normal exit), the next byte the exit code.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The descriptors open in this process right now. Closing them in the
    /// child is what Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT does; glibc's
    /// `addclosefrom_np` is hidden behind _GNU_SOURCE, which Swift does not
    /// set. A descriptor closed meanwhile makes close fail with EBADF in the
    /// child, which glibc ignores.
    private static func openDescriptors() -> [Int32] {
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))
            ?? (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd"))
            ?? []
        return listing.compactMap { Int32($0) }
    }

    private static func mutable(_ pointers: UnsafePointer<UnsafePointer<CChar>?>) -> UnsafePointer<UnsafeMutablePointer<CChar>?> {
        // posix_spawn's prototype lacks const, but it does not write through these.
        UnsafeRawPointer(pointers).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
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
