import Foundation
import ProcessGroups
#if canImport(Glibc)
import Glibc
#endif

/// Runs short helper commands (git, swift build). Output goes to a file or
/// is captured whole after exit, so a grandchild holding a pipe open can
/// never hang the caller.
///
/// Each command runs in a process group of its own (`ProcessGroup`), so
/// when `layoutbench` dies (Ctrl-C, SIGTERM, SIGKILL) the whole build
/// ends with it instead of compiling on.
enum Shell {
    /// What a command's environment is.
    enum Environment {
        /// The caller's, whole (git may need credentials helpers and keys).
        case inherited
        /// The allow-listed part (`ChildEnvironment`): for building code
        /// from another revision, which must not see the caller's secrets.
        case allowListed
    }

    /// What `run` answers for a command ended because `shouldStop` said so.
    static let stoppedStatus: Int32 = 128 + SIGTERM

    /// Runs the command to its end, or until `shouldStop` (asked twenty times a
    /// second) answers true: then its group gets SIGTERM, which lets
    /// `swift build` stop its compilers itself, and after `grace` the keeper
    /// kills whatever is left below it, whatever group it moved to.
    static func run(_ executable: String, _ args: [String], outputFile: String,
                    environment: Environment = .inherited, input: String? = nil,
                    shouldStop: (() -> Bool)? = nil, grace: Duration = .seconds(2)) -> Int32 {
        // open(2), not FileManager.createFile: that one writes atomically, by
        // renaming a temporary file over the path — which replaced /dev/null
        // with a plain file once.
        let fd = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        let null = open(input ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        guard null >= 0 else { return -1 }
        defer { close(null) }
        let inherited = ProcessInfo.processInfo.environment
        let group: ProcessGroup
        do {
            group = try ProcessGroup(executable: executable, arguments: args,
                                     environment: environment == .inherited ? inherited : ChildEnvironment.make(from: inherited),
                                     input: null, output: fd, errors: fd)
        } catch {
            return -1
        }
        var stopping: ContinuousClock.Instant?
        var ended = false
        while let shouldStop, group.isRunning {
            if let since = stopping {
                if !ended, ContinuousClock.now - since > grace {
                    group.end()
                    ended = true
                }
            } else if shouldStop() {
                stopping = .now
                group.signal(SIGTERM)
            }
            usleep(50_000)
        }
        if stopping != nil { return stoppedStatus }
        switch group.wait() {
        case let .exited(status): return status
        case let .signalled(signal): return 128 + signal
        }
    }

    static func capture(_ executable: String, _ args: [String], input: String? = nil) -> (Int32, String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-sh-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: file) }
        let status = run(executable, args, outputFile: file.path, input: input)
        return (status, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }
}

/// An exclusive `flock` on a file, held until `unlock`.
final class FileLock {
    private let fd: Int32
    init(path: String) throws(EngineBuildError) {
        fd = open(path, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw .commandFailed(command: "open \(path)", status: errno, output: String(cString: strerror(errno))) }
        _ = flock(fd, LOCK_EX)
    }
    func unlock() {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
