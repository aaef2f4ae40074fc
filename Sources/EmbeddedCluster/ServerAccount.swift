import Foundation

/// The operating-system account the server runs under.
///
/// PostgreSQL refuses to run as root. A process that is root (CI, containers)
/// therefore runs initdb and pg_ctl as the unprivileged `postgres` user
/// through `runuser`, and hands that user the cluster directory first. Any
/// other user simply runs them itself.
struct ServerAccount: Sendable {
    let name: String
    let uid: uid_t
    let gid: gid_t
    /// The `runuser` path when switching user, nil when running directly.
    let runuser: String?

    static let unprivilegedName = "postgres"

    /// The account for this process, creating `postgres` when root needs it.
    ///
    /// - Throws: `serverUserUnavailable`.
    static func current() throws -> ServerAccount {
        guard geteuid() == 0 else {
            let name = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
            return ServerAccount(name: name, uid: geteuid(), gid: getegid(), runuser: nil)
        }
        let sbin = ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]
        guard let runuser = CommandRunner.find("runuser", in: CommandRunner.pathDirectories + sbin) else {
            throw EmbeddedPostgresError.serverUserUnavailable(reason: "`runuser` (package util-linux) is not installed")
        }
        if lookUp(unprivilegedName) == nil {
            guard let useradd = CommandRunner.find("useradd", in: CommandRunner.pathDirectories + sbin) else {
                throw EmbeddedPostgresError.serverUserUnavailable(reason: "it does not exist and `useradd` is not installed")
            }
            let result = try CommandRunner.run([useradd, "--system", "--user-group", "--no-create-home",
                                                "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin",
                                                unprivilegedName])
            // Exit 9: someone else created it in the meantime, which is fine.
            guard result.status == 0 || result.status == 9 else {
                throw EmbeddedPostgresError.serverUserUnavailable(reason: "useradd failed: \(result.text)")
            }
        }
        guard let (uid, gid) = lookUp(unprivilegedName) else {
            throw EmbeddedPostgresError.serverUserUnavailable(reason: "it was created but cannot be looked up")
        }
        return ServerAccount(name: unprivilegedName, uid: uid, gid: gid, runuser: runuser)
    }

    private static func lookUp(_ name: String) -> (uid_t, gid_t)? {
        guard let entry = getpwnam(name) else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// The command line that runs `arguments` as this account.
    func command(_ arguments: [String]) -> [String] {
        guard let runuser else { return arguments }
        return [runuser, "-u", name, "--"] + arguments
    }

    /// Gives this account `path`, and with `recursive` everything below it.
    /// A no-op when not switching users.
    ///
    /// - Throws: `fileSystem`.
    func takeOwnership(of path: String, recursive: Bool) throws {
        guard runuser != nil else { return }
        var paths = [path]
        if recursive, let below = FileManager.default.subpaths(atPath: path) {
            paths += below.map { path + "/" + $0 }
        }
        for item in paths where lchown(item, uid, gid) != 0 {
            throw EmbeddedPostgresError.fileSystem(path: item, reason: "chown to \(name) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Whether this account owns `path` (without following a symlink).
    func owns(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_uid == uid
    }

    /// Whether this account can create files in `path`. Checked by trying,
    /// as that user, because a parent directory closed to it (say a 0700
    /// home directory) is invisible to root's own permission checks.
    func canWrite(_ path: String) -> Bool {
        guard runuser != nil else { return access(path, W_OK | X_OK) == 0 }
        let test = CommandRunner.find("test", in: ["/usr/bin", "/bin"]) ?? "/usr/bin/test"
        return (try? CommandRunner.run(command([test, "-w", path, "-a", "-x", path])))?.status == 0
    }
}
