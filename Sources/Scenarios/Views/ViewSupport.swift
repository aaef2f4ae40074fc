import Geometry
import LayoutEngine
import ScenarioCatalog
import SampleViews
import TextMeasurement

/// What every view-layer driver shares: a window whose text measurer has its
/// cache turned off (every text change is measured for real, so every step
/// does the same counted work), and the engine's counters by name.
enum ViewScene {
    static func window(width: Double = 375, height: Double = 812) -> Window {
        Window(frame: Rect(x: 0, y: 0, width: width, height: height), measurer: measurer(cached: false))
    }

    /// HarfBuzz with DejaVu Sans (the window's default), or the approximate measurer without the fonts.
    static func measurer(cached: Bool) -> any TextMeasurer {
        if let hb = try? HarfBuzzTextMeasurer() {
            hb.isCacheEnabled = cached
            return hb
        }
        let approximate = ApproximateTextMeasurer()
        approximate.isCacheEnabled = cached
        return approximate
    }

    /// The window's counters (`EngineCounter` names, `solver.*` included) plus `solverWork`.
    static func counters(_ window: Window, extra: [String: Int] = [:]) -> [String: Int] {
        counters(window.engineCounters, extra: extra)
    }

    static func counters(_ c: EngineCounters, extra: [String: Int] = [:]) -> [String: Int] {
        var result = extra
        for (name, value) in c.entries { result[name] = Int(value) }
        result[CounterNames.solverWork] = Int(c.solverWork)
        return result
    }

    /// The engine's UIKit-style messages about broken constraints, capped.
    static func log(_ window: Window, limit: Int = 40) -> [String] {
        Array(window.constraintMessages.suffix(limit))
    }

    static func pin(_ view: View, inside parent: View, inset: Double = 0) -> [LayoutConstraint] {
        [view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: inset),
         parent.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: inset),
         view.topAnchor.constraint(equalTo: parent.topAnchor, constant: inset),
         parent.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: inset)]
    }
}

extension View {
    /// A plain constrained view (translatesAutoresizingMaskIntoConstraints off).
    static func constrained(_ name: String) -> View {
        let v = View()
        v.name = name
        v.translatesAutoresizingMaskIntoConstraints = false
        return v
    }
}

/// Two contents per cell, from seeds that depend only on the job's seed and the cell's index.
enum FeedContents {
    static func pairs(count: Int, seed: UInt64) -> [(FeedItemData, FeedItemData)] {
        var result: [(FeedItemData, FeedItemData)] = []
        result.reserveCapacity(count)
        let base: UInt64 = seed &* 1_000_003
        for i in 0..<count {
            let a: UInt64 = base &+ UInt64(2 * i)
            result.append((FeedItemData.make(seed: a), FeedItemData.make(seed: a &+ 1)))
        }
        return result
    }
}
