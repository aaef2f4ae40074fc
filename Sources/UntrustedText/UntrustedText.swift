/// Text the harness did not write (a worker's messages and stderr, names
/// from files) made safe for every place it goes: PostgreSQL refuses NUL in
/// `text`, a terminal obeys escape sequences, and a runaway string fills a
/// disk. Control characters become visible escapes (`\u{1B}`), so what the
/// worker sent can still be read, and the length is capped with a count of
/// what was cut.
public enum UntrustedText {
    /// Longest single-line field kept (names, digests, counter names).
    public static let fieldLimit = 1_000
    /// Longest message kept (failure messages, log lines).
    public static let messageLimit = 8_000

    /// `text` with control characters escaped, cut to `limit` characters.
    /// With `multiline`, line feeds and tabs stay as they are.
    public static func clean(_ text: String, limit: Int = fieldLimit, multiline: Bool = false) -> String {
        var out = ""
        var kept = 0, cut = 0
        for scalar in text.unicodeScalars {
            if kept >= limit { cut += 1; continue }
            kept += 1
            if isControl(scalar), !(multiline && (scalar == "\n" || scalar == "\t")) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if cut > 0 { out += "… (\(cut) more characters)" }
        return out
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides that make
    /// a terminal show text in another order than it is stored.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
