import LayoutEngine

/// "Like", "Comment" and "Share": at the leading margin, centred, and at the trailing margin.
public final class FeedSocialActions: FeedPart {
    public let likeLabel = makeLabel("likeLabel", text: "Like")
    public let commentLabel = makeLabel("commentLabel", text: "Comment")
    public let shareLabel = makeLabel("shareLabel", text: "Share")
    /// The margin the like and share labels keep from the edges (UIKit's default layout margin).
    static let margin = 8.0
    /// `like.leading == leading + 8`: the constraint a drag moves.
    public private(set) var likeLeadingConstraint: LayoutConstraint?

    init(flavor: LayoutFlavor) {
        super.init(flavor: flavor, name: "socialActions")
        add([likeLabel, commentLabel, shareLabel])
        guard flavor == .constraints else { return }
        let like = likeLeadingConstraint(likeLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.margin))
        activate([
            likeLabel.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(equalTo: likeLabel.bottomAnchor),
            commentLabel.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(equalTo: commentLabel.bottomAnchor),
            shareLabel.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(equalTo: shareLabel.bottomAnchor),
            like,
            commentLabel.centerXAnchor.constraint(equalTo: centerXAnchor),
            shareLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.margin),
        ])
    }

    private func likeLeadingConstraint(_ c: LayoutConstraint) -> LayoutConstraint {
        likeLeadingConstraint = c
        return c
    }

    /// The like label's offset from the leading edge (the drag scenario moves it).
    public var likeOffset = FeedSocialActions.margin {
        didSet {
            if let c = likeLeadingConstraint { c.constant = likeOffset } else { setNeedsLayout() }
        }
    }

    override func manualHeight(width: Double) -> Double {
        let any = Size(width: width, height: .infinity)
        return max(likeLabel.sizeThatFits(any).height, commentLabel.sizeThatFits(any).height,
                   shareLabel.sizeThatFits(any).height)
    }

    override func manualLayout() {
        let w = bounds.width, h = bounds.height
        let any = Size(width: w, height: .infinity)
        let like = likeLabel.sizeThatFits(any), comment = commentLabel.sizeThatFits(any)
        let share = shareLabel.sizeThatFits(any)
        likeLabel.frame = Rect(x: likeOffset, y: 0, width: like.width, height: h)
        commentLabel.frame = Rect(x: (w - comment.width) / 2, y: 0, width: comment.width, height: h)
        shareLabel.frame = Rect(x: w - Self.margin - share.width, y: 0, width: share.width, height: h)
    }
}

/// The acting member's photo and comment.
public final class FeedComment: FeedPart {
    public let actorImageView = makeImage("actorImageView", 50, 50)
    public let actorCommentLabel = makeLabel("actorCommentLabel")

    init(flavor: LayoutFlavor) {
        super.init(flavor: flavor, name: "comment")
        add([actorImageView, actorCommentLabel])
        actorImageView.setContentHuggingPriority(.required, for: .horizontal)
        actorImageView.setContentCompressionResistancePriority(.required, for: .horizontal)
        guard flavor == .constraints else { return }
        let image = actorImageView, label = actorCommentLabel
        activate([
            image.leadingAnchor.constraint(equalTo: leadingAnchor),
            label.leadingAnchor.constraint(equalTo: image.trailingAnchor),
            trailingAnchor.constraint(equalTo: label.trailingAnchor),
            image.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(greaterThanOrEqualTo: image.bottomAnchor),
            label.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(greaterThanOrEqualTo: label.bottomAnchor),
            bottomAnchor.constraint(equalTo: image.bottomAnchor).withPriority(749),
        ])
    }

    override func manualHeight(width: Double) -> Double {
        let image = actorImageView.sizeThatFits(.zero)
        let label = actorCommentLabel.sizeThatFits(Size(width: width - image.width, height: .infinity))
        return max(image.height, label.height)
    }

    override func manualLayout() {
        let w = bounds.width
        let image = actorImageView.sizeThatFits(.zero)
        let label = actorCommentLabel.sizeThatFits(Size(width: w - image.width, height: .infinity))
        actorImageView.frame = Rect(x: 0, y: 0, width: image.width, height: max(image.height, label.height))
        actorCommentLabel.frame = Rect(x: image.width, y: 0, width: w - image.width, height: label.height)
    }
}
