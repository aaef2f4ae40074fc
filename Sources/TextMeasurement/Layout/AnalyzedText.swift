/// What line breaking needs to know about one character.
enum GraphemeKind: UInt8 {
    /// Part of a word.
    case other
    /// A space that allows a line break after it and does not count toward
    /// a line's width at the end of the line.
    case breakingSpace
    /// A hyphen: a line may break after it when a word continues.
    case hyphen
    /// Ends a paragraph; never part of a line.
    case newline
}

/// A text split into grapheme clusters ("characters", as a user sees them),
/// each with its kind and where it starts in the UTF-8 bytes, and into
/// paragraphs. Line ranges, advances and break decisions are all indexed by
/// grapheme, so that a line never splits a user-visible character.
struct AnalyzedText {
    /// The kind of each grapheme.
    private(set) var kinds: [GraphemeKind] = []
    /// UTF-8 offset where each grapheme starts, plus one final entry for the end of the text.
    private(set) var utf8Starts: [Int] = []
    /// Grapheme ranges between newlines. Newlines belong to no paragraph;
    /// text with n newlines has n + 1 paragraphs, some possibly empty.
    private(set) var paragraphs: [Range<Int>] = []

    init(_ text: String) {
        var offset = 0
        var paragraphStart = 0
        for character in text {
            let kind = Self.kind(of: character)
            if kind == .newline {
                paragraphs.append(paragraphStart..<kinds.count)
                paragraphStart = kinds.count + 1
            }
            kinds.append(kind)
            utf8Starts.append(offset)
            offset += character.utf8.count
        }
        utf8Starts.append(offset)
        if !kinds.isEmpty { paragraphs.append(paragraphStart..<kinds.count) }
    }

    /// The number of graphemes, newlines included.
    var count: Int { kinds.count }

    /// The UTF-8 byte range of a range of graphemes.
    func utf8Range(of graphemes: Range<Int>) -> Range<Int> {
        utf8Starts[graphemes.lowerBound]..<utf8Starts[graphemes.upperBound]
    }

    /// The end of `paragraph` without its trailing breaking spaces: text up
    /// to here is content; a line that stops before it has cut text off.
    func contentEnd(of paragraph: Range<Int>) -> Int {
        var end = paragraph.upperBound
        while end > paragraph.lowerBound, kinds[end - 1] == .breakingSpace { end -= 1 }
        return end
    }

    /// The grapheme inside `paragraph` that contains UTF-8 offset `offset`.
    ///
    /// Shapers report glyph clusters in increasing order for left-to-right
    /// text, so `hint` (the previous answer) usually lies just before the
    /// result; a walk forward from it is O(1) amortised. Right-to-left text
    /// falls back to binary search.
    func grapheme(containingUTF8Offset offset: Int, in paragraph: Range<Int>, hint: Int) -> Int {
        var index = max(hint, paragraph.lowerBound)
        if utf8Starts[index] <= offset {
            while index + 1 < paragraph.upperBound, utf8Starts[index + 1] <= offset { index += 1 }
            return index
        }
        var low = paragraph.lowerBound, high = index  // answer in low..<high
        while high - low > 1 {
            let mid = (low + high) / 2
            if utf8Starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }

    /// Spaces that look like spaces but must not break a line.
    private static let nonBreakingSpaces: Set<UInt32> = [0x00A0, 0x2007, 0x202F, 0xFEFF]

    private static func kind(of character: Character) -> GraphemeKind {
        // ASCII first, by byte: Character's own properties (isWhitespace,
        // ==) go through Unicode tables and cost more than the shaping of
        // the character. "\r\n" reports the ASCII value of "\n".
        if let ascii = character.asciiValue {
            switch ascii {
            case 0x20, 0x09: return .breakingSpace
            case 0x0A...0x0D: return .newline
            case 0x2D: return .hyphen
            default: return .other
            }
        }
        if character.isNewline { return .newline }
        if character == "\u{2010}" { return .hyphen }
        if character.isWhitespace,
           let scalar = character.unicodeScalars.first,
           !nonBreakingSpaces.contains(scalar.value) {
            return .breakingSpace
        }
        return .other
    }
}
