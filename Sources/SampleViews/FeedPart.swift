import LayoutEngine

/// How a sample hierarchy is laid out.
public enum LayoutFlavor: String, Sendable, CaseIterable {
    /// Auto Layout: constraints in the window's engine.
    case constraints
    /// Frames computed by hand in `layoutSubviews`, sizes from `sizeThatFits`.
    case manual
}

/// A container of the feed cell: its subviews and, in the constraints
/// flavour, the constraints between them (listed by `constraints`).
/// The manual flavour overrides `layoutSubviews` and `sizeThatFits` to
/// compute the same frames by hand.
public class FeedPart: View {
    public let flavor: LayoutFlavor
    /// The active constraints among this part and its subviews (none in the
    /// manual flavour). Read from the views, not kept: the reference cell
    /// (LayoutFrameworkBenchmark's) hands its constraints to its views and
    /// holds no list of its own, and a list here cost the measured build a
    /// retain, a release and a share of an array per constraint.
    public var constraints: [LayoutConstraint] { constraintsWithin(self) }

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

/// The active constraints both of whose items are `root` or in its
/// subtree, each once, in the order the views are walked.
func constraintsWithin(_ root: View) -> [LayoutConstraint] {
    var seen = Set<ObjectIdentifier>(), out: [LayoutConstraint] = []
    root.forEachInSubtree { view in
        for c in view.constraintsReferencingView where seen.insert(ObjectIdentifier(c)).inserted {
            let inside = [c.firstItem, c.secondItem].allSatisfy { item in
                guard let item else { return true }
                guard let v = item as? View else { return false }
                return v.isDescendant(of: root)   // true for root itself
            }
            if inside { out.append(c) }
        }
    }
    return out
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
