import Analysis
import Foundation

/// Box plots of time per iteration at each size, one box per series:
/// box from the 25th to the 75th percentile, a bar at the median, whiskers
/// from the 5th to the 95th percentile, and every Tukey outlier (beyond
/// 1.5·IQR) drawn as a hollow dot — flagged, not dropped. Log y axis so
/// sizes a decade apart share one chart.
struct DistributionChart {
    struct Box {
        var size: Int
        var series: Int
        var p5: Double, p25: Double, median: Double, p75: Double, p95: Double
        var outliers: [Double]
    }

    var id: String
    var workloadTitle: String
    var seriesLabels: [String]
    var boxes: [Box]

    /// Outlier dots drawn per box at most (the data table gives the count).
    static let maxOutlierDots = 24

    func render() -> HTML {
        guard !boxes.isEmpty else { return "" }
        let sizes = Array(Set(boxes.map(\.size))).sorted()
        let values = boxes.flatMap { [$0.p5, $0.p95] + $0.outliers }
        let y = ChartAxis(kind: .log, values: values, from: ChartFrame.plotBottom, to: ChartFrame.plotTop)
        // Categorical x: one band per size.
        let band = (ChartFrame.plotRight - ChartFrame.plotLeft) / Double(sizes.count)
        let frame = ChartFrame(
            x: ChartAxis(kind: .linear, values: [0, 1], from: ChartFrame.plotLeft, to: ChartFrame.plotRight),
            y: y, xTitle: "N", yTitle: "time per iteration (log scale)",
            xLabel: { _ in "" }, yLabel: NumberFormat.seconds, xTicks: false)
        let seriesCount = max(seriesLabels.count, 1)
        let slot = band * 0.8 / Double(seriesCount)
        var body: HTML = ""
        for (j, size) in sizes.enumerated() {
            let bandLeft = ChartFrame.plotLeft + Double(j) * band
            body += "<text class=\"tick\" x=\"\(coordinate(bandLeft + band / 2))\" y=\"\(coordinate(ChartFrame.plotBottom + 16))\" text-anchor=\"middle\">\(ChartFrame.sizeLabel(Double(size)))</text>"
            for b in boxes where b.size == size {
                let cx = bandLeft + band * 0.1 + slot * (Double(b.series) + 0.5)
                let w = min(slot * 0.7, 28)
                let s = "s\(b.series % 8)"
                let label = "\(seriesLabels.indices.contains(b.series) ? seriesLabels[b.series] : ""), n = \(NumberFormat.grouped(size)): median \(NumberFormat.seconds(b.median)), p25–p75 \(NumberFormat.seconds(b.p25))–\(NumberFormat.seconds(b.p75)), p5–p95 \(NumberFormat.seconds(b.p5))–\(NumberFormat.seconds(b.p95)), \(NumberFormat.count(b.outliers.count, "outlier"))"
                body += """
                <g class="box"><title>\(label)</title><line class="whisker \(s)" x1="\(coordinate(cx))" x2="\(coordinate(cx))" y1="\(coordinate(y.map(b.p5)))" y2="\(coordinate(y.map(b.p95)))"/>\
                <rect class="iqr \(s)" x="\(coordinate(cx - w / 2))" y="\(coordinate(y.map(b.p75)))" width="\(coordinate(w))" height="\(coordinate(max(y.map(b.p25) - y.map(b.p75), 0.5)))"/>\
                <line class="median-bar \(s)" x1="\(coordinate(cx - w / 2))" x2="\(coordinate(cx + w / 2))" y1="\(coordinate(y.map(b.median)))" y2="\(coordinate(y.map(b.median)))"/>
                """
                for o in b.outliers.prefix(Self.maxOutlierDots) {
                    body += "<circle class=\"outlier \(s)\" cx=\"\(coordinate(cx))\" cy=\"\(coordinate(y.map(o)))\" r=\"2.5\"/>"
                }
                body += "</g>"
            }
        }
        let description = "Distribution of time per iteration at each N (\(sizes.map(String.init).joined(separator: ", "))) for "
            + seriesLabels.joined(separator: ", ")
            + ": boxes span the 25th to 75th percentile with a bar at the median, whiskers the 5th to 95th, hollow dots are Tukey outliers (kept in every statistic)."
        return frame.svg(id: id, title: "\(workloadTitle): distributions per size", description: description, body: body)
    }
}
