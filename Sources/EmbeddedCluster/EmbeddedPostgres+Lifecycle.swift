import Foundation
import Postgres

// The blocking steps behind start() and stop(). They run on a dispatch
// thread (see `offload`) while holding the cluster's lock file.
extension EmbeddedPostgres {
    /// Longest wait for the server to come up or to go down.
    static let serverTimeoutSeconds = 60
    /// The server log is set aside at start once it grows past this.
    static let logRotationBytes = 10 * 1024 * 1024

    func startNow() throws {
        for name in serverSettings.keys
        where !ClusterLayout.isValidSettingName(name) || ClusterLayout.reservedSettings.contains(name) {
            throw EmbeddedPostgresError.invalidSetting(name: name)
        }
        try SocketDirectory.makePrivateDirectory(directory)
        try withClusterLock {
            let account = try ServerAccount.current()
            if !account.owns(directory) { try account.takeOwnership(of: directory, recursive: true) }
            guard account.canWrite(directory) else {
                throw EmbeddedPostgresError.directoryNotReachable(path: directory, user: account.name)
            }
            // A running server is reused as it is: second start is a no-op.
            if ServerProcess.runningPID(layout) != nil { return }

            let binaries = try PostgresBinaries.locate(searchPath: binarySearchPath,
                                                       requiredMajor: layout.clusterMajorVersion)
            if layout.clusterMajorVersion == nil { try initialize(with: binaries, as: account) }
            let socketDirectory = try SocketDirectory.prepare(layout, for: account)
            try write(layout.settings(socketDirectory: socketDirectory, extra: serverSettings), to: layout.settingsFile, owner: account)
            removeStaleLockFiles(socketDirectory: socketDirectory)
            rotateLogIfLarge()

            let result = try CommandRunner.run(account.command([
                binaries.pgCtl, "start", "-D", layout.data, "-l", layout.log,
                "-w", "-t", String(Self.serverTimeoutSeconds), "-s",
            ]))
            guard result.status == 0, ServerProcess.runningPID(layout) != nil else {
                throw EmbeddedPostgresError.startFailed(logPath: layout.log, logTail: logTail(orElse: result.text))
            }
        }
    }

    /// Sends the postmaster SIGINT, PostgreSQL's "fast shutdown" (what
    /// `pg_ctl stop -m fast` does), and waits for it to exit. Signalling
    /// directly works even if the server programs were uninstalled since.
    func stopNow() throws {
        guard FileManager.default.fileExists(atPath: directory) else { return }
        try withClusterLock {
            guard let pid = ServerProcess.runningPID(layout) else { return }
            guard kill(pid, SIGINT) == 0 || errno == ESRCH else {
                throw EmbeddedPostgresError.commandFailed(command: "kill -INT \(pid)", status: errno,
                                                          output: String(cString: strerror(errno)))
            }
            let deadline = Date().addingTimeInterval(TimeInterval(Self.serverTimeoutSeconds))
            while ServerProcess.runningPID(layout) != nil {
                guard Date() < deadline else {
                    throw EmbeddedPostgresError.commandFailed(
                        command: "kill -INT \(pid)", status: 0,
                        output: "the server (pid \(pid)) was still running after \(Self.serverTimeoutSeconds) s; "
                            + "see \(layout.log), and stop it with `kill -QUIT \(pid)` if it hangs")
                }
                usleep(20_000)
            }
        }
    }

    /// initdb, then hook our settings file into postgresql.conf.
    private func initialize(with binaries: PostgresBinaries, as account: ServerAccount) throws {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: layout.data)) ?? []
        guard contents.isEmpty else { throw EmbeddedPostgresError.notACluster(path: layout.data) }
        try CommandRunner.check(account.command([
            // Trust only the private socket; TCP logins (see `tcpPort`) need a password.
            binaries.initdb, "-D", layout.data, "-U", superuser, "--auth-local=trust", "--auth-host=scram-sha-256",
            "--encoding=UTF8", "--no-locale", "--no-sync",
        ]))
        let configFile = layout.data + "/postgresql.conf"
        guard let handle = FileHandle(forWritingAtPath: configFile) else {
            throw EmbeddedPostgresError.fileSystem(path: configFile, reason: "cannot open it to append the include line")
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(ClusterLayout.includeLine.utf8))
    }

    /// Clears lock files of a server that died without cleaning up: our
    /// caller has already established that no postmaster owns them.
    private func removeStaleLockFiles(socketDirectory: String) {
        let manager = FileManager.default
        for path in [layout.pidFile,
                     socketDirectory + "/" + layout.socketFileName,
                     socketDirectory + "/" + layout.socketFileName + ".lock"]
            where manager.fileExists(atPath: path) {
            try? manager.removeItem(atPath: path)
        }
    }

    private func rotateLogIfLarge() {
        let manager = FileManager.default
        guard let size = (try? manager.attributesOfItem(atPath: layout.log))?[.size] as? Int,
              size > Self.logRotationBytes else { return }
        try? manager.removeItem(atPath: layout.log + ".old")
        try? manager.moveItem(atPath: layout.log, toPath: layout.log + ".old")
    }

    private func logTail(orElse fallback: String) -> String {
        guard let data = FileManager.default.contents(atPath: layout.log), !data.isEmpty else { return fallback }
        let lines = String(decoding: data.suffix(4096), as: UTF8.self).split(separator: "\n").suffix(15)
        return lines.joined(separator: "\n")
    }

    private func write(_ text: String, to path: String, owner account: ServerAccount) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw EmbeddedPostgresError.fileSystem(path: path, reason: error.localizedDescription)
        }
        try account.takeOwnership(of: path, recursive: false)
    }

    /// Holds an exclusive `flock` on the cluster's lock file around `body`,
    /// so two processes (or two tasks) never start or stop it at once.
    private func withClusterLock<T>(_ body: () throws -> T) throws -> T {
        // O_CLOEXEC: a server started inside `body` must not inherit the
        // descriptor, or it would hold the lock for as long as it runs.
        let descriptor = open(layout.lockFile, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw EmbeddedPostgresError.fileSystem(path: layout.lockFile, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw EmbeddedPostgresError.fileSystem(path: layout.lockFile, reason: String(cString: strerror(errno)))
            }
        }
        return try body()
    }
}
