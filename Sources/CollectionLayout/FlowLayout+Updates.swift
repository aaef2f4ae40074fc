import Geometry

/// The flow layout's incremental paths: self-sizing and batch updates re-break
/// lines only around what changed and splice the rest; see ``FlowLayout`` for the costs.
extension FlowLayout {
    /// Takes the size the cell prefers for the item at `indexPath`. A size that
    /// keeps the item's extent along its line (the height, when scrolling
    /// vertically) only changes its line's thickness: the following lines and
    /// sections move through the sums. A size that changes it re-breaks the
    /// lines around the item (the item may now fit on the line before) until
    /// they line up with the old breaks again. Returns true when the layout changed.
    ///
    /// An item inside a run of identical lines cuts its line out of the run
    /// (the lines before and after stay runs).
    ///
    /// A later full prepare (rotation, `reloadData`) starts again from the estimates.
    /// - Complexity: O(c + log L + log S) for c items in the line, plus the
    ///   items re-placed when lines re-break.
    public mutating func invalidateLayout(forPreferredSize size: Size, ofItemAt indexPath: IndexPath) -> Bool {
        let (s, i) = (indexPath.section, indexPath.item)
        guard !needsPrepare, sections.indices.contains(s), (0..<itemCounts[s]).contains(i) else { return false }
        defer { syncVisits() }
        let root = sections[s]
        let position = pool.line(containingItem: i, in: root)
        let k = i - position.firstItem
        let old = pool.nodes[Int(position.node)].line.items[k]
        guard old.size != size else {
            guard old.estimated else { return false }
            sections[s] = pool.modifyLine(position.line, in: root) { $0.items[k].estimated = false }
            return true
        }
        let metrics = self.metrics
        let item = FlowItem(size: size, estimated: false)
        if metrics.along(old.size) == metrics.along(size) {
            sections[s] = pool.modifyLine(position.line, in: root) { line in
                line.items[k] = item
                line = FlowLine(items: line.items, metrics)
            }
        } else {
            let count = itemCounts[s]
            sections[s] = rebuildLines(root, newCount: count, marks: [i], oldIndex: { $0 == i ? nil : $0 }, fresh: { _ in item })
        }
        counters.shifts += pool.lines(sections[s]) - position.line - 1 + sections.count - s - 1
        offsets.set(s, extent(of: sections[s]))
        return true
    }

    /// Applies a validated batch to the cached layout without a full prepare.
    ///
    /// Section operations come first, one by one, as the rules apply them:
    /// deleted and moved-away sections leave (descending), inserted and
    /// moved-in ones arrive (ascending), reloaded ones are laid out again in
    /// their slot. Each is one entry out of or into the extents' prefix sums;
    /// kept sections are never visited, their starts are sums. Inserted and
    /// reloaded sections are laid out whole; moved ones keep their lines.
    /// Then, in each section whose items changed, lines are re-broken around
    /// each change (surviving and moved items keep their sizes, preferred
    /// sizes included; inserted and reloaded items start from the item sizing
    /// or the estimate) and the old lines between changes are spliced in.
    /// `reloadData`, or a layout that still needs a prepare, falls back to a full prepare.
    ///
    /// - Complexity: O(k log N + items re-placed) for k item changes, plus
    ///   O(log S) per section operation and the items of inserted and reloaded
    ///   sections. Each section that leaves or arrives also shifts the array of
    ///   section roots and the extents' mirror array (a memmove of S words, no
    ///   section visited), and the guard compares the counts before with the
    ///   layout's (a memory compare; nothing when both share storage). The
    ///   update is read through its lists (``SectionEdits``, the touched
    ///   sections), O(log k + log s) a record, never section by section, so
    ///   the whole batch path (resolve included) stays off the kept sections.
    public mutating func applyBatchUpdate(_ update: BatchUpdateResult) {
        guard !update.invalidatesEverything, !needsPrepare, update.itemCountsBefore == itemCounts else {
            invalidateLayout(.dataSourceCounts)
            return
        }
        defer { syncVisits() }
        // Moved items keep their sizes; read them before sections are taken apart.
        var carried: [IndexPath: FlowItem] = [:]
        for (from, to) in update.itemMoves {
            carried[to] = pool.item(from.item, in: sections[from.section])
        }
        itemCounts = update.itemCountsAfter
        if update.changesSections { applySectionEdits(update) }
        for n in update.touchedSections {
            sections[n] = rebuild(sections[n], section: n, update.sections[n], carried: carried)
            offsets.set(n, extent(of: sections[n]))
            sectionsRebuilt += 1
            counters.shifts += sections.count - n - 1
        }
    }

