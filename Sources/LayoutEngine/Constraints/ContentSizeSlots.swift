/// A view's content-size constraints, in four fixed slots: width in 0 and
/// 1, height in 2 and 3, the second of each pair used only by the
/// `.inequalities` form (see `ContentSizeForm`).
///
/// Inline, not an array: an array would be allocated for every view with an
/// intrinsic size through the standard library's unspecialised path, whose
/// generic-metadata lookup is costly, and freed again with the view.
struct ContentSizeSlots {
    private var widthResist: LayoutConstraint?
    private var widthHug: LayoutConstraint?
    private var heightResist: LayoutConstraint?
    private var heightHug: LayoutConstraint?

    /// Slot `i`, 0 to 3.
    subscript(i: Int) -> LayoutConstraint? {
        get {
            switch i {
            case 0: return widthResist
            case 1: return widthHug
            case 2: return heightResist
            default: precondition(i == 3, "content-size slot out of range"); return heightHug
            }
        }
        set {
            switch i {
            case 0: widthResist = newValue
            case 1: widthHug = newValue
            case 2: heightResist = newValue
            default: precondition(i == 3, "content-size slot out of range"); heightHug = newValue
            }
        }
    }

    /// True when no slot holds a constraint.
    var isEmpty: Bool { widthResist == nil && widthHug == nil && heightResist == nil && heightHug == nil }

    /// The constraints held, in slot order.
    func forEach(_ body: (LayoutConstraint) -> Void) {
        if let c = widthResist { body(c) }
        if let c = widthHug { body(c) }
        if let c = heightResist { body(c) }
        if let c = heightHug { body(c) }
    }

    /// The constraints held, in slot order, as an array (logs and tests).
    var all: [LayoutConstraint] {
        var out: [LayoutConstraint] = []
        forEach { out.append($0) }
        return out
    }
}
