import Testing
@testable import LayoutEngine

/// Labels measure real DejaVu Sans text: widths from the font's own tables
/// (see TextMeasurementTests/Fixtures/DejaVuExpectations.swift).
@Suite struct LabelTests {
    /// "Hello, World" is 12362 font units wide with kerning, of 2048 per em;
    /// a line is 1901 + 483 units high.
    static let helloWidth17 = 12362.0 / 2048 * 17
    static let lineHeight17 = (1901.0 + 483) / 2048 * 17

    @Test func intrinsicSizeIsTheMeasuredTextRoundedToPixels() {
        let window = makeWindow()
        let label = Label(text: "Hello, World")
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                                   label.topAnchor.constraint(equalTo: window.topAnchor, constant: 10)])
        window.runFrame()
        let metrics = try! #require(label.intrinsicMetrics)
        #expect(abs(metrics.size.width - Self.helloWidth17) < 1e-6)
        #expect(abs(metrics.size.height - Self.lineHeight17) < 1e-6)
        #expect(label.frame == Rect(x: 10, y: 10, width: 103, height: 20))   // 102.6 and 19.8, up to the 2× pixel grid
    }

    @Test func emptyTextHasZeroSize() {
        let window = makeWindow()
        let label = Label(text: "")
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor)])
        window.runFrame()
        #expect(label.frame.size == .zero)
    }

    /// Multi-line without preferredMaxLayoutWidth: measured unbounded, laid
    /// out at the width the constraints give, measured again at that width.
    @Test func wrappingLabelsUseTheEngineWidthInTwoPasses() {
        let window = makeWindow()
        let text = "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow!"
        let label = Label(text: text, font: .system(size: 12), numberOfLines: 0)
        window.addSubview(label)
        let width = label.widthAnchor.constraint(equalToConstant: 120)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor), width])
        window.runFrame()
        let lines = label.intrinsicMetrics!.lineTexts(of: text)
        #expect(lines == ["The quick brown", "fox jumps over the", "lazy dog. Sphinx of", "black quartz, judge", "my vow!"])
        let lineHeight = (1901.0 + 483) / 2048 * 12
        #expect(label.frame.height == pixelCeil(5 * lineHeight))
        #expect(window.engineCounters[.textMeasurements] == 2)
        // The second pass breaks the first pass's shaping into lines again.
        #expect(window.textMeasurer.statistics.shapingReuses == 1)

        // New text is measured once, at the width the label has, so it is
        // shaped anew; a wider label then re-breaks that shaping.
        label.text = "Pack my box with five dozen liquor jugs."
        window.runFrame()
        #expect(window.engineCounters[.textMeasurements] == 3)
        #expect(window.textMeasurer.statistics.shapingReuses == 1)
        width.constant = 300
        window.runFrame()
        #expect(label.intrinsicMetrics!.lineCount == 1)
        #expect(window.engineCounters[.textMeasurements] == 4)
        #expect(window.textMeasurer.statistics.shapingReuses == 2)
    }

    @Test func preferredMaxLayoutWidthMeasuresOnce() {
        let window = makeWindow()
        let text = "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow!"
        let label = Label(text: text, font: .system(size: 12), numberOfLines: 0)
        label.preferredMaxLayoutWidth = 90
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor)])
        window.runFrame()
        #expect(label.intrinsicMetrics!.lineCount == 7)
        #expect(window.engineCounters[.textMeasurements] == 1)
    }

    @Test func numberOfLinesLimitsTheHeight() {
        let window = makeWindow()
        let text = "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow!"
        let label = Label(text: text, font: .system(size: 12), numberOfLines: 2)
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor),
                                   label.widthAnchor.constraint(equalToConstant: 120)])
        window.runFrame()
        #expect(label.intrinsicMetrics!.lineCount == 2)
        #expect(label.intrinsicMetrics!.isTruncated)
    }

    @Test func firstBaselinesAlignAcrossFonts() {
        let window = makeWindow()
        let small = Label(text: "small", font: .system(size: 12))
        let big = Label(text: "BIG", font: .boldSystem(size: 30))
        window.addSubview(small)
        window.addSubview(big)
        LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: window.leadingAnchor), big.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        window.runFrame()
        let ascent = 1901.0 / 2048
        #expect(abs((small.frame.minY + ascent * 12) - (big.frame.minY + ascent * 30)) < 1e-9)
        // A new font moves the baseline; the constraint follows in place.
        big.font = .boldSystem(size: 40)
        window.runFrame()
        #expect(abs((small.frame.minY + ascent * 12) - (big.frame.minY + ascent * 40)) < 1e-9)
    }

    @Test func measurementGoesThroughTheInjectedMeasurer() {
        let approximate = ApproximateTextMeasurer()
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), measurer: approximate)
        let label = Label(text: "abcd")   // 4 × 0.515 × 17
        window.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   label.topAnchor.constraint(equalTo: window.topAnchor)])
        window.runFrame()
        #expect(label.frame.width == pixelCeil(4 * 0.515 * 17))
        #expect(approximate.statistics.measurements == 1)
    }

    @Test func sizeThatFitsWrapsAtTheGivenWidth() {
        let window = makeWindow()
        let label = Label(text: "The quick brown fox jumps over the lazy dog. Sphinx of black quartz, judge my vow!",
                          font: .system(size: 12), numberOfLines: 0)
        window.addSubview(label)
        let size = label.sizeThatFits(Size(width: 170, height: .infinity))
        #expect(size.height == pixelCeil(4 * (1901.0 + 483) / 2048 * 12))
    }

    @Test func imageViewsSizeToTheirImage() {
        let window = makeWindow()
        let image = pinnedAvatar(in: window)
        #expect(image.frame.size == Size(width: 40, height: 30))
        image.image = Image(name: "big", size: Size(width: 80, height: 60))
        window.runFrame()
        #expect(image.frame.size == Size(width: 80, height: 60))
        image.image = nil
        window.runFrame()
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.isEmpty)
    }

    @Test func contentSizeIsOneConstraintPerAxisUnlessOneSideIsRequired() {
        let window = makeWindow()
        let image = ImageView(image: Image(name: "avatar", size: Size(width: 40, height: 30)))
        window.addSubview(image)
        let pull = image.widthAnchor.constraint(equalToConstant: 60).withPriority(500)
        LayoutConstraint.activate([image.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                                   image.topAnchor.constraint(equalTo: window.topAnchor), pull])
        window.runFrame()
        var sizes = image.installedConstraints.filter { $0.kind == .contentSize }
        #expect(sizes.count == 2)
        #expect(sizes.allSatisfy { $0.relation == .equal && $0.huggingPriority == .defaultLow && $0.priority == .defaultHigh })
        #expect(sizes[0].description.hasSuffix("width == 40 Hug:250 CompressionResistance:750>"))
        #expect(image.frame.width == 60)   // 500 beats hugging

        image.setContentHuggingPriority(600, for: .horizontal)   // in place: still one constraint
        window.runFrame()
        #expect(image.frame.width == 40)
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.count == 2)

        image.setContentHuggingPriority(.required, for: .horizontal)   // one side required: two inequalities
        pull.constant = 20   // squeezing at 500 still loses to compression resistance
        window.runFrame()
        #expect(image.frame.width == 40)
        sizes = image.installedConstraints.filter { $0.kind == .contentSize && $0.firstAttribute == .width }
        #expect(sizes.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])

        image.setContentCompressionResistancePriority(.required, for: .horizontal)   // both: one equality
        window.runFrame()
        sizes = image.installedConstraints.filter { $0.kind == .contentSize && $0.firstAttribute == .width }
        #expect(sizes.count == 1 && sizes[0].priority.isRequired && sizes[0].huggingPriority == nil)
        #expect(image.frame.width == 40)
        #expect(window.constraintMessages.isEmpty)
    }

    /// The two-sided form is held by the view as the solver's equation
    /// (no constraint object): it still counts as a constraint added,
    /// changed in place and removed, and the solver holds exactly it.
    @Test func twoSidedContentSizeIsAnEquationCountedAsAConstraint() {
        let window = makeWindow()
        let before = window.engineCounters
        let image = pinnedAvatar(in: window)   // two pins and two content-size equations
        var counted = window.engineCounters - before
        #expect(counted[.constraintsAdded] == 4 && counted[.solverConstraintsAdded] == 4)
        #expect(image.counters.constraintsAdded == 4)
        #expect(image.contentSizeConstraints.isEmpty && image.contentSizeEquations.width != nil)

        let resized = window.engineCounters
        image.image = Image(name: "big", size: Size(width: 80, height: 60))
        window.runFrame()
        counted = window.engineCounters - resized
        #expect(counted[.constantChanges] == 2 && counted[.constraintsAdded] == 0)
        #expect(image.frame.size == Size(width: 80, height: 60))

        let reprioritised = window.engineCounters
        image.setContentHuggingPriority(600, for: .vertical)
        window.runFrame()
        counted = window.engineCounters - reprioritised
        #expect(counted[.priorityChanges] == 1 && counted[.constraintsAdded] == 0)
        let heights = image.installedConstraints.filter { $0.kind == .contentSize && $0.firstAttribute == .height }
        #expect(heights.count == 1 && heights[0].huggingPriority == 600 && heights[0].constant == 60)

        let removed = window.engineCounters
        image.removeFromSuperview()
        counted = window.engineCounters - removed
        #expect(counted[.constraintsRemoved] == 4)
        #expect(image.contentSizeEquations.isEmpty)
        #expect(window.layoutEngine.solver.constraintCount == 0)
    }

    /// A view whose window went away (closing its engine without the view
    /// leaving it) sizes itself again in the next window: what the old
    /// engine held is dropped when the view enters the new one.
    @Test func contentSizeIsMadeAgainInTheNextWindow() {
        let image: ImageView
        do {
            let first = makeWindow()
            image = pinnedAvatar(in: first)
            #expect(image.frame.size == Size(width: 40, height: 30))
        }
        let second = makeWindow()
        second.addSubview(image)
        LayoutConstraint.activate([image.leadingAnchor.constraint(equalTo: second.leadingAnchor, constant: 5),
                                   image.topAnchor.constraint(equalTo: second.topAnchor, constant: 5)])
        image.frame = Rect(x: 0, y: 0, width: 1, height: 1)
        second.runFrame()
        #expect(image.frame == Rect(x: 5, y: 5, width: 40, height: 30))
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.count == 2)
        image.image = Image(name: "big", size: Size(width: 80, height: 60))
        second.runFrame()
        #expect(image.frame.size == Size(width: 80, height: 60))
    }

    @Test func contentSizeSlotsHoldEachAxisInOrder() {
        let image = ImageView(image: Image(name: "avatar", size: Size(width: 40, height: 30)))
        let a = image.widthAnchor.constraint(equalToConstant: 1), b = image.widthAnchor.constraint(equalToConstant: 2)
        let c = image.heightAnchor.constraint(equalToConstant: 3)
        var slots = ContentSizeSlots()
        #expect(slots.isEmpty && slots.all.isEmpty)
        slots[3] = c
        slots[1] = b
        slots[0] = a
        #expect(!slots.isEmpty && slots[2] == nil)
        #expect(slots.all.map(\.constant) == [1, 2, 3])
        slots[0] = nil; slots[1] = nil; slots[3] = nil
        #expect(slots.isEmpty)
    }

    @Test func placingByHandDropsTheContentSizeConstraintsAndConstraintsBringThemBack() {
        let window = makeWindow()
        let image = pinnedAvatar(in: window)
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.count == 2)
        image.translatesAutoresizingMaskIntoConstraints = true
        window.runFrame()
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.isEmpty)
        #expect(image.installedConstraints.filter { $0.kind == .autoresizing }.count == 4)
        image.translatesAutoresizingMaskIntoConstraints = false
        window.runFrame()
        #expect(image.installedConstraints.filter { $0.kind == .contentSize }.count == 2)
        #expect(image.frame.size == Size(width: 40, height: 30))
    }
}

extension TextLayoutMetrics {
    func lineTexts(of text: String) -> [String] {
        let characters = Array(text)
        return lines.map { String(characters[$0.characterRange]).trimmingSuffix(" ") }
    }
}

extension String {
    func trimmingSuffix(_ c: Character) -> String {
        var s = self
        while s.last == c { s.removeLast() }
        return s
    }
}

/// A 40 × 30 image view in `window`, pinned at its top left and laid out.
private func pinnedAvatar(in window: Window) -> ImageView {
    let image = ImageView(image: Image(name: "avatar", size: Size(width: 40, height: 30)))
    window.addSubview(image)
    LayoutConstraint.activate([image.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                               image.topAnchor.constraint(equalTo: window.topAnchor)])
    window.runFrame()
    return image
}