    /// Removes, inserts and re-lays-out whole sections, before any item
    /// changes (which use after-update section indexes). - Complexity:
    /// O(log S) per edit plus a memmove of the arrays, and the items of
    /// inserted and reloaded sections.
    private mutating func applySectionEdits(_ update: BatchUpdateResult) {
        let edits = update.sectionEdits
        var moving: [Int: Int32] = [:]                       // after-update index → moved lines
        for o in edits.leaving.reversed() {
            let root = sections.remove(at: o)
            offsets.remove(at: o)
            if let to = update.sectionMoves[o] { moving[to] = root } else { pool.release(root) }
            counters.shifts += sections.count - o
        }
        for n in edits.arriving {
            let root = moving[n] ?? makeSection(n, count: update.itemCountsAfter[n])
            sections.insert(root, at: n)
            offsets.insert(extent(of: root), at: n)
            counters.shifts += sections.count - n - 1
        }
        for n in edits.reloaded {
            pool.release(sections[n])
            sections[n] = makeSection(n, count: update.itemCountsAfter[n])
            offsets.set(n, extent(of: sections[n]))
            counters.shifts += sections.count - n - 1
        }
        sectionsRebuilt += edits.leaving.count + edits.arriving.count + edits.reloaded.count
    }

    /// One carried section after the batch: its old lines with the changes
    /// spliced in. - Complexity: O(k log L + items re-placed) for k changes.
    mutating func rebuild(_ root: Int32, section n: Int, _ change: BatchUpdateResult.SectionChange,
                          carried: [IndexPath: FlowItem]) -> Int32 {
        guard change.firstChangedItem != nil else { return root }
        let oldCount = pool.items(root)
        let newCount = change.itemCount
        // Where the new sequence differs from the old one: arrivals, reloads,
        // and the first survivor after each gap a leaving item left.
        var marks = change.arriving
        for r in change.reloaded { if let new = change.newItem(forOld: r) { marks.append(new) } }
        let survivors = oldCount - change.leaving.count
        for (t, d) in change.leaving.enumerated() {
            let rank = d - t
            marks.append(rank < survivors ? change.slot(forSurvivor: rank) : newCount)
        }
        marks.sort()
        let estimated = estimatedItemSize != nil
        let sizing = (base: baseItemSize, sizing: itemSizing)
        return rebuildLines(root, newCount: newCount, marks: marks, oldIndex: { new in
            guard let old = change.oldItem(forNew: new), !binaryContains(change.reloaded, old) else { return nil }
            return old
        }, fresh: { new in
            let path = IndexPath(section: n, item: new)
            if let item = carried[path] { return item }
            return FlowItem(size: FlowLayout.initialSize(path, base: sizing.base, sizing: sizing.sizing), estimated: estimated)
        })
    }

