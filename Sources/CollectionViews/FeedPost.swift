import LayoutEngine
import SampleViews

/// The content of one self-sizing feed cell, drawn from a seed: the same
/// seed gives the same texts and photo on every machine.
///
/// Headlines run from one to three lines at phone widths, bodies from one
/// line to a dozen, and two posts in three carry a photo of 120–260 points.
public struct FeedPost: Hashable, Sendable {
    /// The seed the post was drawn from (the data source's item identity).
    public var seed: UInt64
    public var author: String
    public var headline: String
    public var body: String
    /// The photo's height, or nil for a text-only post.
    public var photoHeight: Double?

    public init(seed: UInt64, author: String, headline: String, body: String, photoHeight: Double?) {
        self.seed = seed
        self.author = author
        self.headline = headline
        self.body = body
        self.photoHeight = photoHeight
    }

    /// The post for `seed`.
    public static func make(seed: UInt64) -> FeedPost {
        var r = SeededText(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678)
        let author = r.name()
        let headline = r.sentence(words: r.int(in: 2...14))
        let body = r.sentence(words: r.int(in: 4...90))
        let photo: Double? = r.int(in: 0...2) == 0 ? nil : Double(120 + 20 * r.int(in: 0...7))
        return FeedPost(seed: seed, author: author, headline: headline, body: body, photoHeight: photo)
    }
}
