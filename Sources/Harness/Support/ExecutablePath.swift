import Foundation

/// Whether a path names a worker the harness can start, and if not, what it
/// is instead — in words a user can act on.
enum ExecutablePath {
    /// nil when `path` is an executable regular file; else what is wrong.
    static func problem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? "no such file" : "it cannot be read (\(String(cString: strerror(errno))))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
        return access(path, X_OK) == 0 ? nil : "it is not executable"
    }
}
