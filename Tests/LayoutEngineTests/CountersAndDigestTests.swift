import Testing
@testable import LayoutEngine
import SampleViews

@Suite struct CountersAndDigestTests {
    @Test func countersHaveAFixedOrderNamesAndSubtract() {
        var a = EngineCounters()
        a[.frames] = 5
        a[.solverPivots] = 7
        var b = EngineCounters()
        b[.frames] = 2
        let d = a - b
        #expect(d[.frames] == 3 && d["solver.pivots"] == 7 && d["nope"] == nil)
        #expect(d.entries.map(\.name) == EngineCounter.allCases.map(\.name))
        #expect(d.entries.first?.name == "frames")
        #expect(Array(d).count == EngineCounter.allCases.count)
    }

    @Test func digestIsStableAndSeesEveryFrame() {
        func build(seed: UInt64) -> Window {
            let window = makeWindow()
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: 2, seed: seed)
            window.runFrame()
            return window
        }
        let a = build(seed: 4), b = build(seed: 4), c = build(seed: 5)
        #expect(a.frameDigest == b.frameDigest)
        #expect(a.frameDigest != c.frameDigest)
        #expect(a.frameDigestHex.count == 16)
        #expect(FrameDigest.hex(0xab) == "00000000000000ab")
        let label = (a.subviews[0] as! FeedList).feedCells[0].topBar.optionsLabel
        let before = a.frameDigest
        label.frame = label.frame.offsetBy(dx: 0.5, dy: 0)
        #expect(a.frameDigest != before)
    }

    @Test func countersAreDeterministic() {
        func run() -> EngineCounters {
            let window = makeWindow()
            let list = FeedList(flavor: .constraints, width: 375)
            window.addSubview(list)
            list.appendCells(count: 3, seed: 9)
            window.runFrame()
            return window.engineCounters
        }
        var a = run(), b = run()
        a.textMeasurementNanoseconds = 0
        b.textMeasurementNanoseconds = 0
        #expect(a == b)
    }
}
