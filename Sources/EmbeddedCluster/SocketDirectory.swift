import Foundation

/// Chooses and prepares the directory for the server's Unix socket.
///
/// A socket path must fit in 107 bytes, which a cluster deep inside a
/// project easily exceeds. Then the socket goes to a fresh private directory
/// under /tmp (made by mkdtemp, mode 0700) whose path is recorded in the
/// cluster folder, so later processes find it. The stand-in is reused only
/// while it is still a real directory, owned by the server's account and
/// closed to everyone else; otherwise (say /tmp was cleaned) a new one is made.
enum SocketDirectory {
    /// Returns a ready socket directory for `layout`.
    ///
    /// - Throws: `fileSystem`.
    static func prepare(_ layout: ClusterLayout, for account: ServerAccount) throws -> String {
        if layout.socketFitsInside {
            let directory = layout.preferredSocketDirectory
            try makePrivateDirectory(directory)
            try account.takeOwnership(of: directory, recursive: false)
            return directory
        }
        if let recorded = layout.currentSocketDirectory, isPrivate(recorded, to: account), layout.fits(recorded) {
            return recorded
        }
        var template = Array((ClusterLayout.temporarySocketPrefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw EmbeddedPostgresError.fileSystem(path: ClusterLayout.temporarySocketPrefix + "XXXXXX",
                                                   reason: String(cString: strerror(errno)))
        }
        let directory = String(cString: made)
        try account.takeOwnership(of: directory, recursive: false)
        do {
            try (directory + "\n").write(toFile: layout.socketRecord, atomically: true, encoding: .utf8)
        } catch {
            throw EmbeddedPostgresError.fileSystem(path: layout.socketRecord, reason: error.localizedDescription)
        }
        return directory
    }

    /// Removes the /tmp stand-in, if this cluster has one.
    static func removeStandIn(_ layout: ClusterLayout) {
        guard !layout.socketFitsInside, let recorded = layout.currentSocketDirectory,
              recorded.hasPrefix(ClusterLayout.temporarySocketPrefix) else { return }
        try? FileManager.default.removeItem(atPath: recorded)
    }

    static func makePrivateDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            // createDirectory leaves an existing directory's mode alone.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        } catch {
            throw EmbeddedPostgresError.fileSystem(path: path, reason: error.localizedDescription)
        }
    }

    private static func isPrivate(_ path: String, to account: ServerAccount) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        return isDirectory && info.st_uid == account.uid && (info.st_mode & 0o077) == 0
    }
}
