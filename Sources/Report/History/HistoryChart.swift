import Analysis

/// A series' chart: the median as a line, its interval as a band, a point
/// per column linking to its run's row, red rules at steps and dashed ones
/// where the workload's verdicts changed.
struct HistoryChart {
    static let columns = 120
    static let width = 720.0, height = 180.0
    static let left = 64.0, right = 10.0, top = 10.0, bottom = 24.0

    var series: HistorySeries
    var runCount: Int
    var stepRuns: [Int]
    var verdictChangeRuns: [Int]
    var commitOf: (Int) -> String

    func render() -> HTML {
        let points = series.points
        guard !points.isEmpty else { return "" }
        // Neighbouring points share a column when there are more than `columns`.
        let perColumn = max(1, (points.count + Self.columns - 1) / Self.columns)
        let groups = stride(from: 0, to: points.count, by: perColumn).map { Array(points[$0..<min($0 + perColumn, points.count)]) }
        let x = ChartAxis(kind: .linear, values: [0, Double(max(runCount - 1, 1))], from: Self.left, to: Self.width - Self.right)
        let y = ChartAxis(kind: .linear, values: points.flatMap { [$0.lower, $0.upper] }, from: Self.height - Self.bottom, to: Self.top)
        func px(_ run: Int) -> HTML { coordinate(x.map(Double(run))) }
        var line: [String] = [], upper: [String] = [], lower: [String] = []
        var marks: HTML = ""
        for group in groups {
            let run = group[0].run
            let median = StepFinder.median(group.map(\.median))
            let hi = group.map(\.upper).max() ?? median, lo = group.map(\.lower).min() ?? median
            let cx = px(run).raw
            line.append("\(cx),\(coordinate(y.map(median)).raw)")
            upper.append("\(cx),\(coordinate(y.map(hi)).raw)")
            lower.append("\(cx),\(coordinate(y.map(lo)).raw)")
            let label = "\(commitOf(run)) \(NumberFormat.seconds(median))" + (group.count > 1 ? " (\(group.count) runs)" : "")
            marks += "<a href=\"#r\(run)\"><circle class=\"mark\" cx=\"\(HTML(trusted: cx))\" cy=\"\(coordinate(y.map(median)))\" r=\"2.2\"><title>\(label)</title></circle></a>"
        }
        var rules: HTML = ""
        for run in verdictChangeRuns.prefix(40) {
            rules += "<line class=\"verdict-change\" x1=\"\(px(run))\" x2=\"\(px(run))\" y1=\"\(coordinate(Self.top))\" y2=\"\(coordinate(Self.height - Self.bottom))\"/>"
        }
        for run in stepRuns {
            rules += "<line class=\"step\" x1=\"\(px(run))\" x2=\"\(px(run))\" y1=\"\(coordinate(Self.top))\" y2=\"\(coordinate(Self.height - Self.bottom))\"/>"
        }
        var ticks: HTML = ""
        for t in y.ticks() where t >= y.low && t <= y.high {
            ticks += "<line class=\"grid\" x1=\"\(coordinate(Self.left))\" x2=\"\(coordinate(Self.width - Self.right))\" y1=\"\(coordinate(y.map(t)))\" y2=\"\(coordinate(y.map(t)))\"/>"
            ticks += "<text x=\"\(coordinate(Self.left - 4))\" y=\"\(coordinate(y.map(t) + 4))\" text-anchor=\"end\">\(NumberFormat.seconds(t))</text>"
        }
        let band = HTML(trusted: (upper + lower.reversed()).joined(separator: " "))
        let title = "\(series.label): median time per iteration over \(points.count) runs"
        let desc = "Oldest run on the left. \(series.steps.count) step(s) beyond the noise; the shaded band is each median's interval."
        return """
        <svg class="chart history" role="img" tabindex="0" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" aria-labelledby="t-\(series.anchor) d-\(series.anchor)">\
        <title id="t-\(series.anchor)">\(title)</title><desc id="d-\(series.anchor)">\(desc)</desc>\(ticks)\
        <polygon class="band" points="\(band)"/>\(rules)<polyline class="series" points="\(HTML(trusted: line.joined(separator: " ")))"/>\(marks)\
        <text x="\(coordinate(Self.left))" y="\(coordinate(Self.height - 6))">oldest</text>\
        <text x="\(coordinate(Self.width - Self.right))" y="\(coordinate(Self.height - 6))" text-anchor="end">newest</text></svg>
        """
    }
}
