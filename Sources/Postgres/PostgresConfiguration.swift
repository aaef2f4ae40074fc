import Foundation

/// Where and as whom to connect: the parsed form of a `postgresql://` URL or
/// a libpq `key=value` connection string.
///
/// `host` is a host name, an IP address, or an absolute path to the directory
/// holding a Unix-domain socket (libpq's convention). Keywords other than the
/// five named fields (`sslmode`, `connect_timeout`, `application_name`, …) are
/// kept in `options` and handed to libpq unchanged.
///
/// Print it freely: `description` is `redacted`, which never shows the
/// password. Only `urlIncludingPassword` does, for handing to another program.
public struct PostgresConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// Host name, IP address, or absolute socket directory; nil for libpq's default.
    public var host: String?
    /// Server port (for a socket, part of the socket file's name).
    public var port: Int?
    /// Role to log in as; nil for libpq's default (PGUSER, then the OS user).
    public var user: String?
    /// Never shown by `description` or `redacted`.
    public var password: String?
    /// Database name (libpq's `dbname`).
    public var database: String?
    /// Further libpq connection keywords, passed through as they are.
    public var options: [String: String]

    /// A configuration from its parts; nil leaves a part to libpq's defaults.
    public init(host: String? = nil, port: Int? = nil, user: String? = nil,
                password: String? = nil, database: String? = nil,
                options: [String: String] = [:]) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.options = options
    }

    /// Parses `postgresql://user:pass@host:port/db?key=value` (also the
    /// `postgres://` scheme) or `host=… port=… dbname=…` conninfo text.
    /// An empty string leaves everything to libpq's defaults (PGHOST, …).
    ///
    /// - Throws: `PostgresError.invalidConfiguration`; its reason never
    ///   quotes the password.
    public init(_ string: String) throws {
        let text = string.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = text.lowercased()
        if lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") {
            self = try ConnectionURLParser.parse(text)
        } else {
            self = try ConninfoParser.parse(text)
        }
    }

    /// The configuration as a URL with the password replaced by `***`.
    public var redacted: String { ConnectionURLRenderer.render(self, showPassword: false) }

    public var description: String { redacted }

    /// A `postgresql://` URL that libpq and `init(_:)` both accept, password
    /// included. Never log it; log `redacted` instead.
    public var urlIncludingPassword: String { ConnectionURLRenderer.render(self, showPassword: true) }

    /// Whether `host` names a socket directory rather than a network host.
    public var usesUnixSocket: Bool { host?.hasPrefix("/") ?? false }

    /// Sets one keyword, routing the five named ones to their fields.
    mutating func set(keyword: String, value: String) throws {
        switch keyword {
        case "host": host = value
        case "port":
            guard let number = Int(value), (1...65_535).contains(number) else {
                throw PostgresError.invalidConfiguration(reason: "port \"\(value)\" is not a number from 1 to 65535")
            }
            port = number
        case "user": user = value
        case "password": password = value
        case "dbname": database = value
        default: options[keyword] = value
        }
    }

    /// Keyword/value pairs for `PQconnectdbParams`, in a stable order.
    ///
    /// Every session is pinned to UTF-8, UTC, ISO dates and hex bytea so that
    /// the text decoders in `PostgresRow` see one format whatever the server's
    /// defaults are.
    var libpqParameters: [(String, String)] {
        var pairs: [(String, String)] = []
        if let host { pairs.append(("host", host)) }
        if let port { pairs.append(("port", String(port))) }
        if let user { pairs.append(("user", user)) }
        if let password { pairs.append(("password", password)) }
        if let database { pairs.append(("dbname", database)) }
        var extra = options
        let pinned = "-c TimeZone=UTC -c DateStyle=ISO -c bytea_output=hex -c IntervalStyle=postgres"
        extra["options"] = [options["options"], pinned].compactMap { $0 }.joined(separator: " ")
        extra["client_encoding"] = "UTF8"
        for key in extra.keys.sorted() { pairs.append((key, extra[key]!)) }
        return pairs
    }
}
