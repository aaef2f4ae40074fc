import Analysis

/// One cell's history: a variant at a size on an engine label, a point per
/// run that measured it, oldest first, with the steps the finder names and
/// the counters' exact changes.
struct HistorySeries {
    struct Point {
        var run: Int            // index into the page's runs
        var median, lower, upper: Double
        var counters: [String: Double]
    }

    struct CounterChange {
        var counter: String
        var run: Int
        var from, to: Double
    }

    var variant: String
    var size: Int
    var engine: String
    var points: [Point]

    var anchor: String { Slug.make("\(variant)-\(size)" + (engine == "default" ? "" : "-\(engine)")) }
    var label: String { "\(variant), n = \(NumberFormat.grouped(size))" + (engine == "default" ? "" : " [\(engine)]") }

    /// Found once, when the series is complete: pages ask for them several times.
    private(set) var steps: [StepFinder.Step] = []

    init(variant: String, size: Int, engine: String, points: [Point]) {
        self.variant = variant; self.size = size; self.engine = engine; self.points = points
    }

    mutating func findSteps() {
        steps = StepFinder().steps(points.map { StepFinder.Point(median: $0.median, lower: $0.lower, upper: $0.upper) })
    }

    /// Every run where a counter's value differs from the run before it:
    /// counters are exact, so any difference is a change.
    var counterChanges: [CounterChange] {
        var changes: [CounterChange] = []
        for (previous, point) in zip(points, points.dropFirst()) where previous.counters != point.counters {
            for name in Set(previous.counters.keys).union(point.counters.keys).sorted() {
                let a = previous.counters[name] ?? .nan, b = point.counters[name] ?? .nan
                if a != b, !(a.isNaN && b.isNaN) { changes.append(CounterChange(counter: name, run: point.run, from: a, to: b)) }
            }
        }
        return changes
    }
}
