import Analysis
import Foundation

/// One axis of a chart: a linear or base-10 logarithmic map from data to pixels.
struct ChartAxis {
    enum Kind { case linear, log }
    var kind: Kind
    var low: Double
    var high: Double
    /// Pixel positions of `low` and `high`.
    var from: Double
    var to: Double

    /// An axis covering `values` with a little room; log axes widen to whole
    /// powers of ten when that costs less than a decade on either side.
    init(kind: Kind, values: [Double], from: Double, to: Double, includeZero: Bool = false) {
        self.kind = kind; self.from = from; self.to = to
        let finite = values.filter { $0.isFinite && (kind == .linear || $0 > 0) }
        var lo = finite.min() ?? 1, hi = finite.max() ?? 10
        switch kind {
        case .log:
            if hi <= lo { lo /= 2; hi *= 2 }
            let pad = pow(hi / lo, 0.04)
            lo /= pad; hi *= pad
        case .linear:
            if includeZero { lo = min(lo, 0) }
            if hi <= lo { hi = lo + max(abs(lo), 1) }
            hi += (hi - lo) * 0.06
            if !includeZero || lo < 0 { lo -= (hi - lo) * 0.04 }
        }
        low = lo; high = hi
    }

    /// Data value → pixel.
    func map(_ v: Double) -> Double {
        switch kind {
        case .linear: return from + (v - low) / (high - low) * (to - from)
        case .log:
            let t = (log10(max(v, low * 1e-3)) - log10(low)) / (log10(high) - log10(low))
            return from + t * (to - from)
        }
    }

