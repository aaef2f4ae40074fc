import LayoutEngine

/// N feed cells in a `CellStack`, as a collection view's content.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812))
/// let list = FeedList(flavor: .constraints, width: 375)
/// window.addSubview(list)
/// list.appendCells(count: 100, seed: 1)
/// window.runFrame()
/// list.contentHeight; window.frameDigestHex; window.engineCounters
/// ```
public final class FeedList: CellStack {
    /// The feed cells, in order.
    public private(set) var feedCells: [FeedCell] = []

    public override init(flavor: LayoutFlavor, width: Double) {
        super.init(flavor: flavor, width: width)
        name = "feedList"
    }

    /// Appends one cell showing `data`.
    @discardableResult
    public func appendCell(_ data: FeedItemData) -> FeedCell {
        let cell = FeedCell(flavor: flavor, data: data)
        feedCells.append(cell)
        append(cell)
        return cell
    }

    /// Appends `count` cells with content from seeds `seed`, `seed + 1`, ….
    public func appendCells(count: Int, seed: UInt64) {
        for i in 0..<count { appendCell(.make(seed: seed &+ UInt64(i))) }
    }
}
