import Postgres

/// What can go wrong running a private PostgreSQL cluster. Each message
/// says what to do about it.
public enum EmbeddedPostgresError: Error, Sendable, CustomStringConvertible {
    /// No directory holding `initdb`, `pg_ctl` and `postgres` was found.
    case binariesNotFound(searched: [String])
    /// The cluster was made by another major version than any installed.
    case versionMismatch(clusterVersion: Int, found: [String])
    /// The data directory exists, is not empty, and is not a cluster.
    case notACluster(path: String)
    /// A helper program failed; `output` is what it printed.
    case commandFailed(command: String, status: Int32, output: String)
    /// `pg_ctl start` gave up; `logTail` is the end of the server log.
    case startFailed(logPath: String, logTail: String)
    /// Running as root, but the unprivileged `postgres` account is missing
    /// and could not be created.
    case serverUserUnavailable(reason: String)
    /// The server's account cannot reach the cluster directory.
    case directoryNotReachable(path: String, user: String)
    /// A file or directory could not be created, read or changed.
    case fileSystem(path: String, reason: String)
    /// A `serverSettings` name is malformed or one this package must control.
    case invalidSetting(name: String)
    /// The socket location is asked for before the cluster ever started.
    case notStarted(directory: String)
    /// A TCP address is asked for, but the cluster has no `tcpPort`.
    case tcpNotEnabled(directory: String)

    public var description: String {
        switch self {
        case let .binariesNotFound(searched):
            return "The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found in "
                + (searched.isEmpty ? "any directory" : searched.joined(separator: ", "))
                + ". Install them with `apt-get install postgresql` (Debian/Ubuntu), "
                + "or put the directory that holds them on PATH."
        case let .versionMismatch(version, found):
            return "The cluster was created by PostgreSQL \(version), but only other versions were found ("
                + found.joined(separator: ", ")
                + "). Install `postgresql-\(version)` (apt-get install postgresql-\(version)), "
                + "or delete the cluster directory to start afresh (its data is lost)."
        case let .notACluster(path):
            return "\(path) exists and is not empty, but holds no PostgreSQL cluster (no PG_VERSION). "
                + "Move it away or delete it, then start again."
        case let .commandFailed(command, status, output):
            return "`\(command)` failed with exit status \(status): \(output.trimmed). "
                + "Fix the cause above; if the cluster is damaged, delete its directory to start afresh."
        case let .startFailed(logPath, logTail):
            return "PostgreSQL did not start. The end of its log (\(logPath)) reads:\n\(logTail)\n"
                + "Fix the cause above; if the cluster is damaged, delete its directory to start afresh."
        case let .serverUserUnavailable(reason):
            return "PostgreSQL refuses to run as root, and the unprivileged user `postgres` is not available: \(reason.trimmed). "
                + "Create it (useradd --system postgres) or run as a normal user."
        case let .directoryNotReachable(path, user):
            return "The server runs as user `\(user)`, which cannot write to \(path). "
                + "Make every parent directory traversable (chmod o+x) or choose a cluster directory elsewhere."
        case let .fileSystem(path, reason):
            return "Cannot set up \(path): \(reason.trimmed). Check its permissions and free disk space."
        case let .invalidSetting(name):
            return "The server setting \"\(name)\" cannot be used: names are letters, digits, _ and ., "
                + "and the socket settings (\(ClusterLayout.reservedSettings.sorted().joined(separator: ", "))) are fixed. "
                + "Remove it from serverSettings."
        case let .notStarted(directory):
            return "The cluster in \(directory) has never been started, so its socket directory is not chosen yet; "
                + "call start() first."
        case let .tcpNotEnabled(directory):
            return "The cluster in \(directory) listens only on its Unix socket; "
                + "pass tcpPort: to EmbeddedPostgres(directory:…) to reach it over TCP."
        }
    }
}