    /// Replaces a section's lines after its items changed.
    ///
    /// The new items are read in order: `oldIndex(p)` is the old index of the
    /// survivor at new index `p` (nil for an arrival or a reload, whose item
    /// `fresh(p)` gives). `marks` (ascending) are the new indexes where the new
    /// sequence may differ from the old one: changed items and the first
    /// survivor after each removed one (`newCount` when removals end the
    /// section). Between two marks, survivors follow each other in their old order.
    ///
    /// Greedy line breaking looks only at a line's items and at the first item
    /// that did not fit, so an old line is kept whenever those items are all
    /// unchanged survivors in their old order; other lines are broken again,
    /// and breaking stops as soon as a new line starts with an item that
    /// started an old line. Kept runs of lines are spliced over whole.
    ///
    /// Breaks may never line up again: inserting or deleting one item among
    /// items of one size, c to a line, shifts every later line by a slot. So
    /// when a line broken again holds c equal items and no old line starts
    /// after it, the stretch of equal items that follows is measured (old
    /// runs count whole, marks one by one) and its full lines are placed as
    /// one run: the same line, once per c items while one more equal item
    /// follows (the one that did not fit).
    /// - Complexity: O((changes + lines re-broken + stretches crossed) × log L
    ///   + items re-placed), where a stretch of equal items costs the same
    ///   whatever its length.
    mutating func rebuildLines(_ old: Int32, newCount: Int, marks: [Int], oldIndex: (Int) -> Int?,
                               fresh: (Int) -> FlowItem) -> Int32 {
        enum Segment { case reuse(Int, Int), lines(FlowLine, Int) }
        let oldCount = pool.items(old), oldLines = pool.lines(old)
        var segments: [Segment] = []
        var markIndex = 0
        var synced: (line: Int, first: Int)? = (0, 0)
        var p = 0

        func skipMarks() { while markIndex < marks.count, marks[markIndex] < p { markIndex += 1 } }
        /// Back in step when the survivor at `p` started an old line.
        func resync() {
            skipMarks()
            guard p < newCount, markIndex == marks.count || marks[markIndex] != p, let o = oldIndex(p) else { return }
            let q = pool.line(containingItem: o, in: old)
            if q.firstItem == o { synced = (q.line, o) }
        }
        func item(_ q: Int) -> FlowItem { oldIndex(q).map { pool.item($0, in: old) } ?? fresh(q) }
        /// How many items equal to `x` follow in a row from new index `p`.
        func stretch(of x: FlowItem) -> Int {
            var q = p, m = markIndex
            while q < newCount {
                while m < marks.count, marks[m] <= q { m += 1 }
                let next = m < marks.count ? min(marks[m], newCount) : newCount
                if let o = oldIndex(q) {
                    // Survivors up to the next mark are consecutive old items.
                    let n = pool.count(of: x, fromItem: o, in: old, limit: next - q)
                    q += n
                    if q < next { break }
                } else {
                    guard fresh(q) == x else { break }
                    q += 1
                }
            }
            return q - p
        }

        while p < newCount {
            skipMarks()
            if let s = synced {
                // Keep old lines while their items and the next line's first item are unchanged.
                let shift = p - s.first
                var end = (line: oldLines, first: oldCount)
                if markIndex < marks.count {
                    let last = marks[markIndex] - shift - 1     // the last old item that may be read
                    if last < s.first {
                        end = s
                    } else if last < oldCount {
                        let q = pool.line(containingItem: last, in: old)
                        end = (q.line, q.firstItem)
                    }
                }
                if end.line > s.line {
                    segments.append(.reuse(s.line, end.line))
                    counters.shifts += end.line - s.line
                    p = end.first + shift
                }
                synced = nil
                continue
            }
            var cache: (index: Int, item: FlowItem)?
            let line = FlowLine.breaking(from: p, count: newCount, metrics) { q in
                if let c = cache, c.index == q { return c.item }
                let read = item(q)
                cache = (q, read)
                return read
            }
            segments.append(.lines(line, 1))
            p += line.items.count
            counters.itemsPlaced += line.items.count
            resync()
            // Out of step after c equal items: the same line repeats while
            // the stretch lasts (each needs one more equal item after it, the
            // one that did not fit), so its full lines are one run.
            let x = line.items.head, c = line.items.count
            guard synced == nil, p < newCount, line.items.all(equal: x) else { continue }
            let lines = (stretch(of: x) - 1) / c
            guard lines > 0 else { continue }
            segments.append(.lines(line, lines))
            p += lines * c
            counters.runsPlaced += 1
            resync()
        }
        // Splice: kept runs come out of the old tree, new lines are built, the
        // rest is released; joins fuse equal lines meeting at a seam into one run.
        var result: Int32 = -1
        var rest = old, restLine = 0
        var pending: [LineRun] = []
        for segment in segments {
            switch segment {
            case let .lines(line, repeats):
                pending.append(line, repeats: repeats)
            case let .reuse(a, b):
                result = pool.join(result, pool.build(pending))
                pending = []
                let (dropped, tail) = pool.split(rest, lines: a - restLine)
                pool.release(dropped)
                let (kept, after) = pool.split(tail, lines: b - a)
                result = pool.join(result, kept)
                rest = after
                restLine = b
            }
        }
        result = pool.join(result, pool.build(pending))
        pool.release(rest)
        return result
    }
}
