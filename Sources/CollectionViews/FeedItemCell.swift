import CollectionLayout
import LayoutEngine

/// A self-sizing feed cell: an avatar, the author's name, a wrapping
/// headline beside the avatar, a wrapping body below, and an optional photo.
/// Its height comes from its own constraints (measured text, image sizes):
///
/// ```
/// 12 + max(40, name + 2 + headline) + 8 + body + (photo ? 8 + photo : 0) + 12
/// ```
/// with the name and headline wrapping at `width − 72` and the body at
/// `width − 24` (``expectedHeight(width:)`` computes it from the labels).
/// 9 views in the content view and 21 constraints of its own; configuring
/// with a post changes label texts, the photo and one constant in place.
public final class FeedItemCell: CollectionViewCell {
    /// The reuse identifier ``FeedDataSource`` registers it under.
    public static let reuseIdentifier = "FeedItemCell"

    public let avatarView = ImageView(image: Image(name: "avatar.png", size: Size(width: 40, height: 40)))
    public let nameLabel = Label(text: "", font: .boldSystem(size: 15))
    public let headlineLabel = Label(text: "", font: .system(size: 13), numberOfLines: 0)
    public let bodyLabel = Label(text: "", font: .system(size: 15), numberOfLines: 0)
    public let photoView = FeedPhotoView()
    /// `photo.top == body.bottom + 8`, or `+ 0` without a photo.
    private var photoTopConstraint: LayoutConstraint!
    /// The post shown now.
    public private(set) var post: FeedPost?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "feedItemCell"
        avatarView.name = "avatar"
        nameLabel.name = "name"
        headlineLabel.name = "headline"
        bodyLabel.name = "body"
        let c = contentView
        for v in [avatarView, nameLabel, headlineLabel, bodyLabel, photoView] as [View] { c.addSubview(v) }
        photoTopConstraint = photoView.topAnchor.constraint(equalTo: bodyLabel.bottomAnchor, constant: 8)
        LayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 12),
            avatarView.topAnchor.constraint(equalTo: c.topAnchor, constant: 12),
            avatarView.widthAnchor.constraint(equalToConstant: 40),
            avatarView.heightAnchor.constraint(equalToConstant: 40),
            nameLabel.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 8),
            nameLabel.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -12),
            nameLabel.topAnchor.constraint(equalTo: c.topAnchor, constant: 12),
            headlineLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            headlineLabel.trailingAnchor.constraint(equalTo: nameLabel.trailingAnchor),
            headlineLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 2),
            bodyLabel.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 12),
            bodyLabel.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -12),
            bodyLabel.topAnchor.constraint(greaterThanOrEqualTo: avatarView.bottomAnchor, constant: 8),
            bodyLabel.topAnchor.constraint(greaterThanOrEqualTo: headlineLabel.bottomAnchor, constant: 8),
            // Without this the body could sit anywhere below both; the fitting
            // pull on the content height is too weak to be the only reason.
            bodyLabel.topAnchor.constraint(equalTo: avatarView.bottomAnchor, constant: 8).withPriority(249),
            photoTopConstraint,
            photoView.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 12),
            photoView.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -12),
            photoView.heightAnchor.constraint(greaterThanOrEqualToConstant: 0),
            c.bottomAnchor.constraint(equalTo: photoView.bottomAnchor, constant: 12),
        ])
    }

    /// Shows `post`: texts, the photo (or none) and the photo spacing.
    public func configure(with post: FeedPost) {
        self.post = post
        nameLabel.text = post.author
        headlineLabel.text = post.headline
        bodyLabel.text = post.body
        photoView.image = post.photoHeight.map { Image(name: "photo-\(post.seed).jpg", size: Size(width: 4, height: $0)) }
        let spacing = post.photoHeight == nil ? 0.0 : 8.0
        if photoTopConstraint.constant != spacing { photoTopConstraint.constant = spacing }
    }

    public override func prepareForReuse() {
        post = nil
    }

    /// The height the constraints above give at `width`, computed by hand
    /// from the labels' own measurements (the self-sizing tests' reference).
    public func expectedHeight(width: Double) -> Double {
        let column = Size(width: width - 72, height: .infinity)
        let name = nameLabel.sizeThatFits(column).height
        let headline = headlineLabel.sizeThatFits(column).height
        let body = bodyLabel.sizeThatFits(Size(width: width - 24, height: .infinity)).height
        let photo = post?.photoHeight.map { 8 + $0 } ?? 0
        return 12 + max(40, name + 2 + headline) + 8 + body + photo + 12
    }
}

/// A photo whose height is the image's and whose width the cell decides
/// (no intrinsic width, so the pinned edges need no broken hugging).
public final class FeedPhotoView: ImageView {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "photo"
        translatesAutoresizingMaskIntoConstraints = false
    }

    public override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: image?.size.height ?? View.noIntrinsicMetric)
    }
}
