import Geometry

/// The numbers every line of a flow layout needs, in scroll-axis terms: `u`
/// runs along a line (x when scrolling vertically), `v` along the scroll axis.
struct FlowMetrics: Equatable {
    var vertical: Bool
    /// The content's extent across the scroll axis (content width when vertical).
    var crossExtent: Double
    /// Where lines start across the scroll axis, in content coordinates.
    var lineOrigin: Double
    /// How much room a line has for items and spacing.
    var lineLength: Double
    /// Section inset before the first line and after the last one (scroll axis).
    var insetBefore: Double
    var insetAfter: Double
    var lineSpacing: Double
    var interitemSpacing: Double
    var justified: Bool

    func along(_ s: Size) -> Double { vertical ? s.width : s.height }
    func across(_ s: Size) -> Double { vertical ? s.height : s.width }
}

extension FlowLine {
    /// A line of `items` laid out across the line: UIKit's default spreads the
    /// slack over the gaps and centres a lone item; `.leading` packs them.
    init(items: LineItems, _ m: FlowMetrics) {
        var used = 0.0, thickness = 0.0
        for (k, item) in items.enumerated() {
            used += (k == 0 ? 0 : m.interitemSpacing) + m.along(item.size)
            thickness = max(thickness, m.across(item.size))
        }
        var u = 0.0, gap = m.interitemSpacing
        if m.justified {
            let slack = max(0, m.lineLength - used)
            if items.count > 1 { gap += slack / Double(items.count - 1) } else { u = slack / 2 }
        }
        self.init(items: items, thickness: thickness, uStart: u, gap: gap)
    }

    /// Breaks one line greedily from item `start` of `count`: at least one item,
    /// then while the next one fits. `item(i)` reads the items in order (the
    /// one that does not fit is read too). - Complexity: O(items in the line).
    static func breaking(from start: Int, count: Int, _ m: FlowMetrics, item: (Int) -> FlowItem) -> FlowLine {
        let epsilon = 1e-9 * max(1, m.lineLength)
        var items = LineItems(item(start))
        var used = m.along(items.head.size)
        var j = start + 1
        while j < count {
            let next = item(j)
            guard used + m.interitemSpacing + m.along(next.size) <= m.lineLength + epsilon else { break }
            used += m.interitemSpacing + m.along(next.size)
            items.append(next)
            j += 1
        }
        return FlowLine(items: items, m)
    }

    /// The frame of item `k` given the absolute scroll-axis start of the line.
    func frame(ofItem k: Int, lineStart v: Double, _ m: FlowMetrics) -> Rect {
        var u = uStart
        for x in 0..<k { u += m.along(items[x].size) + gap }
        return frame(ofItem: k, u: u, lineStart: v, m)
    }

    /// The frame of item `k` whose start along the line is `u`.
    func frame(ofItem k: Int, u: Double, lineStart v: Double, _ m: FlowMetrics) -> Rect {
        let size = items[k].size
        // Items are centred across their line, as in UIKit.
        let v = v + (thickness - m.across(size)) / 2
        let u = m.lineOrigin + u
        return m.vertical ? Rect(x: u, y: v, width: size.width, height: size.height)
            : Rect(x: v, y: u, width: size.width, height: size.height)
    }
}
