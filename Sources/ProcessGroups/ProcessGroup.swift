import CProcessGroups
#if canImport(Glibc)
import Glibc
#endif

/// A program started in a process group of its own, under a keeper process
/// that leads the group (Sources/CProcessGroups/process_group.c).
///
/// The group, not the program, is the unit: `signal` reaches the program
/// and everything it forked, the keeper exits only once all of them are
/// gone, and when the process that spawned the group dies (SIGKILL
/// included), the keeper kills the group. So a timeout, a Ctrl-C or a
/// killed harness leaves nothing running.
public final class ProcessGroup {
    /// The keeper's pid, which is also the group's id.
    public let id: pid_t
    private var status: Termination?

    /// How the program ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Starts `executable` with `arguments` and exactly `environment`.
    /// `input`, `output` and `errors` become its standard descriptors; the
    /// caller keeps its own copies and closes them.
    ///
    /// - Throws: `ProcessGroupError.cannotStart` with the reason from errno.
    public init(executable: String, arguments: [String], environment: [String: String],
                input: Int32, output: Int32, errors: Int32, directory: String? = nil) throws(ProcessGroupError) {
        var spawnErrno: Int32 = 0
        let argv = [executable] + arguments
        let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let keeper = Self.withCStrings(argv) { argvPointers in
            Self.withCStrings(envp) { envPointers in
                lb_spawn_in_group(executable, argvPointers, envPointers, input, output, errors, directory, &spawnErrno)
            }
        }
        guard keeper > 0 else {
            throw .cannotStart(executable: executable, reason: String(cString: strerror(spawnErrno)))
        }
        id = keeper
    }

    /// A close-on-exec pipe, (read end, write end); nil with errno set on failure.
    public static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard lb_pipe_cloexec(&fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    /// Sends `signal` to every process of the group; SIGKILL means `end()`.
    public func signal(_ number: Int32) {
        guard status == nil else { return }
        if number == SIGKILL { return end() }
        _ = kill(-id, number)
    }

    /// Kills the program and everything below it, including processes that
    /// left the group with setsid or setpgid: the keeper, their subreaper,
    /// finds them in the process tree (a SIGKILL to the group would miss
    /// them and take the keeper first). `wait()` then returns at once.
    public func end() {
        guard status == nil else { return }
        _ = kill(id, SIGHUP)
    }

    /// Whether any process of the group may still run (the keeper outlives them all).
    public var isRunning: Bool { poll() == nil }

    /// The program's ending, once the whole group has gone; nil before.
    public func poll() -> Termination? {
        if status == nil { reap(options: WNOHANG) }
        return status
    }

    /// Waits until the whole group has gone.
    @discardableResult
    public func wait() -> Termination {
        while status == nil { reap(options: 0) }
        return status!
    }

    private func reap(options: Int32) {
        var raw: Int32 = 0
        let reaped = waitpid(id, &raw, options)
        if reaped == id {
            let signalNumber = raw & 0x7F
            status = signalNumber == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signalNumber)
        } else if reaped < 0, errno != EINTR {
            // Reaped elsewhere (cannot happen unless someone waits for any child): treat as gone.
            status = .exited(-1)
        }
    }

    deinit {
        // A group never waited for would leave a zombie keeper and, worse,
        // a running program: end it.
        if status == nil {
            end()
            wait()
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Why a group could not be started.
public enum ProcessGroupError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotStart(executable: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotStart(executable, reason): "could not start \(executable): \(reason)"
        }
    }
}
