/// A read-only text view, as `UILabel`, measured with the window's
/// `TextMeasurer` (HarfBuzz shaping of DejaVu Sans by default).
///
/// Setting `text`, `font` or the other text attributes only invalidates the
/// intrinsic size: the text is measured once, in the next update-constraints
/// phase, however many attributes changed. Multi-line labels without a
/// `preferredMaxLayoutWidth` wrap at the width the engine gives them, the
/// two-pass UIKit way: measured unbounded first, then again at the width
/// they were laid out with.
open class Label: View {
    public var text = "" {
        didSet { if text != oldValue { textAttributesChanged() } }
    }
    public var font = Font.system(size: 17) {
        didSet { if font != oldValue { textAttributesChanged() } }
    }
    /// The most lines shown; 0 means no limit. 1 (the default) never wraps.
    public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { textAttributesChanged() } }
    }
    public var lineBreakMode = LineBreakMode.byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textAttributesChanged() } }
    }
    public var lineHeight = LineHeight.natural {
        didSet { if lineHeight != oldValue { textAttributesChanged() } }
    }
    /// The width multi-line text wraps at for the intrinsic size; 0 (the
    /// default) means the width the engine gives the label.
    public var preferredMaxLayoutWidth = 0.0 {
        didSet { if preferredMaxLayoutWidth != oldValue { textAttributesChanged() } }
    }
    /// Space around the text in the intrinsic size (buttons and text fields pad their text).
    var textPadding = EdgeInsets.zero
    /// The smallest intrinsic height (controls have a minimum touch height).
    var minimumHeight = 0.0

    /// The text whose size is the label's (text fields measure their placeholder when empty).
    var textForMeasurement: String { text }

    /// A measurer for this label alone (nil: the window's; a label outside
    /// any window and without one measures approximately, with a throw-away
    /// `ApproximateTextMeasurer`, so engines on different threads share nothing).
    public var measurer: (any TextMeasurer)?

    /// Metrics of the last intrinsic-size measurement.
    public private(set) var intrinsicMetrics: TextLayoutMetrics?
    /// The wrapping width that measurement used (nil: unbounded).
    private var measuredWidth: Double?
    private var lastRequest: TextMeasurementRequest?
    private var lastMetrics: TextLayoutMetrics?
    /// The text's shaping, kept by labels that wrap at the engine's width
    /// so that measuring it at another width (the second of the two passes,
    /// a rotation) only breaks lines again. Boxed: held inline it would make
    /// every label larger, including the many that never use it.
    private var shaping: ShapingBox?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// A label showing `text` in `font`, ready for constraints.
    public convenience init(text: String, font: Font = .system(size: 17), numberOfLines: Int = 1) {
        self.init(frame: .zero)
        self.text = text
        self.font = font
        self.numberOfLines = numberOfLines
        translatesAutoresizingMaskIntoConstraints = false
    }

    private func textAttributesChanged() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// The width text wraps at for the intrinsic size.
    private var wrappingWidth: Double? {
        if numberOfLines == 1 { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return storedFrame.width > 0 ? storedFrame.width : nil
    }

    open override var intrinsicContentSize: Size {
        let width = wrappingWidth
        measuredWidth = width
        let m = metrics(availableWidth: width.map { $0 - textPadding.left - textPadding.right })
        intrinsicMetrics = m
        return padded(m)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let width: Double? = numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? nil
            : size.width - textPadding.left - textPadding.right
        return padded(metrics(availableWidth: width))
    }

    private func padded(_ m: TextLayoutMetrics) -> Size {
        Size(width: pixelCeil(m.size.width) + textPadding.left + textPadding.right,
             height: max(minimumHeight, pixelCeil(m.size.height) + textPadding.top + textPadding.bottom))
    }

    /// Measures the text at `availableWidth`; the same request twice in a
    /// row is answered without asking the measurer again, and the same text
    /// and font at another width is not shaped again.
    public func metrics(availableWidth: Double?) -> TextLayoutMetrics {
        let request = TextMeasurementRequest(text: textForMeasurement, font: font, availableWidth: availableWidth,
                                             numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                             lineHeight: lineHeight)
        if let lastRequest, let lastMetrics, lastRequest == request { return lastMetrics }
        let m = measurer ?? windowEngine?._withUnsafeGuaranteedRef { $0.measurer }
            ?? ApproximateTextMeasurer(cacheCapacity: 1)
        let before = m.statistics
        let result: TextLayoutMetrics
        if wrapsAtEngineWidth {
            let box = shaping ?? ShapingBox()
            shaping = box
            result = m.measure(request, reusing: &box.shaped)
        } else {
            // Other labels measure a text at one width; holding its shaping
            // would only keep memory (and free it later) for nothing.
            shaping = nil
            result = m.measure(request)
        }
        let after = m.statistics
        let measured = Int64(after.measurements - before.measurements)
        let characters = Int64(after.charactersMeasured - before.charactersMeasured)
        let nanoseconds = Int64(after.measuringNanoseconds) - Int64(before.measuringNanoseconds)
        counters.textMeasurements += measured
        counters.textCharactersMeasured += characters
        counters.textMeasurementNanoseconds += nanoseconds
        windowEngine?._withUnsafeGuaranteedRef { engine in
            engine.counters.add(.textMeasureRequests)
            engine.counters.add(.textMeasurements, measured)
            engine.counters.add(.textCharactersMeasured, characters)
            engine.counters.textMeasurementNanoseconds += nanoseconds
            engine.trace?.append("measure \(debugName)")
        }
        lastRequest = request
        lastMetrics = result
        return result
    }

    override var hasBaselines: Bool { true }
    /// Text is centred vertically in any extra height (padding, minimum height).
    private var textTop: Double {
        guard let m = intrinsicMetrics else { return 0 }
        let h = padded(m).height
        return (h - pixelCeil(m.size.height)) / 2
    }
    override var firstBaselineOffsetFromTop: Double { textTop + (intrinsicMetrics?.firstBaseline ?? 0) }
    override var lastBaselineOffsetFromBottom: Double {
        guard let m = intrinsicMetrics else { return 0 }
        return padded(m).height - textTop - m.lastBaseline
    }

    override func intrinsicSizeDidUpdate(_ engine: Engine) {
        guard baselineReferenceCount > 0 else { return }
        // Attributes first: most constraints name no baseline.
        // By index, reading the attributes in place: `for c in references`
        // retained and released every constraint of every label.
        var i = 0
        while i < references.count {
            let a = references[i].firstAttribute, b = references[i].secondAttribute
            if a.isBaseline || b.isBaseline {
                let c = references[i]
                if (a.isBaseline && c.isFirstItem(self)) || (b.isBaseline && c.isSecondItem(self)) {
                    engine.anchorsChanged(c)
                }
            }
            i += 1
        }
    }

    /// Whether the two-pass rule below applies: the label wraps at whatever
    /// width its constraints give it.
    private var wrapsAtEngineWidth: Bool {
        numberOfLines != 1 && preferredMaxLayoutWidth <= 0 && !translatesAutoresizingMaskIntoConstraints
    }

    /// The two-pass rule: a wrapping label laid out at a width its text no
    /// longer fits (or that would unwrap it) measures again.
    override func sizeDidChange(from oldSize: Size) {
        guard wrapsAtEngineWidth, engine != nil,
              let m = intrinsicMetrics, !intrinsicSizeIsInvalid else { return }
        let width = storedFrame.width
        let epsilon = 0.001
        let tooNarrow = width + epsilon < m.size.width
        let roomToUnwrap = width > (measuredWidth ?? .infinity) + epsilon && (m.lineCount > 1 || m.isTruncated)
        if tooNarrow || roomToUnwrap { invalidateIntrinsicContentSize() }
    }
}

/// Rounds up to the pixel grid of a 2× screen, as UIKit sizes text.
func pixelCeil(_ x: Double) -> Double { (x * 2 - 1e-9).rounded(.up) / 2 }

/// A label's `ShapedText`, on the heap (see `Label.shaping`).
private final class ShapingBox {
    var shaped: ShapedText?
}