    /// Tick values: 1-2-5 steps on linear axes; powers of ten (with 2 and 5
    /// when the axis spans under three decades) on log axes.
    func ticks() -> [Double] {
        switch kind {
        case .linear:
            let raw = (high - low) / 5
            let magnitude = pow(10, floor(log10(raw)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
            var t = ceil(low / step) * step
            var out: [Double] = []
            while t <= high + step * 1e-9 { out.append(abs(t) < step * 1e-9 ? 0 : t); t += step }
            return out
        case .log:
            let decades = log10(high) - log10(low)
            let multipliers: [Double] = decades < 1.2 ? [1, 2, 3, 5] : decades < 3 ? [1, 2, 5] : [1]
            var out: [Double] = []
            var p = floor(log10(low))
            while p <= ceil(log10(high)) {
                for m in multipliers {
                    let v = m * pow(10, p)
                    if v >= low && v <= high { out.append(v) }
                }
                p += 1
            }
            return out
        }
    }
}

/// The plot area and axes of one SVG chart, and the shared SVG scaffolding
/// (title and description for screen readers, grid, tick labels).
struct ChartFrame {
    static let width = 640.0
    static let height = 340.0
    static let left = 78.0, right = 16.0, top = 14.0, bottom = 52.0

    var x: ChartAxis
    var y: ChartAxis
    var xTitle: String
    var yTitle: String
    var xLabel: (Double) -> String
    var yLabel: (Double) -> String
    /// False for categorical x axes that draw their own labels.
    var xTicks = true

    static var plotLeft: Double { left }
    static var plotRight: Double { width - right }
    static var plotTop: Double { top }
    static var plotBottom: Double { height - bottom }

    /// `<svg>` with `role="img"`, a `<title>` and `<desc>` the chart's
    /// text alternative, the axes and `body`. Focusable, so keyboard users
    /// reach it and hear its title.
    func svg(id: String, title: String, description: String, body: HTML) -> HTML {
        var grid: HTML = ""
        for t in xTicks ? x.ticks() : [] {
            let px = coordinate(x.map(t))
            grid += "<line class=\"grid\" x1=\"\(px)\" x2=\"\(px)\" y1=\"\(coordinate(Self.plotTop))\" y2=\"\(coordinate(Self.plotBottom))\"/>"
            grid += "<text class=\"tick\" x=\"\(px)\" y=\"\(coordinate(Self.plotBottom + 16))\" text-anchor=\"middle\">\(xLabel(t))</text>"
        }
        for t in y.ticks() {
            let py = coordinate(y.map(t))
            grid += "<line class=\"grid\" x1=\"\(coordinate(Self.plotLeft))\" x2=\"\(coordinate(Self.plotRight))\" y1=\"\(py)\" y2=\"\(py)\"/>"
            grid += "<text class=\"tick\" x=\"\(coordinate(Self.plotLeft - 6))\" y=\"\(coordinate(y.map(t) + 4))\" text-anchor=\"end\">\(yLabel(t))</text>"
        }
        let axes: HTML = """
        <rect class="plot" x="\(coordinate(Self.plotLeft))" y="\(coordinate(Self.plotTop))" width="\(coordinate(Self.plotRight - Self.plotLeft))" height="\(coordinate(Self.plotBottom - Self.plotTop))"/>\
        <text class="axis-title" x="\(coordinate((Self.plotLeft + Self.plotRight) / 2))" y="\(coordinate(Self.height - 12))" text-anchor="middle">\(xTitle)</text>\
        <text class="axis-title" transform="translate(16 \(coordinate((Self.plotTop + Self.plotBottom) / 2))) rotate(-90)" text-anchor="middle">\(yTitle)</text>
        """
        return """
        <svg class="chart" id="\(id)" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" tabindex="0" \
        aria-labelledby="\(id)-title \(id)-desc">\
        <title id="\(id)-title">\(title)</title><desc id="\(id)-desc">\(description)</desc>\
        \(grid)\(axes)<g clip-path="none">\(body)</g></svg>
        """
    }

    /// A polyline through `points` (pixels) with one marker per point;
    /// `labels[i]`, when given, becomes the marker's `<title>` (a hover
    /// tooltip without script, and the value a screen reader announces).
    static func line(_ points: [(Double, Double)], series: Int, labels: [String] = [], dashed: Bool = false) -> HTML {
        guard !points.isEmpty else { return "" }
        let path = points.map { "\(coordinate($0.0)),\(coordinate($0.1))" }.joined(separator: " ")
        var out: HTML = "<polyline class=\"series s\(series % 8)\(dashed ? " dashed" : "")\" points=\"\(path)\"/>"
        for (i, p) in points.enumerated() {
            out += marker(x: p.0, y: p.1, series: series, label: i < labels.count ? labels[i] : nil)
        }
        return out
    }

    /// Markers differ in shape as well as colour, so series stay apart in grey print and for colour-blind readers.
    static func marker(x: Double, y: Double, series: Int, label: String? = nil) -> HTML {
        let cx = coordinate(x), cy = coordinate(y)
        let c = "mark s\(series % 8)"
        let shape: (open: HTML, tag: HTML)
        switch series % 4 {
        case 0: shape = ("<circle class=\"\(c)\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"3.5\"", "circle")
        case 1: shape = ("<rect class=\"\(c)\" x=\"\(coordinate(x - 3.2))\" y=\"\(coordinate(y - 3.2))\" width=\"6.4\" height=\"6.4\"", "rect")
        case 2: shape = ("<path class=\"\(c)\" d=\"M\(cx) \(coordinate(y - 4.2))L\(coordinate(x + 4)) \(coordinate(y + 3))L\(coordinate(x - 4)) \(coordinate(y + 3))Z\"", "path")
        default: shape = ("<path class=\"\(c)\" d=\"M\(cx) \(coordinate(y - 4.5))L\(coordinate(x + 4.5)) \(cy)L\(cx) \(coordinate(y + 4.5))L\(coordinate(x - 4.5)) \(cy)Z\"", "path")
        }
        guard let label else { return shape.open + "/>" }
        return shape.open + "><title>\(label)</title></\(shape.tag)>"
    }

    /// Size labels for a log x axis: 1000 → "1k", 100000 → "100k".
    static func sizeLabel(_ v: Double) -> String {
        func compact(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : NumberFormat.fixed(x, 1) }
        if v >= 1e6 { return compact(v / 1e6) + "M" }
        if v >= 1e3 { return compact(v / 1e3) + "k" }
        return compact(v)
    }
}

