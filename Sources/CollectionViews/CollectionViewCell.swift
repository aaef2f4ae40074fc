import CollectionLayout
import LayoutEngine

/// How a self-sizing cell's preferred size is computed.
public enum SelfSizingStrategy: String, Sendable, CaseIterable {
    /// In the engine the cell lives in (the window's): the content view's
    /// width constraint takes the item width in place, the render loop lays
    /// the cell out, and the height is read from the content view. A reused
    /// cell changes a few constants; its equations stay in the solver.
    case ownEngine
    /// `systemLayoutSizeFitting` on the content view: a fresh engine built,
    /// solved and thrown away per call (the talk's anti-pattern, 220 at 38:11),
    /// before the window's engine lays the cell out as well.
    case freshEngine
}

/// A cell, as `UICollectionViewCell`: a hand-placed view whose frame the
/// collection view sets from the layout's attributes, holding a
/// ``contentView`` that subclasses fill with constrained subviews.
///
/// The content view is constrained to the cell's top-left corner, to a width
/// (the item width, changed in place) and to a height of zero at
/// `fittingSizeLevel`, so its own constraints decide the height. Nothing ties
/// it to the cell's frame: the cell's variables never enter the engine and
/// each cell's content is an independent block of equations.
open class CollectionViewCell: View {
    /// The identifier the cell was registered and dequeued with.
    public internal(set) var reuseIdentifier = ""
    /// The item the cell shows now; nil while in the reuse pool.
    public internal(set) var indexPath: IndexPath?
    /// Where subclasses add their subviews.
    public let contentView = View()
    /// `contentView.width == item width`; its constant is set in place.
    public let contentWidthConstraint: LayoutConstraint
    /// How many times this cell was sized, for tests.
    public internal(set) var sizingCount = 0

    public override init(frame: Rect = .zero) {
        contentWidthConstraint = contentView.widthAnchor.constraint(equalToConstant: max(0, frame.width))
        super.init(frame: frame)
        contentView.name = "contentView"
        contentView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(contentView)
        LayoutConstraint.activate([
            contentView.leadingAnchor.constraint(equalTo: leadingAnchor),
            contentView.topAnchor.constraint(equalTo: topAnchor),
            contentWidthConstraint,
            contentView.heightAnchor.constraint(equalToConstant: 0).withPriority(.fittingSizeLevel),
        ])
    }

    /// Called before the cell leaves the reuse pool; reset per-item state here.
    open func prepareForReuse() {}

    /// Takes the layout's attributes: frame, visibility, and the width the
    /// content lays out at.
    open func apply(_ attributes: LayoutAttributes) {
        frame = attributes.frame
        isHidden = attributes.isHidden
        if contentWidthConstraint.constant != attributes.frame.width {
            contentWidthConstraint.constant = attributes.frame.width
        }
    }

    /// The size the cell's constraints give at `width`, by `strategy`, as
    /// `preferredLayoutAttributesFitting` does in UIKit. The collection view
    /// calls this for estimated items; benchmark drivers may call it directly
    /// on a configured cell in a window to time one sizing.
    public func preferredSize(fittingWidth width: Double, strategy: SelfSizingStrategy) -> Size {
        var ignored = CollectionViewCounters()
        return preferredSize(fittingWidth: width, strategy: strategy, counters: &ignored)
    }

    /// As above, counted in `counters`.
    func preferredSize(fittingWidth width: Double, strategy: SelfSizingStrategy,
                       counters: inout CollectionViewCounters) -> Size {
        sizingCount += 1
        counters.selfSizingPasses += 1
        if contentWidthConstraint.constant != width { contentWidthConstraint.constant = width }
        switch strategy {
        case .ownEngine:
            // Lays out this cell in the window's engine now (labels wrap in a
            // second round); only this branch and other pending work is visited.
            layoutIfNeeded()
            return Size(width: width, height: contentView.frame.height)
        case .freshEngine:
            counters.freshEnginesCreated += 1
            let fitted = contentView.systemLayoutSizeFitting(
                Size(width: width, height: 0),
                horizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return Size(width: width, height: fitted.height)
        }
    }
}
