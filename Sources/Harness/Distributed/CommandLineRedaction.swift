import Foundation

/// A command line as it may be stored with a run and shown in its report:
/// passwords in database URLs (`postgresql://user:secret@host/db`,
/// `…?password=secret`) and in libpq key/value strings (`password=secret`)
/// replaced by `***`. A URL given with `--database` would otherwise reach
/// the `runs` table and every report of the run.
public enum CommandLineRedaction {
    public static func redacted(_ arguments: [String]) -> String {
        arguments.map(redacted).joined(separator: " ")
    }

    public static func redacted(_ argument: String) -> String {
        var text = argument
        // scheme://user:password@ → scheme://user:***@
        if let scheme = text.range(of: "://") {
            let authority = text[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.replaceSubrange(authority.index(after: colon)..<at, with: "***")
            }
        }
        // password=secret (a URL's query or a key/value connection string)
        var output = ""
        var remaining = Substring(text)
        while let found = remaining.range(of: "password=", options: .caseInsensitive) {
            output += remaining[..<found.upperBound] + "***"
            remaining = remaining[found.upperBound...].drop { $0 != "&" && $0 != " " }
        }
        return output + remaining
    }
}
