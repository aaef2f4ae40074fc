import Geometry
import LayoutEngine
import SampleViews

/// Scenario 2 (220, 10:09 and 30:00–34:00): N social-feed cells in a
/// self-sizing stack, each showing one post and then another with a
/// different layout (shared / image / both / neither) and back, one frame
/// each, per step. `churned` rebuilds every constraint in each
/// `updateConstraints`; `grouped` keeps the common constraints and swaps the
/// optional groups; `hidden` also keeps the social view's constraints and
/// hides it. `unchanged` configures each cell with the post it already shows.
final class ChurnDriver: ScenarioDriver {
    static let name = "churn"
    /// Swapping constraint groups in and out leaves the solver's basis in a
    /// slightly different (alternating) state after each round, so successive
    /// steps differ by a few rows; counters are those of the first step after warm-up.
    static let identicalSteps = false

    private let window: Window
    private let stack: CellStack
    private var cells: [SocialFeedCell] = []
    private var posts: [(SocialFeedCell.Content, SocialFeedCell.Content)] = []
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let count = try p.int("cells"), unchanged = try p.bool("unchanged")
        let strategy = SocialFeedCell.Strategy(rawValue: try p.choice("strategy", ["churned", "grouped", "hidden"]))!
        window = ViewScene.window()
        stack = CellStack(flavor: .constraints, width: 375)
        window.addSubview(stack)
        let layouts = SocialFeedCell.Layout.allCases
        for i in 0..<count {
            let s: UInt64 = seed &* 1_000_003 &+ UInt64(2 * i)
            let a = SocialFeedCell.Content.make(seed: s, layout: layouts[i % 4])
            let b = unchanged ? a : SocialFeedCell.Content.make(seed: s &+ 1, layout: layouts[(i + 1 + i / 4) % 4])
            posts.append((a, b))
            let cell = SocialFeedCell(strategy: strategy, content: a)
            cells.append(cell)
            stack.append(cell)
        }
        window.runFrame()
        try step()   // one round to the engine's steady state
    }

    func step() throws(ScenarioError) {
        for (cell, post) in zip(cells, posts) { cell.configure(post.1) }
        window.runFrame()
        sink += stack.contentHeight
        for (cell, post) in zip(cells, posts) { cell.configure(post.0) }
        window.runFrame()
        sink += stack.contentHeight
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { stack.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
