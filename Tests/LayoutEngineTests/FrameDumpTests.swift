import Testing
@testable import LayoutEngine
import SampleViews

/// Golden frame dumps of the scenarios' layouts, with DejaVu Sans measured
/// by HarfBuzz (texts from fixed seeds). A change here is a change in what
/// the engine lays out: check it by eye before updating.
@Suite struct FrameDumpTests {
    static let socialFeed: [SocialFeedCell.Layout: String] = [
        .plain: """
            SocialFeedCell(socialFeedCell) (0, 0, 375, 125)
              ImageView(avatar) (8, 8, 40, 40)
              Label(title) (56, 8, 105.5, 17.5)
              Label(date) (342, 9.8564453125, 25, 15.5)
              Label(log) (56, 29.5, 311, 87.5)
              Label(social) (56, 117, 311, 0) hidden
              ImageView(image) (56, 117, 311, 0) hidden
            """,
        .shared: """
            SocialFeedCell(socialFeedCell) (0, 0, 375, 148.5)
              ImageView(avatar) (8, 8, 40, 40)
              Label(title) (56, 8, 105.5, 17.5)
              Label(date) (342, 9.8564453125, 25, 15.5)
              Label(log) (56, 29.5, 311, 87.5)
              Label(social) (56, 125, 311, 15.5)
              ImageView(image) (56, 140.5, 311, 0) hidden
            """,
        .image: """
            SocialFeedCell(socialFeedCell) (0, 0, 375, 307.9375)
              ImageView(avatar) (8, 8, 40, 40)
              Label(title) (56, 8, 105.5, 17.5)
              Label(date) (342, 9.8564453125, 25, 15.5)
              Label(log) (56, 29.5, 311, 87.5)
              Label(social) (56, 117, 311, 0) hidden
              ImageView(image) (56, 125, 311, 174.9375)
            """,
        .sharedWithImage: """
            SocialFeedCell(socialFeedCell) (0, 0, 375, 331.4375)
              ImageView(avatar) (8, 8, 40, 40)
              Label(title) (56, 8, 105.5, 17.5)
              Label(date) (342, 9.8564453125, 25, 15.5)
              Label(log) (56, 29.5, 311, 87.5)
              Label(social) (56, 125, 311, 15.5)
              ImageView(image) (56, 148.5, 311, 174.9375)
            """,
    ]

    @Test(arguments: SocialFeedCell.Layout.allCases, SocialFeedCell.Strategy.allCases)
    func socialFeedCell(layout: SocialFeedCell.Layout, strategy: SocialFeedCell.Strategy) {
        let window = makeWindow()
        let stack = CellStack(flavor: .constraints, width: 375)
        window.addSubview(stack)
        // Start from another layout, so every strategy has to switch.
        let cell = SocialFeedCell(strategy: strategy, content: .make(seed: 1, layout: layout == .plain ? .sharedWithImage : .plain))
        stack.append(cell)
        window.runFrame()
        cell.configure(.make(seed: 1, layout: layout))
        window.runFrame()
        if strategy == .hidden && !layout.hasSocial {
            // The hidden strategy keeps the social view's slot.
            #expect(cell.socialView.isHidden && cell.socialView.frame.height == 15.5)
        } else {
            #expect(cell.frameDump() == Self.socialFeed[layout])
        }
    }

    @Test func textFieldRow() {
        let window = makeWindow()
        let form = TextFieldForm(rowCount: 1, seed: 0)
        window.addSubview(form)
        window.runFrame()
        #expect(form.rows[0].frameDump() == """
            TextFieldRow(textFieldRow) (0, 0, 375, 50)
              Label(label) (16, 15, 47.5, 20)
              TextField(field) (71.5, 8, 287.5, 34)
            """)
    }

    /// The feed cell's four containers at the top of a 375-point list, both flavours.
    @Test(arguments: LayoutFlavor.allCases)
    func feedCell(flavor: LayoutFlavor) {
        let window = makeWindow()
        let list = FeedList(flavor: flavor, width: 375)
        window.addSubview(list)
        list.appendCells(count: 1, seed: 1)
        window.runFrame()
        let cell = list.feedCells[0]
        #expect(cell.frameDump() == """
            FeedCell(feedCell) (0, 0, 375, 455.5)
              FeedTopBar(topBar) (0, 0, 375, 20)
                Label(actionLabel) (0, 0, 358.5, 20)
                Label(optionsLabel) (358.5, 0, 16.5, 20)
              FeedMiniProfile(miniProfile) (0, 20, 375, 125.5)
                ImageView(posterImageView) (0, 0, 50, 105.5)
                Label(posterNameLabel) (52, 1, 319, 20)
                Label(posterHeadlineLabel) (52, 22, 319, 59.5)
                Label(posterTimeLabel) (52, 82.5, 319, 20)
                Label(posterCommentLabel) (0, 105.5, 375, 20)
              FeedMiniContent(miniContent) (0, 145.5, 375, 240)
                ImageView(contentImageView) (0, 0, 375, 200)
                Label(contentTitleLabel) (0, 200, 375, 20)
                Label(contentDomainLabel) (0, 220, 375, 20)
              FeedSocialActions(socialActions) (0, 385.5, 375, 20)
                Label(likeLabel) (8, 0, 34, 20)
                Label(commentLabel) (145.75, 0, 83.5, 20)
                Label(shareLabel) (317.5, 0, 49.5, 20)
              FeedComment(comment) (0, 405.5, 375, 50)
                ImageView(actorImageView) (0, 0, 50, 50)
                Label(actorCommentLabel) (50, 0, 325, 20)
            """)
    }
}
