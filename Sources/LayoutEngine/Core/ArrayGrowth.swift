extension Array {
    /// Appends `element`, an empty array first making room for
    /// `minimumCapacity`. A view's lists (subviews, the children a phase
    /// must visit, the subviews the engine moved) hold a few entries each;
    /// grown from empty one append at a time, a list of five would be
    /// allocated three times (capacities 1, 3 and 7).
    @inline(__always)
    mutating func append(_ element: Element, reservingFirst minimumCapacity: Int) {
        if capacity == 0 { reserveCapacity(minimumCapacity) }
        append(element)
    }
}
