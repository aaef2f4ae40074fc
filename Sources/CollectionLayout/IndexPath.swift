/// The position of an item: its section and its index inside the section.
///
/// Ordered section first, then item, which is the order the batch-update rules
/// use (deletes run in descending order, inserts in ascending order).
public struct IndexPath: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The section index, from zero.
    public var section: Int
    /// The item index inside the section, from zero.
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Shorthand for tests and call sites that read like UIKit's `[section, item]`.
    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `[section, item]`, the form every error message uses.
    public var description: String { "[\(section), \(item)]" }
}
