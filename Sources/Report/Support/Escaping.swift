/// The escaping functions of every output format. Every string that came
/// from a user — workload names, titles, talk titles, variant names,
/// counter names, failure reasons, labels, host names — goes through one of
/// these before it reaches a file or a terminal.

/// Escapes text for HTML element content *and* quoted attribute values:
/// `&`, `<`, `>`, `"` and `'` become character references (OWASP XSS
/// prevention rule 1/2). Control characters other than tab, newline and
/// carriage return are dropped (they are not allowed in HTML text).
///
/// `<img src=x onerror=alert(1)>` becomes `&lt;img src=x onerror=alert(1)&gt;`,
/// which a browser shows as text.
public func escapeHTML(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// One CSV field per RFC 4180: quoted when it holds a comma, quote, CR or
/// LF (quotes doubled). A field that a spreadsheet would read as a formula
/// (starting with `=`, `+`, `-`, `@`, tab or CR) is prefixed with `'`
/// (OWASP "CSV injection"); numbers are written by the renderer, not here.
public func escapeCSV(_ s: String) -> String {
    var field = s
    if let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { field = "'" + field }
    if field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return field
}

/// Text for a Markdown table cell or paragraph: Markdown and HTML
/// metacharacters are backslash-escaped or turned into entities, and
/// newlines become spaces, so a name cannot open a link, an image, raw
/// HTML or a new table row.
public func escapeMarkdown(_ s: String) -> String {
    var out = ""
    for ch in s {
        switch ch {
        case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", "!", "|", "~":
            out.append("\\"); out.append(ch)
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case "\n", "\r", "\r\n": out += " "
        default: out.append(ch)
        }
    }
    return out
}

/// Text for a terminal: control characters (including ESC, so no ANSI
/// sequence from a workload file can move the cursor or recolour the
/// screen) are replaced by `�`; newlines become spaces.
public func sanitizeForTerminal(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
        if scalar == "\n" || scalar == "\r" || scalar == "\t" { out += " "; continue }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { out += "\u{FFFD}"; continue }
        out.unicodeScalars.append(scalar)
    }
    return out
}
