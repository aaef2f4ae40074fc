// Reading and writing the two connection-string forms libpq understands.
// The grammar follows "Connection Strings" in the libpq chapter of the
// PostgreSQL manual. Error reasons here must never quote a password, so they
// name the offending part instead of echoing the input.

/// `postgresql://[user[:password]@][host][:port][/dbname][?key=value&…]`
enum ConnectionURLParser {
    static func parse(_ text: String) throws -> PostgresConfiguration {
        var config = PostgresConfiguration()
        guard let schemeEnd = text.range(of: "://") else {
            throw PostgresError.invalidConfiguration(reason: "the URL has no scheme")
        }
        var rest = Substring(text[schemeEnd.upperBound...])

        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        // The last "@" ends the user info, so an unescaped "@" in a password
        // still parses the way the user meant.
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                config.user = try decode(userInfo[..<colon], part: "user name")
                config.password = try decode(userInfo[userInfo.index(after: colon)...], part: "password")
            } else if !userInfo.isEmpty {
                config.user = try decode(userInfo, part: "user name")
            }
        }
        try parseHostAndPort(rest, into: &config)
        if !path.isEmpty { config.database = try decode(path, part: "database name") }

        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                // Not echoed: a mistyped pair could be a password.
                throw PostgresError.invalidConfiguration(reason: "a query parameter has no \"=\"")
            }
            let key = try decode(pair[..<equals], part: "query parameter name")
            let value = try decode(pair[pair.index(after: equals)...], part: "value of \(key)")
            try config.set(keyword: key, value: value)
        }
        return config
    }

    private static func parseHostAndPort(_ text: Substring, into config: inout PostgresConfiguration) throws {
        guard !text.isEmpty else { return }
        if text.contains(",") {
            throw PostgresError.invalidConfiguration(reason: "several hosts in one URL are not supported; name one host")
        }
        var hostPart = text
        var portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw PostgresError.invalidConfiguration(reason: "an IPv6 address opened with \"[\" is not closed with \"]\"")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() }
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        if !hostPart.isEmpty { config.host = try decode(hostPart, part: "host") }
        if let portPart, !portPart.isEmpty { try config.set(keyword: "port", value: String(portPart)) }
    }

    private static func decode(_ text: Substring, part: String) throws -> String {
        guard let decoded = PercentEncoding.decode(text) else {
            throw PostgresError.invalidConfiguration(reason: "the \(part) has a malformed %-escape")
        }
        return decoded
    }
}

/// `key=value key='quoted value' …`, where single quotes allow spaces and
/// a backslash escapes the next character.
enum ConninfoParser {
    static func parse(_ text: String) throws -> PostgresConfiguration {
        var config = PostgresConfiguration()
        var chars = Array(text)[...]
        var word = 0
        while true {
            word += 1
            chars = chars.drop(while: { $0.isWhitespace })
            guard !chars.isEmpty else { break }
            let key = String(chars.prefix(while: { $0 != "=" && !$0.isWhitespace }))
            chars = chars.dropFirst(key.count).drop(while: { $0.isWhitespace })
            guard !key.isEmpty, chars.first == "=" else {
                // Not echoed: a stray word could be a password.
                throw PostgresError.invalidConfiguration(reason: "word \(word) is not of the form key=value")
            }
            chars = chars.dropFirst().drop(while: { $0.isWhitespace })
            let value = try readValue(&chars, key: key)
            try config.set(keyword: key, value: value)
        }
        return config
    }

    private static func readValue(_ chars: inout ArraySlice<Character>, key: String) throws -> String {
        var value = ""
        let quoted = chars.first == "'"
        if quoted { chars = chars.dropFirst() }
        while let c = chars.first {
            if !quoted && c.isWhitespace { break }
            chars = chars.dropFirst()
            if quoted && c == "'" { return value }
            if c == "\\", let next = chars.first {
                value.append(next)
                chars = chars.dropFirst()
            } else {
                value.append(c)
            }
        }
        if quoted {
            throw PostgresError.invalidConfiguration(reason: "the value of \(key) opens a quote that is never closed")
        }
        return value
    }
}

/// Renders a configuration back into a URL (see `PostgresConfiguration.redacted`).
enum ConnectionURLRenderer {
    static func render(_ config: PostgresConfiguration, showPassword: Bool) -> String {
        var url = "postgresql://"
        if config.user != nil || config.password != nil {
            url += PercentEncoding.encode(config.user ?? "", keeping: "")
            if let password = config.password {
                url += ":" + (showPassword ? PercentEncoding.encode(password, keeping: "") : "***")
            }
            url += "@"
        }
        var query: [(String, String)] = []
        if let host = config.host {
            if config.usesUnixSocket {
                // A socket directory reads better as ?host=/dir than %2F-escaped.
                query.append(("host", host))
            } else if host.contains(":") {
                url += "[\(host)]"
            } else {
                url += PercentEncoding.encode(host, keeping: "")
            }
        }
        if let port = config.port {
            if config.usesUnixSocket { query.append(("port", String(port))) } else { url += ":\(port)" }
        }
        url += "/"
        if let database = config.database { url += PercentEncoding.encode(database, keeping: "") }
        for key in config.options.keys.sorted() { query.append((key, config.options[key]!)) }
        if !query.isEmpty {
            url += "?" + query.map { key, value in
                PercentEncoding.encode(key, keeping: "") + "=" + PercentEncoding.encode(value, keeping: "/")
            }.joined(separator: "&")
        }
        return url
    }
}

enum PercentEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Escapes every byte outside the URL unreserved set, except `keeping`.
    static func encode(_ text: String, keeping: String) -> String {
        let kept = Set(keeping.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) || kept.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Undoes `%XX` escapes; nil if an escape is malformed. "+" stays "+",
    /// as in libpq.
    static func decode(_ text: Substring) -> String? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            guard byte == UInt8(ascii: "%") else { out.append(byte); continue }
            guard bytes.count >= 2, let high = hexValue(bytes.first!), let low = hexValue(bytes.dropFirst().first!) else {
                return nil
            }
            out.append(high << 4 | low)
            bytes = bytes.dropFirst(2)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
