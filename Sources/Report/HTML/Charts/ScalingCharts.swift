import Analysis
import Foundation

/// One line of a scaling chart: a variant (on an engine) across sizes.
struct ChartSeries {
    var label: String
    /// Ascending sizes with the median seconds per iteration and its 95 % interval.
    var points: [(size: Int, median: Double, lower: Double, upper: Double)]
    /// "k = 1.02 [0.98, 1.06], O(n)" — shown in the legend.
    var fitText: String
}

/// Time against N on log–log axes, with the fitted exponent in the legend
/// and dashed reference slopes 1 and 2 through the first series' first
/// point: a line parallel to "slope 1" is linear, to "slope 2" quadratic.
struct LogLogChart {
    var id: String
    var workloadTitle: String
    var series: [ChartSeries]

    func render() -> HTML {
        let all = series.flatMap(\.points)
        guard let anchor = series.first(where: { !$0.points.isEmpty })?.points.first else { return "" }
        let sizes = all.map { Double($0.size) }
        let frame = ChartFrame(
            x: ChartAxis(kind: .log, values: sizes, from: ChartFrame.plotLeft, to: ChartFrame.plotRight),
            y: ChartAxis(kind: .log, values: all.flatMap { [$0.lower, $0.upper, $0.median] },
                         from: ChartFrame.plotBottom, to: ChartFrame.plotTop),
            xTitle: "N (log scale)", yTitle: "time per iteration (log scale)",
            xLabel: ChartFrame.sizeLabel, yLabel: NumberFormat.seconds)
        var body: HTML = "<clipPath id=\"\(id)-clip\"><rect x=\"\(coordinate(ChartFrame.plotLeft))\" y=\"\(coordinate(ChartFrame.plotTop))\" width=\"\(coordinate(ChartFrame.plotRight - ChartFrame.plotLeft))\" height=\"\(coordinate(ChartFrame.plotBottom - ChartFrame.plotTop))\"/></clipPath>"
        var references: HTML = ""
        for slope in [1.0, 2.0] {
            let (n0, t0) = (Double(anchor.size), anchor.median)
            let nMax = frame.x.high
            let p0 = (frame.x.map(frame.x.low), frame.y.map(t0 * pow(frame.x.low / n0, slope)))
            let p1 = (frame.x.map(nMax), frame.y.map(t0 * pow(nMax / n0, slope)))
            references += "<line class=\"reference\" x1=\"\(coordinate(p0.0))\" y1=\"\(coordinate(p0.1))\" x2=\"\(coordinate(p1.0))\" y2=\"\(coordinate(p1.1))\"/>"
            let labelX = frame.x.map(Double(anchor.size) * 1.5)
            references += "<text class=\"reference-label\" x=\"\(coordinate(labelX + 4))\" y=\"\(coordinate(frame.y.map(t0 * pow(1.5, slope)) - 4))\">slope \(Int(slope))</text>"
        }
        body += "<g clip-path=\"url(#\(id)-clip)\">\(references)</g>"
        for (i, s) in series.enumerated() {
            for p in s.points where p.upper > p.lower {
                let x = coordinate(frame.x.map(Double(p.size)))
                body += "<line class=\"errorbar s\(i % 8)\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(coordinate(frame.y.map(p.lower)))\" y2=\"\(coordinate(frame.y.map(p.upper)))\"/>"
            }
            body += ChartFrame.line(s.points.map { (frame.x.map(Double($0.size)), frame.y.map($0.median)) }, series: i,
                                    labels: s.points.map { "\(s.label), n = \(NumberFormat.grouped($0.size)): median \(NumberFormat.seconds($0.median)) (95 % \(NumberFormat.seconds($0.lower))–\(NumberFormat.seconds($0.upper)))" })
        }
        let description = "Median time per iteration against N for " + series.map { "\($0.label) (\($0.fitText))" }.joined(separator: "; ")
            + ". Dashed lines: reference slopes 1 (linear) and 2 (quadratic). The data table below lists every point."
        return frame.svg(id: id, title: "\(workloadTitle): time against N, log–log", description: description, body: body)
    }
}

/// Time per item, median / N, against N (log x, linear y from 0): a flat
/// line is linear, a rising one super-linear, a falling one overhead
/// being amortised.
struct PerItemChart {
    var id: String
    var workloadTitle: String
    var series: [ChartSeries]

    func render() -> HTML {
        let all = series.flatMap(\.points)
        guard !all.isEmpty else { return "" }
        let perItem = all.map { $0.median / Double(max($0.size, 1)) }
        let frame = ChartFrame(
            x: ChartAxis(kind: .log, values: all.map { Double($0.size) }, from: ChartFrame.plotLeft, to: ChartFrame.plotRight),
            y: ChartAxis(kind: .linear, values: perItem, from: ChartFrame.plotBottom, to: ChartFrame.plotTop, includeZero: true),
            xTitle: "N (log scale)", yTitle: "time per item (median / N)",
            xLabel: ChartFrame.sizeLabel, yLabel: NumberFormat.seconds)
        var body: HTML = ""
        for (i, s) in series.enumerated() {
            body += ChartFrame.line(s.points.map { (frame.x.map(Double($0.size)), frame.y.map($0.median / Double(max($0.size, 1)))) }, series: i,
                                    labels: s.points.map { "\(s.label), n = \(NumberFormat.grouped($0.size)): \(NumberFormat.seconds($0.median / Double(max($0.size, 1)))) per item" })
        }
        let description = "Median time per item (time divided by N) against N for " + series.map(\.label).joined(separator: ", ")
            + ". Flat means linear growth; rising means super-linear."
        return frame.svg(id: id, title: "\(workloadTitle): time per item against N", description: description, body: body)
    }
}

/// Legend entries matching the chart's series styles.
func chartLegend(_ series: [ChartSeries]) -> HTML {
    var items: HTML = ""
    for (i, s) in series.enumerated() {
        items += """
        <li><svg class="key" viewBox="0 0 28 12" aria-hidden="true"><line class="series s\(i % 8)" x1="0" y1="6" x2="28" y2="6"/>\
        \(ChartFrame.marker(x: 14, y: 6, series: i))</svg> <span class="series-name">\(s.label)</span> <span class="fit">\(s.fitText)</span></li>
        """
    }
    return "<ul class=\"legend\">\(items)<li><svg class=\"key\" viewBox=\"0 0 28 12\" aria-hidden=\"true\"><line class=\"reference\" x1=\"0\" y1=\"6\" x2=\"28\" y2=\"6\"/></svg> reference slopes 1 and 2 (log–log chart)</li></ul>"
}
