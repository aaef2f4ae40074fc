/// The active constraints that name one item, in slot order (see `InlineObjectList`).
typealias ReferenceList = InlineObjectList<LayoutConstraint>

/// Objects held strongly, in order, the first four inline and the rest in
/// one array reserved for twelve more.
///
/// Used for an item's references and for a view's subviews the engine
/// moved (`View.pendingEngineSubviews`): as arrays of their own they would
/// be several allocations per cell. Most items (labels, images) have four
/// or fewer.
struct InlineObjectList<Element: AnyObject>: RandomAccessCollection {
    typealias Index = Int

    private static var inlineCount: Int { 4 }
    private var inline: (Element?, Element?, Element?, Element?) = (nil, nil, nil, nil)
    private var overflow: [Element] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "reference slot out of range")
            switch i {
            case 0: return inline.0.unsafelyUnwrapped
            case 1: return inline.1.unsafelyUnwrapped
            case 2: return inline.2.unsafelyUnwrapped
            case 3: return inline.3.unsafelyUnwrapped
            default: return overflow[i - Self.inlineCount]
            }
        }
        set {
            precondition(i >= 0 && i < count, "reference slot out of range")
            switch i {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: overflow[i - Self.inlineCount] = newValue
            }
        }
    }

    mutating func append(_ c: Element) {
        if count < Self.inlineCount {
            // The slot is nil (`removeLast` clears it): initialised in
            // place, with no old value to read and release.
            let i = count
            withUnsafeMutablePointer(to: &inline) { tuple in
                tuple.withMemoryRebound(to: Element?.self, capacity: Self.inlineCount) { ($0 + i).initialize(to: c) }
            }
        } else {
            if overflow.capacity == 0 { overflow.reserveCapacity(12) }
            overflow.append(c)
        }
        count += 1
    }

    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0, "no reference to remove")
        count -= 1
        switch count {
        case 0: defer { inline.0 = nil }; return inline.0.unsafelyUnwrapped
        case 1: defer { inline.1 = nil }; return inline.1.unsafelyUnwrapped
        case 2: defer { inline.2 = nil }; return inline.2.unsafelyUnwrapped
        case 3: defer { inline.3 = nil }; return inline.3.unsafelyUnwrapped
        default: return overflow.removeLast()
        }
    }
}
