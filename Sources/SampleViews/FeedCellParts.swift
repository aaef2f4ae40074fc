import LayoutEngine

/// How a sample hierarchy is laid out.
public enum LayoutFlavor: String, Sendable, CaseIterable {
    /// Auto Layout: constraints in the window's engine.
    case constraints
    /// Frames computed by hand in `layoutSubviews`, sizes from `sizeThatFits`.
    case manual
}

/// A container of the feed cell: its subviews and, in the constraints
/// flavour, the constraints between them (counted in `constraints`).
/// The manual flavour overrides `layoutSubviews` and `sizeThatFits` to
/// compute the same frames by hand.
public class FeedPart: View {
    public let flavor: LayoutFlavor
    /// The constraints this part activated (empty in the manual flavour).
    public private(set) var constraints: [LayoutConstraint] = []

    init(flavor: LayoutFlavor, name: String) {
        self.flavor = flavor
        super.init(frame: .zero)
        self.name = name
        translatesAutoresizingMaskIntoConstraints = flavor == .manual
    }

    func add(_ views: [View]) {
        for v in views {
            v.translatesAutoresizingMaskIntoConstraints = flavor == .manual
            addSubview(v)
        }
    }

    func activate(_ cs: [LayoutConstraint]) {
        constraints += cs
        LayoutConstraint.activate(cs)
    }

    /// The height this part needs at `width` (manual flavour).
    func manualHeight(width: Double) -> Double { 0 }
    /// Sets the subviews' frames for the current bounds (manual flavour).
    func manualLayout() {}

    public override func sizeThatFits(_ size: Size) -> Size {
        flavor == .manual ? Size(width: size.width, height: manualHeight(width: size.width)) : super.sizeThatFits(size)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        if flavor == .manual { manualLayout() }
    }
}

func makeLabel(_ name: String, text: String = "", lines: Int = 1) -> Label {
    let l = Label()
    l.name = name
    l.text = text
    l.numberOfLines = lines
    return l
}

func makeImage(_ name: String, _ width: Double, _ height: Double) -> ImageView {
    let v = ImageView()
    v.name = name
    v.image = Image(name: "\(Int(width))x\(Int(height)).png", size: Size(width: width, height: height))
    return v
}

/// "Ana Costa liked this" and an options button "...".
public final class FeedTopBar: FeedPart {
    public let actionLabel = makeLabel("actionLabel")
    public let optionsLabel = makeLabel("optionsLabel", text: "...")

    init(flavor: LayoutFlavor) {
        super.init(flavor: flavor, name: "topBar")
        add([actionLabel, optionsLabel])
        optionsLabel.setContentHuggingPriority(.required, for: .horizontal)
        optionsLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        guard flavor == .constraints else { return }
        activate([
            actionLabel.leadingAnchor.constraint(equalTo: leadingAnchor),
            optionsLabel.leadingAnchor.constraint(equalTo: actionLabel.trailingAnchor),
            trailingAnchor.constraint(equalTo: optionsLabel.trailingAnchor),
            actionLabel.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(greaterThanOrEqualTo: actionLabel.bottomAnchor),
            optionsLabel.topAnchor.constraint(equalTo: topAnchor),
            bottomAnchor.constraint(greaterThanOrEqualTo: optionsLabel.bottomAnchor),
        ])
    }

    override func manualHeight(width: Double) -> Double {
        let o = optionsLabel.sizeThatFits(Size(width: width, height: .infinity))
        let a = actionLabel.sizeThatFits(Size(width: width - o.width, height: .infinity))
        return max(a.height, o.height)
    }

    override func manualLayout() {
        let w = bounds.width
        let o = optionsLabel.sizeThatFits(Size(width: w, height: .infinity))
        let a = actionLabel.sizeThatFits(Size(width: w - o.width, height: .infinity))
        actionLabel.frame = Rect(x: 0, y: 0, width: w - o.width, height: a.height)
        optionsLabel.frame = Rect(x: w - o.width, y: 0, width: o.width, height: o.height)
    }
}

/// The poster's photo, name, headline (up to three lines), time and comment.
public final class FeedMiniProfile: FeedPart {
    public let posterImageView = makeImage("posterImageView", 50, 50)
    public let posterNameLabel = makeLabel("posterNameLabel")
    public let posterHeadlineLabel = makeLabel("posterHeadlineLabel", lines: 3)
    public let posterTimeLabel = makeLabel("posterTimeLabel")
    public let posterCommentLabel = makeLabel("posterCommentLabel")

