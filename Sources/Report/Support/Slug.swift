/// Readable anchors and file names: lower-case ASCII letters and digits;
/// every other run of characters is one "-", none at either end; "x" when
/// nothing is left.
enum Slug {
    static func make(_ text: String) -> String {
        var slug = ""
        for ch in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(ch) || ("0"..."9").contains(ch) { slug.unicodeScalars.append(ch) }
            else if !slug.isEmpty, !slug.hasSuffix("-") { slug += "-" }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "x" : slug
    }
}
