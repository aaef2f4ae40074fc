import Foundation

/// Reads `postmaster.pid` and decides whether the server it names is alive.
///
/// `pg_ctl status` only asks whether *some* process has that PID. In a
/// container, PIDs restart from 1 at every boot, so the PID in a lock file
/// left by an unclean stop is often reused by an unrelated program; `pg_ctl`
/// would then report "running" and the postmaster would refuse to start. So
/// here a live PID also has to be a postgres process sitting in our data
/// directory (the postmaster's working directory is PGDATA).
enum ServerProcess {
    /// The PID of the postmaster serving `layout`, if it is alive.
    static func runningPID(_ layout: ClusterLayout) -> Int32? {
        guard let pid = recordedPID(layout), isAlive(pid),
              isPostmaster(pid, dataDirectory: layout.data) else { return nil }
        return pid
    }

    /// The PID written in `postmaster.pid`, alive or not.
    static func recordedPID(_ layout: ClusterLayout) -> Int32? {
        guard let text = try? String(contentsOfFile: layout.pidFile, encoding: .utf8),
              let firstLine = text.split(separator: "\n").first else { return nil }
        return Int32(firstLine.trimmingCharacters(in: .whitespaces))
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        // EPERM: it exists but belongs to another user (the postgres account
        // when we are not root), which still counts as alive.
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
        // A killed server whose parent never reaps it (PID 1 in many
        // containers) lingers as a zombie, which kill(pid, 0) still finds.
        // /proc/<pid>/stat reads "pid (comm) state …"; state Z is a zombie.
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
            return state != "Z" && state != "X"
        }
        #endif
        return true
    }

    private static func isPostmaster(_ pid: Int32, dataDirectory: String) -> Bool {
        #if os(Linux)
        let proc = "/proc/\(pid)"
        if let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: proc + "/cwd") {
            return canonical(cwd) == canonical(dataDirectory)
        }
        // Not allowed to look at its cwd (another user, not root): fall back
        // to the program name.
        let name = (try? String(contentsOfFile: proc + "/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return name == "postgres" || name == "postmaster"
        #else
        return true
        #endif
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
