import LayoutEngine

/// Self-sizing cells stacked top to bottom at one width, as a collection
/// view's content.
///
/// Constraints flavour: each cell is pinned to the stack's leading edge at a
/// fixed width (a constant, so cells share no variables and each is its own
/// independent block in the engine), its top at a constant the stack keeps
/// equal to the heights above it (changed in place when a height changes),
/// and its height pulled towards zero at `fittingSizeLevel` so the cell's
/// own constraints decide it. Manual flavour: `layoutSubviews` asks each
/// cell's `sizeThatFits` and sets frames.
public class CellStack: View {
    public let flavor: LayoutFlavor
    public private(set) var cellWidth: Double
    public private(set) var cells: [View] = []
    private var topConstraints: [LayoutConstraint] = []
    private var widthConstraints: [LayoutConstraint] = []
    /// The bottom of the last cell after the last layout.
    public private(set) var contentHeight = 0.0

    /// An empty stack whose cells will be `width` wide.
    public init(flavor: LayoutFlavor, width: Double) {
        self.flavor = flavor
        self.cellWidth = width
        super.init(frame: Rect(x: 0, y: 0, width: width, height: 0))
        name = "cellStack"
    }

    /// Appends a cell; constraints-flavour cells must have
    /// `translatesAutoresizingMaskIntoConstraints == false`.
    public func append(_ cell: View) {
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
    }

    /// Removes every cell (their constraints to the stack go with them).
    public func removeAllCells() {
        for c in cells { c.removeFromSuperview() }
        cells = []
        topConstraints = []
        widthConstraints = []
        contentHeight = 0
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
