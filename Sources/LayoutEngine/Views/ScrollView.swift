/// A scrolling viewport, as `UIScrollView`: `bounds.origin` is the
/// `contentOffset`, subviews live in content coordinates, and
/// `adjustedContentInset` is `contentInset` plus the parts of the safe area
/// that `contentInsetAdjustmentBehavior` lets it absorb. Absorbed insets are
/// not passed on to the content's safe area (they are scrolled past instead).
open class ScrollView: View {
    /// Which safe-area edges the scroll view absorbs into its content inset.
    public enum ContentInsetAdjustmentBehavior: String, Sendable, CaseIterable {
        /// Top and bottom always (the scroll view fills a navigation or tab
        /// bar controller's content area); left and right when it scrolls horizontally.
        case automatic
        /// The edges of the axes it can scroll along.
        case scrollableAxes
        /// None: the content inset is exactly `contentInset`.
        case never
        /// All four edges.
        case always
    }

    /// The size of the scrollable content.
    public var contentSize = Size.zero {
        didSet { if contentSize != oldValue { scrollGeometryChanged() } }
    }
    /// Extra space around the content, set by the app.
    public var contentInset = EdgeInsets.zero {
        didSet { if contentInset != oldValue { scrollGeometryChanged() } }
    }
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { scrollGeometryChanged() } }
    }
    /// Scrolls vertically even when the content fits.
    public var alwaysBounceVertical = false
    /// Scrolls horizontally even when the content fits.
    public var alwaysBounceHorizontal = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// The visible content's origin (`bounds.origin`). Scrolling marks the
    /// scroll view as needing layout, as UIKit does.
    public var contentOffset: Point {
        get { boundsOrigin }
        set { bounds = Rect(origin: newValue, size: frame.size) }
    }

    override func boundsOriginDidChange() {
        setNeedsLayout()
        if guideDependents > 0 { window?.safeAreaMayHaveChanged(below: self) }
    }

    public var isScrollableVertically: Bool {
        alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > frame.height
    }
    public var isScrollableHorizontally: Bool {
        alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > frame.width
    }

    /// The safe-area insets this scroll view absorbs, by behaviour.
    public var systemContentInset: EdgeInsets {
        let s = safeAreaInsets
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return .zero
        case .always: return s
        case .scrollableAxes: (vertical, horizontal) = (isScrollableVertically, isScrollableHorizontally)
        case .automatic: (vertical, horizontal) = (true, isScrollableHorizontally)
        }
        return EdgeInsets(top: vertical ? s.top : 0, left: horizontal ? s.left : 0,
                          bottom: vertical ? s.bottom : 0, right: horizontal ? s.right : 0)
    }

    /// `contentInset` plus the absorbed safe area.
    public var adjustedContentInset: EdgeInsets { contentInset + systemContentInset }

    /// The content's safe area loses what the scroll view absorbed.
    override func safeAreaInsetsForSubviews() -> EdgeInsets {
        let s = safeAreaInsets, a = systemContentInset
        return EdgeInsets(top: s.top - a.top, left: s.left - a.left, bottom: s.bottom - a.bottom, right: s.right - a.right)
    }

    /// The offset that shows the top-left of the content below the adjusted inset.
    public var minimumContentOffset: Point {
        let i = adjustedContentInset
        return Point(x: -i.left, y: -i.top)
    }

    /// The largest offset, at which the content's end meets the adjusted inset.
    public var maximumContentOffset: Point {
        let i = adjustedContentInset
        return Point(x: max(-i.left, contentSize.width + i.right - frame.width),
                     y: max(-i.top, contentSize.height + i.bottom - frame.height))
    }

    /// Moves to the top of the content (offset `-adjustedContentInset.top`).
    public func scrollToTop() { contentOffset = minimumContentOffset }

    private func scrollGeometryChanged() {
        setNeedsLayout()
        if guideDependents > 0 { window?.safeAreaMayHaveChanged(below: self) }
    }
}
