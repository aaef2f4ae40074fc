import LayoutEngine

/// The social-feed cell of WWDC 2018 session 220 (30:00–34:00): avatar,
/// title, date, log text, an optional "shared by" view and an optional
/// image — four layouts — with the talk's three ways of updating its
/// constraints. The cell sizes itself (place it in a `CellStack`).
///
/// ```swift
/// let cell = SocialFeedCell(strategy: .grouped)
/// cell.configure(.make(seed: 3, layout: .sharedWithImage))
/// window.runFrame()
/// ```
public final class SocialFeedCell: View {
    /// How `updateConstraints` reacts to a new configuration.
    public enum Strategy: String, Sendable, CaseIterable {
        /// The talk's slow version: deactivate every constraint and build all
        /// of them again with the Visual Format Language, on every pass.
        case churned
        /// Common constraints built once; only the optional parts' arrays
        /// (`socialConstraints`/`noSocialConstraints`, `imageConstraints`/
        /// `noImageConstraints`) are swapped, and only when they change.
        case grouped
        /// Like grouped for the image, but the social view keeps its
        /// constraints and is only hidden (its space stays).
        case hidden
    }

    /// Which optional parts are shown.
    public enum Layout: String, Sendable, CaseIterable {
        case plain, shared, image, sharedWithImage

        public var hasSocial: Bool { self == .shared || self == .sharedWithImage }
        public var hasImage: Bool { self == .image || self == .sharedWithImage }
    }

    /// What one cell shows.
    public struct Content: Hashable, Sendable {
        public var title: String
        public var date: String
        public var log: String
        /// "Shared by …", or nil for no social view.
        public var sharedBy: String?
        /// The attached image, or nil.
        public var image: Image?

        public init(title: String, date: String, log: String, sharedBy: String? = nil, image: Image? = nil) {
            self.title = title
            self.date = date
            self.log = log
            self.sharedBy = sharedBy
            self.image = image
        }

        public var layout: Layout {
            switch (sharedBy != nil, image != nil) {
            case (false, false): .plain
            case (true, false): .shared
            case (false, true): .image
            case (true, true): .sharedWithImage
            }
        }

        /// Deterministic content for `seed` in `layout`.
        public static func make(seed: UInt64, layout: Layout) -> Content {
            var r = SeededText(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 7)
            return Content(title: r.name(), date: "\(r.int(in: 1...23))h",
                           log: r.sentence(words: r.int(in: 6...30)),
                           sharedBy: layout.hasSocial ? "Shared by \(r.name())" : nil,
                           image: layout.hasImage ? Image(name: "photo", size: Size(width: 320, height: 180)) : nil)
        }
    }

    public let strategy: Strategy
    public let avatarView = ImageView(image: Image(name: "avatar", size: Size(width: 40, height: 40)))
    public let titleLabel = Label(text: "", font: .boldSystem(size: 15))
    public let dateLabel = Label(text: "", font: .system(size: 13))
    public let logLabel = Label(text: "", font: .system(size: 15), numberOfLines: 0)
    public let socialView = Label(text: "", font: .system(size: 13))
    public let imageView = ImageView(image: nil)

    public private(set) var content: Content
    /// Constraints every layout shares (grouped and hidden; churned rebuilds them).
    public private(set) var commonConstraints: [LayoutConstraint] = []
    public private(set) var socialConstraints: [LayoutConstraint] = []
    public private(set) var noSocialConstraints: [LayoutConstraint] = []
    public private(set) var imageConstraints: [LayoutConstraint] = []
    public private(set) var noImageConstraints: [LayoutConstraint] = []
    /// Everything the churned strategy built in its last pass.
    public private(set) var churnedConstraints: [LayoutConstraint] = []
    /// The layout whose constraints are active (nil before the first pass).
    public private(set) var appliedLayout: Layout?
    /// `updateConstraints` calls so far.
    public private(set) var updatePasses = 0

    /// A cell updating its constraints with `strategy`, showing `content`.
    public init(strategy: Strategy, content: Content = .make(seed: 0, layout: .plain)) {
        self.strategy = strategy
        self.content = content
        super.init(frame: .zero)
        name = "socialFeedCell"
        translatesAutoresizingMaskIntoConstraints = false
        for (v, n) in [(avatarView, "avatar"), (titleLabel, "title"), (dateLabel, "date"), (logLabel, "log"),
                       (socialView, "social"), (imageView, "image")] as [(View, String)] {
            v.name = n
            v.translatesAutoresizingMaskIntoConstraints = false
            addSubview(v)
        }
        dateLabel.setContentHuggingPriority(.required, for: .horizontal)
        dateLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        apply(content)
        if strategy != .churned { buildGroups() }
    }

