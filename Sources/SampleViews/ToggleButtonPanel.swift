import LayoutEngine

/// Scenario 12's buttons: a row of buttons, each toggled between a compact
/// and a wide size, either by flipping `isActive` on two kept constraints
/// or by creating a new constraint on every toggle.
public final class ToggleButtonPanel: View {
    public enum Strategy: String, Sendable, CaseIterable {
        /// Two width constraints per button, kept; a toggle flips `isActive`.
        case toggleKept
        /// A toggle deactivates the width constraint and creates a new one.
        case recreate
    }

    public let strategy: Strategy
    public private(set) var buttons: [Button] = []
    /// Whether each button is wide.
    public private(set) var isWide: [Bool]
    private var compact: [LayoutConstraint] = []
    private var wide: [LayoutConstraint] = []
    private var current: [LayoutConstraint] = []
    public static let compactWidth = 60.0
    public static let wideWidth = 140.0

    /// `count` buttons in a row, all compact, laid out with constraints.
    public init(buttonCount count: Int, strategy: Strategy) {
        self.strategy = strategy
        isWide = Array(repeating: false, count: count)
        super.init(frame: .zero)
        name = "toggleButtonPanel"
        translatesAutoresizingMaskIntoConstraints = false
        var previous: View?
        var cs: [LayoutConstraint] = []
        for i in 0..<count {
            let b = Button(title: "B\(i)")
            b.name = "button\(i)"
            addSubview(b)
            buttons.append(b)
            cs.append(b.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? leadingAnchor, constant: 8))
            cs.append(b.topAnchor.constraint(equalTo: topAnchor, constant: 8))
            cs.append(bottomAnchor.constraint(greaterThanOrEqualTo: b.bottomAnchor, constant: 8))
            compact.append(b.widthAnchor.constraint(equalToConstant: Self.compactWidth))
            wide.append(b.widthAnchor.constraint(equalToConstant: Self.wideWidth))
            previous = b
        }
        if let previous { cs.append(trailingAnchor.constraint(greaterThanOrEqualTo: previous.trailingAnchor, constant: 8)) }
        current = compact
        LayoutConstraint.activate(cs + compact)
    }

    /// Flips button `i` between compact and wide.
    public func toggle(_ i: Int) {
        isWide[i].toggle()
        switch strategy {
        case .toggleKept:
            if isWide[i] {
                compact[i].isActive = false
                wide[i].isActive = true
            } else {
                wide[i].isActive = false
                compact[i].isActive = true
            }
        case .recreate:
            current[i].isActive = false
            let width = isWide[i] ? Self.wideWidth : Self.compactWidth
            current[i] = buttons[i].widthAnchor.constraint(equalToConstant: width)
            current[i].isActive = true
        }
    }

    /// Toggles every button. With `forcingLayout`, calls `layoutIfNeeded()`
    /// after each change (the sprinkled style); without, the changes wait
    /// for the next frame and are laid out once (the coalesced style).
    public func toggleAll(forcingLayout: Bool) {
        for i in buttons.indices {
            toggle(i)
            if forcingLayout { layoutIfNeeded() } else { setNeedsLayout() }
        }
    }
}
