import Foundation

/// Whether a child has exited, read from /proc rather than from
/// `Process.isRunning`: Foundation notices a child's exit through a socket
/// that a worker started at the same time can inherit, so `isRunning` may
/// lag by as long as that other worker lives.
enum ProcessLiveness {
    /// False once the process is gone or a zombie waiting to be reaped.
    static func isAlive(_ pid: Int32) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].first { !$0.isWhitespace }
        return state != "Z" && state != "X"
        #else
        return kill(pid, 0) == 0
        #endif
    }
}
