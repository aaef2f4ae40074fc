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

/// One section of a flow layout: item sizes, how they break into lines, and
/// where each line sits relative to the section's first line.
///
/// Frames are not stored: an item's frame is its line's offset plus the
/// section's offset plus its place in the line, so shifting everything after a
/// change costs one addition per following line (and per following section in
/// ``FlowLayout``), not a frame rewrite per item.
struct FlowSection {
    var sizes: [Size] = []
    var estimated: [Bool] = []
    /// Each item's start along its line, from the line origin.
    var itemU: [Double] = []
    /// Each item's line.
    var itemLine: [Int32] = []
    /// The first item of each line.
    var lineFirst: [Int] = []
    /// Each line's start along the scroll axis, from the first line's start.
    var lineV: [Double] = []
    /// Each line's extent along the scroll axis (its tallest item when vertical).
    var lineThickness: [Double] = []

    var itemCount: Int { sizes.count }
    var lineCount: Int { lineFirst.count }

    /// The section's extent along the scroll axis, insets included; an empty
    /// section takes no room.
    func extent(_ m: FlowMetrics) -> Double {
        guard let last = lineV.last, let thick = lineThickness.last else { return 0 }
        return m.insetBefore + last + thick + m.insetAfter
    }

    /// One past the last item of `line`.
    func lineEnd(_ line: Int) -> Int { line + 1 < lineCount ? lineFirst[line + 1] : itemCount }

    /// Re-breaks lines from `line` to the end of the section (everything before
    /// is kept). Returns how many items were placed.
    /// - Complexity: O(items from `lineFirst[line]` to the end of the section).
    @discardableResult
    mutating func layLines(from line: Int, _ m: FlowMetrics) -> Int {
        let start = line < lineCount ? lineFirst[line] : (lineCount == 0 ? 0 : lineEnd(lineCount - 1))
        lineFirst.removeSubrange(line...)
        lineV.removeSubrange(line...)
        lineThickness.removeSubrange(line...)
        if itemU.count != itemCount {
            itemU = Array(itemU.prefix(itemCount)) + Array(repeating: 0, count: max(0, itemCount - itemU.count))
            itemLine = Array(itemLine.prefix(itemCount)) + Array(repeating: 0, count: max(0, itemCount - itemLine.count))
        }
        var v = line == 0 ? 0 : lineV[line - 1] + lineThickness[line - 1] + m.lineSpacing
        var i = start
        let epsilon = 1e-9 * max(1, m.lineLength)
        while i < itemCount {
            // Fill the line greedily: at least one item, then while the next fits.
            var used = m.along(sizes[i])
            var thickness = m.across(sizes[i])
            var j = i + 1
            while j < itemCount, used + m.interitemSpacing + m.along(sizes[j]) <= m.lineLength + epsilon {
                used += m.interitemSpacing + m.along(sizes[j])
                thickness = max(thickness, m.across(sizes[j]))
                j += 1
            }
            let count = j - i
            // UIKit's default: spread the slack over the gaps; a lone item is centred.
            var u = 0.0
            var gap = m.interitemSpacing
            if m.justified {
                let slack = max(0, m.lineLength - used)
                if count > 1 { gap += slack / Double(count - 1) } else { u = slack / 2 }
            }
            let lineIndex = Int32(lineFirst.count)
            for k in i..<j {
                itemU[k] = u
                itemLine[k] = lineIndex
                u += m.along(sizes[k]) + gap
            }
            lineFirst.append(i)
            lineV.append(v)
            lineThickness.append(thickness)
            v += thickness + m.lineSpacing
            i = j
        }
        return itemCount - start
    }

    /// Recomputes `line`'s thickness after an item's across-size changed and
    /// shifts the following lines. Returns the change in the section's extent.
    /// - Complexity: O(items in the line + following lines).
    mutating func refreshThickness(ofLine line: Int, _ m: FlowMetrics) -> Double {
        var thickness = 0.0
        for k in lineFirst[line]..<lineEnd(line) { thickness = max(thickness, m.across(sizes[k])) }
        let delta = thickness - lineThickness[line]
        guard delta != 0 else { return 0 }
        lineThickness[line] = thickness
        for l in (line + 1)..<lineCount { lineV[l] += delta }
        return delta
    }

    /// The item's frame given the absolute scroll-axis start of its section.
    func frame(ofItem i: Int, sectionStart: Double, _ m: FlowMetrics) -> Rect {
        let line = Int(itemLine[i])
        let size = sizes[i]
        // Items are centred across their line, as in UIKit.
        let v = sectionStart + m.insetBefore + lineV[line] + (lineThickness[line] - m.across(size)) / 2
        let u = m.lineOrigin + itemU[i]
        return m.vertical ? Rect(x: u, y: v, width: size.width, height: size.height)
            : Rect(x: v, y: u, width: size.width, height: size.height)
    }

    /// The first line that ends after `v` (relative to the first line), by binary search.
    func firstLine(endingAfter v: Double) -> Int {
        var lo = 0, hi = lineCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineV[mid] + lineThickness[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
