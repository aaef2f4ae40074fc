import Foundation

/// Where everything of one embedded cluster lives inside its directory:
///
///     <root>/data/              PGDATA, made by initdb
///     <root>/run/               the Unix socket (0700), when the path is short enough
///     <root>/socket-directory   otherwise: the path of the /tmp stand-in for run/
///     <root>/postgres.log       server log
///     <root>/.lock              serialises start/stop between processes
struct ClusterLayout: Sendable {
    let root: String
    /// The loopback TCP port, when the cluster also listens on 127.0.0.1.
    /// It is then also the number in the socket file's name.
    var tcpPort: Int? = nil

    var data: String { root + "/data" }
    var log: String { root + "/postgres.log" }
    var lockFile: String { root + "/.lock" }
    var pidFile: String { data + "/postmaster.pid" }
    var versionFile: String { data + "/PG_VERSION" }
    /// Settings this package owns, included from postgresql.conf.
    var settingsFile: String { data + "/layoutbench.conf" }
    var socketRecord: String { root + "/socket-directory" }
    var preferredSocketDirectory: String { root + "/run" }

    /// Without a TCP port no port is opened, but the number names the socket file.
    static let defaultPort = 5432
    var port: Int { tcpPort ?? Self.defaultPort }
    var socketFileName: String { ".s.PGSQL.\(port)" }
    /// `sun_path` holds 108 bytes including the terminating NUL.
    static let maxSocketPathBytes = 107
    static let temporarySocketPrefix = "/tmp/layoutbench-pg-"

    /// Whether `run/` inside the cluster is short enough for a socket path.
    var socketFitsInside: Bool { fits(preferredSocketDirectory) }

    func fits(_ socketDirectory: String) -> Bool {
        (socketDirectory + "/" + socketFileName).utf8.count <= Self.maxSocketPathBytes
    }

    /// The major version recorded by initdb, or nil if there is no cluster.
    var clusterMajorVersion: Int? {
        guard let text = try? String(contentsOfFile: versionFile, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The socket directory in use: `run/`, or the recorded /tmp stand-in.
    var currentSocketDirectory: String? {
        if socketFitsInside { return preferredSocketDirectory }
        return (try? String(contentsOfFile: socketRecord, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The contents of `layoutbench.conf`. Socket only (no TCP) unless a
    /// `tcpPort` is set, then also 127.0.0.1 only; the socket is private to
    /// the server's user, in a directory this package controls.
    /// `extra` comes last, so it can override anything but the socket
    /// settings, which are checked first (see `EmbeddedPostgres.start`).
    func settings(socketDirectory: String, extra: [String: String]) -> String {
        var lines = [
            "# Written by LayoutBench's EmbeddedPostgres on every start; edits are overwritten.",
            "listen_addresses = \(Self.quote(tcpPort == nil ? "" : "127.0.0.1"))",
            "port = \(port)",
            "unix_socket_directories = \(Self.quote(socketDirectory))",
            "unix_socket_permissions = 0700",
        ]
        lines += extra.keys.sorted().map { "\($0) = \(Self.quote(extra[$0]!))" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Settings this package must control for the socket-only, private setup.
    static let reservedSettings: Set = ["listen_addresses", "port", "unix_socket_directories", "unix_socket_permissions"]

    /// A setting name is letters, digits, underscores and dots (for
    /// extension settings); anything else could break the file.
    static func isValidSettingName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
    }

    private static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static let includeLine = "\ninclude_if_exists = 'layoutbench.conf'\n"
}
