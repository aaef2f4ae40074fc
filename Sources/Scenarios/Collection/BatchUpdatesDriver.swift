import CollectionLayout
import Geometry
import ScenarioCatalog
import Randomness

/// Scenario 10 (225, 29:19–36:00): a sectioned collection of N items receives
/// the same batch every step — `updates` deletes, inserts, moves and reloads
/// at seeded random places, listed in a shuffled order — applied by
/// `performBatchUpdates` rules to the flow layout's cache (`batch`), or by
/// `reloadData`, which lays everything out again (`reload-data`). Deletes and
/// inserts pair up within a section, so the counts stay the same and every
/// step does the same work. The layout is the talk's column layout on a
/// screen `width` points wide with the portrait phone's height and safe area:
/// one item per line at 390; at 1024, items 341 points wide (three
/// columns by the talk's arithmetic), two of which fit a line.
final class BatchUpdatesDriver: ScenarioDriver {
    static let name = "batch-updates"
    /// Items placed are the same every step, but the flow layout's line trees
    /// take seeded random priorities as batches splice them, so their shapes,
    /// and the tree nodes a step visits (`linesVisited`), drift by a few.
    static let identicalSteps = false

    private var layout = FlowLayout.columns()
    private let counts: [Int]
    private let batch: BatchUpdate
    private let reload: Bool
    private let bounds: Size
    private let safeArea = DeviceScreens.portrait.safeArea
    private var returned = 0
    /// Section records the batches' resolutions built.
    private var sectionsResolved = 0
    private(set) var sink = 0.0
    let log: [String] = []

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let items = try p.int("items"), updates = try p.int("updates"), perSection = try p.int("items_per_section")
        let sectionUpdates = try p.int("section_updates")
        reload = try p.choice("mode", ["batch", "reload-data"]) == "reload-data"
        bounds = Size(width: try p.double("width"), height: DeviceScreens.portrait.bounds.height)
        counts = stride(from: 0, to: items, by: perSection).map { min(perSection, items - $0) }
        var rng = SplitMix64(seed: seed)
        batch = Self.makeBatch(counts: counts, updates: updates, sectionUpdates: sectionUpdates, rng: &rng)
        do { _ = try batch.resolve(itemCountsBefore: counts, itemCountsAfter: counts) } catch {
            throw .engine("the generated batch is invalid: \(error)", log: [error.description])
        }
        layout.prepare(context)
    }

    private var context: LayoutContext {
        LayoutContext(itemCounts: counts, bounds: Rect(origin: .zero, size: bounds),
                      safeAreaInsets: safeArea, layoutMargins: safeArea)
    }

    /// A valid batch: distinct before-paths for deletes, move sources and reloads; distinct
    /// after-paths for inserts and move destinations; each delete's section gets one insert.
    ///
    /// With `sectionUpdates`, sections are deleted and inserted in pairs, moved
    /// and reloaded too, all in the upper half of the sections (full ones, so
    /// every count lines up again after the shifts), and item updates stay in
    /// the lower half, whose indexes no section operation shifts.
    static func makeBatch(counts: [Int], updates: Int, sectionUpdates: Int = 0, rng: inout SplitMix64) -> BatchUpdate {
        var usedBefore = Set<IndexPath>(), usedAfter = Set<IndexPath>()
        var ops: [BatchUpdate.Operation] = []
        let itemSections = sectionUpdates > 0 ? max(1, counts.count / 2) : counts.count
        if sectionUpdates > 0 {
            ops = sectionOperations(counts: counts, from: itemSections, updates: sectionUpdates, rng: &rng)
        }
        func pick(_ used: inout Set<IndexPath>, in section: Int? = nil) -> IndexPath? {
            for _ in 0..<64 {
                let s = section ?? rng.below(itemSections)
                guard counts[s] > 0 else { continue }
                let path = IndexPath(section: s, item: rng.below(counts[s]))
                if used.insert(path).inserted { return path }
            }
            return nil
        }
        var j = 0
        while j < updates {
            switch j % 4 {
            case 0: // a delete and, in the same section, an insert
                guard let d = pick(&usedBefore) else { break }
                guard let i = pick(&usedAfter, in: d.section) else { usedBefore.remove(d); break }
                ops += [.deleteItems([d]), .insertItems([i])]
                j += 1
            case 2:
                guard let from = pick(&usedBefore) else { break }
                guard let to = pick(&usedAfter, in: from.section) else { usedBefore.remove(from); break }
                ops.append(.moveItem(from: from, to: to))
            default:
                if let r = pick(&usedBefore) { ops.append(.reloadItems([r])) }
            }
            j += 1
        }
        // The caller's listing order must not matter (the talk's rules): shuffle it.
        for k in stride(from: ops.count - 1, to: 0, by: -1) { ops.swapAt(k, rng.below(k + 1)) }
        return BatchUpdate(ops)
    }

    /// `updates` section operations among sections `first..<count - 1`
    /// (which all hold as many items): a delete paired with an insert, a
    /// move, a reload, in turn; distinct sections before and after.
    static func sectionOperations(counts: [Int], from first: Int, updates: Int,
                                  rng: inout SplitMix64) -> [BatchUpdate.Operation] {
        let range = first..<max(first, counts.count - 1)
        var usedBefore = Set<Int>(), usedAfter = Set<Int>()
        func pick(_ used: inout Set<Int>) -> Int? {
            guard !range.isEmpty else { return nil }
            for _ in 0..<64 {
                let s = range.lowerBound + rng.below(range.count)
                if used.insert(s).inserted { return s }
            }
            return nil
        }
        var ops: [BatchUpdate.Operation] = []
        for j in 0..<updates {
            switch j % 3 {
            case 0:
                guard let d = pick(&usedBefore) else { continue }
                guard let i = pick(&usedAfter) else { usedBefore.remove(d); continue }
                ops += [.deleteSections([d]), .insertSections([i])]
            case 1:
                guard let from = pick(&usedBefore) else { continue }
                guard let to = pick(&usedAfter) else { usedBefore.remove(from); continue }
                ops.append(.moveSection(from: from, to: to))
            default:
                if let r = pick(&usedBefore) { ops.append(.reloadSections([r])) }
            }
        }
        return ops
    }

    func step() throws(ScenarioError) {
        if reload {
            layout.invalidateLayout(.dataSourceCounts)
        } else {
            let result: BatchUpdateResult
            do { result = try batch.resolve(itemCountsBefore: counts, itemCountsAfter: counts) } catch {
                throw .engine("performBatchUpdates rejected the batch", log: [error.description])
            }
            sectionsResolved += result.sectionsVisited
            layout.applyBatchUpdate(result)
        }
        if layout.needsPrepare { layout.prepare(context) }
        let shown = layout.layoutAttributesForElements(in: context.bounds)
        returned += shown.count
        sink += Double(shown.count)
    }

    /// Work counts per step: items placed, runs of identical lines placed in
    /// one step, line-tree nodes and sections visited (resolving and laying
    /// out), and their sum, `batchWork`, which stays flat in N for a batch of
    /// fixed size.
    func counters() -> [String: Int] {
        let c = layout.counters
        let sections = c.sectionsVisited + sectionsResolved
        return [CounterNames.attributesComputed: c.itemsPlaced, "fullLayouts": c.fullLayouts,
                CounterNames.itemsReturned: returned, "linesVisited": c.linesVisited, "sectionsVisited": sections,
                "runsPlaced": c.runsPlaced, "batchWork": c.itemsPlaced + c.runsPlaced + c.linesVisited + sections]
    }

    func digest() -> String {
        var d = LayoutDigest()
        for a in layout.layoutAttributesForElements(in: Rect(origin: .zero, size: layout.contentSize)) { d.add(a.frame) }
        return d.hex
    }
}
