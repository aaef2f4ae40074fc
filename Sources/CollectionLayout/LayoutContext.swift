import Geometry

/// Everything a layout needs from its collection view, passed to
/// ``CollectionViewLayout/prepare(_:)``.
///
/// A plain value: the collection view builds one from its data source and its
/// geometry before each prepare. Layouts keep what they need from it (the
/// bounds, for ``CollectionViewLayout/shouldInvalidateLayout(forBoundsChange:)``).
public struct LayoutContext {
    /// The number of items in each section; `itemCounts.count` is the number of sections.
    public var itemCounts: [Int]
    /// The collection view's bounds: origin is the scroll offset, size the viewport.
    public var bounds: Rect
    /// The adjusted content inset (content inset plus the system's insets): the
    /// content area starts this far inside the bounds.
    public var contentInset: EdgeInsets
    /// The collection view's safe-area insets, measured from its bounds.
    public var safeAreaInsets: EdgeInsets
    /// The collection view's layout margins, measured from its bounds (they
    /// usually include the safe area already).
    public var layoutMargins: EdgeInsets
    /// The self-sizing hook: given an item and the attributes a layout proposes
    /// (with an estimated size), returns the size the cell prefers, or nil when
    /// the cell keeps the proposal. The collection view answers it by sizing the
    /// cell (its constraints, `sizeThatFits`); tests answer it from a table.
    /// Used by ``CollectionViewLayout/resolvePreferredSizes(in:context:maxPasses:)``.
    public var preferredSize: ((IndexPath, LayoutAttributes) -> Size?)?

    public init(itemCounts: [Int], bounds: Rect, contentInset: EdgeInsets = .zero,
                safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets = .zero,
                preferredSize: ((IndexPath, LayoutAttributes) -> Size?)? = nil) {
        self.itemCounts = itemCounts
        self.bounds = bounds
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.preferredSize = preferredSize
    }

    /// The number of sections.
    public var numberOfSections: Int { itemCounts.count }

    /// The number of items in `section`, or 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// The total number of items in all sections.
    public var totalItemCount: Int { itemCounts.reduce(0, +) }
}
