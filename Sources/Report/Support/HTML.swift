/// A fragment of HTML (or SVG) that is safe to emit as is.
///
/// Built by string interpolation: the literal parts are trusted markup,
/// and every interpolated `String` is passed through ``escapeHTML(_:)`` —
/// so `"<td>\(workload.name)</td>" as HTML` cannot inject markup however
/// the name is spelled. Only another `HTML` value is inserted verbatim;
/// numbers are formatted by the caller and escaped like any string.
public struct HTML: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    public private(set) var raw: String

    public init(stringLiteral value: String) { raw = value }
    public init(stringInterpolation: StringInterpolation) { raw = stringInterpolation.raw }
    /// Markup assembled elsewhere and already safe. Use sparingly.
    init(trusted raw: String) { self.raw = raw }

    public var description: String { raw }

    public struct StringInterpolation: StringInterpolationProtocol {
        var raw = ""
        public init(literalCapacity: Int, interpolationCount: Int) { raw.reserveCapacity(literalCapacity + 16 * interpolationCount) }
        public mutating func appendLiteral(_ literal: String) { raw += literal }
        /// Untrusted text: escaped.
        public mutating func appendInterpolation(_ text: String) { raw += escapeHTML(text) }
        public mutating func appendInterpolation(_ text: Substring) { raw += escapeHTML(String(text)) }
        /// Trusted markup: verbatim.
        public mutating func appendInterpolation(_ html: HTML) { raw += html.raw }
        public mutating func appendInterpolation(_ value: Int) { raw += String(value) }
        /// Markup fragments joined in order.
        public mutating func appendInterpolation(_ parts: [HTML]) { for p in parts { raw += p.raw } }
    }

    /// Appends another fragment.
    public mutating func append(_ other: HTML) { raw += other.raw }
    public static func += (lhs: inout HTML, rhs: HTML) { lhs.raw += rhs.raw }
    public static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(trusted: lhs.raw + rhs.raw) }

    /// Joins fragments.
    public static func join(_ parts: [HTML], separator: HTML = "") -> HTML {
        HTML(trusted: parts.map(\.raw).joined(separator: separator.raw))
    }
}

/// A fixed-precision number for SVG coordinates ("12.35").
func coordinate(_ v: Double) -> HTML {
    guard v.isFinite else { return "0" }
    let scaled = (v * 100).rounded() / 100
    return HTML(trusted: scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled))
}

/// A stable, URL-safe fragment id for `text` (ids must not carry user markup
/// either): lowercase ASCII letters and digits, other runs become "-", plus
/// a short hash so different names never collide.
func anchorID(_ prefix: String, _ text: String) -> String {
    var slug = ""
    for ch in text.lowercased().unicodeScalars {
        if ("a"..."z").contains(ch) || ("0"..."9").contains(ch) { slug.unicodeScalars.append(ch) }
        else if !slug.hasSuffix("-") { slug += "-" }
    }
    var h: UInt32 = 2_166_136_261
    for b in text.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
    // "_" never occurs in a `PageAnchors` id, so a chart's id cannot take a workload's or a variant's.
    return prefix + "_" + String(slug.prefix(40)) + String(h % 0xFFFF, radix: 16)
}
