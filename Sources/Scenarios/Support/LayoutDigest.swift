/// FNV-1a over layout values quantised to 1/1024 point, so frames that agree
/// to well below a pixel give the same digest while any real difference
/// changes it. Feed values in tree order.
public struct LayoutDigest: Sendable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ value: Double) {
        let q = value.isFinite ? Int64((value * 1024).rounded()) : Int64.min
        var bits = UInt64(bitPattern: q)
        for _ in 0..<8 {
            hash ^= bits & 0xff
            hash &*= 0x100_0000_01b3
            bits >>= 8
        }
        count += 1
    }

    public mutating func add(_ values: some Sequence<Double>) { for v in values { add(v) } }

    /// 16 hex digits.
    public var hex: String {
        let s = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
