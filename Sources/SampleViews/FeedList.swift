import LayoutEngine

/// N feed cells stacked top to bottom at one width, as a collection view's
/// content: cells are self-sizing, each positioned below the previous one.
///
/// Constraints flavour: each cell is pinned to the list's leading edge at a
/// fixed width, its top at a constant the list keeps equal to the heights
/// above it (updated in place when a height changes), and its height
/// pulled towards zero at `fittingSizeLevel` — the cell sizes itself in the
/// window's engine, and cells share no variables, so each is its own
/// independent block. Manual flavour: `layoutSubviews` asks each cell's
/// `sizeThatFits` and sets frames.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812))
/// let list = FeedList(flavor: .constraints, width: 375)
/// window.addSubview(list)
/// list.appendCells(count: 100, seed: 1)
/// window.runFrame()
/// list.contentHeight; window.frameDigestHex; window.engineCounters
/// ```
public final class FeedList: View {
    public let flavor: LayoutFlavor
    public private(set) var cellWidth: Double
    public private(set) var cells: [FeedCell] = []
    private var topConstraints: [LayoutConstraint] = []
    private var widthConstraints: [LayoutConstraint] = []
    /// The bottom of the last cell after the last layout.
    public private(set) var contentHeight = 0.0

    /// An empty list whose cells will be `width` wide; its frame is the
    /// window-sized viewport (set it, or let `Window` place it at the origin).
    public init(flavor: LayoutFlavor, width: Double) {
        self.flavor = flavor
        self.cellWidth = width
        super.init(frame: Rect(x: 0, y: 0, width: width, height: 0))
        name = "feedList"
    }

    /// Appends one cell showing `data`.
    @discardableResult
    public func appendCell(_ data: FeedItemData) -> FeedCell {
        let cell = FeedCell(flavor: flavor, data: data)
        cells.append(cell)
        addSubview(cell)
        if flavor == .constraints {
            let top = cell.topAnchor.constraint(equalTo: topAnchor, constant: contentHeight)
            let width = cell.widthAnchor.constraint(equalToConstant: cellWidth)
            topConstraints.append(top)
            widthConstraints.append(width)
            LayoutConstraint.activate([
                cell.leadingAnchor.constraint(equalTo: leadingAnchor),
                width, top,
                cell.heightAnchor.constraint(equalToConstant: 0).withPriority(.fittingSizeLevel),
            ])
        }
        setNeedsLayout()
        return cell
    }

    /// Appends `count` cells with content from seeds `seed`, `seed + 1`, ….
    public func appendCells(count: Int, seed: UInt64) {
        for i in 0..<count { appendCell(.make(seed: seed &+ UInt64(i))) }
    }

    /// Changes every cell's width (rotation); every cell lays out again.
    public func setCellWidth(_ width: Double) {
        cellWidth = width
        for c in widthConstraints { c.constant = width }
        setNeedsLayout()
    }

    /// Stacks the cells: copies the engine's frames, then moves each cell's
    /// top constant (in place) where the heights above it changed.
    public override func layoutSubviews() {
        super.layoutSubviews()
        var y = 0.0
        switch flavor {
        case .constraints:
            for (cell, top) in zip(cells, topConstraints) {
                if top.constant != y { top.constant = y }
                y += cell.frame.height
            }
        case .manual:
            let fit = Size(width: cellWidth, height: .infinity)
            for cell in cells {
                let h = cell.sizeThatFits(fit).height
                cell.frame = Rect(x: 0, y: y, width: cellWidth, height: h)
                y += h
            }
        }
        contentHeight = y
    }
}
