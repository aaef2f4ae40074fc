import Geometry
import LayoutEngine
import SampleViews

/// Scenario 4 (220, 35:02–38:00): N multi-line labels in a column, each
/// switching between two texts of `text_length` characters and back per step
/// (one frame each). `measured` labels report their size through
/// `intrinsicContentSize`, which measures the text; `override` labels know
/// their size without measuring (worked out once, before the benchmark, as
/// an app would from its data) and return it, so the engine never measures.
/// Both lay out the same frames.
final class TextMeasurementDriver: ScenarioDriver {
    static let name = "text-measurement"
    static let wrapWidth = 343.0

    /// A label whose size is known from its data: `intrinsicContentSize` returns it without measuring.
    final class KnownSizeLabel: Label {
        var knownSizes: [String: Size] = [:]
        override var intrinsicContentSize: Size { knownSizes[text] ?? Size(width: 0, height: 0) }
    }

    /// Each label's slot in the column: taller than any of its texts.
    static let slot = 400.0

    private let window: Window
    private let column: View
    private var labels: [Label] = []
    private var texts: [(String, String)] = []
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let count = try p.int("labels"), length = try p.int("text_length")
        let override = try p.choice("mode", ["measured", "override"]) == "override"
        window = ViewScene.window()
        // Each label sits in its own slot of the column, pinned by constants: an independent
        // block whose text alone decides its work, so the measurement, not a chain of labels,
        // decides how the cost grows. (Stacked by their heights, every label below one whose
        // height changed would move too: the first such label is nearer the top the more
        // labels there are, so the constant changes per label would grow with N.)
        column = View(frame: Rect(x: 0, y: 0, width: 375, height: Self.slot * Double(count)))
        column.name = "column"
        window.addSubview(column)
        var text = SeededText(seed: seed)
        func paragraph() -> String {
            var s = ""
            while s.count < length { s += (s.isEmpty ? "" : " ") + text.sentence(words: 8) }
            return String(s.prefix(length))
        }
        // Sizes an app would know from its data: measured here, outside the window, before the benchmark.
        let probe = Label(text: "", numberOfLines: 0)
        probe.measurer = ViewScene.measurer(cached: true)   // its own measurer: not the window's, not counted
        func size(_ s: String) -> Size {
            probe.text = s
            return probe.sizeThatFits(Size(width: Self.wrapWidth, height: .infinity))
        }
        for i in 0..<count {
            let pair = (paragraph(), paragraph())
            texts.append(pair)
            let label: Label
            if override {
                let known = KnownSizeLabel(text: pair.0, numberOfLines: 0)
                known.knownSizes = [pair.0: size(pair.0), pair.1: size(pair.1)]
                label = known
            } else {
                label = Label(text: pair.0, numberOfLines: 0)
            }
            label.name = "label\(i)"
            label.preferredMaxLayoutWidth = Self.wrapWidth
            label.translatesAutoresizingMaskIntoConstraints = false
            column.addSubview(label)
            LayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: column.topAnchor, constant: Self.slot * Double(i)),
                label.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: 16),
            ])
            labels.append(label)
        }
        window.runFrame()
        try step()   // one round to the engine's steady state: every measured step is then alike
    }

    func step() throws(ScenarioError) {
        for (label, t) in zip(labels, texts) { label.text = t.1 }
        window.runFrame()
        sink += labels.last?.frame.height ?? 0
        for (label, t) in zip(labels, texts) { label.text = t.0 }
        window.runFrame()
        sink += labels.last?.frame.height ?? 0
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { column.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
