import Comparison
import Foundation

/// The comparison's chart: one row per cell (and one per workload, its
/// cells pooled), the time shift candidate/base as a dot with its 95 %
/// interval as a bar, on a logarithmic axis centred on "no change", with the
/// threshold band shaded. Colour follows the verdict, and so does the
/// marker's shape (never colour alone).
struct ShiftChart {
    struct Row {
        var label: String
        var ratio: Double?
        var lower: Double?
        var upper: Double?
        var threshold: Double
        /// `slower`, `faster`, `same`, `unknown`, `error`…, for the colour and shape.
        var verdict: String
        var pooled = false
    }

    var id: String
    var title: String
    var rows: [Row]

    static let width = 900.0, rowHeight = 20.0, labelWidth = 300.0, top = 34.0, bottom = 34.0, right = 24.0
    /// The widest shift drawn: beyond it a bar ends in an arrow at the edge.
    static let widest = 4.0

    /// The axis reaches the widest interval end and twice the largest
    /// threshold, symmetric in log ratio, at most ×4 or ÷4.
    var halfSpan: Double {
        var d = 0.0
        for r in rows {
            d = max(d, 2 * log1p(r.threshold))
            for v in [r.ratio, r.lower, r.upper].compactMap({ $0 }) where v.isFinite && v > 0 { d = max(d, abs(log(v))) }
        }
        return min(max(d * 1.08, 0.02), log(Self.widest))
    }

    /// A ratio's pixel position.
    func x(_ ratio: Double) -> Double {
        let d = halfSpan
        let l = ratio.isFinite && ratio > 0 ? min(max(log(ratio), -d), d) : 0
        return Self.labelWidth + (l + d) / (2 * d) * (Self.width - Self.labelWidth - Self.right)
    }

    func y(_ row: Int) -> Double { Self.top + (Double(row) + 0.5) * Self.rowHeight }

    func render() -> HTML {
        let height = Self.top + Double(rows.count) * Self.rowHeight + Self.bottom
        let plotLeft = Self.labelWidth
        var body: HTML = ""
        // The threshold band of each row (thresholds may differ per workload).
        for (i, r) in rows.enumerated() {
            let lo = x(1 / (1 + r.threshold)), hi = x(1 + r.threshold)
            body += "<rect class=\"band\" x=\"\(coordinate(lo))\" y=\"\(coordinate(y(i) - Self.rowHeight / 2))\" width=\"\(coordinate(hi - lo))\" height=\"\(coordinate(Self.rowHeight))\"/>"
        }
        // Ticks at round percentages within the span.
        let d = halfSpan
        for pct in [-75.0, -50, -25, -10, -5, -2, 0, 2, 5, 10, 25, 50, 100, 200, 300] {
            let ratio = 1 + pct / 100
            guard abs(log(ratio)) <= d else { continue }
            let px = x(ratio)
            body += "<line class=\"grid\" x1=\"\(coordinate(px))\" x2=\"\(coordinate(px))\" y1=\"\(coordinate(Self.top - 4))\" y2=\"\(coordinate(height - Self.bottom))\"/>"
            body += "<text x=\"\(coordinate(px))\" y=\"\(coordinate(height - Self.bottom + 14))\" text-anchor=\"middle\">\(pct > 0 ? "+" : "")\(Int(pct)) %</text>"
        }
        body += "<line class=\"reference\" x1=\"\(coordinate(x(1)))\" x2=\"\(coordinate(x(1)))\" y1=\"\(coordinate(Self.top - 8))\" y2=\"\(coordinate(height - Self.bottom))\"/>"
        for (i, r) in rows.enumerated() {
            let cy = y(i)
            body += "<text class=\"row-label\(r.pooled ? " pooled" : "")\" x=\"\(coordinate(plotLeft - 8))\" y=\"\(coordinate(cy + 4))\" text-anchor=\"end\">\(r.label)</text>"
            guard let ratio = r.ratio, ratio.isFinite, ratio > 0 else {
                body += "<text class=\"no-shift\" x=\"\(coordinate(plotLeft + 6))\" y=\"\(coordinate(cy + 4))\">no time shift (\(r.verdict))</text>"
                continue
            }
            let lower = r.lower ?? ratio, upper = r.upper ?? ratio
            let tip = "\(r.label): \(ComparisonHeadline.signedPercent(ratio)) [\(ComparisonHeadline.signedPercent(lower)), \(ComparisonHeadline.signedPercent(upper))], \(r.verdict)"
            let mark: HTML = switch r.verdict {
            case "slower", "more work", "behaviour changed":
                "<rect class=\"dot\" x=\"\(coordinate(x(ratio) - 4.5))\" y=\"\(coordinate(cy - 4.5))\" width=\"9\" height=\"9\"/>"
            case "unknown":
                "<path class=\"dot\" d=\"M\(coordinate(x(ratio))) \(coordinate(cy - 5.5))l5.5 5.5l-5.5 5.5l-5.5 -5.5z\"/>"
            default:
                "<circle class=\"dot\" cx=\"\(coordinate(x(ratio)))\" cy=\"\(coordinate(cy))\" r=\"4.5\"/>"
            }
            let clippedLow = lower.isFinite && lower > 0 && abs(log(lower)) > d
            let clippedHigh = upper.isFinite && upper > 0 && abs(log(upper)) > d
            body += """
            <g class="shift v-\(Self.tone(r.verdict))" data-ratio="\(String(ratio))" data-lower="\(String(lower))" data-upper="\(String(upper))" \
            data-x="\(coordinate(x(ratio)))" data-x-lower="\(coordinate(x(lower)))" data-x-upper="\(coordinate(x(upper)))"><title>\(tip)</title>\
            <line class="interval" x1="\(coordinate(x(lower)))" x2="\(coordinate(x(upper)))" y1="\(coordinate(cy))" y2="\(coordinate(cy))"/>\
            \(clippedLow ? "<path class=\"arrow\" d=\"M\(coordinate(x(lower))) \(coordinate(cy))l6 -4v8z\"/>" as HTML : "")\
            \(clippedHigh ? "<path class=\"arrow\" d=\"M\(coordinate(x(upper))) \(coordinate(cy))l-6 -4v8z\"/>" as HTML : "")\(mark)</g>
            """
        }
        let desc = "Each row is a cell (bold: a workload's cells pooled): the dot is the candidate's time over the base's, the bar its 95 % interval; "
            + "the shaded band is the threshold; left of the centre line is faster, right is slower."
        return """
        <svg class="chart shift-chart" id="\(id)" role="img" tabindex="0" aria-labelledby="\(id)-t \(id)-d" viewBox="0 0 \(coordinate(Self.width)) \(coordinate(height))" \
        width="\(coordinate(Self.width))" height="\(coordinate(height))"><title id="\(id)-t">\(title)</title><desc id="\(id)-d">\(desc)</desc>\
        <text class="axis-title" x="\(coordinate(x(1)))" y="16" text-anchor="middle">time, candidate over base (log scale) — faster ◀ ▶ slower</text>\
        \(body)</svg>
        """
    }

    static func tone(_ verdict: String) -> String {
        switch verdict {
        case "error": "error"
        case "slower", "more work", "behaviour changed": "1"
        case "unknown": "unknown"
        default: "0"
        }
    }
}
