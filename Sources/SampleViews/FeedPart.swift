import LayoutEngine

/// How a sample hierarchy is laid out.
public enum LayoutFlavor: String, Sendable, CaseIterable {
    /// Auto Layout: constraints in the window's engine.
    case constraints
    /// Frames computed by hand in `layoutSubviews`, sizes from `sizeThatFits`.
    case manual
}

/// A container of the feed cell: its subviews and, in the constraints
/// flavour, the constraints between them (counted in `constraints`).
/// The manual flavour overrides `layoutSubviews` and `sizeThatFits` to
/// compute the same frames by hand.
public class FeedPart: View {
    public let flavor: LayoutFlavor
    /// The constraints this part activated (empty in the manual flavour).
    public private(set) var constraints: [LayoutConstraint] = []

    init(flavor: LayoutFlavor, name: String) {
        self.flavor = flavor
        super.init(frame: .zero)
        self.name = name
        translatesAutoresizingMaskIntoConstraints = flavor == .manual
    }

    func add(_ views: [View]) {
        for v in views {
            v.translatesAutoresizingMaskIntoConstraints = flavor == .manual
            addSubview(v)
        }
    }

    func activate(_ cs: [LayoutConstraint]) {
        constraints += cs
        LayoutConstraint.activate(cs)
    }

    /// The height this part needs at `width` (manual flavour).
    func manualHeight(width: Double) -> Double { 0 }
    /// Sets the subviews' frames for the current bounds (manual flavour).
    func manualLayout() {}

    public override func sizeThatFits(_ size: Size) -> Size {
        flavor == .manual ? Size(width: size.width, height: manualHeight(width: size.width)) : super.sizeThatFits(size)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        if flavor == .manual { manualLayout() }
    }
}

func makeLabel(_ name: String, text: String = "", lines: Int = 1) -> Label {
    let l = Label()
    l.name = name
    l.text = text
    l.numberOfLines = lines
    return l
}

func makeImage(_ name: String, _ width: Double, _ height: Double) -> ImageView {
    let v = ImageView()
    v.name = name
    v.image = Image(name: "\(Int(width))x\(Int(height)).png", size: Size(width: width, height: height))
    return v
}
