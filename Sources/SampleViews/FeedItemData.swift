/// The content of one feed cell, as in LinkedIn's LayoutKit benchmark and
/// LayoutFrameworkBenchmark: who acted, the poster's mini profile, a shared
/// article and a comment.
public struct FeedItemData: Hashable, Sendable {
    public var actionText: String
    public var posterName: String
    public var posterHeadline: String
    public var posterTimestamp: String
    public var posterComment: String
    public var contentTitle: String
    public var contentDomain: String
    public var actorComment: String

    public init(actionText: String, posterName: String, posterHeadline: String, posterTimestamp: String,
                posterComment: String, contentTitle: String, contentDomain: String, actorComment: String) {
        self.actionText = actionText
        self.posterName = posterName
        self.posterHeadline = posterHeadline
        self.posterTimestamp = posterTimestamp
        self.posterComment = posterComment
        self.contentTitle = contentTitle
        self.contentDomain = contentDomain
        self.actorComment = actorComment
    }

    /// Content drawn from `seed`: the same seed, the same texts. Headlines
    /// run from one to several lines at phone widths.
    public static func make(seed: UInt64) -> FeedItemData {
        var r = SeededText(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        let actor = r.name()
        return FeedItemData(
            actionText: "\(actor) \(r.pick(["liked", "commented on", "shared"])) this",
            posterName: r.name(),
            posterHeadline: r.sentence(words: r.int(in: 4...22)),
            posterTimestamp: "\(r.int(in: 1...59))\(r.pick(["m", "h", "d"]))",
            posterComment: r.sentence(words: r.int(in: 3...9)),
            contentTitle: r.sentence(words: r.int(in: 3...8)),
            contentDomain: "\(r.pick(SeededText.words)).example.com",
            actorComment: r.sentence(words: r.int(in: 2...8)))
    }
}