    init(flavor: LayoutFlavor) {
        super.init(flavor: flavor, name: "miniProfile")
        add([posterImageView, posterNameLabel, posterHeadlineLabel, posterTimeLabel, posterCommentLabel])
        posterImageView.setContentHuggingPriority(.required, for: .horizontal)
        posterImageView.setContentCompressionResistancePriority(.required, for: .horizontal)
        guard flavor == .constraints else { return }
        let image = posterImageView, name = posterNameLabel, headline = posterHeadlineLabel
        let time = posterTimeLabel, comment = posterCommentLabel
        activate([
            image.topAnchor.constraint(equalTo: topAnchor),
            comment.topAnchor.constraint(greaterThanOrEqualTo: image.bottomAnchor),
            comment.bottomAnchor.constraint(equalTo: bottomAnchor),
            name.topAnchor.constraint(equalTo: topAnchor, constant: 1),
            headline.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 1),
            time.topAnchor.constraint(equalTo: headline.bottomAnchor, constant: 1),
            comment.topAnchor.constraint(greaterThanOrEqualTo: time.bottomAnchor, constant: 3),
            comment.topAnchor.constraint(equalTo: image.bottomAnchor).withPriority(749),
            image.leadingAnchor.constraint(equalTo: leadingAnchor),
            name.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 2),
            trailingAnchor.constraint(equalTo: name.trailingAnchor, constant: 4),
            headline.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 2),
            trailingAnchor.constraint(equalTo: headline.trailingAnchor, constant: 4),
            time.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 2),
            trailingAnchor.constraint(equalTo: time.trailingAnchor, constant: 4),
            comment.leadingAnchor.constraint(equalTo: leadingAnchor),
            trailingAnchor.constraint(equalTo: comment.trailingAnchor),
        ])
    }

    /// Frames for `width`: the text column right of the photo, the comment
    /// below whichever is lower (the photo stretches to it, as its 749
    /// constraint beats its hugging).
    private func frames(width: Double) -> (image: Rect, name: Rect, headline: Rect, time: Rect, comment: Rect) {
        let imageSize = posterImageView.sizeThatFits(.zero)
        let x = imageSize.width + 2
        let columnWidth = width - x - 4
        let column = Size(width: columnWidth, height: .infinity)
        let nameRect = Rect(x: x, y: 1, width: columnWidth, height: posterNameLabel.sizeThatFits(column).height)
        let headlineRect = Rect(x: x, y: nameRect.maxY + 1, width: columnWidth,
                                height: posterHeadlineLabel.sizeThatFits(column).height)
        let timeRect = Rect(x: x, y: headlineRect.maxY + 1, width: columnWidth,
                            height: posterTimeLabel.sizeThatFits(column).height)
        let commentY = max(imageSize.height, timeRect.maxY + 3)
        let commentRect = Rect(x: 0, y: commentY, width: width,
                               height: posterCommentLabel.sizeThatFits(Size(width: width, height: .infinity)).height)
        let imageRect = Rect(x: 0, y: 0, width: imageSize.width, height: commentY)
        return (imageRect, nameRect, headlineRect, timeRect, commentRect)
    }

    override func manualHeight(width: Double) -> Double { frames(width: width).comment.maxY }

    override func manualLayout() {
        let f = frames(width: bounds.width)
        posterImageView.frame = f.image
        posterNameLabel.frame = f.name
        posterHeadlineLabel.frame = f.headline
        posterTimeLabel.frame = f.time
        posterCommentLabel.frame = f.comment
    }
}

/// The shared article: a 350×200 image, its title and its domain.
public final class FeedMiniContent: FeedPart {
    public let contentImageView = makeImage("contentImageView", 350, 200)
    public let contentTitleLabel = makeLabel("contentTitleLabel")
    public let contentDomainLabel = makeLabel("contentDomainLabel")

    init(flavor: LayoutFlavor) {
        super.init(flavor: flavor, name: "miniContent")
        add([contentImageView, contentTitleLabel, contentDomainLabel])
        guard flavor == .constraints else { return }
        let image = contentImageView, title = contentTitleLabel, domain = contentDomainLabel
        activate([
            image.topAnchor.constraint(equalTo: topAnchor),
            title.topAnchor.constraint(equalTo: image.bottomAnchor),
            domain.topAnchor.constraint(equalTo: title.bottomAnchor),
            bottomAnchor.constraint(equalTo: domain.bottomAnchor),
            image.leadingAnchor.constraint(equalTo: leadingAnchor),
            trailingAnchor.constraint(equalTo: image.trailingAnchor),
            title.leadingAnchor.constraint(equalTo: leadingAnchor),
            trailingAnchor.constraint(equalTo: title.trailingAnchor),
            domain.leadingAnchor.constraint(equalTo: leadingAnchor),
            trailingAnchor.constraint(equalTo: domain.trailingAnchor),
        ])
    }

    private func frames(width: Double) -> (image: Rect, title: Rect, domain: Rect) {
        let any = Size(width: width, height: .infinity)
        let image = Rect(x: 0, y: 0, width: width, height: contentImageView.sizeThatFits(any).height)
        let title = Rect(x: 0, y: image.maxY, width: width, height: contentTitleLabel.sizeThatFits(any).height)
        let domain = Rect(x: 0, y: title.maxY, width: width, height: contentDomainLabel.sizeThatFits(any).height)
        return (image, title, domain)
    }

    override func manualHeight(width: Double) -> Double { frames(width: width).domain.maxY }

    override func manualLayout() {
        let f = frames(width: bounds.width)
        contentImageView.frame = f.image
        contentTitleLabel.frame = f.title
        contentDomainLabel.frame = f.domain
    }
}
