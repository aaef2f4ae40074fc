import Testing
@testable import LayoutEngine
import SampleViews

@Suite struct SampleScenarioTests {
    /// The talk's text-field row, as a frame dump.
    @Test func textFieldRowFrames() {
        let window = makeWindow()
        let form = TextFieldForm(rowCount: 1, seed: 0)
        window.addSubview(form)
        window.runFrame()
        let row = form.rows[0]
        let dump = row.frameDump()
        // Label: 16 from the edge, its text's width; field: 8 after it to 16 from the edge, 34 high.
        #expect(row.label.frame.minX == 16)
        #expect(row.field.frame.minX == row.label.frame.maxX + 8)
        #expect(row.field.frame.maxX == 375 - 16)
        #expect(row.field.frame.height == 34 && row.frame.height == 50)
        let labelBaseline = row.label.frame.minY + 1901.0 / 2048 * 17
        let fieldBaseline = row.field.frame.minY + (34 - 20) / 2 + 1901.0 / 2048 * 17
        #expect(abs(labelBaseline - fieldBaseline) < 1e-9, "\(dump)")
    }

    /// Scenario 3: rows are independent blocks until a link joins two.
    @Test func independentBlocksAndLinks() {
        let window = makeWindow()
        let form = TextFieldForm(rowCount: 3, seed: 1)
        window.addSubview(form)
        window.runFrame()
        let (a, c) = (form.rows[0], form.rows[2])
        #expect(!window.sharesIndependentBlock(a.field, c.field))
        let blocks = window.independentBlockCount
        // A change inside one block touches only that block.
        let before = window.engineCounters
        a.label.text = "A much longer title"
        window.runFrame()
        let d = window.engineCounters - before
        #expect(d[.framesApplied] <= 3)   // the label, the field, nothing in other rows
        #expect(form.rows[1].field.counters.framesApplied == 1 && c.field.counters.framesApplied == 1)

        let link = form.linkFields(0, 2)
        window.runFrame()
        #expect(window.sharesIndependentBlock(a.field, c.field))
        #expect(window.independentBlockCount < blocks)
        #expect(a.field.frame.minX == c.field.frame.minX)
        link.isActive = false
        window.runFrame()
        #expect(!window.sharesIndependentBlock(a.field, c.field))
    }

    /// Scenario 11 on every device shape and orientation: the bars, the
    /// rows inside the margins and safe area, the control above the home indicator.
    @Test(arguments: DeviceShape.all, DeviceOrientation.allCases)
    func appShellOnEveryShape(shape: DeviceShape, orientation: DeviceOrientation) {
        let window = Window(frame: .zero)
        let shell = AppShell(rowCount: 12)
        shell.install(in: window)
        window.apply(shape, orientation: orientation)
        window.runFrame()
        #expect(window.constraintMessages.isEmpty)
        let device = shape.safeAreaInsets(orientation)
        let size = shape.size(orientation)
        #expect(shell.frame.size == size)
        #expect(shell.tabBar.frame == Rect(x: 0, y: size.height - 49 - device.bottom, width: size.width, height: 49 + device.bottom))
        let barHeight = orientation.isLandscape && size.height < 500 ? 32.0 : 44.0
        #expect(shell.navigationBar.frame.height == device.top + barHeight)
        #expect(shell.contentView.safeAreaInsets == EdgeInsets(top: device.top + barHeight, left: device.left,
                                                               bottom: device.bottom + 49, right: device.right))
        // The scroll view absorbs top and bottom (automatic) and passes the sides on.
        #expect(shell.scrollView.adjustedContentInset == EdgeInsets(top: device.top + barHeight, left: 0,
                                                                   bottom: device.bottom + 49, right: 0))
        let row = shell.rows[0]
        #expect(row.frame.minX == 8 + device.left)
        #expect(row.frame.maxX == size.width - 8 - device.right)
        #expect(row.frame.minY == 12)
        #expect(shell.scrollView.contentSize.height == shell.rows.last!.frame.maxY + 12)
        #expect(shell.bottomButton.frame.maxY == size.height - max(20, device.bottom + 49))
    }

    @Test func appShellRotatesInPlace() {
        let window = Window(frame: .zero)
        let shell = AppShell(rowCount: 5)
        shell.install(in: window)
        window.apply(.notchedPhone, orientation: .portrait)
        window.runFrame()
        let portrait = window.frameDigest
        window.apply(.notchedPhone, orientation: .landscapeLeft)
        window.runFrame()
        #expect(shell.rows[0].frame.minX == 52)
        window.apply(.notchedPhone, orientation: .portrait)
        window.runFrame()
        #expect(window.frameDigest == portrait)
    }

    /// Scenario 12: toggling kept constraints vs re-creating them; coalesced vs forced layout.
    @Test func toggleKeptVersusRecreate() {
        var results: [ToggleButtonPanel.Strategy: EngineCounters] = [:]
        for strategy in ToggleButtonPanel.Strategy.allCases {
            let window = makeWindow()
            let panel = ToggleButtonPanel(buttonCount: 4, strategy: strategy)
            window.addSubview(panel)
            window.runFrame()
            let before = window.engineCounters
            panel.toggleAll(forcingLayout: false)
            window.runFrame()
            results[strategy] = window.engineCounters - before
            #expect(panel.buttons.allSatisfy { $0.frame.width == ToggleButtonPanel.wideWidth })
            #expect(panel.buttons[1].frame.minX == 8 + 140 + 8)
        }
        let kept = results[.toggleKept]!, recreated = results[.recreate]!
        #expect(kept[.constraintsAdded] == 4 && recreated[.constraintsAdded] == 4)
        #expect(kept[.layoutSubviewsCalls] == recreated[.layoutSubviewsCalls])
    }

    @Test func coalescedLayoutBeatsForcedLayout() {
        var passes: [Bool: Int64] = [:]
        for forcing in [false, true] {
            let window = makeWindow()
            let panel = ToggleButtonPanel(buttonCount: 6, strategy: .toggleKept)
            window.addSubview(panel)
            window.runFrame()
            let before = window.engineCounters
            panel.toggleAll(forcingLayout: forcing)
            window.runFrame()
            passes[forcing] = (window.engineCounters - before)[.layoutSubviewsCalls]
        }
        #expect(passes[false]! < passes[true]!)
    }
}
