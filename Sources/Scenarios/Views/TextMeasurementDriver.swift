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

    private let window: Window
    private let column: View
    private var labels: [Label] = []
    private var texts: [(String, String)] = []
    private(set) var sink = 0.0

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let count = try p.int("labels"), length = try p.int("text_length")
        let override = try p.choice("mode", ["measured", "override"]) == "override"
        window = ViewScene.window()
        column = View.constrained("column")
        window.addSubview(column)
        var cs = [column.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                  column.topAnchor.constraint(equalTo: window.topAnchor),
                  column.widthAnchor.constraint(equalToConstant: 375)]
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
        var previous: Label?
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
            column.addSubview(label)
            cs.append(label.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: 16))
            cs.append(label.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? column.topAnchor, constant: 8))
            labels.append(label)
            previous = label
        }
        if let previous { cs.append(column.bottomAnchor.constraint(equalTo: previous.bottomAnchor, constant: 8)) }
        LayoutConstraint.activate(cs)
        window.runFrame()
        try step()   // one round to the engine's steady state: every measured step is then alike
    }

    func step() throws(ScenarioError) {
        for (label, t) in zip(labels, texts) { label.text = t.1 }
        window.runFrame()
        sink += column.frame.height
        for (label, t) in zip(labels, texts) { label.text = t.0 }
        window.runFrame()
        sink += column.frame.height
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { column.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