    /// Shows `content` and asks for a constraints pass (each strategy
    /// decides how much that pass does).
    public func configure(_ content: Content) {
        self.content = content
        apply(content)
        setNeedsUpdateConstraints()
    }

    private func apply(_ content: Content) {
        titleLabel.text = content.title
        dateLabel.text = content.date
        logLabel.text = content.log
        socialView.text = content.sharedBy ?? ""
        imageView.image = content.image
        socialView.isHidden = content.sharedBy == nil
        imageView.isHidden = content.image == nil
    }

    private var views: [String: View] {
        ["avatar": avatarView, "title": titleLabel, "date": dateLabel, "log": logLabel,
         "social": socialView, "image": imageView]
    }

    private func vfl(_ format: String) -> [LayoutConstraint] {
        // The formats are fixed and tested; a failure is a programming error.
        do { return try LayoutConstraint.constraints(withVisualFormat: format, views: views) } catch {
            preconditionFailure("\(error)")
        }
    }

    private func common() -> [LayoutConstraint] {
        vfl("H:|-8-[avatar(40)]-8-[title]-(>=8)-[date]-8-|") + vfl("V:|-8-[avatar(40)]-(>=8)-|")
            + vfl("V:|-8-[title]-4-[log]") + vfl("H:[avatar]-8-[log]-8-|")
            + vfl("H:[avatar]-8-[social]-8-|") + vfl("H:[avatar]-8-[image]-8-|")
            + [dateLabel.firstBaselineAnchor.constraint(equalTo: titleLabel.firstBaselineAnchor)]
    }
    private func social() -> [LayoutConstraint] { vfl("V:[log]-8-[social]") }
    private func noSocial() -> [LayoutConstraint] {
        [socialView.topAnchor.constraint(equalTo: logLabel.bottomAnchor), socialView.heightAnchor.constraint(equalToConstant: 0)]
    }
    private func image() -> [LayoutConstraint] {
        vfl("V:[social]-8-[image]-8-|") + [imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 0.5625)]
    }
    private func noImage() -> [LayoutConstraint] {
        vfl("V:[social]-8-|") + [imageView.topAnchor.constraint(equalTo: socialView.bottomAnchor),
                                 imageView.heightAnchor.constraint(equalToConstant: 0)]
    }

    private func buildGroups() {
        commonConstraints = common()
        socialConstraints = social()
        noSocialConstraints = noSocial()
        imageConstraints = image()
        noImageConstraints = noImage()
        LayoutConstraint.activate(commonConstraints)
        if strategy == .hidden { LayoutConstraint.activate(socialConstraints) }
    }

    public override func updateConstraints() {
        updatePasses += 1
        let layout = content.layout
        switch strategy {
        case .churned:
            LayoutConstraint.deactivate(churnedConstraints)
            churnedConstraints = common() + (layout.hasSocial ? social() : noSocial()) + (layout.hasImage ? image() : noImage())
            LayoutConstraint.activate(churnedConstraints)
        case .grouped, .hidden:
            let old = appliedLayout
            if strategy == .grouped, old?.hasSocial != layout.hasSocial {
                LayoutConstraint.deactivate(layout.hasSocial ? noSocialConstraints : socialConstraints)
                LayoutConstraint.activate(layout.hasSocial ? socialConstraints : noSocialConstraints)
            }
            if old?.hasImage != layout.hasImage {
                LayoutConstraint.deactivate(layout.hasImage ? noImageConstraints : imageConstraints)
                LayoutConstraint.activate(layout.hasImage ? imageConstraints : noImageConstraints)
            }
        }
        appliedLayout = layout
    }

    /// The constraints active for the current layout.
    public var activeLayoutConstraints: [LayoutConstraint] {
        switch strategy {
        case .churned: churnedConstraints
        case .grouped, .hidden:
            commonConstraints + (socialConstraints + noSocialConstraints + imageConstraints + noImageConstraints).filter(\.isActive)
        }
    }
}
