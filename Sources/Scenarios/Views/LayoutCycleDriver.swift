import Geometry
import LayoutEngine

/// Scenario 12 (the layout-cycle deck): a cell with a title and a button, and
/// N changes per step, each flipping the button between a small and a large
/// width (an even number of changes, so every step starts from the same state).
///
/// - `manual`: the cell's `layoutSubviews` sets frames by hand; a change sets the width and `setNeedsLayout`.
/// - `constraints`: a kept width constraint's constant changes.
/// - `toggle`: the deck's advice. The button keeps its top and trailing
///   constraints and two kept pairs: small by width and height constants,
///   large by its leading and bottom edges. A change deactivates one pair and
///   activates the other (in that order, so the two sizes are never required
///   at once) and sets `isActive` on the kept edges again, as the deck's
///   `updateButtonConstraints` does.
/// - `recreate`: what the deck warns against. A change deactivates all of the
///   button's constraints and creates and activates new ones for the new size.
/// All four lay out once per step (one frame: the render loop coalesces).
/// - `coalesced`: like `constraints`, with `setNeedsLayout` after each change and one frame per step.
/// - `forced`: like `constraints`, with `layoutIfNeeded` after every change.
final class LayoutCycleDriver: ScenarioDriver {
    static let name = "layout-cycle"
    static let widths = (small: 80.0, large: 160.0)

    /// The cell of the manual variant: frames by hand.
    final class ManualCell: View {
        let title = View(), button = View()
        var buttonWidth = LayoutCycleDriver.widths.small
        override init(frame: Rect) {
            super.init(frame: frame)
            addSubview(title); addSubview(button)
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            button.frame = Rect(x: bounds.width - 16 - buttonWidth, y: 12, width: buttonWidth, height: 32)
            title.frame = Rect(x: 16, y: 12, width: max(0, button.frame.minX - 8 - 16), height: 32)
        }
    }

    private let window: Window
    private let mode: String
    private let changes: Int
    private var cell: View
    private var manual: ManualCell?
    private var button = View()
    private var width: LayoutConstraint?
    /// The button's own constraints for `toggle` and `recreate`: the edges
    /// every size keeps, the active size's pair, and the two kept pairs.
    private var edges: [LayoutConstraint] = [], size: [LayoutConstraint] = []
    private var small: [LayoutConstraint] = [], large: [LayoutConstraint] = []
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let n = try p.int("changes")
        changes = n + n % 2
        mode = try p.choice("mode", ["manual", "constraints", "toggle", "recreate", "coalesced", "forced"])
        window = ViewScene.window()
        if mode == "manual" {
            let m = ManualCell(frame: Rect(x: 0, y: 0, width: 375, height: 56))
            manual = m
            cell = m
            window.addSubview(m)
        } else {
            cell = View.constrained("cell")
            let title = View.constrained("title")
            button = View.constrained("button")
            cell.addSubview(title); cell.addSubview(button)
            window.addSubview(cell)
            let common = [
                cell.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                cell.topAnchor.constraint(equalTo: window.topAnchor),
                cell.widthAnchor.constraint(equalToConstant: 375), cell.heightAnchor.constraint(equalToConstant: 56),
                title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                button.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                title.topAnchor.constraint(equalTo: button.topAnchor),
                title.heightAnchor.constraint(equalTo: button.heightAnchor),
            ]
            if mode == "toggle" || mode == "recreate" {
                edges = edgeConstraints()
                small = sizeConstraints(large: false)
                large = sizeConstraints(large: true)
                size = small
                LayoutConstraint.activate(common + edges + size)
            } else {
                let w = button.widthAnchor.constraint(equalToConstant: Self.widths.small)
                width = w
                LayoutConstraint.activate(common + edgeConstraints() + [
                    button.heightAnchor.constraint(equalToConstant: 32), w,
                ])
            }
        }
        window.runFrame()
    }

    /// The edges every size keeps, as new constraints: top and trailing.
    private func edgeConstraints() -> [LayoutConstraint] {
        [button.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
         cell.trailingAnchor.constraint(equalTo: button.trailingAnchor, constant: 16)]
    }

    /// A size as new constraints: small by width and height constants; large
    /// by the leading and bottom edges, as the deck pins its large button to
    /// its superview's edges. Both give the frames the other modes give.
    private func sizeConstraints(large: Bool) -> [LayoutConstraint] {
        if large {
            return [button.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 375 - 16 - Self.widths.large),
                    cell.bottomAnchor.constraint(equalTo: button.bottomAnchor, constant: 12)]
        }
        return [button.widthAnchor.constraint(equalToConstant: Self.widths.small),
                button.heightAnchor.constraint(equalToConstant: 32)]
    }

    private func change(_ i: Int) {
        let large = i % 2 == 0
        let w = large ? Self.widths.large : Self.widths.small
        switch mode {
        case "manual":
            manual!.buttonWidth = w
            manual!.setNeedsLayout()
        case "toggle":
            for c in edges { c.isActive = true }
            LayoutConstraint.deactivate(size)
            size = large ? self.large : small
            LayoutConstraint.activate(size)
        case "recreate":
            LayoutConstraint.deactivate(edges + size)
            edges = edgeConstraints()
            size = sizeConstraints(large: large)
            LayoutConstraint.activate(edges + size)
        case "forced":
            width!.constant = w
            cell.layoutIfNeeded()
        case "coalesced":
            width!.constant = w
            cell.setNeedsLayout()
        default: // constraints
            width!.constant = w
        }
    }

    func step() throws(ScenarioError) {
        for i in 0..<changes { change(i) }
        window.runFrame()
        sink += (manual?.button ?? button).frame.width
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { cell.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
