import Geometry
import LayoutEngine

/// Scenario 12 (the layout-cycle deck): a cell with a title and a button, and
/// N changes per step, each flipping the button between a small and a large
/// width (an even number of changes, so every step starts from the same state).
///
/// - `manual`: the cell's `layoutSubviews` sets frames by hand; a change sets the width and `setNeedsLayout`.
/// - `constraints`: a kept width constraint's constant changes.
/// - `toggle`: two kept width constraints; a change flips which one is active.
/// - `recreate`: a change deactivates the width constraint and activates a new one.
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
    private var small: LayoutConstraint?, large: LayoutConstraint?
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
            small = button.widthAnchor.constraint(equalToConstant: Self.widths.small)
            large = button.widthAnchor.constraint(equalToConstant: Self.widths.large)
            width = small
            LayoutConstraint.activate([
                cell.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                cell.topAnchor.constraint(equalTo: window.topAnchor),
                cell.widthAnchor.constraint(equalToConstant: 375), cell.heightAnchor.constraint(equalToConstant: 56),
                cell.trailingAnchor.constraint(equalTo: button.trailingAnchor, constant: 16),
                button.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
                button.heightAnchor.constraint(equalToConstant: 32),
                title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                button.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                title.topAnchor.constraint(equalTo: button.topAnchor),
                title.heightAnchor.constraint(equalTo: button.heightAnchor),
                small!,
            ])
        }
        window.runFrame()
    }

    private func change(_ i: Int) {
        let large = i % 2 == 0
        let w = large ? Self.widths.large : Self.widths.small
        switch mode {
        case "manual":
            manual!.buttonWidth = w
            manual!.setNeedsLayout()
        case "toggle":
            if large { small!.isActive = false; self.large!.isActive = true }
            else { self.large!.isActive = false; small!.isActive = true }
        case "recreate":
            width!.isActive = false
            let c = button.widthAnchor.constraint(equalToConstant: w)
            c.isActive = true
            width = c
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
