import LayoutEngine

/// The feed cell that LinkedIn's LayoutKit benchmark and
/// LayoutFrameworkBenchmark made the public reference: 21 views (this cell,
/// 5 containers, 12 labels, 3 images) and, in the constraints flavour, 67
/// constraints. The manual flavour lays out the same tree by hand
/// (`layoutSubviews` + `sizeThatFits`) to the same frames.
///
/// ```swift
/// let cell = FeedCell(flavor: .constraints, data: .make(seed: 7))
/// ```
/// Cells are usually laid out in a `FeedList`.
public final class FeedCell: View {
    public let flavor: LayoutFlavor
    public let topBar: FeedTopBar
    public let miniProfile: FeedMiniProfile
    public let miniContent: FeedMiniContent
    public let socialActions: FeedSocialActions
    public let comment: FeedComment

    /// Views in one cell, itself included.
    public static let viewCount = 21
    /// Constraints one constraints-flavour cell activates.
    public static let constraintCount = 67

    /// A cell showing `data`. Constraints-flavour cells have
    /// `translatesAutoresizingMaskIntoConstraints == false`; place them with
    /// constraints (a `FeedList` does).
    public init(flavor: LayoutFlavor, data: FeedItemData) {
        self.flavor = flavor
        topBar = FeedTopBar(flavor: flavor)
        miniProfile = FeedMiniProfile(flavor: flavor)
        miniContent = FeedMiniContent(flavor: flavor)
        socialActions = FeedSocialActions(flavor: flavor)
        comment = FeedComment(flavor: flavor)
        super.init(frame: .zero)
        name = "feedCell"
        translatesAutoresizingMaskIntoConstraints = flavor == .manual
        let parts: [View] = [topBar, miniProfile, miniContent, socialActions, comment]
        for p in parts { addSubview(p) }
        configure(with: data)
        guard flavor == .constraints else { return }
        var cs = [topBar.topAnchor.constraint(equalTo: topAnchor)]
        cs.reserveCapacity(3 * parts.count + 1)   // top, links, bottom, two sides each; grown one by one, it was reallocated four times
        for (above, below) in zip(parts, parts.dropFirst()) {
            cs.append(below.topAnchor.constraint(equalTo: above.bottomAnchor))
        }
        cs.append(bottomAnchor.constraint(equalTo: comment.bottomAnchor))
        for p in parts {
            cs.append(p.leadingAnchor.constraint(equalTo: leadingAnchor))
            cs.append(trailingAnchor.constraint(equalTo: p.trailingAnchor))
        }
        LayoutConstraint.activate(cs)
    }

    /// Every active constraint within the cell's tree (67 for the
    /// constraints flavour), read from its views (see `FeedPart.constraints`).
    public var allConstraints: [LayoutConstraint] { constraintsWithin(self) }

    /// Shows `data`. Only the label texts change; in the constraints flavour
    /// each changed label is re-measured once in the next frame.
    public func configure(with data: FeedItemData) {
        topBar.actionLabel.text = data.actionText
        miniProfile.posterNameLabel.text = data.posterName
        miniProfile.posterHeadlineLabel.text = data.posterHeadline
        miniProfile.posterTimeLabel.text = data.posterTimestamp
        miniProfile.posterCommentLabel.text = data.posterComment
        miniContent.contentTitleLabel.text = data.contentTitle
        miniContent.contentDomainLabel.text = data.contentDomain
        comment.actorCommentLabel.text = data.actorComment
        if flavor == .manual {
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    private var parts: [FeedPart] { [topBar, miniProfile, miniContent, socialActions, comment] }

    /// Manual flavour: the sum of the containers' heights at `size.width`.
    public override func sizeThatFits(_ size: Size) -> Size {
        guard flavor == .manual else { return super.sizeThatFits(size) }
        var h = 0.0
        for p in parts { h += p.manualHeight(width: size.width) }
        return Size(width: size.width, height: h)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        guard flavor == .manual else { return }
        let w = bounds.width
        var y = 0.0
        for p in parts {
            let h = p.manualHeight(width: w)
            p.frame = Rect(x: 0, y: y, width: w, height: h)
            y += h
        }
    }
}
