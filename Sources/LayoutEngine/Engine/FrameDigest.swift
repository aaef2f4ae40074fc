/// A stable 64-bit fingerprint of a laid-out tree, so two engine versions
/// (or two runs) can be checked for the same output without storing frames.
///
/// FNV-1a over, for each view in tree order (parents before children,
/// subviews in order): the number of subviews, whether it is hidden, and
/// its frame with each coordinate rounded to 1/64 point (so last-bit float
/// differences between solver versions do not change the digest).
public enum FrameDigest {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The digest of `root`'s subtree.
    public static func digest(of root: View) -> UInt64 {
        var h = offsetBasis
        root.forEachInSubtree { view in
            mix(&h, UInt64(view.subviews.count))
            mix(&h, view.isHidden ? 1 : 0)
            let f = view.frame
            for v in [f.minX, f.minY, f.width, f.height] {
                mix(&h, UInt64(bitPattern: quantize(v)))
            }
        }
        return h
    }

    /// The digest as 16 lower-case hex digits.
    public static func hex(_ digest: UInt64) -> String {
        let s = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    private static func quantize(_ v: Double) -> Int64 {
        guard v.isFinite else { return Int64.min }
        return Int64((v * 64).rounded())
    }

    private static func mix(_ h: inout UInt64, _ word: UInt64) {
        var w = word
        for _ in 0..<8 {
            h ^= w & 0xff
            h = h &* prime
            w >>= 8
        }
    }
}

extension View {
    /// `FrameDigest.digest(of: self)`.
    public var frameDigest: UInt64 { FrameDigest.digest(of: self) }

    /// `FrameDigest.hex(frameDigest)`.
    public var frameDigestHex: String { FrameDigest.hex(frameDigest) }

    /// The subtree as indented lines `Name (x, y, w, h)`, for tests and debugging.
    public func frameDump() -> String {
        var lines: [String] = []
        func visit(_ v: View, _ depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + "\(v.debugName) \(v.frame)" + (v.isHidden ? " hidden" : ""))
            for s in v.subviews { visit(s, depth + 1) }
        }
        visit(self, 0)
        return lines.joined(separator: "\n")
    }
}
