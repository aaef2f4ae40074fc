import Testing
@testable import LayoutEngine
import EngineCounterNames
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

    /// The names come from one shared list; every case has exactly one, and
    /// the solver's cases carry the solver's names.
    @Test func everyCounterCaseHasItsOwnName() {
        let names = EngineCounter.allCases.map(\.name)
        #expect(names.count == EngineCounterNames.view.count && Set(names).count == names.count)
        #expect(EngineCounter.allCases.allSatisfy { EngineCounter(name: $0.name) == $0 })
        #expect(EngineCounter.fittingSizeCalls.name == "fittingSizeCalls")
        #expect(EngineCounter.solverConstraintsAdded.name == "solver.constraintsAdded")
        #expect(EngineCounter.solverBasesDiscovered.name == "solver.basesDiscovered")
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
